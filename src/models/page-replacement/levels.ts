// The memory cliff's curve read: where it steps, what each plateau is (the L1, L2, … DRAM),
// and where the model's own cliff falls on it. Measured by ./live.ts.
import { median } from '../stats';
import { frameBytesOf, type PageReplacementParams } from './params';

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
export function scenarioMemoryBytes(p: Pick<PageReplacementParams, 'memoryKB' | 'pageBytes'>) {
  return frameBytesOf(p);
}
