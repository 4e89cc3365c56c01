/**
 * One class server per data folder (server/lock.ts), with real server processes: the issue's
 * reproducer — class A on a first server, a second server started on the same folder as the
 * port message once advised — must be refused (one line, exit 2), and class A must survive
 * both servers stopping. A lock left by a server killed with SIGKILL never blocks a restart.
 * A second server on a busy port says another class server may be running there.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Answer, CreatedClass, Joined } from '../../src/class/protocol';
import { freePort } from './class-helpers';
import { apiOf, classServers, killHard, ready, type Run } from './class-process';

const { server, dir } = classServers('class-lock-');

/** The server's one line on stderr and its exit code. */
async function refusal(r: Run) {
  const code = await r.exited;
  return { code, lines: r.output().trimEnd().split('\n') };
}

describe('the data folder’s lock', () => {
  it('refuses a second server on the folder, and the first one’s class survives', async () => {
    const data = dir('shared');
    const [p1, p2] = [await freePort(), await freePort()];
    const url1 = `http://127.0.0.1:${p1}/`;
    const first = server(p1, data);
    await ready(first, url1);
    const api = apiOf(url1);

    // Class A: 40 students, 120 acknowledged answers (three steps' worth).
    const a = (await api<CreatedClass>('classes', { json: { lessonId: 'quiz' } })).body;
    const students: Joined[] = [];
    for (let i = 0; i < 40; i++)
      students.push(
        (await api<Joined>(`classes/${a.code}/students`, { json: { name: `A${i}` } })).body,
      );
    let acknowledged = 0;
    for (const step of [1, 4]) {
      if (step !== 1)
        await api(`classes/${a.code}/control`, {
          json: { action: 'goto', step },
          headers: { 'X-Teacher-Key': a.teacherKey },
        });
      for (const [i, s] of students.entries()) {
        const res = await api(`classes/${a.code}/answers/${step}`, {
          method: 'PUT',
          json: { value: step * 100 + i },
          headers: { Authorization: `Bearer ${s.token}` },
        });
        expect(res.status).toBe(200);
        acknowledged++;
      }
    }
    for (const [i, s] of students.entries()) {
      // A changed answer counts once: the latest is kept.
      const res = await api(`classes/${a.code}/answers/4`, {
        method: 'PUT',
        json: { value: 1000 + i },
        headers: { Authorization: `Bearer ${s.token}` },
      });
      expect(res.status).toBe(200);
      acknowledged++;
    }
    expect(acknowledged).toBe(120);

    // The second server, as the old port message advised: refused before it touches the data.
    const second = server(p2, data);
    const { code, lines } = await refusal(second);
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^class server: another class server \\(pid ${first.proc.pid}\\) is using `),
    );
    expect(lines[0]).toContain('--data');
    // It listened on nothing.
    await expect(fetch(`http://127.0.0.1:${p2}/api/health`)).rejects.toThrow();

    // The first server still serves; stopped, then a fresh server has class A whole.
    expect((await api(`classes/${a.code}`)).status).toBe(200);
    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(data, 'class-server.lock'))).toBe(false);
    const fresh = server(p2, data);
    const url2 = `http://127.0.0.1:${p2}/`;
    await ready(fresh, url2);
    const exported = await apiOf(url2)<{ answers: Answer[] }>(`classes/${a.code}/export.json`, {
      headers: { 'X-Teacher-Key': a.teacherKey },
    });
    expect(exported.status).toBe(200);
    const got = exported.body.answers.map((x) => [x.name, x.step, x.value]);
    expect(got).toEqual([
      ...students.map((_, i) => [`A${i}`, 1, 100 + i]),
      ...students.map((_, i) => [`A${i}`, 4, 1000 + i]),
    ]);
    fresh.proc.kill('SIGTERM');
    expect(await fresh.exited).toBe(0);
  });

  it('takes over the lock of a server killed with SIGKILL at once', async () => {
    const data = dir('killed');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const first = server(port, data);
    await ready(first, url);
    const c = (await apiOf(url)<CreatedClass>('classes', { json: { lessonId: 'quiz' } })).body;
    await killHard(first);
    // The dead server's lock is still there…
    expect(existsSync(join(data, 'class-server.lock'))).toBe(true);
    // …and does not stop a restart, on the same port or another.
    const again = server(port, data);
    await ready(again, url);
    expect((await apiOf(url)(`classes/${c.code}`)).status).toBe(200);
    // The new server holds the folder: a third is refused.
    const third = server(await freePort(), data);
    const { code, lines } = await refusal(third);
    expect([code, lines.length]).toEqual([2, 1]);
    expect(lines[0]).toContain(`(pid ${again.proc.pid})`);
    await killHard(again);
  });

  it('says another class server may be running when the port is taken', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const first = server(port, dir('one'));
    await ready(first, url);
    // Another folder, the same port.
    const { code, lines } = await refusal(server(port, dir('two')));
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`port ${port} is in use — another class server may be running there`),
    );
    expect(lines[0]).toContain(`--port ${port + 1} and its own --data folder`);
    await killHard(first);
  });
});
