/**
 * What an acknowledged answer survives, on the real server process (server/main.ts) with the
 * embedded PostgreSQL on disc:
 * - a power cut: every commit's log reaches the disc (fsync) before the answer is
 *   acknowledged — seen from outside with strace, as the issue measured it (0 fsyncs before);
 * - SIGKILL in the middle of a burst of answers: after a restart, every answer acknowledged
 *   before the kill is there (or a later one of the same student, sent but not acknowledged).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Joined } from '../../src/class/protocol';
import { classApi, over } from './class-helpers';
import { burstUntil, classServers, killHard, seated } from './class-process';

const { dir, started } = classServers('class-durability-');

async function classWith(url: string, n: number) {
  const api = classApi(over(url));
  const c = await api.newClass();
  const students = await seated(api, c, n);
  const answer = (s: Joined, value: number) => api.answer(c, s, 1, { value });
  return { api, c, students, answer };
}

describe('the class server’s durability', () => {
  it('fsyncs the log of every acknowledged answer before it answers', async () => {
    const { run, url } = await started(dir('fsync'));
    const { students, answer } = await classWith(url, 20);

    // strace on the server process and its threads: each fsync, with the file's path (-y).
    const trace = spawn(
      'strace',
      ['-f', '-y', '-qq', '-e', 'trace=fsync,fdatasync', '-p', String(run.proc.pid)],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let log = '';
    trace.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const traced = new Promise<number | null>((r) => trace.once('exit', r));
    // Attached once a first fsync shows (an answer until then; without fsyncs, none ever does).
    let sent = 0;
    while (!/fsync\(/.test(log) && sent < 200) {
      if (trace.exitCode !== null) throw new Error(`strace ended: ${log}`);
      expect((await answer(students[sent % 20]!, sent++)).status).toBe(200);
    }
    const before = (log.match(/fsync\(\d+<[^>]*\/pg_wal\/[0-9A-F]{24}>\)/g) ?? []).length;
    // 40 answers, one after the other: each one's commit on disc before its 200.
    for (let i = 0; i < 40; i++)
      expect((await answer(students[i % 20]!, 1000 + i)).status).toBe(200);
    trace.kill('SIGINT');
    await traced;
    const walSyncs = (log.match(/fsync\(\d+<[^>]*\/pg_wal\/[0-9A-F]{24}>\)/g) ?? []).length;
    expect(walSyncs - before, log.slice(-2000)).toBeGreaterThanOrEqual(40);
    await killHard(run);
  });

  it('keeps every answer acknowledged before a SIGKILL in the middle of a burst', async () => {
    const data = dir('burst');
    const { run, url, port } = await started(data);
    const { api, c, students } = await classWith(url, 60);
    // Each student sends rising values, 60 students at once, until the process is killed.
    const allKept = await burstUntil(api, c, students, () => killHard(run));
    await started(data, {}, port);
    await allKept();
  });
});
