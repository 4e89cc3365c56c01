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
import type { Answer, CreatedClass, Joined } from '../../src/class/protocol';
import { freePort } from './class-helpers';
import { apiOf, classServers, killHard, ready } from './class-process';

const { server, dir } = classServers('class-durability-');

async function classWith(url: string, n: number) {
  const api = apiOf(url);
  const c = (await api<CreatedClass>('classes', { json: { lessonId: 'quiz' } })).body;
  const students: Joined[] = [];
  for (let i = 0; i < n; i++)
    students.push((await api<Joined>(`classes/${c.code}/students`, { json: {} })).body);
  const answer = (s: Joined, value: number) =>
    api<{ answer?: Answer; error?: string }>(`classes/${c.code}/answers/1`, {
      method: 'PUT',
      json: { value },
      headers: { Authorization: `Bearer ${s.token}` },
    });
  return { api, c, students, answer };
}

describe('the class server’s durability', () => {
  it('fsyncs the log of every acknowledged answer before it answers', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const run = server(port, dir('fsync'));
    await ready(run, url);
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
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const data = dir('burst');
    let run = server(port, data);
    await ready(run, url);
    const { api, c, students, answer } = await classWith(url, 60);

    // Each student sends rising values, 60 students at once, until the process is killed.
    const acked = new Map<string, number>();
    const sentMax = new Map<string, number>();
    let total = 0;
    let killed: Promise<void> | null = null;
    await Promise.all(
      students.map(async (s, i) => {
        for (let k = 0; ; k++) {
          const value = i * 1000 + k;
          sentMax.set(s.studentId, value);
          let status: number;
          try {
            status = (await answer(s, value)).status;
          } catch {
            return; // The connection died with the process.
          }
          if (status === 429) {
            await new Promise((r) => setTimeout(r, 200));
            continue;
          }
          if (status !== 200) return;
          acked.set(s.studentId, value);
          // Killed mid-burst: once 300 answers are acknowledged, with others in flight.
          if (++total === 300) killed = killHard(run);
          if (killed) return;
        }
      }),
    );
    await killed;
    expect(total).toBeGreaterThanOrEqual(300);

    run = server(port, data);
    await ready(run, url);
    const exported = await api<{ answers: Answer[] }>(`classes/${c.code}/export.json`, {
      headers: { 'X-Teacher-Key': c.teacherKey },
    });
    const stored = new Map(exported.body.answers.map((a) => [a.studentId, a.value!]));
    for (const [id, value] of acked) {
      // The acknowledged value, or a later one sent before the kill (its reply lost).
      expect(stored.get(id), id).toBeGreaterThanOrEqual(value);
      expect(stored.get(id), id).toBeLessThanOrEqual(sentMax.get(id)!);
    }
    await killHard(run);
  });
});
