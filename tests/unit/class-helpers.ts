/**
 * Shared by the class server's tests (class-server, class-restart, class-postgres):
 * - `storeContract`: what the store (server/store.ts) must do, run on every driver it has —
 *   embedded PGlite and a real PostgreSQL server — so the same SQL is exercised on both;
 * - `TEST_LESSONS`: lessons of the tests' own, so they do not move when src/lessons/ does;
 * - `sseEvents`: an event stream read over fetch (Node 20 has no EventSource);
 * - `classApi`: the class API's calls as a teacher and students make them;
 * - `freePort`.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../server/store';
import type { StepSummary } from '../../server/summary';
import {
  addressShare,
  LIMITS,
  type Answer,
  type ClassState,
  type CreatedClass,
  type Joined,
  type Seat,
} from '../../src/class/protocol';
import { freePort } from '../../scripts/lib/net';

export { freePort };
import { PAPERS } from '../../src/papers/papers';
import { readLessonShape, type Lesson } from '../../src/scenario/lessonShape';

const ask = (label: string) => ({ label, unit: 's', table: 't', row: label, column: 'c' });
const step = (n: number, answer?: unknown, asks = [ask('Elapsed time')]) => ({
  title: `Step ${n}`,
  text: `What step ${n} is about.`,
  question: `What will step ${n} show?`,
  scenario: '/#/file-access',
  asks,
  ...(answer ? { answer } : {}),
});

const number = (label: string, unit: string) =>
  ({ kind: 'number', label, unit, table: 't', row: 'r', column: 'c' }) as const;

/**
 * `quiz`: step 1 asks for a number, step 2 for nothing, step 3 for a sketch, step 4 for a
 * number again, step 5 for two numbers. Read with the app's own reader, so they are lessons the server would load.
 */
export const TEST_LESSONS: ReadonlyMap<string, Lesson> = new Map(
  [
    {
      id: 'quiz',
      paper: PAPERS[0]!.file,
      title: 'A test lesson',
      summary: 'Five steps: a number, nothing, a sketch, a number, two numbers.',
      steps: [
        step(1, number('Elapsed time', 's')),
        step(2),
        step(3, {
          kind: 'sketch',
          label: 'Time against size',
          chart: 'chart',
          series: 'series',
          x: { label: 'size', unit: 'MB', min: 1, max: 1024, log: true },
          y: { label: 'time', unit: 's', min: 0, max: 10 },
        }),
        step(4, number('Speed-up', '×')),
        step(5, { kind: 'numbers', label: 'Both times' }, [ask('Mapped'), ask('Fread')]),
      ],
    },
  ].map((raw) => {
    const read = readLessonShape(raw, { expectedId: raw.id, papers: PAPERS.map((p) => p.file) });
    if (!read.lesson || read.problems.length) throw new Error(read.problems.join('; '));
    return [raw.id, read.lesson] as const;
  }),
);

export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An event stream's events, parsed from the response body as they arrive (`event:`, `data:`
 * lines; comments and `retry:` are noted). `next()` waits for the next event of a name.
 */
export function sseEvents(res: Response) {
  if (!res.body) throw new Error('the event stream has no body');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  const fields = { retry: null as string | null, comments: 0 };
  let waiters: (() => void)[] = [];
  let ended = false;
  let read = 0;
  const wake = () => {
    const w = waiters;
    waiters = [];
    for (const f of w) f();
  };
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) fields.comments++;
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) {
              data.push(line.slice(5).replace(/^ /, ''));
              hasData = true;
            } else if (line.startsWith('retry:')) fields.retry = line.slice(6).trim();
          }
          if (hasData) events.push({ event, data: data.join('\n') });
        }
        wake();
      }
    } catch {
      // Cancelled by close().
    }
    ended = true;
    wake();
  })();
  return {
    events,
    fields,
    /** The next event named `name` after those already taken. */
    async next<T = unknown>(name: string): Promise<T> {
      for (;;) {
        while (read < events.length) {
          const e = events[read++]!;
          if (e.event === name) return JSON.parse(e.data) as T;
        }
        if (ended) throw new Error(`the stream ended before a "${name}" event`);
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    close: () => reader.cancel().catch(() => {}),
  };
}

/** Where a request goes: the app in this process (`app.request`) or a real server (`over`). */
export type Requester = (path: string, init?: RequestInit) => Response | Promise<Response>;

/** A real server at `url` (`http://127.0.0.1:port/`), asked with the app's paths (`/api/…`). */
export const over =
  (url: string): Requester =>
  (path, init) =>
    fetch(new URL(path, url), init);

export const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

/** What the teacher's JSON export holds. */
export interface Exported {
  class: ClassState;
  students: Seat[];
  answers: Answer[];
  summary: StepSummary[];
}

/**
 * The class API's calls through `request`, each giving the response (a body already a string
 * is sent as it is). `c` is a class (its code, and its key for the teacher's calls), `s` a
 * student (their token).
 */
export function classApi(request: Requester) {
  type Class = Pick<CreatedClass, 'code' | 'teacherKey'>;
  const send = (method: string, path: string, body?: unknown, headers = {}) =>
    request(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
    });
  const teacher = (c: Class) => ({ 'X-Teacher-Key': c.teacherKey });
  const bearer = (s: { token: string }) => ({ Authorization: `Bearer ${s.token}` });
  const exported = (c: Class, file = 'export.json') =>
    request(`/api/classes/${c.code}/${file}`, { headers: teacher(c) });
  return {
    send,
    async newClass(lessonId = 'quiz') {
      const res = await send('POST', '/api/classes', { lessonId });
      expect(res.status).toBe(201);
      return (await res.json()) as CreatedClass;
    },
    async join(c: Pick<Class, 'code'>, name?: string) {
      const res = await send(
        'POST',
        `/api/classes/${c.code}/students`,
        name === undefined ? {} : { name },
      );
      expect(res.status).toBe(201);
      return (await res.json()) as Joined;
    },
    answer: (c: Pick<Class, 'code'>, s: { token: string }, step: number | string, body: unknown) =>
      send('PUT', `/api/classes/${c.code}/answers/${step}`, body, bearer(s)),
    control: (c: Class, body: unknown, headers = {}) =>
      send('POST', `/api/classes/${c.code}/control`, body, { ...teacher(c), ...headers }),
    progress: (c: Pick<Class, 'code'>, s: { token: string }, step: number) =>
      send('PUT', `/api/classes/${c.code}/progress`, { step }, bearer(s)),
    me: async (c: Pick<Class, 'code'>, s: { token: string }) =>
      (await (await request(`/api/classes/${c.code}/me`, { headers: bearer(s) })).json()) as {
        student: { studentId: string; name: string | null };
        answers: Answer[];
        reached: number;
      },
    state: async (c: Pick<Class, 'code'>) =>
      (await (await request(`/api/classes/${c.code}`)).json()) as ClassState,
    /** A file of the teacher's export (`export.json`, `export.csv`, `summary.csv`). */
    exported,
    exportedJson: async (c: Class) => (await (await exported(c)).json()) as Exported,
    /** The class's event stream: the room's, a teacher's (`key`) or a student's (`token`). */
    async stream(c: Pick<Class, 'code'>, who: { key?: string; token?: string } = {}) {
      const query =
        who.key !== undefined
          ? `?key=${encodeURIComponent(who.key)}`
          : who.token !== undefined
            ? `?token=${encodeURIComponent(who.token)}`
            : '';
      const res = await request(`/api/classes/${c.code}/events${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      return sseEvents(res);
    },
  };
}

type Sketch = [number, number][];

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The store's contract. `open` opens the same database each time it is called (a folder, a
 * server), starting empty on the first call. `raw`, when given, reads a table's rows as they
 * are stored (to check that no secret is kept in clear).
 */
export function storeContract(
  name: string,
  open: () => Promise<Store>,
  raw?: (table: 'classes' | 'students') => Promise<Record<string, unknown>[]>,
) {
  describe(`the class store on ${name}`, () => {
    const at = {} as { store: Store };
    beforeAll(async () => {
      at.store = await open();
    });
    afterAll(async () => {
      await at.store?.close();
    });
    it('keeps a class, its students and their latest answers', () => keepsAClass(at.store));
    it('never seats more students than the limit, however many join at once', () =>
      seatsAtMostTheLimit(at.store));
    it('keeps to the class size and to one address’s share; removes by id, address, time', () =>
      sizeShareAndRemoval(at.store));
    it('keeps one answer per student and step when many arrive at once', () =>
      oneAnswerPerStep(at.store));
    it('moves a class only from the state it was seen in, when asked to', () =>
      movesFromTheStateSeen(at.store));
    it('keeps everything when opened again (the schema is created only once)', async () => {
      await at.store.close();
      at.store = await open();
      await keptWhenOpenedAgain(at.store);
    });
    if (raw) it('stores the teacher key and student tokens only as SHA-256', () => hashedOnly(raw));
  });
}

async function keepsAClass(store: Store) {
  const code = 'contract23';
  const created = await store.createClass({ code, teacherKey: 'key-1', lessonId: 'quiz' });
  expect(created).toEqual({ code, lessonId: 'quiz', step: 1, phase: 'open', reveal: null });
  expect(await store.isTeacher(code, 'key-1')).toBe(true);
  expect(await store.isTeacher(code, 'key-2')).toBe(false);
  expect(await store.isTeacher(code, '')).toBe(false);
  expect(await store.isTeacher('nosuchcode', 'key-1')).toBe(false);

  const seat = (name: string | null, x: string) =>
    store.addStudent({ code, studentId: `${code}-${x}`, name, token: `tok-${x}`, limit: 2 });
  const ann = await seat('Ann <b>', 'a');
  const anon = await seat(null, 'b');
  expect(ann).toMatchObject({ studentId: `${code}-a`, name: 'Ann <b>', address: '' });
  expect(Number.isNaN(Date.parse(ann!.joinedAt))).toBe(false);
  expect(anon?.name).toBeNull();
  // Full at the limit: nothing is added.
  expect(await seat('C', 'c')).toBeNull();
  expect((await store.students(code)).map((s) => s.studentId)).toEqual([`${code}-a`, `${code}-b`]);
  expect(await store.studentByToken(code, 'tok-a')).toEqual({
    studentId: ann!.studentId,
    name: ann!.name,
  });
  expect(await store.studentByToken(code, 'tok-c')).toBeNull();
  expect(await store.studentByToken('othercode2', 'tok-a')).toBeNull();

  const put = (x: string, step: number, value: number | null, sketch = null as Sketch | null) =>
    store.putAnswer({ code, studentId: `${code}-${x}`, step, value, sketch });
  await put('a', 1, 1.5);
  const changed = await put('a', 1, -2.25e9);
  expect(changed).toMatchObject({ name: 'Ann <b>', step: 1, value: -2.25e9, sketch: null });
  const sketch: Sketch = [
    [1, 0.5],
    [128, 2.25],
  ];
  // Only the class's current step takes answers, and only while it is open.
  expect(await put('b', 3, null, sketch)).toBeNull();
  await store.setClass(code, { step: 3, phase: 'open', reveal: null });
  expect(await put('b', 3, null, sketch)).toMatchObject({ step: 3, value: null, sketch });
  await store.setClass(code, { step: 3, phase: 'locked', reveal: null });
  expect(await put('a', 3, null, sketch)).toBeNull();
  await store.setClass(code, { step: 3, phase: 'revealed', reveal: null });
  expect(await put('a', 3, null, sketch)).toBeNull();
  const all = await store.answers(code);
  expect(all.map((a) => [a.studentId, a.step, a.value, a.sketch])).toEqual([
    [`${code}-a`, 1, -2.25e9, null],
    [`${code}-b`, 3, null, sketch],
  ]);
  expect(await store.answers(code, `${code}-b`)).toHaveLength(1);
  expect(Number.isNaN(Date.parse(all[0]!.updatedAt))).toBe(false);

  const reveal = { label: 'x', unit: 's', model: 147.3, paper: 146.3, interval: null };
  await store.setClass(code, { step: 2, phase: 'revealed', reveal });
  expect(await store.getClass(code)).toEqual({
    code,
    lessonId: 'quiz',
    step: 2,
    phase: 'revealed',
    reveal,
  });
  expect(await store.getClass('nosuchcode')).toBeNull();
}

async function seatsAtMostTheLimit(store: Store) {
  const code = 'contract45';
  await store.createClass({ code, teacherKey: 'k', lessonId: 'quiz' });
  const seat = (code: string, i: number | string) =>
    store.addStudent({ code, studentId: `${code}-${i}`, name: null, token: `t45-${i}`, limit: 7 });
  const joins = await Promise.all(Array.from({ length: 24 }, (_, i) => seat(code, i)));
  expect(joins.filter((s) => s !== null)).toHaveLength(7);
  expect(await store.students(code)).toHaveLength(7);
  // A class that does not exist seats no one.
  expect(await seat('nosuchcode', 'x')).toBeNull();
}

async function sizeShareAndRemoval(store: Store) {
  const code = 'contract89';
  await store.createClass({ code, teacherKey: 'k', lessonId: 'quiz' });
  expect(await store.classSize(code)).toBe(LIMITS.classSize);
  await store.setClassSize(code, 4);
  expect(await store.classSize(code)).toBe(4);
  const join = (i: number, address: string) =>
    store.addStudent({
      code,
      studentId: `${code}-${i}`,
      name: null,
      token: `t89-${i}`,
      limit: 500,
      address,
    });
  // A class of 4: one address holds 3 (its share), however many arrive at once.
  const fromOne = await Promise.all([0, 1, 2, 3, 4].map((i) => join(i, '10.0.0.1')));
  expect(fromOne.filter((s) => s !== null)).toHaveLength(addressShare(4));
  expect(await store.seatsTaken(code, '10.0.0.1')).toEqual({ total: 3, fromAddress: 3 });
  expect((await join(5, '10.0.0.2'))?.address).toBe('10.0.0.2');
  expect(await join(6, '10.0.0.3')).toBeNull();
  const seated = await store.students(code);
  expect(seated.map((s) => s.address)).toEqual(['10.0.0.1', '10.0.0.1', '10.0.0.1', '10.0.0.2']);
  await store.setClass(code, { step: 1, phase: 'open', reveal: null });
  for (const s of seated)
    await store.putAnswer({ code, studentId: s.studentId, step: 1, value: 1, sketch: null });
  // By id, with the answers; by address; by time (everyone who joined at or after it).
  expect(
    await store.removeStudents(code, { studentIds: [seated[0]!.studentId, 'nobody'] }),
  ).toEqual([seated[0]!.studentId]);
  expect((await store.answers(code)).map((a) => a.studentId)).not.toContain(seated[0]!.studentId);
  expect(await store.isBarred(code, '10.0.0.1')).toBe(false);
  expect((await store.removeStudents(code, { address: '10.0.0.1' })).sort()).toEqual(
    [seated[1]!.studentId, seated[2]!.studentId].sort(),
  );
  // Removed by address: that address is barred from this class, in the store itself.
  expect(await store.isBarred(code, '10.0.0.1')).toBe(true);
  expect(await join(7, '10.0.0.1')).toBeNull();
  expect(await store.removeStudents(code, { joinedAfter: seated[3]!.joinedAt })).toEqual([
    seated[3]!.studentId,
  ]);
  // By time or by id: nobody is barred.
  expect(await store.isBarred(code, '10.0.0.2')).toBe(false);
  expect(await store.students(code)).toEqual([]);
  expect(await store.answers(code)).toEqual([]);
  expect(await store.removeStudents('nosuchcode', { address: '10.0.0.1' })).toEqual([]);
}

async function oneAnswerPerStep(store: Store) {
  const code = 'contract67';
  await store.createClass({ code, teacherKey: 'k', lessonId: 'quiz' });
  await store.addStudent({ code, studentId: `${code}-a`, name: 'A', token: 't67', limit: 9 });
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      store.putAnswer({ code, studentId: `${code}-a`, step: 1, value: i, sketch: null }),
    ),
  );
  const kept = await store.answers(code);
  expect(kept).toHaveLength(1);
  expect(kept[0]!.value).toBeGreaterThanOrEqual(0);
  expect(kept[0]!.value).toBeLessThan(20);
  // One after the others: the latest counts.
  await store.putAnswer({ code, studentId: `${code}-a`, step: 1, value: 99, sketch: null });
  expect((await store.answers(code)).map((a) => a.value)).toEqual([99]);
}

async function movesFromTheStateSeen(store: Store) {
  const code = 'contract91';
  await store.createClass({ code, teacherKey: 'k', lessonId: 'quiz' });
  const reveal = { label: 'x', unit: 's', model: 1, paper: null, interval: null };
  expect(await store.setClass(code, { step: 2, phase: 'open', reveal: null })).toBe(true);
  // A reveal computed while the class was on step 1 (locked) finds it on step 2: refused.
  const from = { step: 1, phase: 'locked' } as const;
  expect(await store.setClass(code, { step: 1, phase: 'revealed', reveal }, from)).toBe(false);
  expect(await store.getClass(code)).toMatchObject({ step: 2, phase: 'open', reveal: null });
  expect(
    await store.setClass(code, { step: 2, phase: 'revealed', reveal }, { step: 2, phase: 'open' }),
  ).toBe(true);
  expect(await store.getClass(code)).toMatchObject({ step: 2, phase: 'revealed', reveal });
  expect(await store.setClass('nosuchcode', { step: 1, phase: 'open', reveal: null })).toBe(false);
}

async function keptWhenOpenedAgain(store: Store) {
  expect((await store.getClass('contract23'))?.phase).toBe('revealed');
  expect(await store.students('contract45')).toHaveLength(7);
  expect((await store.answers('contract67')).map((a) => a.value)).toEqual([99]);
  expect(await store.isTeacher('contract23', 'key-1')).toBe(true);
  // The address removed from contract89 is still barred from it, and only from it.
  expect(await store.isBarred('contract89', '10.0.0.1')).toBe(true);
  expect(await store.isBarred('contract67', '10.0.0.1')).toBe(false);
}

async function hashedOnly(
  raw: (table: 'classes' | 'students') => Promise<Record<string, unknown>[]>,
) {
  const classes = await raw('classes');
  const row = classes.find((r) => r.code === 'contract23');
  expect(row?.teacher_key_hash).toBe(sha256('key-1'));
  const students = await raw('students');
  expect(students.find((r) => r.id === 'contract23-a')?.token_hash).toBe(sha256('tok-a'));
  const everything = JSON.stringify([classes, students]);
  for (const secret of ['"key-1"', '"tok-a"', '"tok-b"', '"t67"'])
    expect(everything).not.toContain(secret);
}
