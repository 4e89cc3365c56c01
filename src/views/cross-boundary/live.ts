/**
 * The live benchmark: the paper's loop (the callee increments its argument, the caller sums
 * the results) run between this page and Web Workers. Timing helpers only; no model here.
 */
import { wrap, releaseProxy, type Remote } from 'comlink';
import type { LiveCallee } from '../../../workers/cross-boundary-live-rpc';
import {
  CANCEL,
  SAB_INTS,
  type SabMessage,
  type SabStart,
} from '../../../workers/cross-boundary-live-sab';

export type LiveRowId = 'direct' | 'postMessage' | 'comlink' | 'sab';

export interface LiveRow {
  id: LiveRowId;
  label: string;
  iterations: number;
  /** Calls actually made (fewer when cancelled). */
  calls: number;
  totalMs: number;
  /** Median over timed batches of (batch time ÷ batch calls). */
  perCallMedianUs: number;
  sum: number;
  note?: string;
  /** The row could not run here; why, in words. */
  unavailable?: string;
}

export interface RunControl {
  cancelled: () => boolean;
  progress: (row: LiveRowId, done: number, total: number) => void;
}

export const LIVE_LABELS: Record<LiveRowId, string> = {
  direct: 'This machine: direct call in the same thread (the “monolithic” row)',
  postMessage: 'This machine: raw postMessage round trip, page ↔ worker',
  comlink: 'This machine: comlink RPC, page ↔ worker (the RPC analogue)',
  sab: 'This machine: SharedArrayBuffer + Atomics wait/notify, worker ↔ worker (the SM analogue)',
};

export function median(xs: number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Smallest step performance.now() can show (ms): the minimum over a few observed ticks. */
export function timerResolutionMs(): number {
  let best = Infinity;
  for (let k = 0; k < 20; k++) {
    const a = performance.now();
    let b = a;
    while (b === a) b = performance.now();
    best = Math.min(best, b - a);
  }
  return best;
}

const nextFrame = () => new Promise<void>((r) => setTimeout(r, 0));

/** Per-call figure from timed batches, falling back to the total when batches were too short. */
function perCallUs(batches: { ms: number; calls: number }[], totalMs: number, calls: number) {
  const usable = batches.filter((b) => b.ms > 0 && b.calls > 0).map((b) => (b.ms * 1000) / b.calls);
  return usable.length ? median(usable) : calls > 0 ? (totalMs * 1000) / calls : NaN;
}

const batchOf = (n: number) => Math.max(1, Math.floor(n / 20));

function inc(x: number): number {
  return x + 1;
}

/** The direct call: repeated until each sample spans ≥ 50 timer ticks, so it is measurable. */
export async function runDirect(n: number, resMs: number, ctl: RunControl): Promise<LiveRow> {
  const samples: { ms: number; calls: number }[] = [];
  let sum = 0;
  let totalMs = 0;
  let calls = 0;
  let reps = 1;
  for (let s = 0; s < 9 && !ctl.cancelled(); s++) {
    let ms: number;
    for (;;) {
      const t0 = performance.now();
      for (let r = 0; r < reps; r++) for (let i = 1; i <= n; i++) sum += inc(i);
      ms = performance.now() - t0;
      // Every call made counts toward the total, including attempts too short to time.
      totalMs += ms;
      calls += reps * n;
      if (ms >= 50 * resMs || reps >= 1 << 20) break;
      reps *= 4;
    }
    samples.push({ ms, calls: reps * n });
    ctl.progress('direct', s + 1, 9);
    await nextFrame();
  }
  return {
    id: 'direct',
    label: LIVE_LABELS.direct,
    iterations: n,
    calls,
    totalMs,
    perCallMedianUs: perCallUs(samples, totalMs, calls),
    sum,
    note: `${reps}× the ${n.toLocaleString('en-US')} calls per sample, so each sample spans ≥ 50 timer ticks`,
  };
}

function newCalleeWorker(): Worker {
  return new Worker(new URL('../../../workers/cross-boundary-live-rpc.ts', import.meta.url), {
    type: 'module',
    name: 'cross-boundary-live-rpc',
  });
}

/**
 * The benchmark loop for a row whose calls are asynchronous: call(1…n) one after another,
 * summing the results as the paper's caller does, timed in batches (for the per-call median)
 * with progress and cancel between batches.
 */
async function timeAsyncCalls(
  id: 'comlink' | 'postMessage',
  n: number,
  ctl: RunControl,
  call: (x: number) => Promise<number>,
): Promise<LiveRow> {
  const batch = batchOf(n);
  const batches: { ms: number; calls: number }[] = [];
  let sum = 0;
  let done = 0;
  const t0 = performance.now();
  while (done < n && !ctl.cancelled()) {
    const size = Math.min(batch, n - done);
    const b0 = performance.now();
    for (let i = 0; i < size; i++) sum += await call(done + i + 1);
    batches.push({ ms: performance.now() - b0, calls: size });
    done += size;
    ctl.progress(id, done, n);
  }
  const totalMs = performance.now() - t0;
  return {
    id,
    label: LIVE_LABELS[id],
    iterations: n,
    calls: done,
    totalMs,
    perCallMedianUs: perCallUs(batches, totalMs, done),
    sum,
  };
}

export async function runComlink(n: number, ctl: RunControl): Promise<LiveRow> {
  const worker = newCalleeWorker();
  const callee: Remote<LiveCallee> = wrap<LiveCallee>(worker);
  try {
    await callee.inc(0); // warm-up: worker start-up is not a call
    return await timeAsyncCalls('comlink', n, ctl, (x) => callee.inc(x));
  } finally {
    callee[releaseProxy]();
    worker.terminate();
  }
}

export async function runPostMessage(n: number, ctl: RunControl): Promise<LiveRow> {
  const worker = newCalleeWorker();
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
    await call(0);
    return await timeAsyncCalls('postMessage', n, ctl, call);
  } finally {
    worker.terminate();
  }
}

/** Why the shared-memory row cannot run here, or null when it can. */
export function sabUnavailable(): string | null {
  if (typeof SharedArrayBuffer === 'undefined' || !globalThis.crossOriginIsolated)
    return 'Not run: this page is not cross-origin isolated (crossOriginIsolated is false), so the browser withholds SharedArrayBuffer. The server must send Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp.';
  return null;
}

function newSabWorker(role: 'server' | 'client'): Worker {
  // Inline `new Worker(new URL(…))`: the form Vite recognises and bundles.
  return new Worker(new URL('../../../workers/cross-boundary-live-sab.ts', import.meta.url), {
    type: 'module',
    name: `cross-boundary-live-sab-${role}`,
  });
}

export async function runSab(n: number, ctl: RunControl): Promise<LiveRow> {
  const why = sabUnavailable();
  const base = { id: 'sab' as const, label: LIVE_LABELS.sab, iterations: n };
  if (why)
    return { ...base, calls: 0, totalMs: NaN, perCallMedianUs: NaN, sum: 0, unavailable: why };
  const sab = new SharedArrayBuffer(SAB_INTS * 4);
  const flags = new Int32Array(sab);
  const server = newSabWorker('server');
  const client = newSabWorker('client');
  const batch = batchOf(n);
  const cancelPoll = setInterval(() => {
    if (ctl.cancelled()) Atomics.store(flags, CANCEL, 1);
  }, 50);
  try {
    const done = await new Promise<Extract<SabMessage, { kind: 'done' }>>((resolve, reject) => {
      client.addEventListener('message', (e: MessageEvent) => {
        const m = e.data as SabMessage;
        if (m.kind === 'progress') ctl.progress('sab', m.done, n);
        else if (m.kind === 'done') resolve(m);
        else reject(new Error(m.message));
      });
      const fail = (e: ErrorEvent) => reject(new Error(e.message || 'worker failed to start'));
      client.addEventListener('error', fail);
      server.addEventListener('error', fail);
      server.postMessage({ role: 'server', sab, iterations: n, batch } satisfies SabStart);
      client.postMessage({ role: 'client', sab, iterations: n, batch } satisfies SabStart);
    });
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
