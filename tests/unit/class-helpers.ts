/**
 * Shared by the class server's tests (class-server, class-restart, class-postgres):
 * - `storeContract`: what the store (server/store.ts) must do, run on every driver it has —
 *   embedded PGlite and a real PostgreSQL server — so the same SQL is exercised on both;
 * - `TEST_LESSONS`: lessons of the tests' own, so they do not move when src/lessons/ does;
 * - `sseEvents`: an event stream read over fetch (Node 20 has no EventSource);
 * - `freePort`.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../server/store';
import { addressShare, LIMITS } from '../../src/class/protocol';
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
        step(1, {
          kind: 'number',
          label: 'Elapsed time',
          unit: 's',
          table: 't',
          row: 'r',
          column: 'c',
        }),
        step(2),
        step(3, {
          kind: 'sketch',
          label: 'Time against size',
          chart: 'chart',
          series: 'series',
          x: { label: 'size', unit: 'MB', min: 1, max: 1024, log: true },
          y: { label: 'time', unit: 's', min: 0, max: 10 },
        }),
        step(4, {
          kind: 'number',
          label: 'Speed-up',
          unit: '×',
          table: 't',
          row: 'r',
          column: 'c',
        }),
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
    let store: Store;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('keeps a class, its students and their latest answers', async () => {
      const code = 'contract23';
      const created = await store.createClass({ code, teacherKey: 'key-1', lessonId: 'quiz' });
      expect(created).toEqual({ code, lessonId: 'quiz', step: 1, phase: 'open', reveal: null });
      expect(await store.isTeacher(code, 'key-1')).toBe(true);
      expect(await store.isTeacher(code, 'key-2')).toBe(false);
      expect(await store.isTeacher(code, '')).toBe(false);
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
      expect(ann).toMatchObject({ studentId: `${code}-a`, name: 'Ann <b>', address: '' });
      expect(Number.isNaN(Date.parse(ann!.joinedAt))).toBe(false);
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
      expect(await store.studentByToken(code, 'tok-a')).toEqual({
        studentId: ann!.studentId,
        name: ann!.name,
      });
      expect(await store.studentByToken(code, 'tok-c')).toBeNull();
      expect(await store.studentByToken('othercode2', 'tok-a')).toBeNull();

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
      // Only the class's current step takes answers, and only while it is open.
      expect(
        await store.putAnswer({ code, studentId: `${code}-b`, step: 3, value: null, sketch }),
      ).toBeNull();
      await store.setClass(code, { step: 3, phase: 'open', reveal: null });
      expect(
        await store.putAnswer({ code, studentId: `${code}-b`, step: 3, value: null, sketch }),
      ).toMatchObject({ step: 3, value: null, sketch });
      await store.setClass(code, { step: 3, phase: 'locked', reveal: null });
      const late = { code, studentId: `${code}-a`, step: 3, value: null, sketch };
      expect(await store.putAnswer(late)).toBeNull();
      await store.setClass(code, { step: 3, phase: 'revealed', reveal: null });
      expect(await store.putAnswer(late)).toBeNull();
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
    });

    it('never seats more students than the limit, however many join at once', async () => {
      const code = 'contract45';
      await store.createClass({ code, teacherKey: 'k', lessonId: 'quiz' });
      const joins = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          store.addStudent({
            code,
            studentId: `${code}-${i}`,
            name: null,
            token: `t45-${i}`,
            limit: 7,
          }),
        ),
      );
      expect(joins.filter((s) => s !== null)).toHaveLength(7);
      expect(await store.students(code)).toHaveLength(7);
      // A class that does not exist seats no one.
      expect(
        await store.addStudent({
          code: 'nosuchcode',
          studentId: 'x',
          name: null,
          token: 'tx',
          limit: 7,
        }),
      ).toBeNull();
    });

    it('keeps to the class size and to one address’s share; removes by id, address, time', async () => {
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
      expect(seated.map((s) => s.address)).toEqual([
        '10.0.0.1',
        '10.0.0.1',
        '10.0.0.1',
        '10.0.0.2',
      ]);
      await store.setClass(code, { step: 1, phase: 'open', reveal: null });
      for (const s of seated)
        await store.putAnswer({ code, studentId: s.studentId, step: 1, value: 1, sketch: null });
      // By id, with the answers; by address; by time (everyone who joined at or after it).
      expect(
        await store.removeStudents(code, { studentIds: [seated[0]!.studentId, 'nobody'] }),
      ).toEqual([seated[0]!.studentId]);
      expect((await store.answers(code)).map((a) => a.studentId)).not.toContain(
        seated[0]!.studentId,
      );
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
    });

    it('keeps one answer per student and step when many arrive at once', async () => {
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
    });

    it('moves a class only from the state it was seen in, when asked to', async () => {
      const code = 'contract91';
      await store.createClass({ code, teacherKey: 'k', lessonId: 'quiz' });
      const reveal = { label: 'x', unit: 's', model: 1, paper: null, interval: null };
      expect(await store.setClass(code, { step: 2, phase: 'open', reveal: null })).toBe(true);
      // A reveal computed while the class was on step 1 (locked) finds it on step 2: refused.
      const from = { step: 1, phase: 'locked' } as const;
      expect(await store.setClass(code, { step: 1, phase: 'revealed', reveal }, from)).toBe(false);
      expect(await store.getClass(code)).toMatchObject({ step: 2, phase: 'open', reveal: null });
      expect(
        await store.setClass(
          code,
          { step: 2, phase: 'revealed', reveal },
          { step: 2, phase: 'open' },
        ),
      ).toBe(true);
      expect(await store.getClass(code)).toMatchObject({ step: 2, phase: 'revealed', reveal });
      expect(await store.setClass('nosuchcode', { step: 1, phase: 'open', reveal: null })).toBe(
        false,
      );
    });

    it('keeps everything when opened again (the schema is created only once)', async () => {
      await store.close();
      store = await open();
      expect((await store.getClass('contract23'))?.phase).toBe('revealed');
      expect(await store.students('contract45')).toHaveLength(7);
      expect((await store.answers('contract67')).map((a) => a.value)).toEqual([99]);
      expect(await store.isTeacher('contract23', 'key-1')).toBe(true);
      // The address removed from contract89 is still barred from it, and only from it.
      expect(await store.isBarred('contract89', '10.0.0.1')).toBe(true);
      expect(await store.isBarred('contract67', '10.0.0.1')).toBe(false);
    });

    if (raw)
      it('stores the teacher key and student tokens only as SHA-256', async () => {
        const classes = await raw('classes');
        const row = classes.find((r) => r.code === 'contract23');
        expect(row?.teacher_key_hash).toBe(sha256('key-1'));
        const students = await raw('students');
        expect(students.find((r) => r.id === 'contract23-a')?.token_hash).toBe(sha256('tok-a'));
        const everything = JSON.stringify([classes, students]);
        for (const secret of ['"key-1"', '"tok-a"', '"tok-b"', '"t67"'])
          expect(everything).not.toContain(secret);
      });
  });
}
