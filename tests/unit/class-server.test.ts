/**
 * The class server's API (server/app.ts) on an embedded PostgreSQL (PGlite, in memory),
 * driven through `app.request()` with lessons of the test's own: a whole step watched on the
 * event streams, then hostile input — each refused with a sentence saying why, and the whole
 * database unchanged by it. The rate limiters run on a clock the test moves itself. The store's
 * contract runs here on PGlite in a folder (class-postgres.test.ts runs it on PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersCsv, CLASS_META, createClassApp } from '../../server/app';
import { loadLessons } from '../../server/lessons';
import { openSql, sqlStore, type Sql, type Store } from '../../server/store';
import {
  LIMITS,
  type Answer,
  type ClassState,
  type CreatedClass,
  type Student,
  type TeacherSnapshot,
} from '../../src/class/protocol';
import { classApi, errorOf, storeContract, TEST_LESSONS } from './class-helpers';
import { splitCsv } from './class-process';

/** What `app.request()` returns: a response, at once or later. */
type Pending = Response | Promise<Response>;

const contractDir = mkdtempSync(joinPath(tmpdir(), 'class-pglite-'));
let contractSql: Sql | undefined;
afterAll(() => rmSync(contractDir, { recursive: true, force: true }));
storeContract(
  'PGlite (embedded, in a folder)',
  async () => {
    contractSql = await openSql({ dataDir: contractDir });
    return sqlStore(contractSql);
  },
  (table) => contractSql!.query(`SELECT * FROM ${table}`),
);

describe('the class API', () => {
  let sql: Sql;
  let store: Store;
  let dist: string;
  let clock = 0;
  let created: ReturnType<typeof createClassApp>;
  let app: ReturnType<typeof createClassApp>['app'];

  beforeAll(async () => {
    sql = await openSql({});
    store = sqlStore(sql);
    dist = await mkdtemp(joinPath(tmpdir(), 'class-dist-'));
    await writeFile(
      joinPath(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>t</title></head><body></body></html>',
    );
    await mkdir(joinPath(dist, 'assets'));
    await writeFile(joinPath(dist, 'assets', 'app.js'), 'console.log(1);');
    created = createClassApp({ store, lessons: TEST_LESSONS, distDir: dist, now: () => clock });
    app = created.app;
  });
  afterAll(async () => {
    await store?.close();
    await rm(dist, { recursive: true, force: true });
  });

  /** Every row of every table: what "nothing stored changed" compares. */
  const dump = async () =>
    JSON.stringify(
      await Promise.all(
        ['classes ORDER BY code', 'students ORDER BY id', 'answers ORDER BY student_id, step'].map(
          (t) => sql.query(`SELECT * FROM ${t}`),
        ),
      ),
    );

  const api = classApi((path, init) => app.request(path, init));
  const { send: json, newClass, join, answer, control, exported, exportedJson, stream } = api;

  it('runs a step: join, answer, change, lock, reveal, export — watched live', async () => {
    const c = await newClass();
    expect(c.code).toMatch(/^[a-hjkmnp-z2-9]{10}$/);
    expect(Buffer.from(c.teacherKey, 'base64url')).toHaveLength(32);
    // No Host header reached the app: the join link names the bound address.
    expect(c.joinUrl).toBe(`http://127.0.0.1/#/class/${c.code}`);
    expect(c.qrSvg).toMatch(/^<svg[^>]*>/);

    const teacher = await stream(c, { key: c.teacherKey });
    const room = await stream(c);
    const first = await teacher.next<TeacherSnapshot>('snapshot');
    expect(first).toEqual({
      state: { code: c.code, lessonId: 'quiz', step: 1, phase: 'open', reveal: null },
      students: [],
      answers: [],
      health: { problem: null },
      size: LIMITS.classSize,
    });
    expect(await room.next<ClassState>('state')).toEqual(first.state);
    expect(room.fields.retry).toBe('1000');
    expect(room.events.map((e) => e.event)).toEqual(['state']);

    const a = await join(c, '  Ann  ');
    const b = await join(c, '');
    const d = await join(c);
    const joined = [await teacher.next<Student>('student'), await teacher.next<Student>('student')];
    expect(joined).toMatchObject([
      { studentId: a.studentId, name: 'Ann' },
      { studentId: b.studentId, name: null },
    ]);
    expect(await teacher.next<Student>('student')).toMatchObject({
      studentId: d.studentId,
      name: null,
    });

    const ok = await answer(c, a, 1, { value: 45 });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { answer: Answer }).answer).toMatchObject({
      studentId: a.studentId,
      name: 'Ann',
      step: 1,
      value: 45,
      sketch: null,
    });
    expect((await answer(c, b, 1, { value: 150 })).status).toBe(200);
    expect((await answer(c, d, 1, { value: -3.5 })).status).toBe(200);
    // A change overwrites: the latest answer counts.
    expect((await answer(c, a, 1, { value: 50 })).status).toBe(200);
    const live: Answer[] = [];
    for (let i = 0; i < 4; i++) live.push(await teacher.next<Answer>('answer'));
    expect(live.map((x) => [x.studentId, x.value])).toEqual([
      [a.studentId, 45],
      [b.studentId, 150],
      [d.studentId, -3.5],
      [a.studentId, 50],
    ]);
    // The students' stream carries no one's answer.
    expect(room.events.map((e) => e.event)).toEqual(['state']);

    // A reload: the student's own answers come back with the token.
    const mine = await api.me(c, a);
    expect(mine.student).toEqual({ studentId: a.studentId, name: 'Ann' });
    expect(mine.answers.map((x) => x.value)).toEqual([50]);

    // The wrong kind, and the wrong step, are refused with a reason.
    const sketch = await answer(c, a, 1, {
      sketch: [
        [1, 1],
        [2, 2],
      ],
    });
    expect([sketch.status, await errorOf(sketch)]).toEqual([409, 'This step asks for a number.']);
    const wrongStep = await answer(c, a, 3, { value: 1 });
    expect([wrongStep.status, await errorOf(wrongStep)]).toEqual([409, 'The class is on step 1.']);

    const locked = await control(c, { action: 'lock' });
    expect(((await locked.json()) as ClassState).phase).toBe('locked');
    expect((await room.next<ClassState>('state')).phase).toBe('locked');
    expect((await teacher.next<ClassState>('state')).phase).toBe('locked');
    const late = await answer(c, b, 1, { value: 1 });
    expect([late.status, await errorOf(late)]).toEqual([
      409,
      'This step is locked: answers can no longer change.',
    ]);

    const reveal = {
      label: 'Memory Mapped',
      unit: 's',
      model: 147.3,
      paper: 146.3,
      interval: [120, 180],
    };
    const revealed = await control(c, { action: 'reveal', step: 1, reveal });
    expect(await revealed.json()).toEqual({ ...first.state, phase: 'revealed', reveal });
    expect(await room.next<ClassState>('state')).toMatchObject({ phase: 'revealed', reveal });
    const state = await api.state(c);
    expect(state).toEqual({ ...first.state, phase: 'revealed', reveal });
    const stillRevealed = await control(c, { action: 'unlock' });
    expect(stillRevealed.status).toBe(409);

    const out = await exportedJson(c);
    expect(out.class).toEqual(state);
    expect(out.students.map((s) => s.name)).toEqual(['Ann', null, null]);
    expect(out.answers.map((x) => [x.studentId, x.name, x.step, x.value])).toEqual([
      [a.studentId, 'Ann', 1, 50],
      [b.studentId, null, 1, 150],
      [d.studentId, null, 1, -3.5],
    ]);
    const csvRes = await exported(c, 'export.csv');
    expect(csvRes.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csvRes.headers.get('content-disposition')).toBe(
      `attachment; filename="class-${c.code}.csv"`,
    );
    const lines = (await csvRes.text()).trimEnd().split('\r\n');
    expect(lines.map((l) => splitCsv(l, ',').slice(0, 4))).toEqual([
      ['student_id', 'name', 'step', 'value'],
      ...out.answers.map((x) => [x.studentId, x.name ?? '', String(x.step), String(x.value)]),
    ]);

    // A teacher's board opened now starts from everything so far.
    const board = await stream(c, { key: c.teacherKey });
    const snap = await board.next<TeacherSnapshot>('snapshot');
    expect([snap.state.phase, snap.students.length, snap.answers.length]).toEqual([
      'revealed',
      3,
      3,
    ]);
    expect(snap.answers.find((x) => x.studentId === a.studentId)?.value).toBe(50);

    // The next step (no answer asked): open again, the reveal gone, nothing carried over.
    const next = await control(c, { action: 'goto', step: 2 });
    expect(await next.json()).toEqual({ ...first.state, step: 2 });
    expect(await room.next<ClassState>('state')).toMatchObject({ step: 2, reveal: null });
    const none = await answer(c, a, 2, { value: 1 });
    expect([none.status, await errorOf(none)]).toEqual([409, 'This step asks for no answer.']);
    const tooFar = await control(c, { action: 'goto', step: 9 });
    expect([tooFar.status, await errorOf(tooFar)]).toEqual([400, 'This lesson has 5 steps.']);
    const hidden = await control(c, { action: 'hide' });
    expect(await hidden.json()).toMatchObject({ step: 2, phase: 'locked', reveal: null });
    const reopened = await control(c, { action: 'unlock' });
    expect(await reopened.json()).toMatchObject({ step: 2, phase: 'open' });

    for (const s of [teacher, room, board]) await s.close();
  });

  it('takes every number of a step that asks several, in its count, and exports them', async () => {
    const c = await newClass();
    const s = await join(c, 'Two');
    await control(c, { action: 'goto', step: 5 });
    const ok = await answer(c, s, 5, { values: [150, 45] });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { answer: Answer }).answer).toMatchObject({
      step: 5,
      value: null,
      values: [150, 45],
      sketch: null,
    });
    const one = await answer(c, s, 5, { value: 150 });
    expect([one.status, await errorOf(one)]).toEqual([
      409,
      'This step asks for 2 numbers, in its order: send { values }.',
    ]);
    const three = await answer(c, s, 5, { values: [1, 2, 3] });
    expect([three.status, await errorOf(three)]).toEqual([
      409,
      'This step asks for 2 numbers, in its order: send { values }.',
    ]);
    // A step that asks one number takes no list.
    await control(c, { action: 'goto', step: 4 });
    const list = await answer(c, s, 4, { values: [1, 2] });
    expect([list.status, await errorOf(list)]).toEqual([409, 'This step asks for a number.']);
    // The export keeps both, in the step's order.
    await control(c, { action: 'goto', step: 5 });
    const csv = await (await exported(c, 'export.csv')).text();
    expect(csv.split('\r\n')[0]).toBe(
      '"student_id","name","step","value","values","sketch","updated_at"',
    );
    expect(csv).toContain('"Two","5","","[150,45]","",');
  });

  it('takes a sketch where the step asks for a curve, within its limits', async () => {
    const c = await newClass();
    const s = await join(c, 'Sketcher');
    await control(c, { action: 'goto', step: 3 });
    const curve = [
      [1, 1],
      [8, 1.2],
      [64, 1.6],
    ];
    expect((await answer(c, s, 3, { sketch: curve })).status).toBe(200);
    const before = await dump();
    const refusals: [Pending, number, string][] = [
      // 10,000 points cannot fit in 16 KB of JSON: the body limit refuses it before parsing.
      [
        answer(c, s, 3, { sketch: Array.from({ length: 10_000 }, (_, i) => [i, i]) }),
        413,
        `The request body is larger than ${LIMITS.bodyBytes / 1024} KB.`,
      ],
      [
        answer(c, s, 3, { sketch: Array.from({ length: 65 }, (_, i) => [i, i]) }),
        400,
        'sketch: a sketch has at most 64 points',
      ],
      [answer(c, s, 3, { sketch: [[1, 1]] }), 400, 'sketch: a sketch needs at least 2 points'],
      [
        answer(c, s, 3, {
          sketch: [
            [1, 'x'],
            [2, 2],
          ],
        }),
        400,
        'sketch.0.1: y must be a number',
      ],
      [
        answer(c, s, 3, { sketch: [{ x: 1, y: 1 }, [2, 2]] }),
        400,
        'sketch.0: a point must be [x, y]',
      ],
      [answer(c, s, 3, { value: 3 }), 409, 'This step asks for a sketch.'],
    ];
    for (const [pending, status, message] of refusals) {
      const res = await pending;
      expect([res.status, await errorOf(res)]).toEqual([status, message]);
      expect(await dump()).toBe(before);
    }
    expect((await exportedJson(c)).answers.map((a) => a.sketch)).toEqual([curve]);
  });

  it('refuses hostile input with a reason, and stores nothing of it', async () => {
    const c = await newClass();
    const s = await join(c, 'Honest');
    expect((await answer(c, s, 1, { value: 42 })).status).toBe(200);
    const before = await dump();
    const put = (body: string, headers: Record<string, string>) =>
      app.request(`/api/classes/${c.code}/answers/1`, { method: 'PUT', headers, body });
    const auth = { Authorization: `Bearer ${s.token}` };

    const refusals: [() => Pending, number, RegExp][] = [
      [() => answer(c, s, 1, { value: 1e300 }), 400, /^value is too large$/],
      [() => answer(c, s, 1, { value: -1e13 }), 400, /^value is too large$/],
      [() => answer(c, s, 1, '{"value": 1e999}'), 400, /finite number/],
      [() => answer(c, s, 1, { value: '42' }), 400, /value must be a number/],
      [() => answer(c, s, 1, { value: 'NaN' }), 400, /value must be a number/],
      [() => answer(c, s, 1, { value: null }), 400, /value must be a number/],
      [() => answer(c, s, 1, '{"value": NaN}'), 400, /^The body is not valid JSON\.$/],
      [() => answer(c, s, 1, '{"value": 1'), 400, /not valid JSON/],
      [() => answer(c, s, 1, '[1]'), 400, /value|sketch/],
      [() => answer(c, s, 1, { value: 1, admin: true }), 400, /value|sketch/],
      [
        () => answer(c, s, 1, `{"value":${'1'.repeat(LIMITS.bodyBytes)}}`),
        413,
        /^The request body is larger than 16 KB\.$/,
      ],
      [() => answer(c, s, 1, 'x'.repeat(1024 * 1024)), 413, /larger than 16 KB/],
      [() => answer(c, { token: 'forged-token' }, 1, { value: 1 }), 401, /Join the class first/],
      [() => put('{"value":1}', { 'Content-Type': 'application/json' }), 401, /Join the class/],
      [() => put('{"value":1}', { 'Content-Type': 'text/plain', ...auth }), 415, /JSON/],
      [() => put('{"value":1}', auth), 415, /Content-Type: application\/json/],
      [() => answer(c, s, 'abc', { value: 1 }), 404, /whole number/],
      [() => answer(c, s, 0, { value: 1 }), 404, /whole number/],
      [() => answer(c, s, '1.0', { value: 1 }), 404, /whole number/],
      [() => answer(c, s, 2, { value: 1 }), 409, /^The class is on step 1\.$/],
      [
        () => control({ ...c, teacherKey: 'wrong-key' }, { action: 'lock' }),
        403,
        /Wrong teacher key/,
      ],
      [
        () => control({ ...c, teacherKey: c.teacherKey.slice(0, -1) }, { action: 'lock' }),
        403,
        /Wrong teacher key/,
      ],
      [
        () => json('POST', `/api/classes/${c.code}/control`, { action: 'lock' }),
        401,
        /teacher’s key/,
      ],
      [() => control(c, { action: 'delete-everything' }), 400, /action/],
      [() => control(c, { action: 'goto', step: 0 }), 400, /.+/],
      [() => control(c, { action: 'goto', step: 1.5 }), 400, /.+/],
      [
        () =>
          control(c, {
            action: 'reveal',
            step: 1,
            reveal: { label: '', unit: '', model: 1, paper: 1, interval: null, html: '<b>' },
          }),
        400,
        /unknown fields/,
      ],
      [() => exported({ ...c, teacherKey: 'x' }), 403, /Wrong/],
      [() => app.request(`/api/classes/${c.code}/export.csv`), 401, /teacher’s key/],
      [() => app.request(`/api/classes/${c.code}/events?key=wrong`), 403, /Wrong teacher key/],
      [() => app.request(`/api/classes/${c.code}/me`), 401, /Join the class first/],
      ...['a\u0000b', 'two\nlines', 'tab\there', 'rtl\u202eevil', 'para\u2029graph'].map(
        (name): [() => Pending, number, RegExp] => [
          () => json('POST', `/api/classes/${c.code}/students`, { name }),
          400,
          /^name must be plain text on one line$/,
        ],
      ),
      [
        () => json('POST', `/api/classes/${c.code}/students`, { name: 'x'.repeat(41) }),
        400,
        /40 characters/,
      ],
      [
        () => json('POST', `/api/classes/${c.code}/students`, { name: 7 }),
        400,
        /name must be text/,
      ],
      [
        () => json('POST', `/api/classes/${c.code}/students`, { name: 'a', id: 'x' }),
        400,
        /only name/,
      ],
      [() => json('POST', '/api/classes', { lessonId: '../../etc/passwd' }), 400, /lesson id/],
      [() => json('POST', '/api/classes', { lessonId: 'no-such-lesson' }), 404, /no lesson/],
      [() => json('POST', '/api/classes', {}), 400, /lessonId/],
      [() => app.request('/api/classes/zzzzzzzzzz'), 404, /no class/],
      [() => json('POST', '/api/classes/zzzzzzzzzz/students', {}), 404, /no class/],
      [() => app.request(`/api/classes/${c.code.toUpperCase()}`), 404, /no class/],
      [() => app.request('/api/classes/abc'), 404, /no class/],
      [() => app.request('/api/classes/%3Cscript%3E'), 404, /no class/],
      [() => app.request('/api/nothing-here'), 404, /no such request/],
      [() => json('DELETE', `/api/classes/${c.code}`, {}), 404, /no such request/],
    ];
    for (const [send, status, message] of refusals) {
      const res = await send();
      expect(res.status, message.source).toBe(status);
      expect(res.headers.get('content-type'), message.source).toMatch(/^application\/json/);
      expect(await errorOf(res), message.source).toMatch(message);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await dump(), message.source).toBe(before);
    }
  });

  it('keeps a name with markup as text, verbatim, in JSON only', async () => {
    const c = await newClass();
    const name = '<img src=x onerror=alert(1)>';
    const teacher = await stream(c, { key: c.teacherKey });
    await teacher.next('snapshot');
    const s = await join(c, name);
    expect(await teacher.next<Student>('student')).toMatchObject({ studentId: s.studentId, name });
    const res = await answer(c, s, 1, { value: 1 });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { answer: Answer }).answer.name).toBe(name);
    expect((await exportedJson(c)).students.map((x) => x.name)).toEqual([name]);
    // In the raw event data it is JSON text, not markup to be parsed.
    const raw = teacher.events.find((e) => e.event === 'student')!.data;
    expect(JSON.parse(raw)).toMatchObject({ studentId: s.studentId, name });
    await teacher.close();
  });

  it('takes names in NFC; refuses invisible names and stacked marks with a sentence', async () => {
    const c = await newClass();
    const teacher = await stream(c, { key: c.teacherKey });
    await teacher.next('snapshot');
    // "é" typed as e + U+0301 is stored as the one character U+00E9.
    const s = await join(c, 'Ame\u0301lie');
    expect((await teacher.next<Student>('student')).name).toBe('Am\u00e9lie');
    // Two marks on one letter (Vietnamese, say) are a name; a Hangul name is a name.
    await join(c, 'Nguye\u0302\u0303n');
    await join(c, '한글');
    const before = await dump();
    const invisible =
      'name must show at least one visible letter (or be left empty to stay anonymous)';
    const refusals: [string, string][] = [
      ['\u3164\u3164\u3164', invisible],
      ['\u2800\u2800', invisible],
      ['\u115f\u1160', invisible],
      ['\uffa0', invisible],
      ['\u0301\u0301', invisible],
      ['\u3000\u3164\u3000', invisible],
      [`a${'\u0301'.repeat(3)}`, 'name may carry at most 2 accents on one letter'],
      [`Zalgo${'\u0336\u0337\u0338'.repeat(10)}`, 'name may carry at most 2 accents on one letter'],
      ['\u200b\u200b', 'name must be plain text on one line'],
    ];
    for (const [name, message] of refusals) {
      const res = await json('POST', `/api/classes/${c.code}/students`, { name });
      expect([res.status, await errorOf(res)], JSON.stringify(name)).toEqual([400, message]);
    }
    expect(await dump()).toBe(before);
    // Empty stays anonymous.
    expect((await join(c, '   ')).studentId).toMatch(/./);
    expect(s.token).toMatch(/./);
    await teacher.close();
  });

  it('lets the teacher remove students: their answers go, their streams are told and end', async () => {
    const c = await newClass();
    const teacher = await stream(c, { key: c.teacherKey });
    await teacher.next('snapshot');
    const keep = await join(c, 'Keep');
    const goA = await join(c, 'Go A');
    const goB = await join(c, 'Go B');
    for (const s of [keep, goA, goB])
      expect((await answer(c, s, 1, { value: 3 })).status).toBe(200);
    const own = await stream(c, { token: goA.token });
    await own.next('state');
    const kept = await stream(c, { token: keep.token });
    await kept.next('state');
    const remove = (body: unknown, key = c.teacherKey) =>
      json('POST', `/api/classes/${c.code}/remove`, body, { 'X-Teacher-Key': key });
    const res = await remove({ studentIds: [goA.studentId, goB.studentId] });
    expect(((await res.json()) as { removed: string[] }).removed.sort()).toEqual(
      [goA.studentId, goB.studentId].sort(),
    );
    expect((await teacher.next<{ studentIds: string[] }>('removed')).studentIds.sort()).toEqual(
      [goA.studentId, goB.studentId].sort(),
    );
    expect(await own.next('removed')).toEqual({ studentIds: [] });
    await expect(own.next('never')).rejects.toThrow(/ended/);
    const out = await exportedJson(c);
    expect(out.students.map((s) => s.name)).toEqual(['Keep']);
    expect(out.answers.map((a) => a.name)).toEqual(['Keep']);
    // A removed token is unknown; a stream on it is refused.
    expect((await answer(c, goA, 1, { value: 1 })).status).toBe(401);
    const gone = await app.request(
      `/api/classes/${c.code}/events?token=${encodeURIComponent(goA.token)}`,
    );
    expect(gone.status).toBe(401);
    // Everyone who joined at or after a time.
    const late = await join(c, 'Late');
    const seats = (await exportedJson(c)).students as unknown as {
      joinedAt: string;
    }[];
    const after = await remove({ joinedAfter: seats.at(-1)!.joinedAt });
    expect(await after.json()).toEqual({ removed: [late.studentId] });
    // Refused: not the teacher, or nothing to go by.
    expect((await remove({ studentIds: [keep.studentId] }, 'wrong')).status).toBe(403);
    for (const body of [{}, { studentIds: [] }, { address: '' }, { joinedAfter: 'yesterday' }]) {
      const bad = await remove(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await exportedJson(c)).students.map((s) => s.name)).toEqual(['Keep']);
    for (const s of [teacher, kept]) await s.close();
  });

  it('limits wrong class codes and teacher keys, until time passes (the test’s clock)', async () => {
    let own = 0;
    const fresh = createClassApp({ store, lessons: TEST_LESSONS, now: () => own }).app;
    const freshApi = classApi((path, init) => fresh.request(path, init));
    const c = await freshApi.newClass();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await freshApi.exported({ ...c, teacherKey: `guess-${i}` })).status);
    // The clock stood still: 30 wrong guesses, then every one refused before it is checked.
    expect(statuses.indexOf(429)).toBe(30);
    expect(statuses.slice(30).every((x) => x === 429)).toBe(true);
    const limited = await fresh.request('/api/classes/zzzzzzzzzz');
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toBe(
      'Too many wrong class codes or teacher keys from this address: wait 2 s.',
    );
    expect(limited.headers.get('retry-after')).toBe('2');
    // Even the right key waits: the limit tells nothing about which guess was right.
    const right = await freshApi.exported(c);
    expect(right.status).toBe(429);
    own += 2_000;
    expect((await fresh.request('/api/classes/zzzzzzzzzz')).status).toBe(404);
    expect((await fresh.request('/api/classes/zzzzzzzzzz')).status).toBe(429);
    own += 60_000;
    const later = await freshApi.exported(c);
    expect(later.status).toBe(200);
  });

  it('limits a flood from one student; the last accepted answer stands', async () => {
    const c = await newClass();
    const s = await join(c, 'Flood');
    const other = await join(c, 'Calm');
    const statuses: number[] = [];
    let lastAccepted = -1;
    for (let i = 0; i < 100; i++) {
      const res = await answer(c, s, 1, { value: i });
      statuses.push(res.status);
      if (res.status === 200) lastAccepted = i;
      else {
        expect(res.status).toBe(429);
        expect(await errorOf(res)).toMatch(/^Too many requests: wait \d+ s and try again\.$/);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    }
    // The clock stood still: the burst went through, everything after it was refused.
    expect(statuses.filter((x) => x === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThan(50);
    expect(statuses.lastIndexOf(200)).toBeLessThan(statuses.indexOf(429));
    expect((await exportedJson(c)).answers.map((a) => a.value)).toEqual([lastAccepted]);
    // Another student is not held back by the flood.
    expect((await answer(c, other, 1, { value: 5 })).status).toBe(200);
    // Time passes (the test's own clock): the student may answer again.
    clock += 10_000;
    expect((await answer(c, s, 1, { value: 7 })).status).toBe(200);
    expect((await exportedJson(c)).answers.find((a) => a.studentId === s.studentId)?.value).toBe(7);
  });

  it('limits new classes from one address, and seats at most the class size', async () => {
    let own = 0;
    const fresh = createClassApp({ store, lessons: TEST_LESSONS, now: () => own }).app;
    const { send } = classApi((path, init) => fresh.request(path, init));
    const post = (path: string, body: unknown) => send('POST', path, body);
    const made: number[] = [];
    for (let i = 0; i < 25; i++)
      made.push((await post('/api/classes', { lessonId: 'quiz' })).status);
    expect(made.filter((x) => x === 201).length).toBeGreaterThan(0);
    expect(made.at(-1)).toBe(429);
    own += 60_000;
    const res = await post('/api/classes', { lessonId: 'quiz' });
    expect(res.status).toBe(201);
    const { code, teacherKey } = (await res.json()) as CreatedClass;
    const size = (n: number) =>
      send('PUT', `/api/classes/${code}/size`, { size: n }, { 'X-Teacher-Key': teacherKey });
    expect((await size(LIMITS.students + 1)).status).toBe(400);
    expect(await (await size(12)).json()).toEqual({ size: 12, addressShare: 9 });

    // 30 at once (no socket here, so no address and no share to hold to): 12 seated.
    const seats = await Promise.all(
      Array.from({ length: 30 }, () => post(`/api/classes/${code}/students`, {})),
    );
    expect(seats.filter((r) => r.status === 201)).toHaveLength(12);
    const before = await dump();
    const full = await post(`/api/classes/${code}/students`, { name: 'Late' });
    expect([full.status, await errorOf(full)]).toEqual([
      409,
      'This class is full (12 students): ask the teacher to make room.',
    ]);
    expect(await dump()).toBe(before);
  });

  it('ends a stream cleanly when its reader leaves', async () => {
    const c = await newClass();
    const teacher = await stream(c, { key: c.teacherKey });
    const room = await stream(c);
    await teacher.next('snapshot');
    await room.next('state');
    expect(created.hub.listeners(c.code)).toBe(2);
    await teacher.close();
    await room.close();
    // Waits for the server to notice (a state, not a time).
    while (created.hub.listeners(c.code) > 0) await new Promise((r) => setTimeout(r, 5));
    // Publishing to a class no one watches is harmless.
    expect((await control(c, { action: 'lock' })).status).toBe(200);
  });

  it('serves the app with its headers and the class mark, and nothing outside dist/', async () => {
    for (const path of ['/', '/index.html']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(
        `<!doctype html><html lang="en"><head>${CLASS_META}<title>t</title></head><body></body></html>`,
      );
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
    const js = await app.request('/assets/app.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await js.text()).toBe('console.log(1);');
    expect(CLASS_META).toBe('<meta name="latency-lab-class" content="server">');
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e%5cpackage.json',
      '/%00',
      '/%E0%A4%A',
      '/nothing.js',
    ])
      expect((await app.request(path)).status, path).toBe(404);
  });

  it('gives join links the room can reach, whatever address the teacher used', async () => {
    // Addresses only (192.0.2.0/24 is for documentation): nothing is sent anywhere.
    const lan = createClassApp({
      store,
      lessons: TEST_LESSONS,
      roomHost: '192.0.2.10:8787',
    }).app;
    const { send } = classApi((path, init) => lan.request(path, init));
    const linkFor = async (host: string) =>
      (
        (await (
          await send('POST', '/api/classes', { lessonId: 'quiz' }, { Host: host })
        ).json()) as CreatedClass
      ).joinUrl;
    expect(await linkFor('localhost:8787')).toMatch(/^http:\/\/192\.0\.2\.10:8787\/#\/class\//);
    expect(await linkFor('127.0.0.1:8787')).toMatch(/^http:\/\/192\.0\.2\.10:8787\//);
    expect(await linkFor('192.0.2.77:8787')).toMatch(/^http:\/\/192\.0\.2\.77:8787\//);
    expect(await linkFor('evil.example/<x>')).toMatch(/^http:\/\/192\.0\.2\.10:8787\//);
  });
});

describe('the CSV export', () => {
  type Row = Parameters<typeof answersCsv>[0][number];
  const answer = (over: Partial<Row>): Row => ({
    studentId: 's',
    name: 'n',
    step: 1,
    value: 2,
    values: null,
    sketch: null,
    updatedAt: 't',
    ...over,
  });
  const row = (name: string | null, value: number | null = 2) =>
    answersCsv([answer({ name, value })]).split('\r\n')[1];

  it('quotes every field and is read by a spreadsheet as text, never as a formula', () => {
    expect(answersCsv([]).split('\r\n')[0]).toBe(
      '"student_id","name","step","value","values","sketch","updated_at"',
    );
    expect(row('=HYPERLINK("x")')).toBe(`"s","'=HYPERLINK(""x"")","1","2","","","t"`);
    expect(row('+1')).toBe(`"s","'+1","1","2","","","t"`);
    expect(row('-1+2')).toBe(`"s","'-1+2","1","2","","","t"`);
    expect(row('@SUM(A1)')).toBe(`"s","'@SUM(A1)","1","2","","","t"`);
    expect(row('\tx')).toBe(`"s","'\tx","1","2","","","t"`);
    expect(row('\rx')).toBe(`"s","'\rx","1","2","","","t"`);
    expect(row(' =1+1')).toBe(`"s","' =1+1","1","2","","","t"`);
    expect(row('＝1+1')).toBe(`"s","'＝1+1","1","2","","","t"`);
    expect(row('a, "b"')).toBe(`"s","a, ""b""","1","2","","","t"`);
    expect(row(null, null)).toBe(`"s","","1","","","","t"`);
  });

  it('starts no cell with a formula whatever the separator (`,` `;` or a tab)', () => {
    const names = ['a;=1+1;b', 'a,=1+1,b', 'a\t=1+1', 'x;+cmd|"/c calc"!A0', '-2;@x'];
    const csv = answersCsv(names.map((name) => answer({ name, value: -2 })));
    const lines = csv.trimEnd().split('\r\n');
    for (const sep of [',', ';', '\t'])
      for (const line of lines)
        for (const cell of splitCsv(line, sep))
          expect(cell, `${sep} ${line}`).not.toMatch(/^\s*[=+@]|^\s*-(?!\d)/);
    // …and with a comma, each name comes back whole, and the value as a number.
    expect(lines.slice(1).map((l) => splitCsv(l, ',')[1])).toEqual(
      names.map((n) => (/^\s*[=+\-@]/.test(n) ? `'${n}` : n)),
    );
    expect(lines.slice(1).map((l) => Number(splitCsv(l, ',')[3]))).toEqual(names.map(() => -2));
  });

  it('keeps numbers as numbers, negative ones too', () => {
    expect(row('Ann', -2.5)).toBe('"s","Ann","1","-2.5","","","t"');
    const curve: [number, number][] = [
      [1, -2],
      [3, 4],
    ];
    const sketch = answersCsv([answer({ step: 3, value: null, sketch: curve })]).split('\r\n')[1];
    expect(sketch).toBe('"s","n","3","","","[[1,-2],[3,4]]","t"');
    const several = answersCsv([answer({ step: 5, value: null, values: [150, -45.5] })]).split(
      '\r\n',
    )[1];
    expect(several).toBe('"s","n","5","","[150,-45.5]","","t"');
  });
});

describe('the lessons the server loads', () => {
  it('takes every lesson that reads, and names each file it leaves out', async () => {
    const dir = await mkdtemp(joinPath(tmpdir(), 'class-lessons-'));
    try {
      await writeFile(joinPath(dir, 'quiz.json'), JSON.stringify(TEST_LESSONS.get('quiz')));
      await writeFile(
        joinPath(dir, 'renamed.json'),
        JSON.stringify({ ...TEST_LESSONS.get('quiz'), id: 'quiz' }),
      );
      await writeFile(joinPath(dir, 'broken.json'), '{ not json');
      await writeFile(joinPath(dir, 'notes.txt'), 'not a lesson');
      const { lessons, problems } = loadLessons(dir);
      expect([...lessons.keys()]).toEqual(['quiz']);
      expect(lessons.get('quiz')?.steps[2]?.answer?.kind).toBe('sketch');
      expect(problems).toHaveLength(2);
      expect(problems.find((p) => p.startsWith('broken.json'))).toMatch(/not JSON/);
      expect(problems.find((p) => p.startsWith('renamed.json'))).toMatch(/differs/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
