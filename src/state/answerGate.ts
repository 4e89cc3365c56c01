/**
 * The charts workers' answers wait while a step's tables are computed (issue #31). A chart
 * part that ends during a step would otherwise post its answer then, and the page would read
 * it (a structured clone of its series) in the middle of the step, before the tables' answer.
 * The page shares one 32-bit flag with its charts workers (a SharedArrayBuffer: the page is
 * cross-origin isolated; without isolation there is no gate and nothing waits): 1 while a
 * tables request is in flight. A charts worker about to post looks at it and, while it is 1,
 * waits for the page to set it back and wake it (workers/answerGate.ts, at most 50 ms).
 */

/** The page's side: the flag, or null where memory cannot be shared. */
export function makeGate(): Int32Array<SharedArrayBuffer> | null {
  if (typeof SharedArrayBuffer === 'undefined' || globalThis.crossOriginIsolated !== true)
    return null;
  return new Int32Array(new SharedArrayBuffer(4));
}

/** Closed: answers wait. Open: they go, and the waiting ones are woken. */
export function setGate(gate: Int32Array | null, closed: boolean): void {
  if (!gate) return;
  Atomics.store(gate, 0, closed ? 1 : 0);
  if (!closed) Atomics.notify(gate, 0);
}
