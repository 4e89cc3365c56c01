/**
 * The 95 % interval of a prediction, on the log scale (every quantity here is positive): this
 * machine's run-to-run spread (from the calibration probe repeated) and the model's form
 * (a declared standard deviation per claim, never fitted to this machine's results),
 * combined in quadrature. A noisy machine gets wide intervals, not misses.
 */
import type { PredictionDraft } from './types';

export const Z95 = 1.959964;
/** Smallest spread credited to a probe repeated only a few times (2 % on the log scale). */
export const MIN_SPREAD_SD = 0.02;

/** Sample standard deviation of ln x; 0 for fewer than two values. */
export function sdLog(xs: readonly number[]): number {
  const ls = xs.filter((x) => x > 0 && Number.isFinite(x)).map(Math.log);
  if (ls.length < 2) return 0;
  const m = ls.reduce((a, b) => a + b, 0) / ls.length;
  return Math.sqrt(ls.reduce((a, b) => a + (b - m) ** 2, 0) / (ls.length - 1));
}

/** Geometric mean of the positive values (NaN when none). */
export function geomean(xs: readonly number[]): number {
  const ls = xs.filter((x) => x > 0 && Number.isFinite(x)).map(Math.log);
  return ls.length ? Math.exp(ls.reduce((a, b) => a + b, 0) / ls.length) : NaN;
}

/**
 * The spread of a new measurement around a constant calibrated from `k` repeats whose log
 * values scatter by `sd`: the new reading's own scatter plus the mean's, sd × √(1 + 1/k).
 */
export function spreadOfNew(sd: number, k: number): number {
  return Math.max(MIN_SPREAD_SD, sd) * Math.sqrt(1 + 1 / Math.max(1, k));
}

export function draft(d: Omit<PredictionDraft, 'lo' | 'hi'>): PredictionDraft {
  const sd = Math.hypot(d.spreadSd, d.modelSd);
  return { ...d, lo: d.value * Math.exp(-Z95 * sd), hi: d.value * Math.exp(Z95 * sd) };
}

export const inside = (p: { lo: number; hi: number }, measured: number): boolean =>
  Number.isFinite(measured) && measured >= p.lo && measured <= p.hi;
