/**
 * The teacher's controls (POST …/control) on the real app (server/app.ts) and a real store
 * (PGlite in a folder): a reveal is bound to the step it was computed for — one that arrives
 * after the class moved on (a second teacher tab: laptop and projector) is a 409, and the
 * class stays consistent however the two race; a malformed control is a 400 with a sentence,
 * never a 500 (a label holding U+0000, which PostgreSQL's jsonb cannot store; an interval
 * whose low is above its high), and changes nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClassApp } from '../../server/app';
import { openSql, sqlStore, type Sql, type Store } from '../../server/store';
import type { ClassState } from '../../src/class/protocol';
import { classApi, errorOf, sseEvents, TEST_LESSONS } from './class-helpers';

let dir = '';
let sql: Sql;
let store: Store;
let app: ReturnType<typeof createClassApp>['app'];
/** The rate limiters' clock: moved on by the tests, so 15 trials stay within a teacher's budget. */
let clock = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'class-control-'));
  sql = await openSql({ dataDir: dir });
  store = sqlStore(sql);
  app = createClassApp({ store, lessons: TEST_LESSONS, now: () => clock }).app;
});
afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const { newClass, control, state: stateOf } = classApi((path, init) => app.request(path, init));
const dump = async () => JSON.stringify(await sql.query(`SELECT * FROM classes ORDER BY code`));

const reveal = (label: string) => ({
  label,
  unit: 's',
  model: 147.3,
  paper: 146.3,
  interval: [120, 180],
});

describe('a reveal bound to its step', () => {
  it('refuses a reveal for step 1 once the class is on step 2', async () => {
    const c = await newClass();
    const room = sseEvents(await app.request(`/api/classes/${c.code}/events`));
    expect((await room.next<ClassState>('state')).step).toBe(1);
    expect((await control(c, { action: 'lock' })).status).toBe(200);
    // The projector's tab moves on; the laptop's reveal, computed for step 1, arrives after.
    expect((await control(c, { action: 'goto', step: 3 })).status).toBe(200);
    const late = await control(c, { action: 'reveal', step: 1, reveal: reveal('Step 1') });
    expect([late.status, await errorOf(late)]).toEqual([
      409,
      'The class is on step 3: this reveal was for step 1.',
    ]);
    const after = { code: c.code, lessonId: 'quiz', step: 3, phase: 'open', reveal: null };
    expect(await stateOf(c)).toEqual(after);
    // The room saw the lock and the goto, and nothing of the refused reveal.
    expect(await room.next<ClassState>('state')).toMatchObject({ step: 1, phase: 'locked' });
    expect(await room.next<ClassState>('state')).toEqual(after);
    // The reveal for the step the class is on goes through.
    const right = await control(c, { action: 'reveal', step: 3, reveal: reveal('Step 3') });
    expect(right.status).toBe(200);
    expect(await room.next<ClassState>('state')).toEqual({
      ...after,
      phase: 'revealed',
      reveal: reveal('Step 3'),
    });
    await room.close();
  });

  it('stays consistent when a reveal for step 1 races a goto 2, trial after trial', async () => {
    const c = await newClass();
    const outcomes = new Set<string>();
    for (let trial = 0; trial < 15; trial++) {
      clock += 10_000;
      await control(c, { action: 'goto', step: 1 });
      await control(c, { action: 'lock' });
      const [goto, shown] = await Promise.all([
        control(c, { action: 'goto', step: 2 }),
        control(c, { action: 'reveal', step: 1, reveal: reveal(`Step 1, trial ${trial}`) }),
      ]);
      // Each is done whole or refused with a sentence; nothing fails.
      expect([200, 409]).toContain(goto.status);
      expect([200, 409]).toContain(shown.status);
      const state = await stateOf(c);
      if (state.step === 2) expect(state).toMatchObject({ phase: 'open', reveal: null });
      else
        expect(state).toMatchObject({
          step: 1,
          phase: 'revealed',
          reveal: reveal(`Step 1, trial ${trial}`),
        });
      // The class is on step 2 exactly when the goto went through.
      expect(state.step === 2).toBe(goto.status === 200);
      outcomes.add(`${goto.status}/${shown.status}`);
    }
    // At least one of the two always goes through.
    expect(outcomes.has('409/409')).toBe(false);
  });
});

describe('a malformed teacher request', () => {
  it('is a 400 with a sentence, and changes nothing', async () => {
    const c = await newClass();
    await control(c, { action: 'lock' });
    const before = await dump();
    for (const [body, message] of [
      [
        { action: 'reveal', step: 1, reveal: reveal('a\u0000b') },
        'reveal.label: label must be plain text on one line',
      ],
      [
        { action: 'reveal', step: 1, reveal: { ...reveal('x'), unit: 'm\u0000s' } },
        'reveal.unit: unit must be plain text on one line',
      ],
      [
        { action: 'reveal', step: 1, reveal: { ...reveal('x'), interval: [180, 120] } },
        'reveal.interval: low must not be above high',
      ],
      [{ action: 'reveal', reveal: reveal('x') }, /step/],
      [{ action: 'reveal', step: 0, reveal: reveal('x') }, 'step must be at least 1'],
      [{ action: 'reveal', step: 'one', reveal: reveal('x') }, 'step must be a number'],
    ] as const) {
      const res = await control(c, body);
      const error = await errorOf(res);
      expect([res.status, error], JSON.stringify(body)).toEqual([400, expect.anything()]);
      if (typeof message === 'string') expect(error).toBe(message);
      else expect(error).toMatch(message);
    }
    expect(await dump()).toBe(before);
    // A label that only looks odd is fine: an interval of one point, unicode text.
    const ok = await control(c, {
      action: 'reveal',
      step: 1,
      reveal: { ...reveal('Temps écoulé — 時間'), interval: [150, 150] },
    });
    expect(ok.status).toBe(200);
  });
});
