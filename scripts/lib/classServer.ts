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
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    output = '';
    const proc = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', 'server/main.ts', '--port', String(port), '--data', data],
        ...['--dist', dist, ...(options.lessons ? ['--lessons', options.lessons] : [])],
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    // Ready when it answers; a server that exits first fails with what it printed.
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`the class server exited:\n${output}`);
      try {
        const res = await fetch(`${url}api/health`);
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const kill = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  };
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
