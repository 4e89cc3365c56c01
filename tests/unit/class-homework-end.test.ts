/**
 * The teacher ends a homework early (POST …/control `end-homework`) on the real app over
 * PGlite, the server's clock injected: the homework closes at that moment, every answer given
 * stays, later answers get the closed sentence, the board's stream hears it; only the teacher,
 * only from the app's own pages (Origin and Host checked), and a malformed body is a 400.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClassApp } from '../../server/app';
import { hostCheck } from '../../server/guard';
import { openStore, type Store } from '../../server/store';
import type { ClassState, CreatedClass, Joined } from '../../src/class/protocol';
import { classApi, errorOf, TEST_LESSONS } from './class-helpers';

const DAY = 24 * 3600 * 1000;
const MONDAY = Date.parse('2026-11-23T09:00:00.000Z');
const PORT = 4173;
const HOST = `127.0.0.1:${PORT}`;

let dir = '';
let store: Store;
let app: ReturnType<typeof createClassApp>['app'];
let clock = MONDAY;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'class-homework-end-'));
  store = await openStore({ dataDir: dir });
  app = createClassApp({
    store,
    lessons: TEST_LESSONS,
    now: () => clock,
    hosts: hostCheck(PORT, []),
  }).app;
});
afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const api = classApi((path, init) =>
  app.request(`http://${HOST}${path}`, {
    ...init,
    headers: { Host: HOST, ...(init?.headers as Record<string, string>) },
  }),
);
const { send, newClass, answer, control, state } = api;
const answersOf = async (c: CreatedClass, j: Joined) =>
  (await api.me(c, j)).answers.map((a) => [a.step, a.value]);
const homework = (opens: number, closes: number) => ({
  action: 'homework',
  opensAt: new Date(opens).toISOString(),
  closesAt: new Date(closes).toISOString(),
});

describe('ending a homework early', () => {
  it('closes it now on the server’s clock, answers kept, later ones refused', async () => {
    clock = MONDAY;
    const c = await newClass();
    const none = await control(c, { action: 'end-homework' });
    expect([none.status, await errorOf(none)]).toEqual([409, 'This class is not set as homework.']);
    expect((await control(c, homework(MONDAY, MONDAY + 7 * DAY))).status).toBe(200);
    const ann = await api.join(c, 'Ann');
    const bob = await api.join(c, 'Bob');
    expect((await answer(c, ann, 1, { value: 12 })).status).toBe(200);
    clock = MONDAY + DAY;
    expect((await answer(c, bob, 1, { value: 30 })).status).toBe(200);
    const board = await api.stream(c, { key: c.teacherKey });
    await board.next('snapshot');

    // Tuesday 11:00: the teacher ends it, from the app's own page.
    clock = MONDAY + DAY + 2 * 3600 * 1000;
    const ended = await control(
      c,
      { action: 'end-homework' },
      { Origin: `http://${HOST}`, 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(ended.status).toBe(200);
    const closesAt = '2026-11-24T11:00:00.000Z';
    expect(((await ended.json()) as ClassState).homework).toEqual({
      opensAt: new Date(MONDAY).toISOString(),
      closesAt,
    });
    expect((await board.next<ClassState>('state')).homework?.closesAt).toBe(closesAt);
    const late = await answer(c, ann, 4, { value: 3 });
    expect([late.status, await errorOf(late)]).toEqual([
      409,
      'This homework closed on 2026-11-24 11:00 UTC: answers are no longer taken.',
    ]);
    expect(await answersOf(c, ann)).toEqual([[1, 12]]);
    expect(await answersOf(c, bob)).toEqual([[1, 30]]);
    const again = await control(c, { action: 'end-homework' });
    expect([again.status, await errorOf(again)]).toEqual([
      409,
      'This homework already closed on 2026-11-24 11:00 UTC.',
    ]);
  });

  it('ends one not yet open: it opens and closes at once, taking no answer', async () => {
    clock = MONDAY;
    const c = await newClass();
    expect((await control(c, homework(MONDAY + DAY, MONDAY + 2 * DAY))).status).toBe(200);
    const ended = await control(c, { action: 'end-homework' });
    expect(((await ended.json()) as ClassState).homework).toEqual({
      opensAt: new Date(MONDAY).toISOString(),
      closesAt: new Date(MONDAY).toISOString(),
    });
    clock = MONDAY + DAY;
    const ann = await api.join(c, 'Ann');
    expect((await answer(c, ann, 1, { value: 1 })).status).toBe(409);
  });

  it('only for the teacher, from the app’s own pages, with a well-formed body', async () => {
    clock = MONDAY;
    const c = await newClass();
    expect((await control(c, homework(MONDAY, MONDAY + DAY))).status).toBe(200);
    const noKey = await send('POST', `/api/classes/${c.code}/control`, {
      action: 'end-homework',
    });
    expect(noKey.status).toBe(401);
    const wrongKey = await control(
      c,
      { action: 'end-homework' },
      { 'X-Teacher-Key': 'x'.repeat(32) },
    );
    expect(wrongKey.status).toBe(403);
    const crossSite = await control(
      c,
      { action: 'end-homework' },
      { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    const rebound = await control(c, { action: 'end-homework' }, { Host: 'evil.example:4173' });
    expect(rebound.status).toBe(421);
    const malformed = await control(c, { action: 'end-homework', closesAt: 'now' });
    expect(malformed.status).toBe(400);
    // None of these ended it.
    expect((await state(c)).homework?.closesAt).toBe(new Date(MONDAY + DAY).toISOString());
  });
});
