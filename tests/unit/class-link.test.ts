/** Class mode's links: a student's and a teacher's page, and what is not a class link. */
import { describe, expect, it } from 'vitest';
import { classHash, classOfHash } from '../../src/state/classLink';

describe('class links', () => {
  it('round-trip a student’s and a teacher’s page, with projector mode', () => {
    expect(classHash('abcdefghjk', 'student')).toBe('#/class/abcdefghjk');
    expect(classHash('abcdefghjk', 'teacher', 'projector')).toBe(
      '#/class/abcdefghjk/teach?view=projector',
    );
    expect(classOfHash('#/class/abcdefghjk')).toEqual({ code: 'abcdefghjk', role: 'student' });
    expect(classOfHash('#/class/ABCDEFGHJK/teach?view=projector')).toEqual({
      code: 'abcdefghjk',
      role: 'teacher',
    });
  });

  it('are not a model, a lesson or anything with markup or another path', () => {
    for (const hash of [
      '#/class/',
      '#/class',
      '#/classes/abc',
      '#/class/abc/def',
      '#/class/<script>',
      '#/class/abc%2F..',
      '#/lesson/mpe-ix',
      `#/class/${'a'.repeat(41)}`,
    ])
      expect(classOfHash(hash), hash).toBeNull();
  });
});
