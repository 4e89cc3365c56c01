/**
 * The memory cliff, live: lmbench's `lat_mem_rd` in a worker. A dependent-load pointer chase
 * (../chase.ts) over working sets from 4 KB up to 256 MB gives ns per load against
 * working-set size; the steps in that curve are where the working set stops fitting in a
 * cache level, or in the TLB's reach — the same cliff the page-replacement model shows for
 * page frames, one level down the hierarchy.
 *
 * Two chains per size:
 *  - **dense**: one element every `strideBytes` (default 64 B, a cache line): the caches and
 *    the TLB both see the whole working set;
 *  - **per page**: one element every `pageBytes`, at a random line of its page: the TLB sees
 *    as many pages as the dense chain (when `pageBytes` is the page size) but the caches hold
 *    only one line per page, so cache steps move far to the right and the TLB step stays.
 *
 * Pure: the clock is passed in, so this runs in a worker, in Node and in tests. Timings are
 * this machine's, reported and never asserted.
 */
import { allocateChaseBuffer, buildChain, chase, LINE_BYTES, type Chain } from '../chase';
import { median, quantile, timerResolutionUs } from '../stats';
import type { ChasePoint, MemorySweepResult } from './levels';

/** The largest working set the panel allocates. */
export const LIVE_MAX_BYTES = 256 * 2 ** 20;
export const LIVE_MIN_BYTES = 4096;
/** Dense-chain strides offered (bytes between elements). */
export const STRIDE_OPTIONS = [16, 32, 64, 128, 256, 512] as const;
/** Per-page spacings offered: below, at and above the usual 4 KB page, and a 2 MB huge page. */
export const PAGE_OPTIONS = [1024, 2048, 4096, 8192, 16_384, 65_536, 2 * 2 ** 20] as const;

export interface MemoryProgress {
  /** Points (one chain at one size) measured, of `total`. */
  done: number;
  total: number;
}

export interface MemorySweepOptions {
  /** Smallest working set (bytes, default 4 KB). */
  minBytes?: number;
  /** Largest working set (bytes, default 64 MB, at most 256 MB). */
  maxBytes?: number;
  /** Sizes per doubling (1: 4, 8, 16 KB…; 2 adds the half steps). Default 1. */
  pointsPerOctave?: number;
  /** Dense chain: bytes between elements (default 64). */
  strideBytes?: number;
  /** Per-page chain: bytes between elements (default 4096); 0 leaves the chain out. */
  pageBytes?: number;
  /** Timed batches per point; the fastest is reported (default 5). */
  rounds?: number;
  /**
   * A timed batch runs at least this long (default: 2 ms, or 50 ticks of a coarse clock),
   * so the timer's resolution is small beside it, and short enough that cancel is heard soon.
   */
  minBatchMs?: number;
  seed?: number;
  /** Milliseconds, monotonic (default `performance.now`). */
  clock?: () => number;
  /**
   * After each point, and between batches at least every 50 ms; returning false stops the
   * run (its result says `cancelled` and holds the points measured so far).
   */
  onProgress?: (p: MemoryProgress) => boolean | void | Promise<boolean | void>;
}

/** Working-set sizes from `min` to `max`, `perOctave` to a doubling, multiples of 64 B. */
export function sweepSizes(minBytes: number, maxBytes: number, perOctave = 1): number[] {
  const lo = Math.max(LINE_BYTES, Math.min(minBytes, maxBytes));
  const hi = Math.min(LIVE_MAX_BYTES, Math.max(minBytes, maxBytes));
  const steps = Math.max(1, Math.round(perOctave));
  const out: number[] = [];
  for (let k = 0; ; k++) {
    const raw = lo * 2 ** (k / steps);
    if (raw > hi * (1 + 1e-9)) break;
    const bytes = Math.round(raw / LINE_BYTES) * LINE_BYTES;
    if (out[out.length - 1] !== bytes) out.push(bytes);
  }
  return out;
}

function checkSpacing(name: string, bytes: number, allowed: readonly number[]): void {
  if (!allowed.includes(bytes))
    throw new Error(
      `${name} must be one of ${allowed.map((b) => b.toLocaleString('en-US')).join(', ')} bytes, not ${bytes}.`,
    );
}

/**
 * Times the chase at every size, dense and per page, on this machine. Allocates one buffer of
 * the largest size (failing with a clear message if the browser refuses it).
 */
export async function measureMemorySweep(
  options: MemorySweepOptions = {},
): Promise<MemorySweepResult> {
  const clock = options.clock ?? (() => performance.now());
  const strideBytes = options.strideBytes ?? 64;
  const pageBytes = options.pageBytes ?? 4096;
  checkSpacing('The stride', strideBytes, STRIDE_OPTIONS);
  if (pageBytes !== 0) checkSpacing('The page size', pageBytes, PAGE_OPTIONS);
  const maxBytes = options.maxBytes ?? 64 * 2 ** 20;
  if (!(maxBytes > 0) || maxBytes > LIVE_MAX_BYTES)
    throw new Error(`The largest working set must be between 4 KB and 256 MB, not ${maxBytes} B.`);
  const sizes = sweepSizes(
    options.minBytes ?? LIVE_MIN_BYTES,
    maxBytes,
    options.pointsPerOctave ?? 1,
  );
  const rounds = Math.max(1, Math.round(options.rounds ?? 5));
  const began = clock();
  const resolutionUs = timerResolutionUs(clock, 20);
  const minBatchMs = options.minBatchMs ?? Math.max(2, (50 * resolutionUs) / 1000);
  const buf = allocateChaseBuffer(sizes[sizes.length - 1]!);

  const chains = [
    { key: 'dense' as const, spacing: strideBytes, randomLine: false },
    ...(pageBytes ? [{ key: 'perPage' as const, spacing: pageBytes, randomLine: true }] : []),
  ];
  const total = sizes.length * chains.length;
  const result: MemorySweepResult = {
    dense: [],
    perPage: [],
    strideBytes,
    pageBytes,
    sizes,
    timerResolutionUs: resolutionUs,
    minBatchMs,
    elapsedMs: 0,
    cancelled: false,
    checksum: 0,
  };
  let done = 0;
  let lastReport = clock();
  let stopped = false;
  const report = async (): Promise<boolean> => {
    lastReport = clock();
    if ((await options.onProgress?.({ done, total })) === false) stopped = true;
    return !stopped;
  };
  // Between batches and build chunks: heard at least every 50 ms, so cancel stops soon.
  const check = async (): Promise<boolean> =>
    stopped ? false : clock() - lastReport >= 50 ? report() : true;

  outer: for (const bytes of sizes) {
    for (const c of chains) {
      const chain = await buildChain(buf, bytes, {
        spacingBytes: c.spacing,
        randomLine: c.randomLine,
        seed: options.seed ?? 1,
        check,
      });
      if (!chain) break outer;
      const point = await timeChain(chain, rounds, minBatchMs, clock, check);
      if (!point) break outer;
      result.checksum += point.end;
      result[c.key].push(point.point);
      done += 1;
      if (!(await report())) break outer;
    }
  }
  result.cancelled = stopped;
  result.elapsedMs = clock() - began;
  return result;
}

/** Warms the chain, finds a batch of at least `minBatchMs`, and times `rounds` batches. */
async function timeChain(
  chain: Chain,
  rounds: number,
  minBatchMs: number,
  clock: () => number,
  check: () => Promise<boolean>,
): Promise<{ point: ChasePoint; end: number } | null> {
  const { buf } = chain;
  // Warm up: twice round a small chain (every element cached if it fits), at most 64 K loads.
  let p = chase(buf, chain.start, Math.min(2 * chain.elements, 1 << 16));
  let loads = 1024;
  for (;;) {
    const t0 = clock();
    p = chase(buf, p, loads);
    const ms = clock() - t0;
    if (ms >= minBatchMs || loads >= 1 << 28) break;
    loads *= ms > 0 ? Math.min(8, Math.max(2, Math.ceil((1.2 * minBatchMs) / ms))) : 8;
    if (!(await check())) return null;
  }
  const ns: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = clock();
    p = chase(buf, p, loads);
    ns.push(((clock() - t0) * 1e6) / loads);
    if (!(await check())) return null;
  }
  return {
    point: {
      bytes: chain.spanBytes,
      elements: chain.elements,
      footprintBytes: chain.footprintBytes,
      nsPerLoad: quantile(ns, 0),
      nsMedian: median(ns),
      loads,
    },
    end: p,
  };
}

export * from './levels';
