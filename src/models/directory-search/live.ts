/**
 * The same searches, timed on this machine: a directory of the scenario's shape (same ids in
 * the same creation order, same pages, same profiles) is built as 8-byte user ids stored
 * masked, as CP keeps them, and looked up with DMKUDR's two algorithms written in plain
 * TypeScript. Pure: the clock is passed in, so this runs in a worker, in Node and in tests.
 */
import { median, timerResolutionUs } from '../stats';
import { mulberry32 } from '../random';
import { buildDirectory, PROFILE, type DirectoryPages } from './directory';
import type { DirectorySearchParams } from './params';
import { binaryDoublings, SEARCHES, simulateDirectorySearch, type SearchKey } from './simulate';

/** The searches the paper timed (binary search of an unsorted directory is not a search). */
export const LIVE_SEARCHES = ['unsortedLinear', 'sortedLinear', 'sortedBinary'] as const;
export type LiveSearchKey = (typeof LIVE_SEARCHES)[number] & SearchKey;

/** CP stores directory user ids masked; DMKUDR unmasks each with `XC SAVEWRK4(8),MASK`. */
const MASK_HI = 0x5a3c_96e1;
const MASK_LO = 0x0f71_c2b4;
/** Separate random streams: the ids, and the sequence of ids searched for. */
const ID_STREAM = 0x5bd1_e995;
const TARGET_STREAM = 0x27d4_eb2f;
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `users` distinct 8-character user ids, sorted: the id of rank r is ids[r]. */
export function generateUserIds(users: number, seed: number): string[] {
  const rand = mulberry32(seed ^ ID_STREAM);
  const ids = new Set<string>();
  while (ids.size < users) {
    // 4 to 8 characters, a letter first, blank-padded to 8 as in the directory.
    const length = 4 + Math.floor(rand() * 5);
    let id = ID_CHARS[Math.floor(rand() * 26)]!;
    for (let i = 1; i < length; i++) id += ID_CHARS[Math.floor(rand() * ID_CHARS.length)]!;
    ids.add(id.padEnd(8, ' '));
  }
  return [...ids].sort();
}

/** The 8 bytes of an id as two big-endian words, so comparing words compares ids (CLC). */
export function idWords(id: string): [number, number] {
  const word = (from: number) =>
    ((id.charCodeAt(from) << 24) |
      (id.charCodeAt(from + 1) << 16) |
      (id.charCodeAt(from + 2) << 8) |
      id.charCodeAt(from + 3)) >>>
    0;
  return [word(0), word(4)];
}

/** One directory order as CP holds it: per page DPLLOW/DPLHIGH, then masked entries. */
export interface LiveDirectory {
  pages: number;
  pageStart: Int32Array;
  lowHi: Uint32Array;
  lowLo: Uint32Array;
  highHi: Uint32Array;
  highLo: Uint32Array;
  /** Masked id words per entry; profile entries are flagged. */
  keyHi: Uint32Array;
  keyLo: Uint32Array;
  profile: Uint8Array;
}

export function liveDirectory(pages: DirectoryPages, words: [number, number][]): LiveDirectory {
  const count = pages.pageStart.length - 1;
  const total = pages.entries.length;
  const d: LiveDirectory = {
    pages: count,
    pageStart: pages.pageStart,
    lowHi: new Uint32Array(count),
    lowLo: new Uint32Array(count),
    highHi: new Uint32Array(count),
    highLo: new Uint32Array(count),
    keyHi: new Uint32Array(total),
    keyLo: new Uint32Array(total),
    profile: new Uint8Array(total),
  };
  for (let i = 0; i < total; i++) {
    const rank = pages.entries[i]!;
    if (rank === PROFILE) {
      d.profile[i] = 1;
      continue;
    }
    const [hi, lo] = words[rank]!;
    d.keyHi[i] = (hi ^ MASK_HI) >>> 0;
    d.keyLo[i] = (lo ^ MASK_LO) >>> 0;
  }
  for (let p = 0; p < count; p++) {
    const empty = pages.high[p]! < 0;
    const [lh, ll] = empty ? [0xffffffff, 0xffffffff] : words[pages.low[p]!]!;
    const [hh, hl] = empty ? [0, 0] : words[pages.high[p]!]!;
    d.lowHi[p] = lh;
    d.lowLo[p] = ll;
    d.highHi[p] = hh;
    d.highLo[p] = hl;
  }
  return d;
}

/** DMKUDR as listed: pages whose low/high hold the id, each scanned from its top. Entry index or −1. */
export function linearSearch(d: LiveDirectory, hi: number, lo: number): number {
  for (let p = 0; p < d.pages; p++) {
    const lh = d.lowHi[p]!;
    if (hi < lh || (hi === lh && lo < d.lowLo[p]!)) continue;
    const hh = d.highHi[p]!;
    if (hi > hh || (hi === hh && lo > d.highLo[p]!)) continue;
    const end = d.pageStart[p + 1]!;
    for (let i = d.pageStart[p]!; i < end; i++) {
      if (d.profile[i]) continue;
      if ((d.keyHi[i]! ^ MASK_HI) >>> 0 === hi && (d.keyLo[i]! ^ MASK_LO) >>> 0 === lo) return i;
    }
  }
  return -1;
}

/** The paper's modification: a power-of-two descent in each page whose low/high hold the id. */
export function binarySearch(d: LiveDirectory, hi: number, lo: number): number {
  for (let p = 0; p < d.pages; p++) {
    const lh = d.lowHi[p]!;
    if (hi < lh || (hi === lh && lo < d.lowLo[p]!)) continue;
    const hh = d.highHi[p]!;
    if (hi > hh || (hi === hh && lo > d.highLo[p]!)) continue;
    const start = d.pageStart[p]!;
    const inPage = d.pageStart[p + 1]! - start;
    let half = 1 << binaryDoublings(inPage);
    let base = 0;
    while ((half >>= 1) >= 1) {
      const probe = base + half;
      if (probe > inPage) continue;
      const i = start + probe - 1;
      if (d.profile[i]) {
        base = probe;
        continue;
      }
      const eh = (d.keyHi[i]! ^ MASK_HI) >>> 0;
      const el = (d.keyLo[i]! ^ MASK_LO) >>> 0;
      if (eh === hi && el === lo) return i;
      if (hi > eh || (hi === eh && lo > el)) base = probe;
    }
  }
  return -1;
}

export interface LiveProgress {
  /** Timed batches done, of `total`. */
  done: number;
  total: number;
}

export interface LiveOptions {
  /** Timed rounds per search; the median round is reported (default 9). */
  rounds?: number;
  /** A timed batch runs at least this long, so the timer's resolution is small beside it (default 15 ms). */
  minBatchMs?: number;
  /** Ids searched for, drawn from the workload (default 4,096), looked up in turn. */
  targets?: number;
  /** Milliseconds, monotonic (default `performance.now`). */
  clock?: () => number;
  /** After each batch; returning false stops the run (its result says `cancelled`). */
  onProgress?: (p: LiveProgress) => boolean | void | Promise<boolean | void>;
}

export interface LiveRow {
  key: LiveSearchKey;
  /** As the model's tables name it. */
  label: string;
  /** Median over the rounds; NaN when cancelled before this search was timed. */
  nsPerSearch: number;
  /** Searches timed, over all rounds. */
  searches: number;
  /** Searches per timed batch, chosen so this search's batch takes at least `minBatchMs`. */
  batch: number;
  /** The model's average for the same search on the 1990 machine (µs). */
  modelUs: number;
}

export interface LiveResult {
  rows: LiveRow[];
  /** Smallest step seen between two readings of the clock (µs). */
  timerResolutionUs: number;
  elapsedMs: number;
  cancelled: boolean;
  /** Sum of the entry indices found: keeps the searches' results in use, so none is optimised away. */
  checksum: number;
}

const defaultClock = () => performance.now();

/** Ids to look up, drawn from the workload's shares by a seeded stream. */
function drawTargets(weights: Float64Array, count: number, seed: number): Int32Array {
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) cumulative[i] = sum += weights[i]!;
  const rand = mulberry32(seed ^ TARGET_STREAM);
  const out = new Int32Array(count);
  for (let t = 0; t < count; t++) {
    const u = rand() * sum;
    let lo = 0;
    let hi = weights.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    out[t] = lo;
  }
  return out;
}

/**
 * Times linear search of the unsorted and of the sorted directory, and binary search of the
 * sorted one, on this machine: ns per search, median of `rounds` batches each. Yields to
 * `onProgress` between batches (progress, cancel).
 */
export async function timeDirectorySearches(
  params: DirectorySearchParams,
  options: LiveOptions = {},
): Promise<LiveResult> {
  const clock = options.clock ?? defaultClock;
  const rounds = Math.max(1, options.rounds ?? 9);
  const minBatchMs = options.minBatchMs ?? 15;
  const began = clock();

  const dir = buildDirectory(params);
  const words = generateUserIds(params.users, params.seed).map(idWords);
  const directories = {
    unsorted: liveDirectory(dir.unsorted, words),
    sorted: liveDirectory(dir.sorted, words),
  };
  const targets = drawTargets(dir.weights, Math.max(1, options.targets ?? 4096), params.seed);
  const targetHi = new Uint32Array(targets.length);
  const targetLo = new Uint32Array(targets.length);
  targets.forEach((rank, t) => {
    [targetHi[t], targetLo[t]] = words[rank]!;
  });
  const model = simulateDirectorySearch(params).searches;

  const searches = LIVE_SEARCHES.map((key) => ({
    key,
    run: key === 'sortedBinary' ? binarySearch : linearSearch,
    d: key === 'unsortedLinear' ? directories.unsorted : directories.sorted,
  }));
  let checksum = 0;
  let next = 0;
  const batchOf = (s: (typeof searches)[number], n: number): number => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      sum += s.run(s.d, targetHi[next]!, targetLo[next]!);
      next = next + 1 === targets.length ? 0 : next + 1;
    }
    return sum;
  };

  // Warm up every search and find, for each, a batch that takes at least minBatchMs: the
  // binary search is tens of times faster than the linear scans, so one batch size for all
  // would time it in a few timer ticks (or none, on a fast machine with a coarse clock).
  // A batch is timed twice and the shorter kept: a first run slowed by compiling, or a pause
  // of the machine, would otherwise pass for a long enough batch.
  const timed = (s: (typeof searches)[number], n: number) => {
    const t0 = clock();
    checksum += batchOf(s, n);
    return clock() - t0;
  };
  const batches = searches.map((s) => {
    let batch = 64;
    for (;;) {
      const took = Math.min(timed(s, batch), timed(s, batch));
      if (took >= minBatchMs || batch >= 1 << 24) return batch;
      batch *= took > 0 ? Math.min(16, Math.max(2, Math.ceil(minBatchMs / took))) : 16;
    }
  });

  const resolutionUs = timerResolutionUs(clock);
  const timings = searches.map(() => [] as number[]);
  const total = rounds * searches.length;
  let done = 0;
  let cancelled = false;
  outer: for (let r = 0; r < rounds; r++) {
    for (let s = 0; s < searches.length; s++) {
      next = 0;
      const t0 = clock();
      checksum += batchOf(searches[s]!, batches[s]!);
      timings[s]!.push(((clock() - t0) * 1e6) / batches[s]!);
      done += 1;
      if ((await options.onProgress?.({ done, total })) === false) {
        cancelled = true;
        break outer;
      }
    }
  }
  return {
    rows: searches.map((s, i) => ({
      key: s.key,
      label: SEARCHES.find((x) => x.key === s.key)?.label ?? s.key,
      nsPerSearch: median(timings[i]!),
      searches: timings[i]!.length * batches[i]!,
      batch: batches[i]!,
      modelUs: model[s.key].avgUs,
    })),
    timerResolutionUs: resolutionUs,
    elapsedMs: clock() - began,
    cancelled,
    checksum,
  };
}
