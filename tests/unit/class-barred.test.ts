/**
 * "Remove a flood by address" (issue 37) with the real server process: the address the
 * teacher removed cannot join that class again — not after the server is killed and started
 * again on the same folder either (the bar is in the class store, barred_addresses). Other
 * classes stay open to it. Every request here comes from 127.0.0.1, so the flood, the address
 * removed and the student who tries again are one address.
 */
import { describe, expect, it } from 'vitest';
import type { CreatedClass, Joined, Student } from '../../src/class/protocol';
import { freePort } from './class-helpers';
import { apiOf, classServers, killHard, ready } from './class-process';

const { server, dir } = classServers('class-barred-');

describe('an address the teacher removed', () => {
  it('cannot join that class again, across a restart of the server', async () => {
    const data = dir('data');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const api = apiOf(url);
    const first = server(port, data);
    await ready(first, url);

    const a = (await api<CreatedClass>('classes', { json: { lessonId: 'quiz' } })).body;
    const b = (await api<CreatedClass>('classes', { json: { lessonId: 'quiz' } })).body;
    const teacher = (key: string) => ({ headers: { 'X-Teacher-Key': key } });
    for (let i = 0; i < 5; i++)
      expect((await api(`classes/${a.code}/students`, { json: { name: `bot${i}` } })).status).toBe(
        201,
      );
    const removed = await api<{ removed: string[] }>(`classes/${a.code}/remove`, {
      json: { address: '127.0.0.1' },
      ...teacher(a.teacherKey),
    });
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toHaveLength(5);
    const again = await api<{ error: string }>(`classes/${a.code}/students`, {
      json: { name: 'bot5' },
    });
    expect(again).toEqual({
      status: 403,
      body: { error: 'The teacher removed the students of your network address from this class.' },
    });

    // Killed (nothing flushed or closed) and started again on the same folder.
    await killHard(first);
    const second = server(port, data);
    await ready(second, url);
    const afterRestart = await api<{ error: string }>(`classes/${a.code}/students`, {
      json: { name: 'bot6' },
    });
    expect(afterRestart).toEqual(again);
    const roster = await api<{ students: Student[] }>(
      `classes/${a.code}/export.json`,
      teacher(a.teacherKey),
    );
    expect(roster.status).toBe(200);
    expect(roster.body.students).toEqual([]);
    // Another class is open to the same address.
    const other = await api<Joined>(`classes/${b.code}/students`, { json: { name: 'Ann' } });
    expect(other.status).toBe(201);
    await killHard(second);
  });
});
