/**
 * "Remove a flood by address" (issue 37) with the real server process: the address the
 * teacher removed cannot join that class again — not after the server is killed and started
 * again on the same folder either (the bar is in the class store, barred_addresses). Other
 * classes stay open to it. Every request here comes from 127.0.0.1, so the flood, the address
 * removed and the student who tries again are one address.
 */
import { describe, expect, it } from 'vitest';
import { classApi, errorOf, over } from './class-helpers';
import { classServers, killHard } from './class-process';

const { dir, started } = classServers('class-barred-');

describe('an address the teacher removed', () => {
  it('cannot join that class again, across a restart of the server', async () => {
    const data = dir('data');
    const { run: first, url, port } = await started(data);
    const api = classApi(over(url));
    const a = await api.newClass();
    const b = await api.newClass();
    for (let i = 0; i < 5; i++) await api.join(a, `bot${i}`);
    const removed = await api.send(
      'POST',
      `/api/classes/${a.code}/remove`,
      { address: '127.0.0.1' },
      {
        'X-Teacher-Key': a.teacherKey,
      },
    );
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { removed: string[] }).removed).toHaveLength(5);
    const refusal = async (name: string) => {
      const res = await api.send('POST', `/api/classes/${a.code}/students`, { name });
      return [res.status, await errorOf(res)];
    };
    const again = await refusal('bot5');
    expect(again).toEqual([
      403,
      'The teacher removed the students of your network address from this class.',
    ]);

    // Killed (nothing flushed or closed) and started again on the same folder.
    await killHard(first);
    await started(data, {}, port);
    expect(await refusal('bot6')).toEqual(again);
    expect((await api.exportedJson(a)).students).toEqual([]);
    // Another class is open to the same address.
    await api.join(b, 'Ann');
  });
});
