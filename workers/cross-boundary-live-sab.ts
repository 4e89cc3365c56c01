/**
 * The shared-memory row of the live benchmark (cross-boundary model): two of these workers
 * share one SharedArrayBuffer, a client and a server, and hand each call over with Atomics
 * wait/notify — the paper's "put the input in shared memory, signal, wait for the result".
 *
 * Layout (Int32Array): [0] state (0 idle, 1 request ready, 2 reply ready, 3 stop),
 * [1] argument / result, [2] cancel flag (set by the page).
 */
export const STATE = 0;
export const VALUE = 1;
export const CANCEL = 2;
export const SAB_INTS = 4;

export interface SabStart {
  role: 'client' | 'server';
  sab: SharedArrayBuffer;
  iterations: number;
  /** Client: how many calls per timed batch (the page takes the median per-call of batches). */
  batch: number;
}

export type SabMessage =
  | { kind: 'progress'; done: number }
  | { kind: 'done'; sum: number; batchMs: number[]; totalMs: number; cancelled: boolean }
  | { kind: 'error'; message: string };

function server(a: Int32Array): void {
  for (;;) {
    Atomics.wait(a, STATE, 0);
    const s = Atomics.load(a, STATE);
    if (s === 3) return;
    if (s !== 1) continue;
    a[VALUE] = a[VALUE]! + 1; // the library routine: increment the argument
    Atomics.store(a, STATE, 2);
    Atomics.notify(a, STATE);
    Atomics.wait(a, STATE, 2); // until the client has taken the reply
  }
}

function client(a: Int32Array, n: number, batch: number, post: (m: SabMessage) => void): void {
  let sum = 0;
  const batchMs: number[] = [];
  const t0 = performance.now();
  let cancelled = false;
  for (let done = 0; done < n;) {
    const size = Math.min(batch, n - done);
    const b0 = performance.now();
    for (let i = 0; i < size; i++) {
      a[VALUE] = ((done + i + 1) | 0) & 0x3fffffff;
      Atomics.store(a, STATE, 1);
      Atomics.notify(a, STATE);
      Atomics.wait(a, STATE, 1);
      sum += a[VALUE]!;
      Atomics.store(a, STATE, 0);
      Atomics.notify(a, STATE);
    }
    batchMs.push(performance.now() - b0);
    done += size;
    post({ kind: 'progress', done });
    if (Atomics.load(a, CANCEL) === 1) {
      cancelled = true;
      break;
    }
  }
  Atomics.store(a, STATE, 3);
  Atomics.notify(a, STATE);
  post({ kind: 'done', sum, batchMs, totalMs: performance.now() - t0, cancelled });
}

const scope = globalThis as { postMessage?: unknown; window?: unknown };
if (
  typeof self !== 'undefined' &&
  typeof scope.postMessage === 'function' &&
  !('window' in scope)
) {
  const post = (m: SabMessage) => (self as unknown as Worker).postMessage(m);
  self.addEventListener('message', (e: MessageEvent) => {
    const d = e.data as SabStart;
    try {
      const a = new Int32Array(d.sab);
      if (d.role === 'server') server(a);
      else client(a, d.iterations, d.batch, post);
    } catch (err) {
      post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  });
}
