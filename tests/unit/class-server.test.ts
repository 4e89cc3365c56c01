/**
 * The class server's API (server/app.ts) on an embedded PostgreSQL (PGlite, in memory),
 * driven through `app.request()`: a whole step, then hostile input — each refused with a
 * sentence saying why, and nothing stored changed by it. The rate limiters run on a clock
 * the test moves itself.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersCsv, CLASS_META, createClassApp } from '../../server/app';
import { loadLessons } from '../../server/lessons';
import { openStore, type Store } from '../../server/store';
import type { Answer, ClassState, CreatedClass, Joined } from '../../src/class/protocol';
import { storeContract } from './class-store';

storeContract('PGlite (embedded)', () => openStore({}));

const LESSONS = loadLessons(joinPath(__dirname, '../../src/lessons'));

describe('the class API', () => {
  let store: Store;
  let dist: string;
  let clock = 0;
  let app: ReturnType<typeof createClassApp>['app'];

  beforeAll(async () => {
    store = await openStore({});
    dist = await mkdtemp(joinPath(tmpdir(), 'class-dist-'));
    await writeFile(
      joinPath(dist, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    ({ app } = createClassApp({ store, lessons: LESSONS, distDir: dist, now: () => clock }));
  });
  afterAll(async () => {
    await store?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const json = (
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

  async function newClass(lessonId = 'mpe-ix') {
    const res = await json('POST', '/api/classes', { lessonId });
    expect(res.status).toBe(201);
    return (await res.json()) as CreatedClass;
  }
  async function join(code: string, name?: string) {
    const res = await json(
      'POST',
      `/api/classes/${code}/students`,
      name === undefined ? {} : { name },
    );
    expect(res.status).toBe(201);
    return (await res.json()) as Joined;
  }
  const answer = (code: string, token: string, step: number, body: unknown) =>
    json('PUT', `/api/classes/${code}/answers/${step}`, body, { Authorization: `Bearer ${token}` });
  const control = (code: string, key: string, body: unknown) =>
    json('POST', `/api/classes/${code}/control`, body, { 'X-Teacher-Key': key });
  const exported = async (code: string, key: string) =>
    (await (
      await app.request(`/api/classes/${code}/export.json`, { headers: { 'X-Teacher-Key': key } })
    ).json()) as { class: ClassState; answers: Answer[] };

  it('runs a step: join, answer, change, lock, reveal, export', async () => {
    const c = await newClass();
    expect(c.code).toMatch(/^[a-hjkmnp-z2-9]{10}$/);
    expect(c.teacherKey.length).toBeGreaterThanOrEqual(40);
    expect(c.joinUrl).toMatch(new RegExp(`/#/class/${c.code}$`));
    expect(c.qrSvg).toMatch(/^<svg/);
    const a = await join(c.code, '  Ann  ');
    const b = await join(c.code, '');
    const ok = await answer(c.code, a.token, 1, { value: 45 });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { answer: Answer }).answer).toMatchObject({
      name: 'Ann',
      value: 45,
    });
    expect((await answer(c.code, b.token, 1, { value: 150 })).status).toBe(200);
    expect((await answer(c.code, a.token, 1, { value: 50 })).status).toBe(200);
    // The wrong kind, and the wrong step, are refused with a reason.
    const sketch = await answer(c.code, a.token, 1, {
      sketch: [
        [1, 1],
        [2, 2],
      ],
    });
    expect([sketch.status, await errorOf(sketch)]).toEqual([409, 'This step asks for a number.']);
    const wrongStep = await answer(c.code, a.token, 3, { value: 1 });
    expect([wrongStep.status, await errorOf(wrongStep)]).toEqual([409, 'The class is on step 1.']);

    expect((await control(c.code, c.teacherKey, { action: 'lock' })).status).toBe(200);
    const late = await answer(c.code, b.token, 1, { value: 1 });
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toMatch(/locked/);
    const reveal = {
      label: 'Memory Mapped',
      unit: 's',
      model: 147.3,
      paper: 146.3,
      interval: [120, 180],
    };
    const revealed = await control(c.code, c.teacherKey, { action: 'reveal', reveal });
    expect(((await revealed.json()) as ClassState).phase).toBe('revealed');
    const state = (await (await app.request(`/api/classes/${c.code}`)).json()) as ClassState;
    expect(state).toMatchObject({ step: 1, phase: 'revealed', reveal });

    const out = await exported(c.code, c.teacherKey);
    expect(out.answers.map((x) => [x.name, x.value])).toEqual([
      ['Ann', 50],
      [null, 150],
    ]);
    const csv = await (
      await app.request(`/api/classes/${c.code}/export.csv`, {
        headers: { 'X-Teacher-Key': c.teacherKey },
      })
    ).text();
    expect(
      csv
        .split('\r\n')
        .slice(0, 3)
        .map((l) => l.split(',').slice(1, 4)),
    ).toEqual([
      ['name', 'step', 'value'],
      ['Ann', '1', '50'],
      ['', '1', '150'],
    ]);

    // The next step (no answer asked), then step 3: open again, nothing carried over.
    const next = await control(c.code, c.teacherKey, { action: 'goto', step: 2 });
    expect(((await next.json()) as ClassState).reveal).toBeNull();
    const none = await answer(c.code, a.token, 2, { value: 1 });
    expect(await errorOf(none)).toBe('This step asks for no answer.');
    const tooFar = await control(c.code, c.teacherKey, { action: 'goto', step: 9 });
    expect([tooFar.status, await errorOf(tooFar)]).toEqual([400, 'This lesson has 5 steps.']);
  });

  it('takes a sketch where the step asks for a curve, within its limits', async () => {
    const c = await newClass('hpux-ufc');
    const s = await join(c.code, 'Sketcher');
    await control(c.code, c.teacherKey, { action: 'goto', step: 4 });
    const curve = [
      [1, 1],
      [8, 1.2],
      [64, 1.6],
    ];
    expect((await answer(c.code, s.token, 4, { sketch: curve })).status).toBe(200);
    const huge = await answer(c.code, s.token, 4, {
      sketch: Array.from({ length: 10_000 }, (_, i) => [i, i]),
    });
    expect(huge.status).toBe(413);
    const many = await answer(c.code, s.token, 4, {
      sketch: Array.from({ length: 65 }, (_, i) => [i, i]),
    });
    expect([many.status, await errorOf(many)]).toEqual([
      400,
      'sketch: a sketch has at most 64 points',
    ]);
    const bad = await answer(c.code, s.token, 4, {
      sketch: [
        [1, 'x'],
        [2, 2],
      ],
    });
    expect(bad.status).toBe(400);
    expect((await exported(c.code, c.teacherKey)).answers.map((a) => a.sketch)).toEqual([curve]);
  });

  it('refuses hostile input with a reason, and stores nothing of it', async () => {
    const c = await newClass();
    const s = await join(c.code, 'Honest');
    expect((await answer(c.code, s.token, 1, { value: 42 })).status).toBe(200);
    const before = JSON.stringify(await exported(c.code, c.teacherKey));

    const refusals: [Response | Promise<Response>, number, RegExp][] = [
      [answer(c.code, s.token, 1, { value: 1e300 }), 400, /too large/],
      [answer(c.code, s.token, 1, { value: '42' }), 400, /value must be a number/],
      [answer(c.code, s.token, 1, '{"value": NaN}'), 400, /not valid JSON/],
      [answer(c.code, s.token, 1, { value: 1, admin: true }), 400, /value|sketch/],
      [answer(c.code, s.token, 1, 'x'.repeat(1024 * 1024)), 413, /larger than 16 KB/],
      [answer(c.code, 'forged-token', 1, { value: 1 }), 401, /Join the class first/],
      [
        app.request(`/api/classes/${c.code}/answers/1`, {
          method: 'PUT',
          headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${s.token}` },
          body: '{"value":1}',
        }),
        415,
        /JSON/,
      ],
      [control(c.code, 'wrong-key', { action: 'lock' }), 403, /Wrong teacher key/],
      [json('POST', `/api/classes/${c.code}/control`, { action: 'lock' }), 401, /teacher’s key/],
      [control(c.code, c.teacherKey, { action: 'delete-everything' }), 400, /action/],
      [
        app.request(`/api/classes/${c.code}/export.json`, { headers: { 'X-Teacher-Key': 'x' } }),
        403,
        /Wrong/,
      ],
      [app.request(`/api/classes/${c.code}/events?key=wrong`), 403, /Wrong teacher key/],
      [json('POST', `/api/classes/${c.code}/students`, { name: 'a\u0000b' }), 400, /plain text/],
      [
        json('POST', `/api/classes/${c.code}/students`, { name: 'x'.repeat(41) }),
        400,
        /40 characters/,
      ],
      [json('POST', '/api/classes', { lessonId: '../../etc/passwd' }), 400, /lesson id/],
      [json('POST', '/api/classes', { lessonId: 'no-such-lesson' }), 404, /no lesson/],
      [app.request('/api/classes/zzzzzzzzzz'), 404, /no class/],
      [app.request('/api/classes/<script>'), 404, /no class/],
      [app.request('/api/nothing-here'), 404, /no such request/],
    ];
    for (const [pending, status, message] of refusals) {
      const res = await pending;
      expect(res.status, message.source).toBe(status);
      expect(await errorOf(res), message.source).toMatch(message);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(JSON.stringify(await exported(c.code, c.teacherKey))).toBe(before);
    expect((await store.getClass(c.code))?.phase).toBe('open');
  });

  it('stores a name with markup as text, verbatim, in JSON', async () => {
    const c = await newClass();
    const name = '<img src=x onerror=alert(1)>';
    const s = await join(c.code, name);
    const res = await answer(c.code, s.token, 1, { value: 1 });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { answer: Answer }).answer.name).toBe(name);
  });

  it('limits a flood from one student; the last accepted answer stands', async () => {
    const c = await newClass();
    const s = await join(c.code, 'Flood');
    const statuses: number[] = [];
    let lastAccepted = -1;
    for (let i = 0; i < 100; i++) {
      const res = await answer(c.code, s.token, 1, { value: i });
      statuses.push(res.status);
      if (res.status === 200) lastAccepted = i;
      else {
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    }
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThan(50);
    expect((await exported(c.code, c.teacherKey)).answers[0]?.value).toBe(lastAccepted);
    // Time passes (the test's own clock): the student may answer again.
    clock += 10_000;
    expect((await answer(c.code, s.token, 1, { value: 7 })).status).toBe(200);
  });

  it('serves the app with its headers and the class mark, and nothing outside dist/', async () => {
    const index = await app.request('/');
    expect(await index.text()).toContain(CLASS_META);
    expect(index.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%00'])
      expect((await app.request(path)).status, path).toBe(404);
  });

  it('gives join links the room can reach, whatever address the teacher used', async () => {
    // Addresses only (192.0.2.0/24 is for documentation): nothing is sent anywhere.
    const lan = createClassApp({ store, lessons: LESSONS, roomHost: '192.0.2.10:8787' }).app;
    const linkFor = async (host: string) =>
      (
        (await (
          await lan.request('/api/classes', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Host: host },
            body: JSON.stringify({ lessonId: 'mpe-ix' }),
          })
        ).json()) as CreatedClass
      ).joinUrl;
    expect(await linkFor('localhost:8787')).toMatch(/^http:\/\/192\.0\.2\.10:8787\/#\/class\//);
    expect(await linkFor('127.0.0.1:8787')).toMatch(/^http:\/\/192\.0\.2\.10:8787\//);
    expect(await linkFor('192.0.2.77:8787')).toMatch(/^http:\/\/192\.0\.2\.77:8787\//);
    expect(await linkFor('evil.example/<x>')).toMatch(/^http:\/\/192\.0\.2\.10:8787\//);
  });

  it('writes CSV that a spreadsheet reads as text', () => {
    const csv = answersCsv([
      { studentId: 's', name: '=HYPERLINK("x")', step: 1, value: 2, sketch: null, updatedAt: 't' },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`s,"'=HYPERLINK(""x"")",1,2,,t`);
  });
});
