import { mix32, mulberry32 } from '../random';

/**
 * Reference strings: the classic ones from the literature, and generated ones (seeded).
 *
 * A generated string is a sequence of item numbers (records of `itemBytes` bytes laid end to
 * end): a byte-address trace. Item i occupies addresses i × itemBytes … (i + 1) × itemBytes − 1,
 * and a reference reads all of it, so it touches every page ⌊address ÷ pageBytes⌋ of that span,
 * in order. The same accesses therefore map to pages consistently at every page size: the page
 * size decides how many items share a page (or how many pages one item spans), and so how many
 * distinct pages the string touches. Classic strings are page numbers already.
 */

export const CLASSIC_STRINGS = {
  /** Belady, Nelson & Shedler (1969): FIFO misses 9 times with 3 frames and 10 times with 4. */
  belady: [1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5],
  /** Silberschatz, Galvin & Gagne's example (3 frames: FIFO 15, LRU 12, OPT 9 faults). */
  silberschatz: [7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1],
  /** OSTEP ch. 22 (3 frames: OPT 6 hits, FIFO 4 hits, LRU 6 hits of 11). */
  ostep: [0, 1, 2, 0, 1, 3, 0, 3, 1, 2, 1],
} as const;

export type ClassicString = keyof typeof CLASSIC_STRINGS;

export const PATTERNS = ['sequential', 'loop', 'uniform', 'hotscan', 'zipf'] as const;
export type Pattern = (typeof PATTERNS)[number];

export interface GeneratorSpec {
  pattern: Pattern;
  refCount: number;
  distinctItems: number;
  hotItems: number;
  hotPct: number;
  zipfExponent: number;
  seed: number;
}

/** A seeded permutation of 0 … n−1 (Fisher–Yates). */
function permutation(n: number, rand: () => number): Int32Array {
  const p = new Int32Array(n);
  for (let i = 0; i < n; i++) p[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  return p;
}

/**
 * Item numbers for a generated string.
 *  - sequential: 0, 1, 2, … (a scan of a file larger than memory: nothing is used twice);
 *  - loop:       0 … N−1 over and over (LRU's worst case when N exceeds memory);
 *  - uniform:    each reference picks one of N items at random;
 *  - hotscan:    with probability hotPct % one of the first `hotItems` items at random,
 *                otherwise the next item of a scan running through the other N − hot items;
 *  - zipf:       item of popularity rank k with probability ∝ 1 / k^s; ranks are scattered
 *                over the N items by a seeded permutation (popular records are not neighbours).
 *                Drawn so that a small move of s re-draws few references (`zipfRanks`).
 */
export function generateItems(spec: GeneratorSpec): Int32Array {
  const n = spec.refCount;
  const N = Math.max(1, spec.distinctItems);
  const out = new Int32Array(n);
  const rand = mulberry32(spec.seed);
  switch (spec.pattern) {
    case 'sequential':
      for (let i = 0; i < n; i++) out[i] = i;
      break;
    case 'loop':
      for (let i = 0; i < n; i++) out[i] = i % N;
      break;
    case 'uniform':
      for (let i = 0; i < n; i++) out[i] = Math.floor(rand() * N);
      break;
    case 'hotscan': {
      const hot = Math.min(Math.max(1, spec.hotItems), N);
      const cold = N - hot;
      const p = spec.hotPct / 100;
      let scan = 0;
      for (let i = 0; i < n; i++) {
        if (cold === 0 || rand() < p) out[i] = Math.floor(rand() * hot);
        else {
          out[i] = hot + scan;
          scan = scan + 1 === cold ? 0 : scan + 1;
        }
      }
      break;
    }
    case 'zipf': {
      const scatter = permutation(N, rand);
      const ranks = zipfRanks(n, N, spec.zipfExponent, spec.seed);
      for (let i = 0; i < n; i++) out[i] = scatter[ranks[i]!]!;
      break;
    }
  }
  return out;
}

/** The Zipf exponents the proposal of `zipfRanks` covers (the knob's range, 0 … 3). */
const ZIPF_S_MAX = 3;
const ZIPF_S_GRID = 60;

/**
 * `n` popularity ranks (0-based) with P(rank k) ∝ 1 / (k + 1)^s over `N` ranks, drawn so that a
 * small move of s changes few of them (issue 33: inverse-CDF sampling re-drew about 64 % of the
 * Zipf preset's 20,000 references for a 0.3 % move of s — every tail rank shifts by a few places,
 * and the scatter makes each shifted rank a different record — so its elapsed times jumped by
 * up to ±13 %).
 *
 * Rejection sampling from a proposal q that does not depend on s: q_k ∝ the largest P(rank k)
 * over a grid of s on 0 … 3 (an envelope; about 2.7 proposals per rank at N = 5,000). Each
 * reference has its own stream (seed, reference number): a proposal k and a uniform v, accepted
 * when v < P_s(k) / (M q_k) with M = max_k P_s(k) / q_k. Moving s moves each threshold a
 * little, so a reference changes only where one of its v lies between the old and the new
 * threshold — a share of order |Δs|, as near as a coupling gets to the distributions' own
 * distance — and its neighbours never see it. Exact for any s: the grid sets only the speed.
 */
export function zipfRanks(n: number, N: number, s: number, seed: number): Int32Array {
  const lnK = new Float64Array(N);
  for (let k = 0; k < N; k++) lnK[k] = Math.log(k + 1);
  const lnH = (e: number) => {
    let h = 0;
    for (let k = 0; k < N; k++) h += Math.exp(-e * lnK[k]!);
    return Math.log(h);
  };
  // The envelope: log P_e(k) = −e ln(k+1) − ln H(e) is concave in e, and its best e falls as k
  // grows, so one pointer walks the grid down as k rises.
  const grid = Array.from({ length: ZIPF_S_GRID + 1 }, (_, j) => (ZIPF_S_MAX * j) / ZIPF_S_GRID);
  const gridLnH = grid.map((e) => lnHApprox(e, N, lnK));
  const at = (j: number, k: number) => -grid[j]! * lnK[k]! - gridLnH[j]!;
  const lnQ = new Float64Array(N);
  let j = ZIPF_S_GRID;
  for (let k = 0; k < N; k++) {
    while (j > 0 && at(j - 1, k) >= at(j, k)) j--;
    lnQ[k] = at(j, k);
  }
  // Acceptance ratio P_s(k) / q_k, scaled so that its largest is 1.
  const lnHs = lnH(s);
  const accept = new Float64Array(N);
  let top = -Infinity;
  for (let k = 0; k < N; k++) {
    accept[k] = -s * lnK[k]! - lnHs - lnQ[k]!;
    if (accept[k]! > top) top = accept[k]!;
  }
  for (let k = 0; k < N; k++) accept[k] = Math.exp(accept[k]! - top);
  const alias = aliasTable(lnQ);
  const out = new Int32Array(n);
  const base = mix32(seed ^ 0x5a17f00d);
  for (let i = 0; i < n; i++) {
    const r = mulberry32(mix32(base + Math.imul(i, 0x9e3779b9)));
    for (;;) {
      const k = alias(r(), r());
      if (r() < accept[k]!) {
        out[i] = k;
        break;
      }
    }
  }
  return out;
}

/**
 * ln Σ_{k=1}^{N} k^−e: the first 64 terms summed, the rest by Euler–Maclaurin (relative error
 * far below 1e-6). Only the proposal's shape uses it, so it sets the speed, never the draw.
 */
function lnHApprox(e: number, N: number, lnK: Float64Array): number {
  const a = Math.min(N, 64);
  let h = 0;
  for (let k = 0; k < a; k++) h += Math.exp(-e * lnK[k]!);
  if (N > a) {
    const f = (x: number) => Math.exp(-e * Math.log(x));
    const d = (x: number) => -e * Math.exp(-(e + 1) * Math.log(x));
    const g = 1 - e;
    const integral =
      Math.abs(g) < 1e-9
        ? Math.log(N / a)
        : (Math.exp(g * Math.log(N)) - Math.exp(g * Math.log(a))) / g;
    // Σ_{k=a+1}^{N} f(k) = ∫_a^N f + (f(N) − f(a)) / 2 + (f′(N) − f′(a)) / 12 + …
    h += integral + (f(N) - f(a)) / 2 + (d(N) - d(a)) / 12;
  }
  return Math.log(h);
}

/** Vose's alias method for weights exp(lnW): a draw from two uniforms in constant time. */
function aliasTable(lnW: Float64Array): (u: number, v: number) => number {
  const N = lnW.length;
  let top = -Infinity;
  for (let k = 0; k < N; k++) if (lnW[k]! > top) top = lnW[k]!;
  const w = new Float64Array(N);
  let sum = 0;
  for (let k = 0; k < N; k++) sum += w[k] = Math.exp(lnW[k]! - top);
  const prob = new Float64Array(N);
  const other = new Int32Array(N);
  const small: number[] = [];
  const large: number[] = [];
  for (let k = 0; k < N; k++) {
    prob[k] = (w[k]! * N) / sum;
    (prob[k]! < 1 ? small : large).push(k);
  }
  while (small.length > 0 && large.length > 0) {
    const a = small.pop()!;
    const b = large.pop()!;
    other[a] = b;
    prob[b] = prob[b]! + prob[a]! - 1;
    (prob[b]! < 1 ? small : large).push(b);
  }
  for (const k of [...small, ...large]) prob[k] = 1;
  return (u, v) => {
    const k = Math.min(N - 1, Math.floor(u * N));
    return v < prob[k]! ? k : other[k]!;
  };
}

/**
 * Most page references a generated string expands to: a record spanning many small pages
 * (64 KB records in 512 B pages: 128 each) multiplies the string, and every table and chart
 * runs it many times. Past this, the string is cut at the last whole reference that fits,
 * and the table says so.
 */
export const MAX_PAGE_TOUCHES = 2_000_000;

export interface PageString {
  /** Page numbers, one per page a reference touches, in order. */
  pages: Int32Array;
  /** How many of the item references are in `pages` (all, unless the cap cut the string). */
  itemRefs: number;
}

/**
 * Item numbers → page references: item i spans bytes [i × itemBytes, (i + 1) × itemBytes), and
 * a reference to it touches each page ⌊address ÷ pageBytes⌋ of that span, first to last.
 */
export function itemsToPages(
  items: Int32Array,
  itemBytes: number,
  pageBytes: number,
  maxTouches: number = MAX_PAGE_TOUCHES,
): PageString {
  const first = (item: number) => Math.floor((item * itemBytes) / pageBytes);
  const last = (item: number) => Math.floor(((item + 1) * itemBytes - 1) / pageBytes);
  let touches = 0;
  let itemRefs = 0;
  for (; itemRefs < items.length; itemRefs++) {
    const it = items[itemRefs]!;
    const k = last(it) - first(it) + 1;
    if (touches + k > maxTouches) break;
    touches += k;
  }
  const pages = new Int32Array(touches);
  let o = 0;
  for (let i = 0; i < itemRefs; i++) {
    const it = items[i]!;
    for (let pg = first(it), end = last(it); pg <= end; pg++) pages[o++] = pg;
  }
  return { pages, itemRefs };
}
