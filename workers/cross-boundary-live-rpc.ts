/**
 * The callee of the live benchmark's RPC and postMessage rows (cross-boundary model): it
 * increments its argument, like the paper's library routine. Comlink calls `inc`; a raw
 * `{ raw: x }` message is answered with `x + 1` directly, bypassing comlink.
 */
import { expose } from 'comlink';

export const liveCallee = {
  inc(x: number): number {
    return x + 1;
  },
};
export type LiveCallee = typeof liveCallee;

// Expose only inside a dedicated worker, so tests can import this module in Node.
const scope = globalThis as { postMessage?: unknown; window?: unknown };
if (
  typeof self !== 'undefined' &&
  typeof scope.postMessage === 'function' &&
  !('window' in scope)
) {
  // Raw postMessage round trips: answered before comlink sees them (comlink ignores them).
  self.addEventListener('message', (e: MessageEvent) => {
    const d = e.data as { raw?: number } | null;
    if (d && typeof d.raw === 'number') (self as unknown as Worker).postMessage({ raw: d.raw + 1 });
  });
  expose(liveCallee);
}
