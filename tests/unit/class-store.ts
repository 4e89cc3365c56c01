/**
 * The class store's contract, run on every driver it supports: embedded PGlite
 * (class-server.test.ts) and a real PostgreSQL server (class-postgres.test.ts). The same SQL
 * (server/store.ts) must behave the same on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../server/store';

export function storeContract(name: string, open: () => Promise<Store>) {
  describe(`the class store on ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('keeps a class, its students and their latest answers', async () => {
      // Each driver starts from an empty database.
      const code = 'contract23';
      const created = await store.createClass({ code, teacherKey: 'key-1', lessonId: 'mpe-ix' });
      expect(created).toEqual({ code, lessonId: 'mpe-ix', step: 1, phase: 'open', reveal: null });
      expect(await store.isTeacher(code, 'key-1')).toBe(true);
      expect(await store.isTeacher(code, 'key-2')).toBe(false);
      expect(await store.isTeacher('nosuchcode', 'key-1')).toBe(false);

      const ann = await store.addStudent({
        code,
        studentId: `${code}-a`,
        name: 'Ann <b>',
        token: 'tok-a',
        limit: 2,
      });
      const anon = await store.addStudent({
        code,
        studentId: `${code}-b`,
        name: null,
        token: 'tok-b',
        limit: 2,
      });
      expect(ann).toEqual({ studentId: `${code}-a`, name: 'Ann <b>' });
      expect(anon?.name).toBeNull();
      // Full at the limit: nothing is added.
      expect(
        await store.addStudent({
          code,
          studentId: `${code}-c`,
          name: 'C',
          token: 'tok-c',
          limit: 2,
        }),
      ).toBeNull();
      expect((await store.students(code)).map((s) => s.studentId)).toEqual([
        `${code}-a`,
        `${code}-b`,
      ]);
      expect(await store.studentByToken(code, 'tok-a')).toEqual(ann);
      expect(await store.studentByToken(code, 'tok-c')).toBeNull();

      await store.putAnswer({ code, studentId: `${code}-a`, step: 1, value: 1.5, sketch: null });
      const changed = await store.putAnswer({
        code,
        studentId: `${code}-a`,
        step: 1,
        value: -2.25e9,
        sketch: null,
      });
      expect(changed).toMatchObject({ name: 'Ann <b>', step: 1, value: -2.25e9, sketch: null });
      const sketch: [number, number][] = [
        [1, 0.5],
        [128, 2.25],
      ];
      await store.putAnswer({ code, studentId: `${code}-b`, step: 4, value: null, sketch });
      const all = await store.answers(code);
      expect(all.map((a) => [a.studentId, a.step, a.value, a.sketch])).toEqual([
        [`${code}-a`, 1, -2.25e9, null],
        [`${code}-b`, 4, null, sketch],
      ]);
      expect(await store.answers(code, `${code}-b`)).toHaveLength(1);
      expect(Number.isNaN(Date.parse(all[0]!.updatedAt))).toBe(false);

      const reveal = { label: 'x', unit: 's', model: 147.3, paper: 146.3, interval: null };
      await store.setClass(code, { step: 2, phase: 'revealed', reveal });
      expect(await store.getClass(code)).toEqual({
        code,
        lessonId: 'mpe-ix',
        step: 2,
        phase: 'revealed',
        reveal,
      });
      expect(await store.getClass('nosuchcode')).toBeNull();
    });
  });
}
