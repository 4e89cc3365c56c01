import { mulberry32 } from '../random';

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
      const cdf = new Float64Array(N);
      let sum = 0;
      for (let k = 0; k < N; k++) {
        sum += 1 / Math.pow(k + 1, spec.zipfExponent);
        cdf[k] = sum;
      }
      const scatter = permutation(N, rand);
      for (let i = 0; i < n; i++) {
        const u = rand() * sum;
        let lo = 0;
        let hi = N - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (cdf[mid]! < u) lo = mid + 1;
          else hi = mid;
        }
        out[i] = scatter[lo]!;
      }
      break;
    }
  }
  return out;
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
