/**
 * The class server as its own process (server/main.ts, as `npm run class:serve` runs it), for
 * the tests of what only a real process shows: the data folder's lock, SIGKILL mid-burst, a
 * store that fails under it. `classFixture()` makes a dist/ and the test lessons in a
 * temporary folder; `launch()` starts a server; `ready()` waits until it answers.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ClassState, CreatedClass, Joined } from '../../src/class/protocol';
import { TEST_LESSONS } from './class-helpers';
import { killHard, launch, ready, type Run } from '../../scripts/lib/classServer';

/** A temporary folder with `dist/index.html` and `lessons/` (the tests' own lessons). */
export async function classFixture(prefix: string) {
  const tmp = await mkdtemp(join(tmpdir(), prefix));
  const dist = join(tmp, 'dist');
  const lessons = join(tmp, 'lessons');
  await mkdir(dist);
  await mkdir(lessons);
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  for (const [id, lesson] of TEST_LESSONS)
    await writeFile(join(lessons, `${id}.json`), JSON.stringify(lesson));
  return { tmp, dist, lessons };
}

export { killHard, launch, ready, type Run };

/** A JSON API of the server at `url` (`http://127.0.0.1:port/`): status and body. */
export function apiOf(url: string) {
  return async <T>(
    path: string,
    init: RequestInit & { json?: unknown } = {},
  ): Promise<{ status: number; body: T }> => {
    const { json, ...rest } = init;
    const res = await fetch(`${url}api/${path}`, {
      ...rest,
      ...(json !== undefined ? { method: rest.method ?? 'POST', body: JSON.stringify(json) } : {}),
      headers: { 'Content-Type': 'application/json', ...(rest.headers ?? {}) },
    });
    return { status: res.status, body: (await res.json()) as T };
  };
}

/**
 * A test file's real servers: the fixture made before its tests, every server it started
 * killed and the folder removed after them. `server(port, data)` starts one on `data`.
 */
export function classServers(prefix: string) {
  const at = { tmp: '', dist: '', lessons: '' };
  const runs: Run[] = [];
  beforeAll(async () => {
    Object.assign(at, await classFixture(prefix));
  });
  afterAll(async () => {
    for (const r of runs) await killHard(r);
    if (at.tmp) await rm(at.tmp, { recursive: true, force: true });
  });
  return {
    /** The fixture's folder (set once the file's tests start). */
    dir: (name: string) => join(at.tmp, name),
    /** A server on `port` with its data in `data` (none: the database `env` names). */
    server(port: number, data: string | null, env: NodeJS.ProcessEnv = {}): Run {
      const where = data === null ? [] : ['--data', data];
      const r = launch(
        ['--port', String(port), ...where, '--dist', at.dist, '--lessons', at.lessons],
        env,
      );
      runs.push(r);
      return r;
    },
  };
}

/**
 * The reproducers that need no more than HTTP (issue 37), against a real server
 * process at `url` — run on PGlite (class-reproducers.test.ts) and on Debian's PostgreSQL
 * (class-postgres.test.ts). Each class gets its own teacher key, so 15 trials stay within a
 * key's control budget without moving any clock.
 */
export const reproducers = {
  /** "A reveal for step 1 racing a goto 2 from a second teacher tab", 15 times. */
  async revealRacingGoto(url: string, trials = 15) {
    const api = apiOf(url);
    for (let trial = 0; trial < trials; trial++) {
      const c = (await api<CreatedClass>('classes', { json: { lessonId: 'quiz' } })).body;
      const control = (body: unknown) =>
        api<ClassState | { error: string }>(`classes/${c.code}/control`, {
          json: body,
          headers: { 'X-Teacher-Key': c.teacherKey },
        });
      expect((await control({ action: 'lock' })).status).toBe(200);
      const reveal = { label: `trial ${trial}`, unit: 's', model: 1, paper: null, interval: null };
      const [goto, shown] = await Promise.all([
        control({ action: 'goto', step: 2 }),
        control({ action: 'reveal', step: 1, reveal }),
      ]);
      expect([200, 409]).toContain(goto.status);
      expect([200, 409]).toContain(shown.status);
      const state = (await api<ClassState>(`classes/${c.code}`, { method: 'GET' })).body;
      if (state.step === 2) expect(state).toMatchObject({ phase: 'open', reveal: null });
      else expect(state).toMatchObject({ step: 1, phase: 'revealed', reveal });
      expect(state.step === 2).toBe(goto.status === 200);
      // Refused for its step, or found the class moved between its check and its write.
      if (shown.status === 409)
        expect((shown.body as { error: string }).error).toMatch(
          /^The class (is on step 2: this reveal was for step 1|changed meanwhile \(now on step 2, open\))/,
        );
    }
  },

  /** "A reveal label with U+0000 → 500; a reveal interval with low > high is accepted." */
  async malformedReveals(url: string) {
    const api = apiOf(url);
    const c = (await api<CreatedClass>('classes', { json: { lessonId: 'quiz' } })).body;
    const control = (body: unknown) =>
      api<ClassState | { error: string }>(`classes/${c.code}/control`, {
        json: body,
        headers: { 'X-Teacher-Key': c.teacherKey },
      });
    await control({ action: 'lock' });
    const reveal = (label: string) => ({
      label,
      unit: 's',
      model: 150,
      paper: 140,
      interval: null,
    });
    expect(await control({ action: 'reveal', step: 1, reveal: reveal('a\u0000b') })).toEqual({
      status: 400,
      body: { error: 'reveal.label: label must be plain text on one line' },
    });
    expect(
      await control({
        action: 'reveal',
        step: 1,
        reveal: { ...reveal('x'), interval: [180, 120] },
      }),
    ).toEqual({ status: 400, body: { error: 'reveal.interval: low must not be above high' } });
    const state = (await api<ClassState>(`classes/${c.code}`, { method: 'GET' })).body;
    expect(state).toMatchObject({ step: 1, phase: 'locked', reveal: null });
  },

  /** "`a;=1+1;b` written unquoted"; invisible names; 36 combining marks on 40 characters. */
  async namesAndCsv(url: string) {
    const api = apiOf(url);
    const c = (await api<CreatedClass>('classes', { json: { lessonId: 'quiz' } })).body;
    const join = (name: string) => api<Joined>(`classes/${c.code}/students`, { json: { name } });
    const invisible =
      'name must show at least one visible letter (or be left empty to stay anonymous)';
    expect(await join('\u3164\u3164\u3164')).toEqual({ status: 400, body: { error: invisible } });
    expect(await join('\u2800\u2800')).toEqual({ status: 400, body: { error: invisible } });
    const stacked = `${'a'.repeat(4)}${'\u0336'.repeat(36)}`;
    expect(await join(stacked)).toEqual({
      status: 400,
      body: { error: 'name may carry at most 2 accents on one letter' },
    });
    for (const [name, value] of [
      ['a;=1+1;b', 1],
      ['=1+1', 2],
    ] as const) {
      const s = await join(name);
      expect(s.status).toBe(201);
      const put = await api(`classes/${c.code}/answers/1`, {
        method: 'PUT',
        json: { value },
        headers: { Authorization: `Bearer ${s.body.token}` },
      });
      expect(put.status).toBe(200);
    }
    const res = await fetch(`${url}api/classes/${c.code}/export.csv`, {
      headers: { 'X-Teacher-Key': c.teacherKey },
    });
    const rows = (await res.text()).trimEnd().split('\r\n');
    // Every field quoted; read with `;`, a tab or `,` as the separator, no cell is a formula.
    for (const row of rows) expect(row).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(rows.slice(1).map((r) => r.split('","')[1])).toEqual(['a;=1+1;b', "'=1+1"]);
    for (const sep of [';', '\t', ','])
      for (const row of rows)
        for (const cell of splitCsv(row, sep)) expect(cell).not.toMatch(/^\s*[=+@]|^\s*-(?!\d)/);
  },
};

/**
 * A line split into cells as a spreadsheet does with the separator `sep` (a quote opens or
 * closes quoting, a doubled quote inside is one): each cell's start is what it would evaluate.
 */
export function splitCsv(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === sep && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
