/**
 * The class server (server/main.ts) as the browser tests and the bench run it: a real child
 * process on a free port of 127.0.0.1, its embedded database in a temporary folder, serving
 * the built dist/. `kill` ends it at once (SIGKILL: no chance to flush anything) and `start`
 * runs it again on the same port and data, as a teacher restarting their laptop's server would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Answer, Student } from '../../src/class/protocol';
import { freePort, ROOT } from './browser';

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

export interface ClassServer {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
  exportJson(code: string, key: string): Promise<{ students: Student[]; answers: Answer[] }>;
}

/**
 * `data`: the embedded database's folder (kept); a temporary one (removed at stop) without.
 * `lessons`: a folder of lessons to serve instead of src/lessons/.
 */
export async function startClassServer(
  options: { data?: string; lessons?: string } = {},
): Promise<ClassServer> {
  const port = await freePort();
  const data = options.data ?? (await mkdtemp(join(tmpdir(), 'latency-lab-class-')));
  const dist = process.env.LATENCY_LAB_DIST ?? `${ROOT}dist`;
  const url = `http://127.0.0.1:${port}/`;
  let run: Run | null = null;

  const start = async () => {
    const args = ['--port', String(port), '--data', data, '--dist', dist];
    if (options.lessons) args.push('--lessons', options.lessons);
    // The database the environment names, if any (Debian's PostgreSQL); else embedded.
    run = launch(args, { DATABASE_URL: process.env.DATABASE_URL ?? '' });
    await ready(run, url);
  };
  const kill = () => killHard(run);
  await start();
  return {
    url,
    start,
    kill,
    stop: async () => {
      await kill();
      if (!options.data) await rm(data, { recursive: true, force: true });
    },
    exportJson: async (code, key) => {
      const res = await fetch(`${url}api/classes/${code}/export.json`, {
        headers: { 'X-Teacher-Key': key },
      });
      if (!res.ok) throw new Error(`export refused: ${res.status} ${await res.text()}`);
      return (await res.json()) as { students: Student[]; answers: Answer[] };
    },
  };
}
