import { mulberry32 } from '../random';
/**
 * Page replacement on one reference string: FIFO, LRU, OPT (Belady's MIN), CLOCK and RAND.
 *
 * Every policy works on a dense copy of the string (page ids 0 … P−1, see `densePages`), so
 * its bookkeeping is flat typed arrays indexed by page id: no Map, no allocation per reference.
 * Memory is `frames` slots; a page keeps the slot it was loaded into until it is evicted, so
 * a step-by-step trace can show the frames in a stable order.
 *
 *   FIFO  a hand over the slots: the slot loaded longest ago is the victim.
 *   LRU   a doubly linked recency list (prev/next arrays); the tail is the victim.
 *   OPT   next-use precomputation (one backward pass), then a max-heap keyed by next use with
 *         lazy deletion: a hit pushes the page's new key, stale entries are skipped on pop.
 *         O(n log n) — ten million references take about a second.
 *   CLOCK second chance: a reference bit per slot, the hand clears bits until it finds a 0.
 *   RAND  a seeded uniform choice of slot (mulberry32).
 */

export const POLICIES = ['FIFO', 'LRU', 'OPT', 'CLOCK', 'RAND'] as const;
export type Policy = (typeof POLICIES)[number];

export interface PolicyResult {
  policy: Policy;
  hits: number;
  misses: number;
}

/** One access of a trace: the page asked for, hit or miss, the page evicted (−1: none), the slots after it (−1: empty). */
export interface TraceStep {
  page: number;
  hit: boolean;
  victim: number;
  slots: number[];
}

/** A reference string renumbered 0 … distinct−1 in order of first use, and the original ids. */
export interface DenseString {
  refs: Int32Array;
  /** `ids[d]` is the page number the dense id `d` stands for. */
  ids: number[];
}

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

function distinctOf(refs: Int32Array): number {
  let max = -1;
  for (let i = 0; i < refs.length; i++) if (refs[i]! > max) max = refs[i]!;
  return max + 1;
}

function checkFrames(frames: number): void {
  if (!Number.isInteger(frames) || frames < 1)
    throw new RangeError(`frames must be a whole number ≥ 1 (got ${frames})`);
}

/** Records one step of a trace (only when a trace array was given). */
function record(
  trace: TraceStep[] | undefined,
  page: number,
  hit: boolean,
  victim: number,
  slotPage: Int32Array,
): void {
  if (trace) trace.push({ page, hit, victim, slots: Array.from(slotPage) });
}

export function simulateFifo(refs: Int32Array, frames: number, trace?: TraceStep[]): PolicyResult {
  checkFrames(frames);
  const slotOf = new Int32Array(distinctOf(refs)).fill(-1);
  const slotPage = new Int32Array(frames).fill(-1);
  let used = 0;
  let hand = 0;
  let misses = 0;
  const n = refs.length;
  for (let i = 0; i < n; i++) {
    const p = refs[i]!;
    if (slotOf[p]! >= 0) {
      if (trace) record(trace, p, true, -1, slotPage);
      continue;
    }
    misses++;
    let slot: number;
    let victim = -1;
    if (used < frames) slot = used++;
    else {
      slot = hand;
      victim = slotPage[slot]!;
      slotOf[victim] = -1;
      hand = hand + 1 === frames ? 0 : hand + 1;
    }
    slotPage[slot] = p;
    slotOf[p] = slot;
    if (trace) record(trace, p, false, victim, slotPage);
  }
  return { policy: 'FIFO', hits: n - misses, misses };
}

export function simulateLru(refs: Int32Array, frames: number, trace?: TraceStep[]): PolicyResult {
  checkFrames(frames);
  const distinct = distinctOf(refs);
  const slotOf = new Int32Array(distinct).fill(-1);
  const prev = new Int32Array(distinct);
  const next = new Int32Array(distinct);
  const slotPage = new Int32Array(frames).fill(-1);
  let head = -1; // most recently used
  let tail = -1; // least recently used
  let used = 0;
  let misses = 0;
  const n = refs.length;
  for (let i = 0; i < n; i++) {
    const p = refs[i]!;
    if (slotOf[p]! >= 0) {
      if (p !== head) {
        // Unlink p (it has a predecessor, since it is not the head) and push it to the front.
        const pp = prev[p]!;
        const np = next[p]!;
        next[pp] = np;
        if (np >= 0) prev[np] = pp;
        else tail = pp;
        prev[p] = -1;
        next[p] = head;
        prev[head] = p;
        head = p;
      }
      if (trace) record(trace, p, true, -1, slotPage);
      continue;
    }
    misses++;
    let slot: number;
    let victim = -1;
    if (used < frames) slot = used++;
    else {
      victim = tail;
      slot = slotOf[victim]!;
      slotOf[victim] = -1;
      tail = prev[victim]!;
      if (tail >= 0) next[tail] = -1;
      else head = -1;
    }
    slotPage[slot] = p;
    slotOf[p] = slot;
    prev[p] = -1;
    next[p] = head;
    if (head >= 0) prev[head] = p;
    else tail = p;
    head = p;
    if (trace) record(trace, p, false, victim, slotPage);
  }
  return { policy: 'LRU', hits: n - misses, misses };
}

/**
 * LRU without a trace: the same recency list, but each page's links sit side by side in one
 * array (`link[2p]` = previous, `link[2p + 1]` = next; previous = −2 marks a page not in
 * memory), so a hit touches one cache line. About 1.4× the traced loop in Node on a trace
 * larger than the CPU caches. Tests check that both agree.
 */
export function simulateLruLean(refs: Int32Array, frames: number): PolicyResult {
  checkFrames(frames);
  const link = new Int32Array(2 * distinctOf(refs)).fill(-2);
  let head = -1;
  let tail = -1;
  let used = 0;
  let misses = 0;
  const n = refs.length;
  for (let i = 0; i < n; i++) {
    const p = refs[i]!;
    const pp = link[2 * p]!;
    if (pp !== -2) {
      if (p !== head) {
        // Unlink p (it has a predecessor, since it is not the head) and push it to the front.
        const np = link[2 * p + 1]!;
        link[2 * pp + 1] = np;
        if (np >= 0) link[2 * np] = pp;
        else tail = pp;
        link[2 * p] = -1;
        link[2 * p + 1] = head;
        link[2 * head] = p;
        head = p;
      }
      continue;
    }
    misses++;
    if (used < frames) used++;
    else {
      const victim = tail;
      tail = link[2 * victim]!;
      link[2 * victim] = -2;
      if (tail >= 0) link[2 * tail + 1] = -1;
      else head = -1;
    }
    link[2 * p] = -1;
    link[2 * p + 1] = head;
    if (head >= 0) link[2 * head] = p;
    else tail = p;
    head = p;
  }
  return { policy: 'LRU', hits: n - misses, misses };
}

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

export function simulateOpt(
  refs: Int32Array,
  frames: number,
  trace?: TraceStep[],
  precomputedNext?: Int32Array,
): PolicyResult {
  checkFrames(frames);
  const n = refs.length;
  const next = precomputedNext ?? nextUses(refs);
  const distinct = distinctOf(refs);
  const slotOf = new Int32Array(distinct).fill(-1);
  const key = new Int32Array(distinct);
  const slotPage = new Int32Array(frames).fill(-1);
  // Max-heap of (next use, page); at most one push per reference.
  const heapKey = new Int32Array(n + 1);
  const heapPage = new Int32Array(n + 1);
  let size = 0;
  const push = (k: number, p: number) => {
    let i = size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heapKey[parent]! >= k) break;
      heapKey[i] = heapKey[parent]!;
      heapPage[i] = heapPage[parent]!;
      i = parent;
    }
    heapKey[i] = k;
    heapPage[i] = p;
  };
  const popTop = () => {
    const k = heapKey[--size]!;
    const p = heapPage[size]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && heapKey[c + 1]! > heapKey[c]!) c++;
      if (heapKey[c]! <= k) break;
      heapKey[i] = heapKey[c]!;
      heapPage[i] = heapPage[c]!;
      i = c;
    }
    heapKey[i] = k;
    heapPage[i] = p;
  };
  let used = 0;
  let misses = 0;
  for (let i = 0; i < n; i++) {
    const p = refs[i]!;
    const k = next[i]!;
    if (slotOf[p]! >= 0) {
      key[p] = k;
      push(k, p);
      if (trace) record(trace, p, true, -1, slotPage);
      continue;
    }
    misses++;
    let slot: number;
    let victim = -1;
    if (used < frames) slot = used++;
    else {
      // Skip stale entries: a page no longer resident, or one whose key has moved on.
      for (;;) {
        const q = heapPage[0]!;
        const qk = heapKey[0]!;
        popTop();
        if (slotOf[q]! >= 0 && key[q] === qk) {
          victim = q;
          break;
        }
      }
      slot = slotOf[victim]!;
      slotOf[victim] = -1;
    }
    slotPage[slot] = p;
    slotOf[p] = slot;
    key[p] = k;
    push(k, p);
    if (trace) record(trace, p, false, victim, slotPage);
  }
  return { policy: 'OPT', hits: n - misses, misses };
}

export function simulateClock(refs: Int32Array, frames: number, trace?: TraceStep[]): PolicyResult {
  checkFrames(frames);
  const slotOf = new Int32Array(distinctOf(refs)).fill(-1);
  const slotPage = new Int32Array(frames).fill(-1);
  const refBit = new Uint8Array(frames);
  let used = 0;
  let hand = 0;
  let misses = 0;
  const n = refs.length;
  for (let i = 0; i < n; i++) {
    const p = refs[i]!;
    const s = slotOf[p]!;
    if (s >= 0) {
      refBit[s] = 1;
      if (trace) record(trace, p, true, -1, slotPage);
      continue;
    }
    misses++;
    let slot: number;
    let victim = -1;
    if (used < frames) slot = used++;
    else {
      while (refBit[hand] === 1) {
        refBit[hand] = 0;
        hand = hand + 1 === frames ? 0 : hand + 1;
      }
      slot = hand;
      hand = hand + 1 === frames ? 0 : hand + 1;
      victim = slotPage[slot]!;
      slotOf[victim] = -1;
    }
    slotPage[slot] = p;
    slotOf[p] = slot;
    refBit[slot] = 1;
    if (trace) record(trace, p, false, victim, slotPage);
  }
  return { policy: 'CLOCK', hits: n - misses, misses };
}

/**
 * CLOCK without a trace: one byte of state per page (0 not in memory, 1 in memory with its
 * reference bit clear, 2 with it set), so a hit is a single byte write. Same victims as
 * `simulateClock`; tests check that both agree.
 */
export function simulateClockLean(refs: Int32Array, frames: number): PolicyResult {
  checkFrames(frames);
  const state = new Uint8Array(distinctOf(refs));
  const slotPage = new Int32Array(frames);
  let used = 0;
  let hand = 0;
  let misses = 0;
  const n = refs.length;
  for (let i = 0; i < n; i++) {
    const p = refs[i]!;
    if (state[p] !== 0) {
      state[p] = 2;
      continue;
    }
    misses++;
    let slot: number;
    if (used < frames) slot = used++;
    else {
      while (state[slotPage[hand]!] === 2) {
        state[slotPage[hand]!] = 1;
        hand = hand + 1 === frames ? 0 : hand + 1;
      }
      slot = hand;
      hand = hand + 1 === frames ? 0 : hand + 1;
      state[slotPage[slot]!] = 0;
    }
    slotPage[slot] = p;
    state[p] = 2;
  }
  return { policy: 'CLOCK', hits: n - misses, misses };
}

export function simulateRand(
  refs: Int32Array,
  frames: number,
  seed: number,
  trace?: TraceStep[],
): PolicyResult {
  checkFrames(frames);
  const rand = mulberry32(seed);
  const slotOf = new Int32Array(distinctOf(refs)).fill(-1);
  const slotPage = new Int32Array(frames).fill(-1);
  let used = 0;
  let misses = 0;
  const n = refs.length;
  for (let i = 0; i < n; i++) {
    const p = refs[i]!;
    if (slotOf[p]! >= 0) {
      if (trace) record(trace, p, true, -1, slotPage);
      continue;
    }
    misses++;
    let slot: number;
    let victim = -1;
    if (used < frames) slot = used++;
    else {
      slot = Math.floor(rand() * frames);
      victim = slotPage[slot]!;
      slotOf[victim] = -1;
    }
    slotPage[slot] = p;
    slotOf[p] = slot;
    if (trace) record(trace, p, false, victim, slotPage);
  }
  return { policy: 'RAND', hits: n - misses, misses };
}

/**
 * The one entry point: a policy on a dense reference string (see `densePages`).
 * Pass `trace` (an empty array) to get every step; keep that to short strings.
 */
export function simulatePolicy(
  policy: Policy,
  refs: Int32Array,
  frames: number,
  options: { seed?: number; trace?: TraceStep[]; next?: Int32Array } = {},
): PolicyResult {
  switch (policy) {
    case 'FIFO':
      return simulateFifo(refs, frames, options.trace);
    case 'LRU':
      return options.trace
        ? simulateLru(refs, frames, options.trace)
        : simulateLruLean(refs, frames);
    case 'OPT':
      return simulateOpt(refs, frames, options.trace, options.next);
    case 'CLOCK':
      return options.trace
        ? simulateClock(refs, frames, options.trace)
        : simulateClockLean(refs, frames);
    case 'RAND':
      return simulateRand(refs, frames, options.seed ?? 1, options.trace);
  }
}
