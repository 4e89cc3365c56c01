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
import type { PageReplacementParams } from './params';

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

export interface ChasePoint {
  /** Working set: the bytes of address space the chain runs through. */
  bytes: number;
  elements: number;
  /** Distinct cache lines touched × 64 B. */
  footprintBytes: number;
  /** The fastest batch: the one least disturbed by other work on the machine. */
  nsPerLoad: number;
  /** The median batch, for the spread. */
  nsMedian: number;
  /** Loads per timed batch. */
  loads: number;
}

export interface MemorySweepResult {
  dense: ChasePoint[];
  /** Empty when the per-page chain was left out. */
  perPage: ChasePoint[];
  strideBytes: number;
  pageBytes: number;
  sizes: number[];
  /** Smallest step seen between two readings of the clock (µs). */
  timerResolutionUs: number;
  minBatchMs: number;
  elapsedMs: number;
  cancelled: boolean;
  /** Where the chases stopped, summed: keeps the loads in use. */
  checksum: number;
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

// ——— Steps: where the curve jumps, and what each plateau is ———

export interface CurvePoint {
  x: number;
  y: number;
}

export interface Plateau {
  /** Indices of the first and last point on the plateau. */
  first: number;
  last: number;
  /** Median latency over the plateau's points. */
  y: number;
}

export interface Step {
  /** The last point of the plateau below and the first point of the plateau above. */
  from: number;
  to: number;
  fromX: number;
  toX: number;
  fromY: number;
  toY: number;
}

/** A rise by this factor over the plateau's level is a step (40 %). */
export const STEP_RISE = 1.4;

/**
 * The rule, in words: walk up the sizes keeping the current plateau's level (the median of
 * its points). A point more than `rise` × that level starts a step — if the next point is
 * above it too (one high point alone is noise, not a step). The step goes on while each point
 * is again more than `rise` × the one before (a cliff spread over several sizes is one step);
 * the point where it flattens starts the next plateau. A curve that never rises by `rise` is
 * one plateau.
 */
export function detectSteps(
  points: readonly CurvePoint[],
  rise = STEP_RISE,
): { plateaus: Plateau[]; steps: Step[] } {
  const ok = points.filter((p) => Number.isFinite(p.y) && p.y > 0);
  const plateaus: Plateau[] = [];
  const steps: Step[] = [];
  if (ok.length === 0) return { plateaus, steps };
  let first = 0;
  let level = ok[0]!.y;
  let i = 1;
  while (i < ok.length) {
    const high = (k: number) => ok[k]!.y > level * rise;
    if (high(i) && (i + 1 >= ok.length || high(i + 1))) {
      let j = i;
      while (j + 1 < ok.length && ok[j + 1]!.y > ok[j]!.y * rise) j++;
      plateaus.push({ first, last: i - 1, y: median(ok.slice(first, i).map((p) => p.y)) });
      steps.push({
        from: i - 1,
        to: j,
        fromX: ok[i - 1]!.x,
        toX: ok[j]!.x,
        fromY: plateaus[plateaus.length - 1]!.y,
        toY: ok[j]!.y,
      });
      first = j;
      level = ok[j]!.y;
      i = j + 1;
    } else {
      level = median(ok.slice(first, i + 1).map((p) => p.y));
      i++;
    }
  }
  plateaus.push({ first, last: ok.length - 1, y: median(ok.slice(first).map((p) => p.y)) });
  // Steps report the plateau levels on both sides.
  steps.forEach((s, k) => (s.toY = plateaus[k + 1]!.y));
  return { plateaus, steps };
}

/** A sweep this large is taken to reach past the last-level cache into DRAM (see `plateauNames`). */
export const DRAM_FROM_BYTES = 32 * 2 ** 20;

/**
 * Names of `count` plateaus of the dense curve, by order: L1, L2, L3, … When the sweep went
 * past `DRAM_FROM_BYTES` (`reachesDram`) and there are three or more, the last is DRAM and,
 * with four or more, the one before it the last-level cache (LLC). A TLB step inside a cache
 * level adds a plateau, which this rule names as a cache level: the per-page curve is where
 * the TLB is read.
 */
export function plateauNames(count: number, reachesDram = true): string[] {
  const names: string[] = [];
  const dram = reachesDram && count >= 3;
  const caches = dram ? count - 1 : count;
  for (let k = 1; k <= caches; k++)
    names.push(dram && count >= 4 && k === caches ? `L${k} (LLC)` : `L${k}`);
  if (dram) names.push('DRAM');
  return names;
}

/** Log-log interpolation of y at x along points sorted by x (clamped at the ends). */
export function interpolateLogLog(points: readonly CurvePoint[], x: number): number {
  const ok = points.filter((p) => p.x > 0 && p.y > 0);
  if (ok.length === 0) return NaN;
  if (x <= ok[0]!.x) return ok[0]!.y;
  const last = ok[ok.length - 1]!;
  if (x >= last.x) return last.y;
  let k = 1;
  while (ok[k]!.x < x) k++;
  const a = ok[k - 1]!;
  const b = ok[k]!;
  const t = Math.log(x / a.x) / Math.log(b.x / a.x);
  return Math.exp(Math.log(a.y) + t * Math.log(b.y / a.y));
}

export interface LabelledStep {
  kind: 'cache' | 'tlb';
  /** e.g. "L1 → L2", "TLB reach". */
  label: string;
  curve: 'dense' | 'perPage';
  /** The last size on the plateau below and the first on the plateau above (bytes). */
  fromBytes: number;
  toBytes: number;
  /** Elements in the chain at those sizes (pages, for the per-page chain). */
  fromElements: number;
  toElements: number;
  beforeNs: number;
  afterNs: number;
}

export interface LabelledPlateau {
  label: string;
  fromBytes: number;
  toBytes: number;
  ns: number;
}

export interface MemoryLevels {
  plateaus: LabelledPlateau[];
  steps: LabelledStep[];
}

/**
 * Names the steps. Dense curve: plateaus by order (`plateauNames`). Per-page curve: a step is
 * the **TLB** when the caches do not explain it — the dense curve, read at the same number of
 * cache lines (the per-page chain touches one line per element), rises by less than
 * `rise` across the same elements — and a cache step otherwise (not labelled again: the dense
 * curve names the caches).
 */
export function labelLevels(
  result: Pick<MemorySweepResult, 'dense' | 'perPage'>,
  rise = STEP_RISE,
): MemoryLevels {
  const denseXY = result.dense.map((p) => ({ x: p.bytes, y: p.nsPerLoad }));
  const d = detectSteps(denseXY, rise);
  const reachesDram = (result.dense[result.dense.length - 1]?.bytes ?? 0) >= DRAM_FROM_BYTES;
  const names = plateauNames(d.plateaus.length, reachesDram);
  const at = (k: number) => result.dense[k]!;
  const plateaus: LabelledPlateau[] = d.plateaus.map((p, k) => ({
    label: names[k]!,
    fromBytes: at(p.first).bytes,
    toBytes: at(p.last).bytes,
    ns: p.y,
  }));
  const steps: LabelledStep[] = d.steps.map((s, k) => ({
    kind: 'cache',
    label: `${names[k]} → ${names[k + 1]}`,
    curve: 'dense',
    fromBytes: at(s.from).bytes,
    toBytes: at(s.to).bytes,
    fromElements: at(s.from).elements,
    toElements: at(s.to).elements,
    beforeNs: s.fromY,
    afterNs: s.toY,
  }));

  const byFootprint = result.dense.map((p) => ({ x: p.footprintBytes, y: p.nsPerLoad }));
  const pp = result.perPage;
  const q = detectSteps(
    pp.map((p) => ({ x: p.bytes, y: p.nsPerLoad })),
    rise,
  );
  const tlb = q.steps.filter((s) => {
    const a = pp[s.from]!;
    const b = pp[s.to]!;
    const risePage = Math.log(s.toY / s.fromY);
    const riseCache = Math.log(
      interpolateLogLog(byFootprint, b.footprintBytes) /
        interpolateLogLog(byFootprint, a.footprintBytes),
    );
    return risePage - Math.max(0, riseCache) >= Math.log(rise);
  });
  tlb.forEach((s, k) => {
    const a = pp[s.from]!;
    const b = pp[s.to]!;
    steps.push({
      kind: 'tlb',
      label: tlb.length > 1 ? `TLB reach ${k + 1}` : 'TLB reach',
      curve: 'perPage',
      fromBytes: a.bytes,
      toBytes: b.bytes,
      fromElements: a.elements,
      toElements: b.elements,
      beforeNs: s.fromY,
      afterNs: s.toY,
    });
  });
  steps.sort((a, b) => a.fromBytes - b.fromBytes || a.toBytes - b.toBytes);
  return { plateaus, steps };
}

// ——— The model beside it: the page-replacement cliff for the same sizes ———

export interface ModelCliffPoint {
  bytes: number;
  pages: number;
  /** Steady-state miss rate (%), compulsory misses of the first pass left out. */
  lruPct: number;
  randPct: number;
}

/** A page-replacement scenario's memory, in bytes. */
export function scenarioMemoryBytes(p: Pick<PageReplacementParams, 'frames' | 'pageBytes'>) {
  return p.frames * p.pageBytes;
}
