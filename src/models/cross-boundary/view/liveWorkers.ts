/**
 * The cross-boundary live benchmark, the page's side: the rows whose callee is a Web Worker,
 * each started through the one worker client (src/state/workerClient.ts). The timing loops
 * are the model's (src/models/cross-boundary/live.ts).
 */
import {
  CANCEL,
  SAB_INTS,
  STATE,
  STATE_STOP,
  batchOf,
  LIVE_LABELS,
  perCallUs,
  timeAsyncCalls,
  type LiveRow,
  type RunControl,
} from '../live';
import { WorkerClient } from '../../../state/workerClient';
import type { LiveCallee } from '../workers/cross-boundary-rpc.worker';
import type { SabApi } from '../workers/cross-boundary-sab.worker';

export function calleeClient(): WorkerClient<LiveCallee> {
  return new WorkerClient<LiveCallee>(
    () =>
      new Worker(new URL('../workers/cross-boundary-rpc.worker.ts', import.meta.url), {
        type: 'module',
        name: 'cross-boundary-rpc',
      }),
    { name: 'live benchmark callee' },
  );
}

/** Comlink RPC: the whole loop is one client call; inside it, each `inc` is a plain comlink call. */
export async function runComlink(n: number, ctl: RunControl): Promise<LiveRow> {
  const client = calleeClient();
  try {
    return await client.call(async (callee) => {
      await callee.inc(0); // warm-up: worker start-up is not a call
      return timeAsyncCalls('comlink', n, ctl, (x) => callee.inc(x));
    });
  } finally {
    client.terminate();
  }
}

/** Raw postMessage round trips: what is measured is postMessage itself, so no comlink here. */
export async function runPostMessage(n: number, ctl: RunControl): Promise<LiveRow> {
  const client = calleeClient();
  const worker = client.worker();
  let resolveReply: ((x: number) => void) | null = null;
  worker.addEventListener('message', (e: MessageEvent) => {
    const d = e.data as { raw?: number } | null;
    if (d && typeof d.raw === 'number' && resolveReply) resolveReply(d.raw);
  });
  const call = (x: number) =>
    new Promise<number>((resolve) => {
      resolveReply = resolve;
      worker.postMessage({ raw: x });
    });
  try {
    return await client.call(async () => {
      await call(0);
      return timeAsyncCalls('postMessage', n, ctl, call);
    });
  } finally {
    client.terminate();
  }
}

/** Why the shared-memory row cannot run here: the message that says it (`panel.`), by its id. */
export type SabUnavailable = 'panel.cb.notRun' | 'panel.cb.notRunFrame';

/** Why the shared-memory row cannot run here, or null when it can. */
export function sabUnavailable(): SabUnavailable | null {
  if (typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated) return null;
  // Embedded in another site's page: that page decides (it must be isolated and delegate it).
  return inFrame() ? 'panel.cb.notRunFrame' : 'panel.cb.notRun';
}

/** Whether the page is in a frame of another page (an embed); false where that cannot be told. */
export function inFrame(): boolean {
  try {
    return typeof window !== 'undefined' && window.self !== window.top;
  } catch {
    // A cross-origin parent may refuse even the comparison: a frame all the same.
    return true;
  }
}

export function sabClient(role: 'server' | 'client'): WorkerClient<SabApi> {
  return new WorkerClient<SabApi>(
    () =>
      // Inline `new Worker(new URL(…))`: the form Vite recognises and bundles.
      new Worker(new URL('../workers/cross-boundary-sab.worker.ts', import.meta.url), {
        type: 'module',
        name: `cross-boundary-sab-${role}`,
      }),
    { name: `shared-memory ${role}` },
  );
}

/** Shared memory: two workers hand each call over through a SharedArrayBuffer with Atomics. */
export async function runSab(n: number, ctl: RunControl): Promise<LiveRow> {
  const why = sabUnavailable();
  const base = { id: 'sab' as const, label: LIVE_LABELS.sab, iterations: n };
  if (why)
    return { ...base, calls: 0, totalMs: NaN, perCallMedianUs: NaN, sum: 0, unavailable: why };
  const sab = new SharedArrayBuffer(SAB_INTS * 4);
  const flags = new Int32Array(sab);
  const server = sabClient('server');
  const client = sabClient('client');
  const batch = batchOf(n);
  const cancelPoll = setInterval(() => {
    if (ctl.cancelled()) Atomics.store(flags, CANCEL, 1);
  }, 50);
  try {
    // The server blocks in Atomics.wait until the client says stop: its call never settles.
    const serving = server.call((api) => api.serve(sab));
    const done = await Promise.race([
      client.call<Awaited<ReturnType<SabApi['run']>>, number>(
        (api, progress) => api.run(sab, n, batch, progress),
        { onProgress: (d) => ctl.progress('sab', d, n) },
      ),
      // The server returns when the client stores "stop" (STATE_STOP) after its last call, and
      // its answer can reach the page before the client's: then the client's decides. Only a
      // server that returns with the client still calling has stopped early.
      serving.then(() =>
        Atomics.load(flags, STATE) === STATE_STOP
          ? new Promise<never>(() => {})
          : Promise.reject(new Error('The shared-memory server stopped early.')),
      ),
    ]);
    const calls = done.batchMs.length ? Math.min(n, done.batchMs.length * batch) : 0;
    const batches = done.batchMs.map((ms, i) => ({
      ms,
      calls: Math.min(batch, n - i * batch),
    }));
    return {
      ...base,
      calls,
      totalMs: done.totalMs,
      perCallMedianUs: perCallUs(batches, done.totalMs, calls),
      sum: done.sum,
      note: 'the first batch may include the server worker’s start-up; the median of batches is not moved by it',
    };
  } finally {
    clearInterval(cancelPoll);
    client.terminate();
    server.terminate();
  }
}
