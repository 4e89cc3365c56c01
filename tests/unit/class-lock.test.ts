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
import type { Joined } from '../../src/class/protocol';
import { classApi, freePort, over, type Exported } from './class-helpers';
import { classServers, killHard, refusal } from './class-process';

const { server, dir, started } = classServers('class-lock-');

// Each test starts up to three server processes: 35–50 s each on a machine at load 40.
describe('the data folder’s lock', { timeout: 400_000 }, () => {
  it('refuses a second server on the folder, and the first one’s class survives', async () => {
    const data = dir('shared');
    const { run: first, url } = await started(data);
    const p2 = await freePort();
    const api = classApi(over(url));

    // Class A: 40 students, 120 acknowledged answers (three steps' worth).
    const a = await api.newClass();
    const students: Joined[] = [];
    for (let i = 0; i < 40; i++) students.push(await api.join(a, `A${i}`));
    let acknowledged = 0;
    // Steps 1 and 4, then 4 again: a changed answer counts once, the latest is kept.
    for (const [step, base] of [
      [1, 100],
      [4, 400],
      [4, 1000],
    ] as const) {
      if (base === 400) await api.control(a, { action: 'goto', step });
      for (const [i, s] of students.entries()) {
        expect((await api.answer(a, s, step, { value: base + i })).status).toBe(200);
        acknowledged++;
      }
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
    expect((await api.state(a)).code).toBe(a.code);
    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(data, 'class-server.lock'))).toBe(false);
    const { run: fresh, url: url2 } = await started(data, {}, p2);
    const exported = await classApi(over(url2)).exported(a);
    expect(exported.status).toBe(200);
    const got = ((await exported.json()) as Exported).answers.map((x) => [x.name, x.step, x.value]);
    expect(got).toEqual([
      ...students.map((_, i) => [`A${i}`, 1, 100 + i]),
      ...students.map((_, i) => [`A${i}`, 4, 1000 + i]),
    ]);
    fresh.proc.kill('SIGTERM');
    expect(await fresh.exited).toBe(0);
  });

  it('takes over the lock of a server killed with SIGKILL at once', async () => {
    const data = dir('killed');
    const { run: first, url, port } = await started(data);
    const api = classApi(over(url));
    const c = await api.newClass();
    await killHard(first);
    // The dead server's lock is still there…
    expect(existsSync(join(data, 'class-server.lock'))).toBe(true);
    // …and does not stop a restart, on the same port or another.
    const { run: again } = await started(data, {}, port);
    expect((await api.state(c)).code).toBe(c.code);
    // The new server holds the folder: a third is refused.
    const third = server(await freePort(), data);
    const { code, lines } = await refusal(third);
    expect([code, lines.length]).toEqual([2, 1]);
    expect(lines[0]).toContain(`(pid ${again.proc.pid})`);
    await killHard(again);
  });

  it('says another class server may be running when the port is taken', async () => {
    const { run: first, port } = await started(dir('one'));
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
