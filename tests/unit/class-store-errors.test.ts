/**
 * A store that fails under the real class server process (server/main.ts), for real — not a
 * mock: the embedded store's disc filled up (a small tmpfs, filled with a file), and a
 * PostgreSQL server of DATABASE_URL (Debian's) stopped. Answers are then refused with 503 and
 * the sentence the student's page shows; the teacher's board hears a `health` event with the
 * same sentence, and hears it clear when the store is back. Every answer acknowledged before,
 * during and after is kept. Mounting a tmpfs needs root (as CI runs); PostgreSQL runs as the
 * `postgres` user then (see class-postgres.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CreatedClass, Joined, StoreHealth } from '../../src/class/protocol';
import { classApi, over } from './class-helpers';
import { classServers, killHard, type Run } from './class-process';
import { startPostgres } from './postgres-cluster';

const { dir, started } = classServers('class-store-errors-');
const asRoot = userInfo().uid === 0;

const FULL = 'The class store is full; answers are not being saved.';
const GONE = 'The class store cannot be reached; answers are not being saved.';

/** A reply as a refusal reads: its status, its sentence and when to try again. */
async function refusalOf(res: Response) {
  const { error } = (await res.json()) as { error?: string };
  return { status: res.status, error, retryAfter: res.headers.get('retry-after') };
}

/** A class of `n` students on the server at `url`, its board's stream open. */
async function room(url: string, n: number) {
  const api = classApi(over(url));
  const c = await api.newClass();
  const board = await api.stream(c, { key: c.teacherKey });
  const snap = await board.next<{ health?: StoreHealth }>('snapshot');
  expect(snap.health).toEqual({ problem: null });
  const students: Joined[] = [];
  for (let i = 0; i < n; i++) students.push(await api.join(c));
  /** What was acknowledged: the latest value each student got a 200 for. */
  const acked = new Map<string, number>();
  let value = 0;
  const answer = async (s: Joined) => {
    const v = ++value;
    const reply = await refusalOf(await api.answer(c, s, 1, { value: v }));
    if (reply.status === 200) acked.set(s.studentId, v);
    return reply;
  };
  const exported = async () => (await api.exportedJson(c)).answers;
  /** Every acknowledged answer is in the export, with its value. */
  const allKept = async () => {
    const stored = new Map((await exported()).map((a) => [a.studentId, a.value]));
    for (const [id, v] of acked) expect(stored.get(id), id).toBe(v);
    expect(acked.size).toBeGreaterThanOrEqual(n);
  };
  return { api, c, board, students, answer, allKept };
}

describe('the class server when its store fails', () => {
  it('says the embedded store is full (503), on the board too, and keeps every answer', async () => {
    if (!asRoot) throw new Error('this test mounts a small tmpfs: run it as root (CI does)');
    const disc = dir('disc');
    mkdirSync(disc);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', disc]);
    let run: Run | null = null;
    try {
      let url: string;
      ({ run, url } = await started(join(disc, 'data')));
      const { api, c, board, students, answer, allKept } = await room(url, 12);
      for (const s of students) expect((await answer(s)).status).toBe(200);

      // The disc fills up: a file takes every block left.
      const filler = join(disc, 'filler');
      const handle = await open(filler, 'w');
      const block = Buffer.alloc(1 << 20);
      try {
        for (;;) await handle.write(block);
      } catch (e) {
        expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
      } finally {
        await handle.close();
      }
      // Students go on joining and answering until a row needs a page the disc has no room
      // for: that request is refused, and says why.
      // One address may hold only part of a class's seats: when this class is full for it,
      // the joins go on in a new class (their rows fill the disc just the same).
      let refused: { status: number; error?: string; retryAfter: string | null } | null = null;
      let target = c.code;
      for (let i = 0; i < 3000 && !refused; i++) {
        const res = await api.send('POST', `/api/classes/${target}/students`, {});
        if (res.status === 409) {
          const next = await api.send('POST', '/api/classes', { lessonId: 'quiz' });
          if (next.status === 201) {
            target = ((await next.json()) as CreatedClass).code;
            continue;
          }
          refused = await refusalOf(next);
          break;
        }
        if (res.status !== 201) {
          refused = await refusalOf(res);
          break;
        }
        const body = (await res.json()) as Joined;
        if (target !== c.code) continue;
        students.push(body);
        const r = await answer(body);
        if (r.status !== 200) refused = r;
      }
      expect(refused).toEqual({ status: 503, error: FULL, retryAfter: '5' });
      expect(await board.next<StoreHealth>('health')).toEqual({ problem: FULL, code: 'storeFull' });
      const health = (await (await fetch(`${url}api/health`)).json()) as { store: StoreHealth };
      expect(health.store).toEqual({ problem: FULL, code: 'storeFull' });
      // Nothing acknowledged is lost, while full.
      await allKept();

      // Room again: the next answer is saved, and the board's line clears.
      await unlink(filler);
      for (const s of students) expect((await answer(s)).status).toBe(200);
      expect(await board.next<StoreHealth>('health')).toEqual({ problem: null });
      await allKept();
      await board.close();
    } finally {
      await killHard(run);
      execFileSync('umount', [disc]);
    }
  });

  it('says a stopped PostgreSQL server cannot be reached (503), and keeps every answer', async () => {
    const cluster = await startPostgres();
    let run: Run | null = null;
    try {
      let url: string;
      ({ run, url } = await started(null, { DATABASE_URL: cluster.url }));
      const { board, students, answer, allKept } = await room(url, 8);
      for (const s of students) expect((await answer(s)).status).toBe(200);

      cluster.stop('fast');
      const refused = await answer(students[0]!);
      expect(refused).toEqual({ status: 503, error: GONE, retryAfter: '5' });
      expect(await board.next<StoreHealth>('health')).toEqual({
        problem: GONE,
        code: 'storeReach',
      });
      // Again, on another student: still 503, never a 500.
      expect((await answer(students[1]!)).status).toBe(503);

      cluster.start();
      for (const s of students) expect((await answer(s)).status).toBe(200);
      expect(await board.next<StoreHealth>('health')).toEqual({ problem: null });
      await allKept();
      await board.close();
    } finally {
      await killHard(run);
      cluster.remove();
    }
  });
});
