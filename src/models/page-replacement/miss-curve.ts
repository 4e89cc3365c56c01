import { distinctOf } from './dense';

/**
 * LRU misses for every memory size in one pass (Mattson's stack distances): the distance of a
 * reference is the number of distinct pages used since the previous use of its page, counted
 * with a Fenwick tree over time; with f frames a reference hits exactly when its distance < f.
 * Returns `missesAt` where missesAt(f) is the LRU miss count with f frames. O(n log n).
 */
export function lruMissCurve(refs: Int32Array): (frames: number) => number {
  const n = refs.length;
  const tree = new Int32Array(n + 1);
  const add = (i: number, v: number) => {
    for (let k = i + 1; k <= n; k += k & -k) tree[k]! += v;
  };
  const prefix = (i: number) => {
    let sum = 0;
    for (let k = i + 1; k > 0; k -= k & -k) sum += tree[k]!;
    return sum;
  };
  const last = new Int32Array(distinctOf(refs)).fill(-1);
  // hitsWithDistance[d] = references whose stack distance is d (d distinct pages in between).
  const hitsWithDistance = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const p = refs[i]!;
    const prev = last[p]!;
    if (prev >= 0) {
      hitsWithDistance[prefix(i - 1) - prefix(prev)]!++;
      add(prev, -1);
    }
    add(i, 1);
    last[p] = i;
  }
  // hitsAtMost[f] = references with distance < f: the hits with f frames.
  const hitsBelow = new Float64Array(n + 2);
  for (let d = 0; d <= n; d++) hitsBelow[d + 1] = hitsBelow[d]! + hitsWithDistance[d]!;
  return (frames) => n - hitsBelow[Math.min(Math.max(0, frames), n + 1)]!;
}
