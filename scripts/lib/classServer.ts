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
import type { Browser, Page } from 'playwright-core';
import { freePort, launchChromium, ROOT } from './browser';

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

/**
 * The docs' pictures of a class: the class server and a teacher's board in projector mode at
 * `viewport` with its class started (then `prepare`), and `n` students through the API as
 * their phones would send, student `i` named `name(i)` answering step 1 with `answer(i)`.
 * `shoot` gets them once the board counts every answer; the browser and server end after.
 */
export async function classPicture(
  viewport: { width: number; height: number },
  students: { n: number; name: (i: number) => string; answer: (i: number) => unknown },
  shoot: (room: {
    teacher: Page;
    code: string;
    tokens: string[];
    browser: Browser;
    url: string;
  }) => Promise<void>,
  prepare: (teacher: Page) => Promise<void> = async () => {},
) {
  const server = await startClassServer();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const teacher = await context.newPage();
    await teacher.goto(`${server.url}#/lesson/mpe-ix?step=1&view=projector`);
    await teacher.getByTestId('class-start').click();
    await teacher.getByTestId('class-joined').waitFor();
    const code = /#\/class\/([a-z0-9]+)\/teach/.exec(teacher.url())?.[1] ?? '';
    await prepare(teacher);
    const send = (method: string, path: string, body: unknown, token = '') =>
      fetch(`${server.url}api/classes/${code}/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const tokens: string[] = [];
    for (let i = 0; i < students.n; i++) {
      const joined = (await (
        await send('POST', 'students', { name: students.name(i) })
      ).json()) as {
        token: string;
      };
      tokens.push(joined.token);
      await send('PUT', 'answers/1', students.answer(i), joined.token);
    }
    await teacher
      .getByTestId('class-answered')
      .filter({ hasText: String(students.n) })
      .waitFor();
    await shoot({ teacher, code, tokens, browser, url: server.url });
  } finally {
    await browser.close();
    await server.stop();
  }
}
