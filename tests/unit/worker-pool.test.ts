/**
 * The charts' worker pool (src/state/workerPool.ts), in Node, on stand-in Workers whose other
 * end is a comlink-exposed API on a MessageChannel (as in worker-client.test.ts): the parts of
 * a job run at once on at most `size` workers and come back in order, a superseded or aborted
 * job is cancelled (its waiting parts never run, its running ones are stopped), a crashed
 * pool worker is restarted, and while a hold is on (a step's tables computing) no part starts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/state/workerClient';
import { LatestJob, poolSize, WorkerPool } from '../../src/state/workerPool';
import { useFakeWorkers } from './fake-worker';

/** What the stand-in workers did, shared (they run in this process). */
const seen = { started: [] as string[], finished: [] as string[], running: 0, maxRunning: 0 };
/**
 * Which test is running: a stand-in's part that outlives its test (its worker terminated, its
 * timer not) must not write into the next test's record.
 */
let generation = 0;

const api = {
  /** Part `part` of job `job` with `total` parts; part i takes `ms[i]` (or `ms[0]`) ms. */
  async part(job: string, part: number, total: number, ms: number[]) {
    const mine = generation;
    seen.started.push(`${job}${part}`);
    seen.running++;
    seen.maxRunning = Math.max(seen.maxRunning, seen.running);
    await new Promise((r) => setTimeout(r, ms[part] ?? ms[0] ?? 0));
    if (mine === generation) {
      seen.running--;
      seen.finished.push(`${job}${part}`);
    }
    return { total, value: part < total ? `${job}${part}` : 'past the end' };
  },
  /** Never answers (only terminating the worker ends it). */
  hang: () => new Promise<never>(() => undefined),
};
type Api = typeof api;

const { FakeWorker, workers, make } = useFakeWorkers(api);
const pool = (size: number) =>
  new WorkerPool<Api>(make, size, { name: 'charts', cancelGraceMs: 20, timeoutMs: 5_000 });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for a state of the stand-ins, however slow the machine (never for a time). */
async function until(done: () => boolean) {
  while (!done()) await wait(2);
}

beforeEach(() => {
  generation++;
  seen.started = [];
  seen.finished = [];
  seen.running = 0;
  seen.maxRunning = 0;
});

describe('WorkerPool', () => {
  it('runs the parts at once on at most `size` workers and assembles them in order', async () => {
    const p = pool(3);
    // The first parts are the slowest by far (100 ms apart, more than a loaded machine's
    // dispatch gaps), so answers arrive out of order.
    const values = await p.run((a, i) => a.part('A', i, 6, [300, 200, 100, 5, 5, 5]));
    expect(values).toEqual(['A0', 'A1', 'A2', 'A3', 'A4', 'A5']);
    expect(seen.maxRunning).toBe(3);
    expect(seen.finished.slice(0, 3)).not.toEqual(['A0', 'A1', 'A2']);
    expect(FakeWorker.made).toBe(3);
    // The workers are kept for the next job.
    expect(await p.run((a, i) => a.part('B', i, 2, [1]))).toEqual(['B0', 'B1']);
    expect(FakeWorker.made).toBe(3);
  });

  it('learns the number of parts from the answers: one part on a pool of three', async () => {
    const values = await pool(3).run((a, i) => a.part('A', i, 1, [5]));
    expect(values).toEqual(['A0']);
    // Parts past the end (sent before the total was known) are dropped, none sent after.
    expect(seen.started.filter((s) => s.startsWith('A')).length).toBeLessThanOrEqual(3);
  });

  it('a job with no parts gives an empty list', async () => {
    expect(await pool(2).run((a, i) => a.part('A', i, 0, [1]))).toEqual([]);
  });

  it('a superseded job is cancelled: its waiting parts never run, its running ones are stopped', async () => {
    const latest = new LatestJob<Api, [string, number[]], string>(pool(2), (a, i, job, ms) =>
      a.part(job, i, 6, ms),
    );
    const first = latest.request(['A', [3_000]]); // cannot finish within the test
    await until(() => seen.started.length === 2); // A0 and A1 are running
    const second = latest.request(['B', [5]]);
    expect(await first).toMatchObject({ kind: 'superseded' });
    expect(await second).toMatchObject({ kind: 'ok', value: ['B0', 'B1', 'B2', 'B3', 'B4', 'B5'] });
    // A's waiting parts never started; its two running parts were stopped (workers terminated).
    expect(seen.started.filter((s) => s.startsWith('A')).sort()).toEqual(['A0', 'A1']);
    expect(seen.finished.filter((s) => s.startsWith('A'))).toEqual([]);
    expect(workers.filter((w) => w.terminated).length).toBe(2);
    expect(FakeWorker.made).toBe(4); // B ran on fresh ones
  });

  it("the caller's signal cancels a job (CancelledError on the pool, superseded on LatestJob)", async () => {
    const p = pool(2);
    const controller = new AbortController();
    const run = p.run((a, i) => a.part('A', i, 4, [200]), controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(run).rejects.toBeInstanceOf(CancelledError);

    const latest = new LatestJob<Api, [string], string>(p, (a, i, job) => a.part(job, i, 2, [200]));
    const gone = new AbortController();
    gone.abort();
    expect(await latest.request(['B'], gone.signal)).toMatchObject({ kind: 'superseded' });
  });

  it('a crashed pool worker fails its job with a clear message and is restarted for the next', async () => {
    const p = pool(2);
    const run = p.run((a, i) => (i === 1 ? a.hang() : a.part('A', i, 2, [5])));
    await until(() => seen.started.includes('A0') && workers.length === 2);
    workers[1]!.crash('injected fault');
    await expect(run).rejects.toThrow('The charts worker failed: injected fault');
    expect(workers[1]!.terminated).toBe(true);
    // The failed job's other part (A0) ends or, on a slow machine, outlasts the cancel's grace
    // and its worker is stopped too: either way, each stopped worker is made anew for B.
    const [first, second] = workers;
    await until(() => seen.finished.includes('A0') || first!.terminated);
    const made = FakeWorker.made;
    const stopped = [first, second].filter((w) => w!.terminated).length;
    expect(stopped).toBeGreaterThanOrEqual(1);
    expect(await p.run((a, i) => a.part('B', i, 4, [2]))).toEqual(['B0', 'B1', 'B2', 'B3']);
    expect(FakeWorker.made).toBe(made + stopped);
  });

  it('a hold (the tables computing) starts no part; parts in flight finish; release resumes', async () => {
    const p = pool(1);
    /** Parts the pool has sent, recorded as it sends them (synchronously). */
    const sent: number[] = [];
    const answered: number[] = [];
    const job = (a: Parameters<Parameters<typeof p.run>[0]>[0], i: number) => {
      sent.push(i);
      return a.part('A', i, 3, [1]).then((v) => (answered.push(i), v));
    };
    // Held from the start: run() sends nothing (unheld, it sends part 0 at once: below).
    const release = p.hold();
    const held = p.run(job);
    expect(p.held).toBe(true);
    expect(sent).toEqual([]);
    release();
    expect(sent).toEqual([0]);
    // Held while part 0 runs: it finishes, and once its answer has been handled (a task
    // later, all microtasks run) part 1 has still not been sent.
    const again = p.hold();
    await until(() => answered.includes(0));
    await wait(0);
    expect(sent).toEqual([0]);
    expect(seen.finished).toEqual(['A0']);
    // Holds count: the job goes on only when the last one is released, once.
    const second = p.hold();
    again();
    again();
    expect(sent).toEqual([0]);
    second();
    expect(sent).toEqual([0, 1]);
    expect(await held).toEqual(['A0', 'A1', 'A2']);
    expect(p.held).toBe(false);
  });

  it('is sized to the machine: one worker per core but one, at least 1, at most the cap', () => {
    const cores = (n: number) =>
      Object.defineProperty(globalThis, 'navigator', {
        value: { hardwareConcurrency: n },
        configurable: true,
      });
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    try {
      cores(1);
      expect(poolSize()).toBe(1);
      cores(2);
      expect(poolSize()).toBe(1);
      cores(3);
      expect(poolSize()).toBe(2);
      cores(8);
      expect(poolSize()).toBe(4);
      expect(poolSize(8)).toBe(7);
      cores(64);
      expect(poolSize()).toBe(4);
    } finally {
      if (saved) Object.defineProperty(globalThis, 'navigator', saved);
    }
  });
});
