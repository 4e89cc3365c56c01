/**
 * The class server as its own process (server/main.ts, as `npm run class:serve` runs it), for
 * the tests of what only a real process shows: the data folder's lock, SIGKILL mid-burst, a
 * store that fails under it. `classFixture()` makes a dist/ and the test lessons in a
 * temporary folder; `launch()` starts a server; `ready()` waits until it answers.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedClass, Joined } from '../../src/class/protocol';
import { classApi, errorOf, freePort, over, TEST_LESSONS } from './class-helpers';
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

/** A server that refuses to start: its exit code and its lines (one, on stderr). */
export async function refusal(r: Run) {
  const code = await r.exited;
  return { code, lines: r.output().trimEnd().split('\n') };
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
  /** A server on `port` with its data in `data` (none: the database `env` names). */
  function server(port: number, data: string | null, env: NodeJS.ProcessEnv = {}): Run {
    const where = data === null ? [] : ['--data', data];
    const r = launch(
      ['--port', String(port), ...where, '--dist', at.dist, '--lessons', at.lessons],
      env,
    );
    runs.push(r);
    return r;
  }
  return {
    /** The fixture's folder (set once the file's tests start). */
    dir: (name: string) => join(at.tmp, name),
    server,
    /** A server on `data` (as `server`) once it answers, on `port` or a free one; its URL. */
    async started(data: string | null, env: NodeJS.ProcessEnv = {}, port?: number) {
      port ??= await freePort();
      const url = `http://127.0.0.1:${port}/`;
      const run = server(port, data, env);
      await ready(run, url);
      return { run, url, port };
    },
  };
}

/** `n` joins to class `c`: the students seated (one address holds only its share of seats). */
export async function seated(api: ReturnType<typeof classApi>, c: CreatedClass, n: number) {
  const students: Joined[] = [];
  for (let i = 0; i < n; i++) {
    const res = await api.send('POST', `/api/classes/${c.code}/students`, {});
    if (res.status === 201) students.push((await res.json()) as Joined);
  }
  return students;
}

/**
 * Every student answers step 1 at once with rising values (waiting out a 429) until 300 are
 * acknowledged; then `crash()` (the server killed mid-burst, answers in flight). Returns the
 * check to make after the restart: each acknowledged value, or a later one sent before the
 * crash (its reply lost), is stored.
 */
export async function burstUntil(
  api: ReturnType<typeof classApi>,
  c: CreatedClass,
  students: Joined[],
  crash: () => Promise<void>,
) {
  const acked = new Map<string, number>();
  const sentMax = new Map<string, number>();
  let total = 0;
  let crashed: Promise<void> | null = null;
  await Promise.all(
    students.map(async (s, i) => {
      for (let k = 0; !crashed; k++) {
        const value = i * 1000 + k;
        sentMax.set(s.studentId, value);
        let status: number;
        try {
          status = (await api.answer(c, s, 1, { value })).status;
        } catch {
          return; // The connection died with the process.
        }
        if (status === 429) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        if (status !== 200) return;
        acked.set(s.studentId, value);
        if (++total === 300) crashed = crash();
      }
    }),
  );
  await crashed;
  expect(total).toBeGreaterThanOrEqual(300);
  return async function allKept() {
    const { answers } = await api.exportedJson(c);
    const stored = new Map(answers.map((a) => [a.studentId, a.value!]));
    for (const [id, value] of acked) {
      expect(stored.get(id), id).toBeGreaterThanOrEqual(value);
      expect(stored.get(id), id).toBeLessThanOrEqual(sentMax.get(id)!);
    }
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
    const api = classApi(over(url));
    for (let trial = 0; trial < trials; trial++) {
      const c = await api.newClass();
      expect((await api.control(c, { action: 'lock' })).status).toBe(200);
      const reveal = { label: `trial ${trial}`, unit: 's', model: 1, paper: null, interval: null };
      const [goto, shown] = await Promise.all([
        api.control(c, { action: 'goto', step: 2 }),
        api.control(c, { action: 'reveal', step: 1, reveal }),
      ]);
      expect([200, 409]).toContain(goto.status);
      expect([200, 409]).toContain(shown.status);
      const state = await api.state(c);
      if (state.step === 2) expect(state).toMatchObject({ phase: 'open', reveal: null });
      else expect(state).toMatchObject({ step: 1, phase: 'revealed', reveal });
      expect(state.step === 2).toBe(goto.status === 200);
      // Refused for its step, or found the class moved between its check and its write.
      if (shown.status === 409)
        expect(await errorOf(shown)).toMatch(
          /^The class (is on step 2: this reveal was for step 1|changed meanwhile \(now on step 2, open\))/,
        );
    }
  },

  /** "A reveal label with U+0000 → 500; a reveal interval with low > high is accepted." */
  async malformedReveals(url: string) {
    const api = classApi(over(url));
    const c = await api.newClass();
    await api.control(c, { action: 'lock' });
    const refusal = async (reveal: unknown) => {
      const res = await api.control(c, { action: 'reveal', step: 1, reveal });
      return [res.status, await errorOf(res)];
    };
    const reveal = { label: 'x', unit: 's', model: 150, paper: 140, interval: null };
    expect(await refusal({ ...reveal, label: 'a\u0000b' })).toEqual([
      400,
      'reveal.label: label must be plain text on one line',
    ]);
    expect(await refusal({ ...reveal, interval: [180, 120] })).toEqual([
      400,
      'reveal.interval: low must not be above high',
    ]);
    expect(await api.state(c)).toMatchObject({ step: 1, phase: 'locked', reveal: null });
  },

  /** "`a;=1+1;b` written unquoted"; invisible names; 36 combining marks on 40 characters. */
  async namesAndCsv(url: string) {
    const api = classApi(over(url));
    const c = await api.newClass();
    const refusal = async (name: string) => {
      const res = await api.send('POST', `/api/classes/${c.code}/students`, { name });
      return [res.status, await errorOf(res)];
    };
    const invisible =
      'name must show at least one visible letter (or be left empty to stay anonymous)';
    expect(await refusal('\u3164\u3164\u3164')).toEqual([400, invisible]);
    expect(await refusal('\u2800\u2800')).toEqual([400, invisible]);
    const stacked = `${'a'.repeat(4)}${'\u0336'.repeat(36)}`;
    expect(await refusal(stacked)).toEqual([400, 'name may carry at most 2 accents on one letter']);
    for (const [name, value] of [
      ['a;=1+1;b', 1],
      ['=1+1', 2],
    ] as const)
      expect((await api.answer(c, await api.join(c, name), 1, { value })).status).toBe(200);
    const rows = (await (await api.exported(c, 'export.csv')).text()).trimEnd().split('\r\n');
    // Every field quoted; read with `;`, a tab or `,` as the separator, no cell is a formula.
    for (const row of rows) expect(row).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(rows.slice(1).map((r) => r.split('","')[1])).toEqual(['a;=1+1;b', "'=1+1"]);
    for (const sep of [';', '\t', ','])
      for (const row of rows)
        for (const cell of splitCsv(row, sep)) expect(cell).not.toMatch(/^\s*[=+@]|^\s*-(?!\d)/);
  },
};

/** The reproducers as this file's tests, against the server at `url()` once they run. */
export function reproducerTests(url: () => string) {
  it('never leaves a class on step 2 with step 1’s reveal (reveal racing goto, 15 times)', () =>
    reproducers.revealRacingGoto(url()));
  it('refuses a reveal label with U+0000 and an interval with low above high (400)', () =>
    reproducers.malformedReveals(url()));
  it('refuses invisible and stacked names; the CSV quotes every field', () =>
    reproducers.namesAndCsv(url()));
}

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
