/**
 * The cothread test, live: a job runs in Node against the same code the workers use, starts
 * at the agreed time or on the barrier, stops when told, and N jobs' times combine into
 * throughput. Never the timings themselves: they are this machine's.
 */
import { describe, expect, it } from 'vitest';
import {
  absoluteClock,
  chainBytesFor,
  combineRound,
  computeKernel,
  JobRunner,
  relativeThroughput,
  workerCounts,
  type JobTiming,
} from '../../src/models/hyperthreads/live';
import { hyperthreadsLiveApi } from '../../src/models/hyperthreads/workers/hyperthreads-live.worker';

const MB = 2 ** 20;

describe('cothread jobs', () => {
  it('the compute kernel is deterministic and depends on every iteration', () => {
    const a = new Int32Array([1, 2, 3, 4]);
    const b = new Int32Array([1, 2, 3, 4]);
    computeKernel(a, 1000);
    computeKernel(b, 1000);
    expect([...a]).toEqual([...b]);
    computeKernel(b, 1);
    expect([...a]).not.toEqual([...b]);
  });

  for (const workload of ['compute', 'memory'] as const) {
    it(`${workload}: calibrates, waits for the agreed start, does all its work`, async () => {
      const runner = new JobRunner();
      await runner.prepare({ workload, chainBytes: MB, seed: 3 });
      const units = runner.calibrate(10);
      expect(units).toBeGreaterThan(0);
      const startAt = absoluteClock() + 30;
      const t = await runner.run(units, { startAt });
      expect(t.startMs).toBeGreaterThanOrEqual(startAt);
      expect(t.endMs).toBeGreaterThan(t.startMs);
      expect(t.unitsDone).toBe(units);
      expect(t.cancelled).toBe(false);
    });
  }

  it('stops when its check says so', async () => {
    const runner = new JobRunner();
    await runner.prepare({ workload: 'compute', chainBytes: MB, seed: 1 });
    const t = await runner.run(1 << 30, { check: () => false, checkEveryMs: 1 });
    expect(t.cancelled).toBe(true);
    expect(t.unitsDone).toBeLessThan(1 << 30);
  });

  it('on a shared barrier, starts once every party has arrived', async () => {
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const runner = new JobRunner();
    await runner.prepare({ workload: 'compute', chainBytes: MB, seed: 1 });
    Atomics.store(counter, 0, 1); // one other worker is already there
    const t = await runner.run(1 << 16, { barrier: { counter, parties: 2 } });
    expect(Atomics.load(counter, 0)).toBe(2);
    expect(t.unitsDone).toBe(1 << 16);
  });

  it('the worker entry prepares, calibrates and runs', async () => {
    const spec = { workload: 'memory' as const, chainBytes: MB, seed: 2 };
    expect(await hyperthreadsLiveApi.prepare(spec)).toEqual({ isolated: false });
    const units = await hyperthreadsLiveApi.calibrate(spec, 5);
    const t = await hyperthreadsLiveApi.run(units, { startAt: absoluteClock() }, () => true);
    expect(t.unitsDone).toBe(units);
  });

  it('bad chain sizes get a clear message', async () => {
    await expect(
      new JobRunner().prepare({ workload: 'memory', chainBytes: 1024, seed: 1 }),
    ).rejects.toThrow(/between 4 KB and 256 MB/);
  });
});

describe('combining N jobs', () => {
  const job = (startMs: number, endMs: number): JobTiming => ({
    startMs,
    endMs,
    units: 1,
    unitsDone: 1,
    cancelled: false,
    checksum: 0,
  });

  it('wall time is first start to last finish; throughput is jobs over wall time', () => {
    const one = combineRound('compute', [job(0, 100)]);
    const four = combineRound('compute', [job(0, 200), job(1, 201), job(2, 150), job(0, 180)]);
    expect(four.wallMs).toBe(201);
    expect(four.jobMs).toEqual([200, 200, 148, 180]);
    expect(four.medianJobMs).toBe(190);
    expect(four.startSpreadMs).toBe(2);
    expect(four.jobsPerSecond).toBeCloseTo(4 / 0.201, 10);
    const rel = relativeThroughput([one, four]);
    expect(rel.get(1)).toBe(1);
    expect(rel.get(4)).toBeCloseTo(4 / 0.201 / 10, 10);
    expect(
      combineRound('memory', [job(0, 10), { ...job(0, 5), cancelled: true }]).jobsPerSecond,
    ).toBeNaN();
  });

  it('worker counts: every N up to twice the cores, a spread beyond 16', () => {
    expect(workerCounts(2)).toEqual([1, 2, 3, 4]);
    expect(workerCounts(8)).toHaveLength(16);
    const many = workerCounts(32);
    expect(many[0]).toBe(1);
    expect(many.at(-1)).toBe(64);
    expect(many).toContain(32);
    expect(many).toContain(16);
    expect(many.length).toBeLessThan(16);
    expect(workerCounts(32, true)).toHaveLength(64);
    expect(workerCounts(0)).toEqual([1, 2]);
  });

  it('chains: 16 MB each while all of them fit in 256 MB', () => {
    expect(chainBytesFor(4)).toBe(16 * MB);
    expect(chainBytesFor(64)).toBe(4 * MB);
    expect(chainBytesFor(1000)).toBe(MB);
  });
});
