/**
 * The callee of the live benchmark's RPC and postMessage rows (cross-boundary model): it
 * increments its argument, like the paper's library routine. Comlink calls `inc`; a raw
 * `{ raw: x }` message is answered with `x + 1` directly, bypassing comlink (comlink ignores
 * messages that are not its own).
 */
import { exposeInWorker, onWorkerMessage } from '../../../../workers/expose';

export const liveCallee = {
  inc(x: number): number {
    return x + 1;
  },
};
export type LiveCallee = typeof liveCallee;

onWorkerMessage((data, post) => {
  const d = data as { raw?: number } | null;
  if (d && typeof d.raw === 'number') post({ raw: d.raw + 1 });
});
exposeInWorker(liveCallee);
