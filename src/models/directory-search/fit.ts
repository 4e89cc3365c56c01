/**
 * The directory-search calibration and its uncertainty, shared by
 * src/models/directory-search/tools/fit.ts and the paper tests; never run by the app.
 *
 * One cell is fitted, the sorted directory's saving per search (the paper: 18 µs), by one
 * constant, the directory's size. The time per instruction is not fitted: the paper says the
 * 125 ns clock tick is "comparable to" the instruction rate, read as 0.125 ± 0.025 µs (± 2 sd:
 * 0.075–0.175 µs, 5.7 to 13 million instructions a second). The size and the time per
 * instruction trade off along the one cell, so the covariance is that of the size given the
 * cell and the time per instruction given its stated range. The cell's own uncertainty is known,
 * not estimated: the paper rounds it to whole µs (sd 0.5 ÷ √3 µs), and the directory's creation
 * order is unknown (the seed: its spread over seeds 1–20 is added in quadrature). A prediction
 * adds the creation order's spread of the predicted value as its residual scatter.
 */
import { laplaceUncertainty, type NormalPrior } from '../fit';
import type { Uncertainty } from '../uncertainty';
import type { DirectorySearchParams } from './params';
import { searchSavingsOneOrder, searchSavingsUs } from './simulate';

export const LEVEL = 0.95;

export const US_PER_INSTRUCTION_PRIOR: NormalPrior = { mean: 0.125, sd: 0.025 };

/** The keys of the uncertainty, in the covariance's order. */
export const DIRECTORY_UNCERTAIN_KEYS = ['users', 'usPerInstruction'] as const;

/** Seeds standing in for the unknown creation order. */
export const CREATION_ORDER_SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

/** Savings (means over creation orders) with a fractional size read as the nearest whole directory. */
export const savingsAt = (p: DirectorySearchParams) =>
  searchSavingsUs({ ...p, users: Math.max(1, Math.round(p.users)) });

const sd = (xs: number[]) => {
  const m = xs.reduce((a, x) => a + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

/**
 * Relative spread of each saving over single creation orders (seeds 1–20): how far one real
 * directory, with its one order, falls from the mean over orders the model gives.
 */
export function creationOrderSpread(p: DirectorySearchParams): { sorted: number; binary: number } {
  const runs = CREATION_ORDER_SEEDS.map((seed) =>
    searchSavingsOneOrder({ ...p, users: Math.max(1, Math.round(p.users)), seed }),
  );
  const rel = (xs: number[]) => sd(xs) / Math.abs(xs.reduce((a, x) => a + x, 0) / xs.length);
  return {
    sorted: rel(runs.map((r) => r.sortedSavingUs)),
    binary: rel(runs.map((r) => r.binarySavingUs)),
  };
}

/** The directory size whose sorted saving is nearest `measuredUs` (100 … 400 ids). */
export function fitUsers(p: DirectorySearchParams, measuredUs: number): number {
  let best = { users: 0, err: Infinity };
  for (let users = 100; users <= 400; users++) {
    const err = Math.abs(savingsAt({ ...p, users }).sortedSavingUs - measuredUs);
    if (err < best.err) best = { users, err };
  }
  return best.users;
}

/**
 * The covariance of (users, µs per instruction) at `p` given the measured sorted saving, and
 * the residual scatter a prediction carries (the binary saving's spread over creation orders).
 */
export function directoryUncertainty(
  p: DirectorySearchParams,
  measuredSortedUs: number,
): Uncertainty {
  const spread = creationOrderSpread(p);
  const roundingRel = 0.5 / Math.sqrt(3) / measuredSortedUs;
  const cellRelSd = Math.hypot(roundingRel, spread.sorted);
  const relErrors = (q: DirectorySearchParams) => [
    savingsAt(q).sortedSavingUs / measuredSortedUs - 1,
  ];
  return laplaceUncertainty(p, DIRECTORY_UNCERTAIN_KEYS, relErrors, LEVEL, {
    // A step of several ids: the saving moves in whole ids past page 1.
    step: (k) => (k === 'users' ? 6 : 0.005),
    prior: (k) => (k === 'usPerInstruction' ? US_PER_INSTRUCTION_PRIOR : undefined),
    knownRelSd: cellRelSd,
    residualRelSd: spread.binary,
  });
}
