/**
 * The class server as a teacher runs it (server/main.ts, its own process, embedded PostgreSQL
 * in a folder): killed with SIGKILL in the middle of a step — no chance to flush or close
 * anything — and started again on the same folder and port, it still has every answer, the
 * class's step and phase, the reveal, and the students' tokens; a new event stream starts from
 * that state. Also: the command line's refusals (exit 2, one line) and a clean SIGTERM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Answer,
  ClassState,
  CreatedClass,
  Joined,
  TeacherSnapshot,
} from '../../src/class/protocol';
import { classApi, freePort, type Exported } from './class-helpers';
import { classServers, killHard, launch, ready, refusal, type Run } from './class-process';

const { server, dir } = classServers('class-restart-');

// Each test starts the server process several times: slow on a busy machine.
describe('the class server, killed and started again', { timeout: 400_000 }, () => {
  let port = 0;
  let url = '';
  let data = '';
  let run: Run | null = null;
  /** The class of the first test, for the second. */
  let kept: { c: CreatedClass; answers: number } | null = null;

  const start = async () => {
    run = server(port, data);
    await ready(run, url);
  };
  const kill = () => killHard(run);

  beforeAll(async () => {
    port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    data = dir('data');
  });
  afterAll(kill);

  const api = classApi((path, init) => fetch(new URL(path, url), init));
  /** The body of a reply that must have `status`. */
  const ok = async <T>(pending: Response | Promise<Response>, status = 200) => {
    const res = await pending;
    const body = (await res.json()) as T;
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body;
  };
  type Class = Parameters<typeof api.control>[0];
  const control = (c: Class, body: unknown) => ok<ClassState>(api.control(c, body));
  const answer = (c: Class, s: Joined, step: number, body: unknown) =>
    ok<{ answer: Answer }>(api.answer(c, s, step, body));
  const exported = (c: Class) => ok<Exported>(api.exported(c));

  it('keeps every answer, the step, the phase and the reveal', async () => {
    await start();
    const c = await api.newClass();
    // The teacher reached the server as 127.0.0.1:<port>: that is the join link's host.
    expect(c.joinUrl).toBe(`${url}#/class/${c.code}`);
    const index = await (await fetch(url)).text();
    expect(index).toContain('<meta name="latency-lab-class" content="server">');

    const board = await api.stream(c, { key: c.teacherKey });
    expect((await board.next<TeacherSnapshot>('snapshot')).students).toEqual([]);

    const students: Joined[] = [];
    for (const name of ['Ann', 'Bo', '', 'Dee', '<b>Eve</b>'])
      students.push(await api.join(c, name));
    for (const [i, s] of students.entries()) await answer(c, s, 1, { value: 10 * (i + 1) });
    await answer(c, students[0]!, 1, { value: 12.5 });
    await control(c, { action: 'lock' });
    await control(c, { action: 'goto', step: 3 });
    const curves: [number, number][][] = students.slice(0, 3).map((_, i) => [
      [1, i],
      [1024, i + 0.5],
    ]);
    for (const [i, curve] of curves.entries()) await answer(c, students[i]!, 3, { sketch: curve });
    // The board saw each of them before the kill.
    for (let i = 0; i < 5 + 6 + 3; i++) await board.next(i < 5 ? 'student' : 'answer');

    const before = await exported(c);
    expect(before.answers).toHaveLength(5 + 3);
    expect(before.class).toMatchObject({ step: 3, phase: 'open', reveal: null });

    // Mid-step, answers just acknowledged: killed outright.
    await kill();
    // The board's stream ends with the process.
    await expect(board.next('answer')).rejects.toThrow(/ended/);
    await start();

    const after = await exported(c);
    expect(after).toEqual(before);
    expect(
      after.answers.find((a) => a.studentId === students[0]!.studentId && a.step === 1),
    ).toMatchObject({ name: 'Ann', value: 12.5 });
    expect(after.answers.filter((a) => a.step === 3).map((a) => a.sketch)).toEqual(curves);

    // A new stream starts from the state that survived; a student's stream too.
    const room = await api.stream(c);
    expect(await room.next<ClassState>('state')).toEqual(before.class);
    expect(room.fields.retry).toBe('1000');
    const board2 = await api.stream(c, { key: c.teacherKey });
    const snap = await board2.next<TeacherSnapshot>('snapshot');
    expect([snap.state, snap.students.length, snap.answers.length]).toEqual([before.class, 5, 8]);

    // The students' tokens still hold: a late sketch, seen live; then the reveal.
    const late: [number, number][] = [
      [1, 9],
      [512, 9.5],
    ];
    await answer(c, students[4]!, 3, { sketch: late });
    expect((await board2.next<Answer>('answer')).sketch).toEqual(late);
    const mine = await api.me(c, students[4]!);
    expect(mine.answers.map((a) => [a.step, a.value, a.sketch])).toEqual([
      [1, 50, null],
      [3, null, late],
    ]);
    const reveal = { label: 'Time', unit: 's', model: 2, paper: null, interval: null, curve: late };
    await control(c, { action: 'reveal', step: 3, reveal });
    expect(await room.next<ClassState>('state')).toEqual({
      ...before.class,
      phase: 'revealed',
      reveal,
    });

    await kill();
    await start();
    // A student's phone reconnecting after the restart sees the reveal.
    const again = await api.stream(c);
    expect(await again.next<ClassState>('state')).toEqual({
      ...before.class,
      phase: 'revealed',
      reveal,
    });
    expect((await exported(c)).answers).toHaveLength(9);
    await again.close();
    kept = { c, answers: 9 };
  });

  it('stops cleanly on SIGTERM, with its data kept', async () => {
    const r = run!;
    expect(r.proc.exitCode).toBeNull();
    r.proc.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    await start();
    expect((await exported(kept!.c)).answers).toHaveLength(kept!.answers);
  });
});

describe('the class server’s command line', () => {
  const refused = (args: string[]) => refusal(launch(args));

  it('refuses bad arguments with one line and exit code 2', async () => {
    for (const [args, reason] of [
      [['--port', 'abc'], /--port must be a whole number/],
      [['--port', '70000'], /--port must be a whole number/],
      [['--bogus'], /Unknown option '--bogus'/],
      [['extra'], /positional|argument/i],
      [['--dist', dir('no-dist')], /index\.html is missing: run `npm run build`/],
      [['--dist', dir('dist'), '--lessons', dir('none')], /--lessons .* is not a folder/],
    ] as const) {
      const { code, lines } = await refused([...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0], args.join(' ')).toMatch(reason);
    }
  });
});
