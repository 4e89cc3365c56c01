/**
 * The one worker client, in Node: a stand-in Worker whose other end is a MessageChannel port
 * with a comlink-exposed API, so the client's own logic (newest wins, cancel, progress,
 * timeout, restart after a fault) is tested without a browser.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  CancelledError,
  LatestOnly,
  WorkerClient,
  WorkerTimeoutError,
} from '../../src/state/workerClient';
import { useFakeWorkers } from './fake-worker';

const api = {
  double: async (x: number) => x * 2,
  slowDouble: (x: number, ms: number) =>
    new Promise<number>((resolve) => setTimeout(() => resolve(x * 2), ms)),
  hang: () => new Promise<number>(() => undefined),
  fail: async (): Promise<number> => {
    throw new Error('refused');
  },
  /** Counts to n, reporting each step; stops early (returning the count) when told to. */
  async count(n: number, progress: (done: number) => boolean | Promise<boolean>) {
    let done = 0;
    while (done < n) {
      await new Promise((r) => setTimeout(r, 5));
      done++;
      if (!(await progress(done))) break;
    }
    return done;
  },
  /** Counts to n, one step each time the test opens the gate, reporting each. */
  async stepped(n: number, progress: (done: number) => boolean | Promise<boolean>) {
    for (let done = 1; done <= n; done++) {
      await new Promise<void>((open) => {
        gate.open = open;
        gate.arrived?.();
      });
      await progress(done);
    }
    return n;
  },
  /** Ignores cancel: keeps running, so only terminating its worker stops it. */
  async deaf(progress: (done: number) => unknown) {
    for (let i = 0; ; i++) {
      await new Promise((r) => setTimeout(r, 5));
      void progress(i);
    }
  },
};
type Api = typeof api;
/** The stand-in runs in this process, so the test can hold each of `stepped`'s steps. */
const gate: { open?: () => void; arrived?: () => void } = {};
const atGate = () => (gate.open ? Promise.resolve() : new Promise<void>((r) => (gate.arrived = r)));

const { FakeWorker, workers, make } = useFakeWorkers(api);

describe('WorkerClient', () => {
  it('creates its worker on first use and reuses it', async () => {
    const client = new WorkerClient<Api>(make, { name: 'test' });
    expect(FakeWorker.made).toBe(0);
    expect(await client.call((a) => a.double(21))).toBe(42);
    expect(await client.call((a) => a.double(2))).toBe(4);
    expect(FakeWorker.made).toBe(1);
  });

  it('passes progress on, and a cancelled run stops itself and returns what it has', async () => {
    const client = new WorkerClient<Api>(make, { name: 'test', cancelGraceMs: 2_000 });
    const controller = new AbortController();
    const seen: number[] = [];
    const done = await client.call<number, number>((a, progress) => a.count(1_000, progress), {
      signal: controller.signal,
      onProgress: (d) => {
        seen.push(d);
        if (d === 3) controller.abort();
      },
    });
    expect(seen).toEqual([1, 2, 3]);
    expect(done).toBe(3); // cancelled while reporting step 3: that report already says stop
    expect(FakeWorker.live).toBe(1); // it stopped by itself: the worker was kept
  });

  it('a run that ignores cancel is stopped by terminating its worker', async () => {
    const client = new WorkerClient<Api>(make, { name: 'test', cancelGraceMs: 50 });
    const controller = new AbortController();
    const run = client.call<never, number>((a, progress) => a.deaf(progress), {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(workers[0]!.terminated).toBe(true);
    expect(await client.call((a) => a.double(5))).toBe(10); // a fresh worker
    expect(FakeWorker.made).toBe(2);
  });

  it('a hung worker times out with a clear error, and the next call restarts it', async () => {
    const client = new WorkerClient<Api>(make, { name: 'tables', timeoutMs: 50 });
    const error = await client.call((a) => a.hang()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTimeoutError);
    expect(String((error as Error).message)).toMatch(/tables worker did not answer/);
    expect(workers[0]!.terminated).toBe(true);
    // No timeout for the answer that must come: a loaded machine may take longer than 50 ms.
    expect(await client.call((a) => a.double(4), { timeoutMs: Infinity })).toBe(8);
    expect(FakeWorker.made).toBe(2);
  });

  it('progress keeps a long run alive past the timeout', async () => {
    // On a fake clock, so a loaded machine cannot stretch a step past the timeout: ten steps
    // 100 ms apart run 1,000 ms, well past the 150 ms silence timeout; each step's progress
    // resets it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const client = new WorkerClient<Api>(make, { name: 'test', timeoutMs: 150 });
      let arrived = () => {};
      const run = client.call<number, number>((a, progress) => a.stepped(10, progress), {
        onProgress: () => arrived(),
      });
      for (let i = 0; i < 10; i++) {
        await atGate();
        const open = gate.open!;
        gate.open = gate.arrived = undefined;
        const progressed = new Promise<void>((r) => (arrived = r));
        vi.advanceTimersByTime(100);
        open();
        await Promise.race([progressed, run]); // a run that timed out fails here, at once
      }
      expect(await run).toBe(10);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a worker that crashes rejects the call in flight; the next call gets a new worker', async () => {
    const client = new WorkerClient<Api>(make, { name: 'charts' });
    const run = client.call((a) => a.hang());
    await new Promise((r) => setTimeout(r, 10));
    workers[0]!.crash('boom');
    await expect(run).rejects.toThrow('The charts worker failed: boom');
    expect(await client.call((a) => a.double(3))).toBe(6);
    expect(FakeWorker.made).toBe(2);
  });
});

describe('LatestOnly', () => {
  it('one call in flight; a newer request replaces the waiting one, which never runs', async () => {
    const client = new WorkerClient<Api>(make, { name: 'test' });
    const ran: number[] = [];
    const latest = new LatestOnly(client, (a, x: number) => {
      ran.push(x);
      return a.slowDouble(x, 20);
    });
    const [a, b, c] = await Promise.all([latest.request(1), latest.request(2), latest.request(3)]);
    expect(a).toEqual({ kind: 'ok', id: 1, value: 2 });
    expect(b).toEqual({ kind: 'superseded', id: 2 });
    expect(c).toEqual({ kind: 'ok', id: 3, value: 6 });
    expect(ran).toEqual([1, 3]);
  });

  it('an error is an outcome, and the channel goes on working', async () => {
    // A run that throws, not one that times out: a short timeout would also catch the answer
    // that must come, on a loaded machine.
    const client = new WorkerClient<Api>(make, { name: 'test' });
    const latest = new LatestOnly(client, (a, x: number) => (x < 0 ? a.fail() : a.double(x)));
    const failed = await latest.request(-1);
    expect(failed.kind).toBe('error');
    expect(await latest.request(7)).toEqual({ kind: 'ok', id: 2, value: 14 });
  });
});
