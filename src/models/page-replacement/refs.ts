import { mulberry32 } from '../random';

/**
 * Reference strings: the classic ones from the literature, and generated ones (seeded).
 *
 * A generated string is a sequence of item numbers (records of `itemBytes` bytes laid end to
 * end). Item i lives at byte address i × itemBytes, on page ⌊address ÷ pageBytes⌋ — so the page
 * size decides how many items share a page, and therefore how many distinct pages the same
 * accesses touch. Classic strings are page numbers already; the page size does not apply.
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

/** Item numbers → page numbers: address = item × itemBytes, page = ⌊address ÷ pageBytes⌋. */
export function itemsToPages(items: Int32Array, itemBytes: number, pageBytes: number): Int32Array {
  const out = new Int32Array(items.length);
  for (let i = 0; i < items.length; i++) out[i] = Math.floor((items[i]! * itemBytes) / pageBytes);
  return out;
}
