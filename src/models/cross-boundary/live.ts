/**
 * The cross-boundary model's live benchmark, the timing half: the paper's loop (the callee
 * increments its argument, the caller sums the results), timed in batches with progress and
 * cancel. Pure TypeScript (performance.now only), so it runs in Node tests as in the page;
 * the page's side, which starts the workers, is src/models/cross-boundary/view/liveWorkers.ts.
 */
import { median } from '../stats';

/**
 * The shared-memory row's SharedArrayBuffer, an Int32Array shared by the page and two workers:
 * [STATE] 0 idle, 1 request ready, 2 reply ready, 3 stop; [VALUE] argument / result;
 * [CANCEL] set by the page to stop the client after its current batch.
 */
export const STATE = 0;
export const VALUE = 1;
export const CANCEL = 2;
export const SAB_INTS = 4;
/** [STATE] values: what the client and the server hand each other. */
export const STATE_IDLE = 0;
export const STATE_REQUEST = 1;
export const STATE_REPLY = 2;
export const STATE_STOP = 3;

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
  /** The direct row: the calls repeated this many times per sample. */
  reps?: number;
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

const nextFrame = () => new Promise<void>((r) => setTimeout(r, 0));

/** Per-call figure from timed batches, falling back to the total when batches were too short. */
export function perCallUs(
  batches: { ms: number; calls: number }[],
  totalMs: number,
  calls: number,
) {
  const usable = batches.filter((b) => b.ms > 0 && b.calls > 0).map((b) => (b.ms * 1000) / b.calls);
  return usable.length ? median(usable) : calls > 0 ? (totalMs * 1000) / calls : NaN;
}

export const batchOf = (n: number) => Math.max(1, Math.floor(n / 20));

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
    reps,
    note: `${reps}× the ${n.toLocaleString('en-US')} calls per sample, so each sample spans ≥ 50 timer ticks`,
  };
}

/**
 * The benchmark loop for a row whose calls are asynchronous: call(1…n) one after another,
 * summing the results as the paper's caller does, timed in batches (for the per-call median)
 * with progress and cancel between batches.
 */
export async function timeAsyncCalls(
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
