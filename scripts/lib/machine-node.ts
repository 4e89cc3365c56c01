/**
 * The hosts of the machine claims in Node (tests, scripts/machine-coverage.ts): the same
 * claim code as the page, with worker_threads in place of Web Workers.
 *  - memory and directory: the calling thread, `performance.now`;
 *  - cross-boundary: a worker answering postMessage (RPC), and a worker answering through a
 *    SharedArrayBuffer with Atomics (shared memory), the client being the calling thread;
 *  - cothreads: N job workers, from the model that hosts the claim (its tools/machine.ts).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CothreadEnv } from '../../src/machine/claims/cothreads';
import type { TransportEnv } from '../../src/machine/claims/crossBoundary';
import type { MachineReport } from '../../src/machine/types';
import { modelTools } from './model-tools';

export function nodeMachineReport(): MachineReport {
  return {
    hardwareConcurrency: availableParallelism(),
    brands: [`Node ${process.versions.node}`],
    userAgent: `Node.js/${process.versions.node} (${process.platform}; ${process.arch})`,
    deviceMemory: null,
    crossOriginIsolated: true,
  };
}

const RPC_SRC = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', (x) => parentPort.postMessage(x + 1));`;

// The layout of src/models/cross-boundary/live.ts: [0] state (0 idle, 1 request, 2 reply,
// 3 stop), [1] value.
const SM_SRC = `const { workerData } = require('node:worker_threads');
const a = new Int32Array(workerData);
for (;;) {
  Atomics.wait(a, 0, 0);
  const s = Atomics.load(a, 0);
  if (s === 3) break;
  if (s !== 1) continue;
  a[1] = a[1] + 1;
  Atomics.store(a, 0, 2);
  Atomics.notify(a, 0);
  Atomics.wait(a, 0, 2);
}`;

type RunTimes = { startupMs: number; totalMs: number };

async function runRpc(calls: number): Promise<RunTimes> {
  const t0 = performance.now();
  const w = new Worker(RPC_SRC, { eval: true });
  let reply: ((x: number) => void) | null = null;
  let failed: Error | null = null;
  w.on('message', (x: number) => reply?.(x));
  w.on('error', (e: Error) => (failed = e));
  let sum = 0;
  let startupMs = NaN;
  try {
    for (let i = 1; i <= calls; i++) {
      if (i === 2) startupMs = performance.now() - t0;
      if (failed) throw failed;
      sum += await new Promise<number>((resolve) => {
        reply = resolve;
        w.postMessage(i);
      });
    }
    const totalMs = performance.now() - t0 + (sum < 0 ? NaN : 0);
    return { startupMs: calls > 1 ? startupMs : totalMs, totalMs };
  } finally {
    await w.terminate();
  }
}

async function runSm(calls: number): Promise<RunTimes> {
  const t0 = performance.now();
  const sab = new SharedArrayBuffer(16);
  const a = new Int32Array(sab);
  const w = new Worker(SM_SRC, { eval: true, workerData: sab });
  let sum = 0;
  let startupMs = NaN;
  try {
    for (let i = 1; i <= calls; i++) {
      if (i === 2) startupMs = performance.now() - t0;
      a[1] = i;
      Atomics.store(a, 0, 1);
      Atomics.notify(a, 0);
      if (Atomics.wait(a, 0, 1, 10_000) === 'timed-out')
        throw new Error('The shared-memory worker did not answer within 10 s.');
      sum += a[1]!;
      Atomics.store(a, 0, 0);
      Atomics.notify(a, 0);
    }
    const ms = performance.now() - t0;
    Atomics.store(a, 0, 3);
    Atomics.notify(a, 0);
    return { startupMs: calls > 1 ? startupMs : ms, totalMs: ms + (sum < 0 ? NaN : 0) };
  } finally {
    await w.terminate();
  }
}

export function nodeTransportEnv(): TransportEnv {
  return { run: (k, n) => (k === 'rpc' ? runRpc(n) : runSm(n)), smUnavailable: () => null };
}

const BOOT = new URL('./ts-worker.mjs', import.meta.url);

/** A worker thread running the TypeScript module `entry` (a file URL), answering by message id. */
export class JobWorker {
  private readonly w: Worker;
  private next = 0;
  private readonly pending = new Map<
    number,
    { resolve: (v: never) => void; reject: (e: Error) => void }
  >();
  constructor(entry: string) {
    this.w = new Worker(BOOT, { workerData: { entry } });
    this.w.on('message', (m: { id: number; value?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error));
      else p.resolve(m.value as never);
    });
    this.w.on('error', (e: Error) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    });
  }
  call<T>(msg: Record<string, unknown>): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: never) => void, reject });
      this.w.postMessage({ ...msg, id });
    });
  }
  terminate() {
    return this.w.terminate();
  }
}

type NodeCothreadEnv = (
  workloads?: CothreadEnv['workloads'],
  logical?: number,
) => CothreadEnv & { close(): Promise<void> };

/** The cothread host, from the model whose tools/machine.ts exports `nodeCothreadEnv`. */
export async function nodeCothreadEnv(...args: Parameters<NodeCothreadEnv>) {
  for (const { url } of modelTools(/^machine\.ts$/)) {
    const host = ((await import(url.href)) as { nodeCothreadEnv?: NodeCothreadEnv })
      .nodeCothreadEnv;
    if (host) return host(...args);
  }
  throw new Error('No model’s tools/machine.ts hosts the cothread claim.');
}
