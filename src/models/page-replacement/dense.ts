/** Reference strings as the policies take them: dense page ids, and each reference's next use. */

/** A reference string renumbered 0 … distinct−1 in order of first use, and the original ids. */
export interface DenseString {
  refs: Int32Array;
  /** `ids[d]` is the page number the dense id `d` stands for. */
  ids: number[];
}

/**
 * Renumbers pages 0 … P−1 in order of first use, so a policy's bookkeeping can be flat typed
 * arrays indexed by page id: no Map, no allocation per reference.
 */
export function densePages(pages: ArrayLike<number>): DenseString {
  const n = pages.length;
  const refs = new Int32Array(n);
  const ids: number[] = [];
  const map = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const p = pages[i]!;
    let d = map.get(p);
    if (d === undefined) {
      d = ids.length;
      ids.push(p);
      map.set(p, d);
    }
    refs[i] = d;
  }
  return { refs, ids };
}

/** How many page ids a dense string uses (its largest id + 1). */
export function distinctOf(refs: Int32Array): number {
  let max = -1;
  for (let i = 0; i < refs.length; i++) if (refs[i]! > max) max = refs[i]!;
  return max + 1;
}

/** `next[i]` = index of the next reference to the same page after i, or n when there is none. */
export function nextUses(refs: Int32Array): Int32Array {
  const n = refs.length;
  const next = new Int32Array(n);
  const last = new Int32Array(distinctOf(refs)).fill(n);
  for (let i = n - 1; i >= 0; i--) {
    const p = refs[i]!;
    next[i] = last[p]!;
    last[p] = i;
  }
  return next;
}
