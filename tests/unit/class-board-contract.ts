/**
 * The board of a real room and homework mode as a contract over any class store: the real app
 * (server/app.ts) on the store given, the server's clock injected (no sleeps). Run on PGlite
 * (class-board.test.ts) and on Debian's PostgreSQL (class-postgres.test.ts):
 * - pause every screen: answers refused with the sentence while paused, taken again after;
 * - the board's settings (anonymise, the minimum count) kept with the class and streamed;
 * - the per-step summary in the export (JSON and summary.csv): answers, median, quartiles,
 *   and whether the paper's value lies between the quartiles;
 * - homework over two days of the clock: any step at the student's own pace, their step kept
 *   (resumed on another day), the teacher's stream tells who is where, and after closesAt one
 *   clear sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClassApp } from '../../server/app';
import type { Store } from '../../server/store';
import type { Answer, ClassState, Seat, TeacherSnapshot } from '../../src/class/protocol';
import { quantile } from '../../server/summary';
import { classApi, errorOf, TEST_LESSONS } from './class-helpers';

const DAY = 24 * 3600 * 1000;
const MONDAY = Date.parse('2026-11-23T09:00:00.000Z');

/** The app on the store under test; `clock` is the server's (rate limiters, homework's period). */
interface Room {
  api: ReturnType<typeof classApi>;
  clock: number;
}

export function boardContract(label: string, open: () => Promise<Store>) {
  const room = { clock: MONDAY } as Room;
  let store: Store;
  beforeAll(async () => {
    store = await open();
    const { app } = createClassApp({ store, lessons: TEST_LESSONS, now: () => room.clock });
    room.api = classApi((path, init) => app.request(path, init));
  });
  afterAll(async () => {
    await store?.close();
  });
  describe(`${label}: pause every screen`, () => {
    it('refuses answers with the sentence while paused, and takes them after resume', () =>
      pauseEveryScreen(room));
  });
  describe(`${label}: the board’s settings`, () => {
    it('keeps anonymise and the minimum count with the class, and refuses nonsense', () =>
      boardSettings(room));
  });
  describe(`${label}: the per-step summary in the export`, () => {
    it('gives answers, median, quartiles and whether the paper lies between the quartiles', () =>
      stepSummary(room));
  });
  describe(`${label}: homework over two days of the clock`, () => {
    it('takes answers at each student’s pace, keeps their step, and closes with one sentence', () =>
      homeworkOverTwoDays(room));
    it('refuses answers before the homework opens', () => homeworkNotYetOpen(room));
  });
}

async function pauseEveryScreen({ api }: Room) {
  const c = await api.newClass();
  const room = await api.stream(c);
  expect((await room.next<ClassState>('state')).paused).toBeUndefined();
  const ann = await api.join(c, 'Ann');
  const paused = await api.control(c, { action: 'pause' });
  expect(paused.status).toBe(200);
  expect(((await paused.json()) as ClassState).paused).toBe(true);
  // Every student's stream is told.
  expect(await room.next<ClassState>('state')).toMatchObject({ paused: true, step: 1 });
  const refused = await api.answer(c, ann, 1, { value: 40 });
  expect([refused.status, await errorOf(refused)]).toEqual([
    409,
    'Paused by your teacher: answers wait until they resume.',
  ]);
  expect((await api.me(c, ann)).answers).toEqual([]);
  // Pausing leaves the step and its phase: a lock while paused still works.
  expect((await api.control(c, { action: 'resume' })).status).toBe(200);
  const resumed = await room.next<ClassState>('state');
  expect([resumed.paused, resumed.step, resumed.phase]).toEqual([undefined, 1, 'open']);
  expect((await api.answer(c, ann, 1, { value: 40 })).status).toBe(200);
  expect((await api.me(c, ann)).answers.map((a) => a.value)).toEqual([40]);
}

async function boardSettings({ api }: Room) {
  const c = await api.newClass();
  const set = await api.control(c, { action: 'board', anonymise: true, minAnswers: 7 });
  expect(set.status).toBe(200);
  expect(((await set.json()) as ClassState).board).toEqual({ anonymise: true, minAnswers: 7 });
  // A second tab (the projector) opening the stream gets them in its snapshot.
  const tab = await api.stream(c, { key: c.teacherKey });
  expect((await tab.next<TeacherSnapshot>('snapshot')).state.board).toEqual({
    anonymise: true,
    minAnswers: 7,
  });
  // Moving on keeps them.
  expect((await api.control(c, { action: 'goto', step: 3 })).status).toBe(200);
  expect((await tab.next<ClassState>('state')).board).toEqual({
    anonymise: true,
    minAnswers: 7,
  });
  const bad = await api.control(c, { action: 'board', anonymise: true, minAnswers: -1 });
  expect([bad.status, await errorOf(bad)]).toEqual([400, 'minAnswers must be at least 0']);
}

async function stepSummary({ api }: Room) {
  const c = await api.newClass();
  const students = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => api.join(c, name)));
  const guesses = [10, 20, 30, 40, 100];
  for (const [i, s] of students.entries())
    expect((await api.answer(c, s, 1, { value: guesses[i] })).status).toBe(200);
  expect((await api.control(c, { action: 'lock' })).status).toBe(200);
  const reveal = { label: 'Elapsed time', unit: 's', model: 33, paper: 35, interval: [25, 45] };
  expect((await api.control(c, { action: 'reveal', step: 1, reveal })).status).toBe(200);
  // Step 5 asks two numbers: a row each; the paper outside the room's middle half.
  expect((await api.control(c, { action: 'goto', step: 5 })).status).toBe(200);
  for (const [i, s] of students.slice(0, 3).entries())
    expect((await api.answer(c, s, 5, { values: [i + 1, 10 * (i + 1)] })).status).toBe(200);
  expect((await api.control(c, { action: 'lock' })).status).toBe(200);
  const items = [
    { label: 'Mapped', unit: 's', model: 2, paper: 2.2, interval: null },
    { label: 'Fread', unit: 's', model: 50, paper: 99, interval: null },
  ];
  const both = {
    label: 'Both times',
    unit: '',
    model: null,
    paper: null,
    interval: null,
    items,
  };
  expect((await api.control(c, { action: 'reveal', step: 5, reveal: both })).status).toBe(200);
  // Moving on clears the class's reveal; the summary keeps what each step showed.
  expect((await api.control(c, { action: 'goto', step: 1 })).status).toBe(200);

  const json = await api.exportedJson(c);
  const sorted = [...guesses].sort((a, b) => a - b);
  expect(json.summary.map((r) => [r.step, r.label, r.answers])).toEqual([
    [1, 'Elapsed time', 5],
    [3, 'Time against size', 0],
    [4, 'Speed-up', 0],
    [5, 'Mapped', 3],
    [5, 'Fread', 3],
  ]);
  const first = json.summary[0]!;
  expect([first.median, first.q1, first.q3]).toEqual([
    quantile(sorted, 0.5),
    quantile(sorted, 0.25),
    quantile(sorted, 0.75),
  ]);
  expect([first.q1! <= 35 && 35 <= first.q3!, first.paperInside, first.paper]).toEqual([
    true,
    true,
    35,
  ]);
  // Mapped: 1, 2, 3 — the paper's 2.2 inside; Fread: 10, 20, 30 — the paper's 99 outside.
  expect(json.summary.slice(3).map((r) => [r.median, r.paper, r.paperInside])).toEqual([
    [2, 2.2, true],
    [20, 99, false],
  ]);
  // Not revealed, no answers: nothing to say.
  expect(json.summary[2]!.paperInside).toBeNull();

  const csv = await (await api.exported(c, 'summary.csv')).text();
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    '"step","label","unit","answers","median","q1","q3","model","paper","paper_inside_quartiles"',
  );
  expect(lines).toHaveLength(1 + json.summary.length);
  expect(lines[5]).toBe('"5","Fread","s","3","20","15","25","50","99","no"');
  // Only the teacher.
  const stranger = await api.exported({ ...c, teacherKey: '' }, 'summary.csv');
  expect(stranger.status).toBe(401);
}

async function homeworkOverTwoDays(room: Room) {
  const { api } = room;
  room.clock = MONDAY;
  const c = await api.newClass();
  const closesAt = new Date(MONDAY + 7 * DAY).toISOString();
  const wrong = await api.control(c, {
    action: 'homework',
    opensAt: closesAt,
    closesAt: new Date(MONDAY).toISOString(),
  });
  expect([wrong.status, await errorOf(wrong)]).toEqual([
    400,
    'The homework must close after it opens.',
  ]);
  const opened = await api.control(c, {
    action: 'homework',
    opensAt: new Date(MONDAY).toISOString(),
    closesAt,
  });
  expect(opened.status).toBe(200);
  expect(((await opened.json()) as ClassState).homework).toEqual({
    opensAt: new Date(MONDAY).toISOString(),
    closesAt,
  });
  const board = await api.stream(c, { key: c.teacherKey });
  await board.next<TeacherSnapshot>('snapshot');
  const ann = await api.join(c, 'Ann');
  const bob = await api.join(c, 'Bob');
  await board.next<Seat>('student');
  await board.next<Seat>('student');

  // Monday: Ann goes to step 4; Bob answers step 1 only. The class's own step stays 1.
  expect((await api.answer(c, ann, 1, { value: 12 })).status).toBe(200);
  expect((await api.progress(c, ann, 3)).status).toBe(200);
  const sketch = [
    [1, 1],
    [1024, 8],
  ];
  expect((await api.answer(c, ann, 3, { sketch })).status).toBe(200);
  expect((await api.progress(c, ann, 4)).status).toBe(200);
  expect((await api.answer(c, bob, 1, { value: 30 })).status).toBe(200);
  // The teacher's board hears who is where.
  const seen = new Map<string, number>();
  while (seen.get(ann.studentId) !== 4) {
    const e = await board.next<Seat | Answer>('student');
    if ('reached' in e && e.reached !== undefined) seen.set(e.studentId, e.reached);
  }
  // Going back a step does not lower the step reached.
  expect(await (await api.progress(c, ann, 2)).json()).toEqual({ reached: 4 });
  const tooFar = await api.progress(c, ann, 9);
  expect([tooFar.status, await errorOf(tooFar)]).toEqual([400, 'This lesson has 5 steps.']);

  // Tuesday, another device (the same token): Ann resumes at step 4 with her answers kept.
  room.clock = MONDAY + DAY + 3 * 3600 * 1000;
  const again = await api.me(c, ann);
  expect(again.reached).toBe(4);
  expect(again.answers.map((a) => a.step)).toEqual([1, 3]);
  expect((await api.answer(c, ann, 4, { value: 2.5 })).status).toBe(200);
  // Bob changes his Monday answer on Tuesday.
  expect((await api.answer(c, bob, 1, { value: 31 })).status).toBe(200);
  const students = await api.exportedJson(c);
  expect(students.students.map((s) => [s.name, s.reached])).toEqual([
    ['Ann', 4],
    ['Bob', 1],
  ]);
  expect(students.answers.map((a) => [a.name, a.step, a.value])).toEqual([
    ['Ann', 1, 12],
    ['Bob', 1, 31],
    ['Ann', 3, null],
    ['Ann', 4, 2.5],
  ]);
  // A step that asks nothing is still refused.
  const none = await api.answer(c, ann, 2, { value: 1 });
  expect([none.status, await errorOf(none)]).toEqual([409, 'This step asks for no answer.']);

  // A week later: closed, with one clear sentence, and nothing changed.
  room.clock = MONDAY + 7 * DAY;
  const late = await api.answer(c, bob, 4, { value: 3 });
  expect([late.status, await errorOf(late)]).toEqual([
    409,
    'This homework closed on 2026-11-30 09:00 UTC: answers are no longer taken.',
  ]);
  expect((await api.me(c, bob)).answers.map((a) => [a.step, a.value])).toEqual([[1, 31]]);
}

async function homeworkNotYetOpen(room: Room) {
  const { api } = room;
  room.clock = MONDAY;
  const c = await api.newClass();
  const homework = {
    action: 'homework',
    opensAt: new Date(MONDAY + DAY).toISOString(),
    closesAt: new Date(MONDAY + 2 * DAY).toISOString(),
  };
  expect((await api.control(c, homework)).status).toBe(200);
  const ann = await api.join(c, 'Ann');
  const early = await api.answer(c, ann, 1, { value: 1 });
  expect([early.status, await errorOf(early)]).toEqual([
    409,
    'This homework opens on 2026-11-24 09:00 UTC.',
  ]);
  room.clock = MONDAY + DAY;
  expect((await api.answer(c, ann, 1, { value: 1 })).status).toBe(200);
}
