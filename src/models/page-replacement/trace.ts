import { distinctOf } from './dense';
import type { TraceStep } from './simulate';

/**
 * Builds a step-by-step trace from the misses alone, so the policies' loop only reports a
 * miss (its index and the page evicted) and a hit costs nothing. The frames are rebuilt here:
 * every policy loads a page into the frame its victim held, or into the next free frame while
 * there is one, so a page keeps its frame until it is evicted and the frames stay in a stable
 * order. `miss` must be called in order of index; `finish` adds the hits after the last miss.
 */
export function traceRecorder(refs: Int32Array, frames: number, steps: TraceStep[]) {
  const slotPage = new Int32Array(frames).fill(-1);
  const slotOf = new Int32Array(distinctOf(refs)).fill(-1);
  let used = 0;
  let done = 0;
  const push = (page: number, hit: boolean, victim: number) =>
    steps.push({ page, hit, victim, slots: Array.from(slotPage) });
  const hitsUntil = (end: number) => {
    for (; done < end; done++) push(refs[done]!, true, -1);
  };
  return {
    miss(i: number, victim: number): void {
      hitsUntil(i);
      const p = refs[i]!;
      const slot = victim < 0 ? used++ : slotOf[victim]!;
      if (victim >= 0) slotOf[victim] = -1;
      slotPage[slot] = p;
      slotOf[p] = slot;
      push(p, false, victim);
      done = i + 1;
    },
    finish(): void {
      hitsUntil(refs.length);
    },
  };
}
