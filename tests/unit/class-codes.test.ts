/**
 * The class server's refusals carry their code and the values of their sentence (issue #35,
 * src/class/refusals.ts), beside the unchanged English `error`, from the real server process:
 * a full class, a body over the limit, a name that shows nothing, too many wrong class codes,
 * the store's own refusal for an unknown route. The pages show the code in their language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/class/protocol';
import { problem, type Problem } from '../../src/class/refusals';
import { classApi, over } from './class-helpers';
import { classServers } from './class-process';

const { dir, started } = classServers('class-codes-');

describe('a refusal from the real server process', () => {
  let url = '';
  beforeAll(async () => {
    ({ url } = await started(dir('data')));
  });
  const refusal = async (res: Response) => [res.status, (await res.json()) as Problem] as const;

  it('carries its code and values: a full class, a bad name, a body too large', async () => {
    const api = classApi(over(url));
    const c = await api.newClass();
    const teacher = { 'X-Teacher-Key': c.teacherKey };
    expect(
      (await api.send('PUT', `/api/classes/${c.code}/size`, { size: 1 }, teacher)).status,
    ).toBe(200);
    await api.join(c, 'Ann');
    const join = (body: unknown) => api.send('POST', `/api/classes/${c.code}/students`, body);
    expect(await refusal(await join({ name: 'Bob' }))).toEqual([
      409,
      {
        error: 'This class is full (1 students): ask the teacher to make room.',
        code: 'full',
        values: { size: 1 },
      },
    ]);
    expect(await refusal(await join({ name: '\u3164\u2800' }))).toEqual([
      400,
      problem('nameInvisible'),
    ]);
    expect(await refusal(await join({ name: 'x'.repeat(LIMITS.nameChars + 1) }))).toEqual([
      400,
      problem('nameLong', { max: LIMITS.nameChars }),
    ]);
    expect(await refusal(await join(JSON.stringify({ name: 'x'.repeat(20_000) })))).toEqual([
      413,
      { error: 'The request body is larger than 16 KB.', code: 'body', values: { kb: 16 } },
    ]);
    expect(await refusal(await api.send('GET', '/api/nothing-here'))).toEqual([
      404,
      problem('noRequest'),
    ]);
  });

  it('carries its code when wrong class codes are limited', async () => {
    // 30 wrong codes at once are let through, then one every 2 s (server/routes/kit.ts): of
    // 80 sent together, most are refused whatever the machine's speed.
    const all = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        fetch(new URL(`/api/classes/zzzzzzzz${String(i).padStart(2, '2')}`, url)),
      ),
    );
    const limited = all.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    const body = (await limited[0]!.json()) as Problem;
    expect(body.code).toBe('wrongCodes');
    expect(body).toEqual(problem('wrongCodes', { s: body.values?.s as number }));
    expect(body.values?.s).toBeGreaterThan(0);
    const missing = all.find((r) => r.status === 404);
    expect(missing && ((await missing.json()) as Problem).code).toBe('noClass');
  });
});
