/**
 * Issue 37's reproducers that take no more than HTTP, against the real server process
 * (server/main.ts, embedded PostgreSQL in a folder): a reveal racing a goto from a second
 * teacher tab (15 trials), malformed reveals (U+0000, low above high), names a spreadsheet or
 * the board would misread and the CSV they go to. The same run on Debian's PostgreSQL is in
 * class-postgres.test.ts; the in-process tests (class-control, class-server) say the same
 * with the test's own clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedClass } from '../../src/class/protocol';
import { classServers, reproducerTests } from './class-process';

const { started, dir } = classServers('class-reproducers-');

describe('issue 37 against the real server process (PGlite)', () => {
  let url = '';
  beforeAll(async () => {
    ({ url } = await started(dir('data')));
  });
  reproducerTests(() => url);

  it('answers every malformed teacher request 400 with a sentence, never 500', async () => {
    const bodies = ['', '{', 'null', '[]', '"x"', '1e999', '{"action":1}', '{}'];
    const shapes: [string, string, unknown][] = [
      ['POST', 'control', { action: 'jump' }],
      ['POST', 'control', { action: 'goto', step: 'two' }],
      ['POST', 'control', { action: 'goto', step: 0 }],
      ['POST', 'control', { action: 'goto', step: 1.5 }],
      ['POST', 'control', { action: 'reveal', step: 1, reveal: null }],
      ['POST', 'control', { action: 'homework', opensAt: 'soon', closesAt: 'later' }],
      ['PUT', 'size', { size: -1 }],
      ['PUT', 'size', { size: 'all' }],
      ['POST', 'remove', { studentIds: 'everyone' }],
      ['POST', 'remove', { address: { $ne: null } }],
    ];
    const requests: [string, string, string][] = [
      ...['control', 'size', 'remove'].flatMap((path) =>
        bodies.map((b): [string, string, string] => [path === 'size' ? 'PUT' : 'POST', path, b]),
      ),
      ...shapes.map(([m, path, b]): [string, string, string] => [m, path, JSON.stringify(b)]),
    ];
    // A teacher's key may send a burst of 30 (server/routes/kit.ts): a fresh class per 15
    // requests, so the limit's refusal (429) never stands in for the answer under test.
    for (let i = 0; i < requests.length; i += 15) {
      const created = await fetch(`${url}api/classes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ lessonId: 'quiz' }),
      });
      expect(created.status).toBe(201);
      const c = (await created.json()) as CreatedClass;
      const teacher = { 'X-Teacher-Key': c.teacherKey, 'Content-Type': 'application/json' };
      const state = async () => (await fetch(`${url}api/classes/${c.code}`)).text();
      const before = await state();
      for (const [method, path, body] of requests.slice(i, i + 15)) {
        const res = await fetch(`${url}api/classes/${c.code}/${path}`, {
          method,
          headers: teacher,
          body,
        });
        const answer = (await res.json()) as { error?: unknown };
        expect([res.status, typeof answer.error], `${method} ${path} ${body}`).toEqual([
          400,
          'string',
        ]);
        expect(String(answer.error).length).toBeGreaterThan(5);
      }
      // A class no malformed request changed.
      expect(await state()).toBe(before);
    }
  });
});
