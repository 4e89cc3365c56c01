/**
 * The benchmark tables of seed 001 (“Results”, % delta of 11i v3 from 11.23/VxFS 3.5) as one
 * mechanism over CPU count and platform. Every table is a ratio R = v3 ÷ v2 (throughput, or
 * for unmount the rate, v2 time ÷ v3 time), built from two parts:
 *
 *   R(P, N) = A(P) × G(P, N)
 *
 * A — the one-CPU path. UFC changed the code a file-system call runs: read()/write() map the
 *     file into the fcache kernel address space and fault on it, pages stay cached until
 *     re-used instead of an I/O when a buffer is removed, no flush between read() and mmap(),
 *     page creation and teardown cost more (“Future UFC enhancements”), metadata stays in the
 *     buffer cache. Each benchmark has its own one-CPU ratio `a` on IA. On PA the changed code
 *     is a different share of each operation: if it takes a share f of a v2 operation on IA
 *     and ω·f on PA, with the same v3 ÷ v2 cost k of that code on both, then
 *     1 − 1/A(PA) = ω · (1 − 1/a).
 * G — Gunther's Universal Scalability Law, contention σ and coherency κ. v2 puts every file
 *     page through one buffer cache behind a global lock held for a share σ of a one-CPU
 *     operation; v3 (“very scalable architecture”) finds pages by ⟨vnode, offset⟩ with per-vnode
 *     page lists, and keeps a share φ of v2's serialization (metadata stays in the buffer
 *     cache; one memory resource group holds all file-cache data, see “Use multiple mrgs” in
 *     the future enhancements). On PA the lock share is s × IA's (a lock's cache-line transfers
 *     weigh differently against a PA-8x00's and an Itanium 2's path). κ is the coherency cost:
 *     each CPU's work drags shared data (file pages, inodes, metadata buffers) through every
 *     other CPU's cache, a cost per pair of CPUs, N(N − 1). The data are the same for both
 *     kernels, so both pay the same κ:
 *       X2(N) = N / (1 + σ(N − 1) + κN(N − 1)),   X3(N) = A · N / (1 + φσ(N − 1) + κN(N − 1)),
 *     G = X3 / (A · X2), exactly 1 at one CPU. Without κ (Amdahl) G rises towards 1/φ for ever;
 *     with it both kernels peak near √((1 − σ)/κ) CPUs and v3's lead shrinks back towards 1,
 *     since past the lock both wait on the same cache lines. Four cells per table at 4 and 8 CPUs
 *     cannot pin κ (κN(N − 1) is under 1 % of the denominator there): it is carried from a
 *     stated prior (constants.ts, COHERENCY_PRIOR) through the fit, and its spread is the widest
 *     part of every 64-way interval — reaching far below the prediction, hardly above it.
 *
 * Single-process benchmarks (PostMark, iozone -az and its mmap variant) have G = 1: one process
 * meets no one on the lock, whatever the CPU count. Unmount is one operation, not a throughput:
 * its growth term σ_u is how much v2's unmount work grows per extra CPU of machine size (a
 * bigger machine has a bigger buffer cache to walk and SDET leaves more in it); v3 walks only
 * the file system's own vnodes' page lists. It shares φ and s with the lock: an assumption,
 * because four cells cannot pin four unmount parameters.
 *
 * Unmount is one operation, with no N concurrent processes to share cache lines: no κ. Mount and
 * Nastran have no mechanism here (see tables.ts).
 */

import type { Platform } from './params';

export type { Platform } from './params';

/** The parameters the benchmark mechanism reads (the `FitKey`s), in natural units. */
export const FIT_KEYS = [
  'paPathWeight',
  'lockSharePct',
  'v3LockKeptPct',
  'paLockScale',
  'sdetOneCpuRatio',
  'iozoneOneCpuRatio',
  'iozoneParentFactor',
  'unmountOneCpuRatio',
  'unmountGrowthPct',
  'coherencyPpm',
  'postmarkOneCpuRatio',
  'azOneCpuRatio',
  'mmapOneCpuRatio',
] as const;
export type FitKey = (typeof FIT_KEYS)[number];
export type BenchParams = Record<FitKey, number>;

/** The fraction a key's value stands for: % and ppm to fractions, the rest as they are. */
const natural = (k: FitKey, v: number) =>
  k.endsWith('Pct') ? v / 100 : k.endsWith('Ppm') ? v / 1e6 : v;

/**
 * Coordinates the fit works in (and the covariance is stated in): logarithms of ratios, shares,
 * weights and κ (all positive), the logit of the share v3 keeps (between 0 and 1).
 */
export function toCoords(p: BenchParams): number[] {
  return FIT_KEYS.map((k) => {
    const v = p[k];
    if (k === 'v3LockKeptPct') {
      const f = Math.min(Math.max(v / 100, 1e-9), 1 - 1e-9);
      return Math.log(f / (1 - f));
    }
    return Math.log(Math.max(natural(k, v), 1e-12));
  });
}

export function fromCoords(x: readonly number[]): BenchParams {
  const out = {} as BenchParams;
  FIT_KEYS.forEach((k, i) => {
    const c = Math.max(-40, Math.min(40, x[i]!));
    if (k === 'v3LockKeptPct') out[k] = 100 / (1 + Math.exp(-c));
    else
      out[k] = k.endsWith('Pct')
        ? 100 * Math.exp(c)
        : k.endsWith('Ppm')
          ? 1e6 * Math.exp(c)
          : Math.exp(c);
  });
  return out;
}

export type BenchmarkId =
  | 'ufc-sdet'
  | 'ufc-iozone-scale'
  | 'ufc-unmount'
  | 'ufc-postmark'
  | 'ufc-iozone-az'
  | 'ufc-iozone-mmap';

export type MechanismKind = 'lock' | 'size' | 'single';

export interface BenchmarkSpec {
  id: BenchmarkId;
  title: string;
  section: string;
  kind: MechanismKind;
  oneCpu: FitKey;
  /** σ for the lock and size mechanisms. */
  growth?: FitKey;
  /** The compared columns (v3 ÷ v2); iozone's parent column is children × `parent`. */
  columns: { key: string; label: string; parent?: FitKey }[];
  /** The paper's rows (platform, CPUs). */
  rows: { platform: Platform; cpus: number }[];
  /** What the rate is, for the throughput chart. */
  rate: string;
}

const SIX = (['IA', 'PA'] as const).flatMap((platform) =>
  [4, 8, 64].map((cpus) => ({ platform, cpus })),
);
const FOUR = (['IA', 'PA'] as const).flatMap((platform) =>
  [4, 8].map((cpus) => ({ platform, cpus })),
);
const RATIO_COL = [{ key: 'ratio_x', label: 'v3 ÷ v2' }];

export const BENCHMARKS: Record<BenchmarkId, BenchmarkSpec> = {
  'ufc-sdet': {
    id: 'ufc-sdet',
    title: 'SDET',
    section: 'sdet results',
    kind: 'lock',
    oneCpu: 'sdetOneCpuRatio',
    growth: 'lockSharePct',
    columns: RATIO_COL,
    rows: SIX,
    rate: 'SDET scripts per hour',
  },
  'ufc-iozone-scale': {
    id: 'ufc-iozone-scale',
    title: 'iozone scale',
    section: 'iozone scale results',
    kind: 'lock',
    oneCpu: 'iozoneOneCpuRatio',
    growth: 'lockSharePct',
    columns: [
      { key: 'children_x', label: 'Children see, v3 ÷ v2' },
      { key: 'parent_x', label: 'Parent sees, v3 ÷ v2', parent: 'iozoneParentFactor' },
    ],
    rows: SIX,
    rate: 'iozone children’s throughput',
  },
  'ufc-unmount': {
    id: 'ufc-unmount',
    title: 'Unmount',
    section: 'Unmount results',
    kind: 'size',
    oneCpu: 'unmountOneCpuRatio',
    growth: 'unmountGrowthPct',
    columns: RATIO_COL,
    rows: SIX,
    rate: 'unmounts per second',
  },
  'ufc-postmark': {
    id: 'ufc-postmark',
    title: 'PostMark',
    section: 'PostMark results (average of 10 tests)',
    kind: 'single',
    oneCpu: 'postmarkOneCpuRatio',
    columns: RATIO_COL,
    rows: FOUR,
    rate: 'PostMark transactions per second',
  },
  'ufc-iozone-az': {
    id: 'ufc-iozone-az',
    title: 'iozone -az',
    section: 'iozone az results (average)',
    kind: 'single',
    oneCpu: 'azOneCpuRatio',
    columns: RATIO_COL,
    rows: FOUR,
    rate: 'iozone -az throughput',
  },
  'ufc-iozone-mmap': {
    id: 'ufc-iozone-mmap',
    title: 'iozone mmap',
    section: 'iozone mmap results (average)',
    kind: 'single',
    oneCpu: 'mmapOneCpuRatio',
    columns: RATIO_COL,
    rows: FOUR,
    rate: 'iozone mmap throughput',
  },
};

export const isBenchmark = (id: string): id is BenchmarkId => Object.hasOwn(BENCHMARKS, id);

export const rowLabel = (platform: Platform, cpus: number) => `${platform} ${cpus}-way`;

/** The share of a PA operation the changed path may take before the model stops: 95 %. */
const MAX_CHANGED_SHARE = 0.95;

/** A(P): the one-CPU v3 ÷ v2 ratio on platform P; `clamped` when ω pushed it past 95 %. */
export function oneCpuRatio(
  a: number,
  platform: Platform,
  paPathWeight: number,
): { ratio: number; clamped: boolean } {
  if (platform === 'IA') return { ratio: a, clamped: false };
  const changed = paPathWeight * (1 - 1 / a);
  const clamped = changed > MAX_CHANGED_SHARE;
  return { ratio: 1 / (1 - Math.min(changed, MAX_CHANGED_SHARE)), clamped };
}

/**
 * σ on platform P, as a fraction. A lock cannot be held for more than the whole operation, so
 * the lock share is capped at 100 % (PA's s × σ could pass it); unmount's growth is not a share.
 */
function growthShare(spec: BenchmarkSpec, platform: Platform, p: BenchParams): number {
  if (spec.kind === 'single' || !spec.growth) return 0;
  const sigma = p[spec.growth] / 100;
  const onPlatform = platform === 'IA' ? sigma : sigma * p.paLockScale;
  return spec.kind === 'lock' ? Math.min(onPlatform, 1) : onPlatform;
}

export interface Rates {
  /** v2's rate relative to v2 on one CPU of the same platform. */
  v2: number;
  /** v3's rate on the same scale. */
  v3: number;
  /** v3 ÷ v2. */
  ratio: number;
  /** The scaling factor G alone (contention and coherency, or size): 1 at one CPU. */
  contention: number;
  clamped: boolean;
}

/**
 * v2 and v3 rates of one benchmark on N CPUs of platform P, v2 on one CPU = 1.
 * lock:   X2 = N / (1 + σ(N−1) + κN(N−1)),  X3 = A · N / (1 + φσ(N−1) + κN(N−1));
 * size:   unmount rate 1/T with T2 = 1 + σ(N−1), T3 = (1 + φσ(N−1)) / A;
 * single: one process: X2 = 1, X3 = A whatever N.
 */
export function rates(
  id: BenchmarkId,
  platform: Platform,
  cpus: number,
  p: BenchParams,
  column?: string,
): Rates {
  const spec = BENCHMARKS[id];
  const { ratio: a, clamped } = oneCpuRatio(p[spec.oneCpu], platform, p.paPathWeight);
  const col = spec.columns.find((c) => c.key === column);
  const factor = col?.parent ? p[col.parent] : 1;
  const s = growthShare(spec, platform, p);
  const phi = p.v3LockKeptPct / 100;
  const n = Math.max(1, cpus);
  // Coherency: N concurrent processes only (the lock tables), the same κ for both kernels.
  const k = spec.kind === 'lock' ? (p.coherencyPpm / 1e6) * n * (n - 1) : 0;
  const g2 = 1 + s * (n - 1) + k;
  const g3 = 1 + phi * s * (n - 1) + k;
  let v2: number;
  let v3: number;
  if (spec.kind === 'lock') {
    v2 = n / g2;
    v3 = (a * factor * n) / g3;
  } else if (spec.kind === 'size') {
    v2 = 1 / g2;
    v3 = (a * factor) / g3;
  } else {
    v2 = 1;
    v3 = a * factor;
  }
  return { v2, v3, ratio: v3 / v2, contention: g2 / g3, clamped };
}

/** v3 ÷ v2 of one cell. */
export const benchRatio = (
  id: BenchmarkId,
  column: string,
  platform: Platform,
  cpus: number,
  p: BenchParams,
) => rates(id, platform, cpus, p, column).ratio;
