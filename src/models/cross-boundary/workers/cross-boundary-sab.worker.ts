/**
 * The shared-memory row of the live benchmark (cross-boundary model): two of these workers
 * share one SharedArrayBuffer, a client and a server, and hand each call over with Atomics
 * wait/notify — the paper's "put the input in shared memory, signal, wait for the result".
 *
 * The layout of the shared Int32Array is in src/models/cross-boundary/live.ts.
 */
import { CANCEL, STATE, STATE_IDLE, STATE_REPLY, STATE_REQUEST, STATE_STOP, VALUE } from '../live';
import { exposeInWorker } from '../../../../workers/expose';

function server(a: Int32Array): void {
  for (;;) {
    Atomics.wait(a, STATE, STATE_IDLE);
    const s = Atomics.load(a, STATE);
    if (s === STATE_STOP) return;
    if (s !== STATE_REQUEST) continue;
    a[VALUE] = a[VALUE]! + 1; // the library routine: increment the argument
    Atomics.store(a, STATE, STATE_REPLY);
    Atomics.notify(a, STATE);
    Atomics.wait(a, STATE, STATE_REPLY); // until the client has taken the reply
  }
}

export interface SabResult {
  sum: number;
  batchMs: number[];
  totalMs: number;
  cancelled: boolean;
}

function client(
  a: Int32Array,
  n: number,
  batch: number,
  progress: (done: number) => unknown,
): SabResult {
  let sum = 0;
  const batchMs: number[] = [];
  const t0 = performance.now();
  let cancelled = false;
  for (let done = 0; done < n;) {
    const size = Math.min(batch, n - done);
    const b0 = performance.now();
    for (let i = 0; i < size; i++) {
      a[VALUE] = ((done + i + 1) | 0) & 0x3fffffff;
      Atomics.store(a, STATE, STATE_REQUEST);
      Atomics.notify(a, STATE);
      Atomics.wait(a, STATE, STATE_REQUEST);
      sum += a[VALUE]!;
      Atomics.store(a, STATE, STATE_IDLE);
      Atomics.notify(a, STATE);
    }
    batchMs.push(performance.now() - b0);
    done += size;
    void progress(done); // a comlink proxy: posted now, its answer is not awaited
    if (Atomics.load(a, CANCEL) === 1) {
      cancelled = true;
      break;
    }
  }
  Atomics.store(a, STATE, STATE_STOP);
  Atomics.notify(a, STATE);
  return { sum, batchMs, totalMs: performance.now() - t0, cancelled };
}

export const sabApi = {
  /** The server's side: answers calls until the client stores "stop" (never returns before). */
  serve(sab: SharedArrayBuffer): void {
    server(new Int32Array(sab));
  },
  /** The client's side: n calls in timed batches, progress after each batch. */
  run(
    sab: SharedArrayBuffer,
    iterations: number,
    batch: number,
    progress: (done: number) => unknown,
  ): SabResult {
    return client(new Int32Array(sab), iterations, batch, progress);
  },
};
export type SabApi = typeof sabApi;

exposeInWorker(sabApi);
