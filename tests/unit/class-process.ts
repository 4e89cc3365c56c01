/**
 * The class server as its own process (server/main.ts, as `npm run class:serve` runs it), for
 * the tests of what only a real process shows: the data folder's lock, SIGKILL mid-burst, a
 * store that fails under it. `classFixture()` makes a dist/ and the test lessons in a
 * temporary folder; `launch()` starts a server; `ready()` waits until it answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { TEST_LESSONS } from './class-helpers';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

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

export interface Run {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** server/main.ts with these arguments; DATABASE_URL is empty unless `env` sets it. */
export function launch(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, output: () => output, exited };
}

/** Until the server answers (a state, not a time); a server that exits first fails. */
export async function ready(run: Run, url: string) {
  for (;;) {
    if (run.proc.exitCode !== null || run.proc.signalCode !== null)
      throw new Error(`the class server exited:\n${run.output()}`);
    try {
      if ((await fetch(`${url}api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGKILL, and until the process is gone. */
export async function killHard(run: Run | null) {
  if (!run || run.proc.exitCode !== null || run.proc.signalCode !== null) return;
  run.proc.kill('SIGKILL');
  await run.exited;
}

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
    server(port: number, data: string): Run {
      const r = launch([
        '--port',
        String(port),
        '--data',
        data,
        '--dist',
        at.dist,
        '--lessons',
        at.lessons,
      ]);
      runs.push(r);
      return r;
    },
  };
}
