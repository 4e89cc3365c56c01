/**
 * Prediction intervals of the benchmark cells (benchmarks.ts): the fit's covariance and
 * residual scatter by the delta method on ln R, and the coherency κ — which the 4- and 8-way
 * cells cannot pin, so its spread is essentially its prior's — by evaluating the cell at κ's own
 * interval ends. κ enters ln R far from linearly and only ever pulls a gain down, so that part
 * is one-sided: a large κ takes a 64-way gain most of the way back to the one-CPU ratio, a κ of
 * 0 (Amdahl) adds only a few per cent.
 */
import {
  FIT_KEYS,
  benchRatio,
  fromCoords,
  toCoords,
  type BenchParams,
  type BenchmarkId,
} from './benchmarks';
import type { Platform } from './params';

export interface FitUncertainty {
  /** Covariance of the fitted coordinates (see `toCoords`), FIT_KEYS order. */
  covariance: readonly (readonly number[])[];
  /** Residual standard deviation of ln(model ÷ paper) over the calibration cells. */
  residualSdLog: number;
  /** Student t quantile for a two-sided 90 % interval at the fit's degrees of freedom. */
  t90: number;
}

const KAPPA = FIT_KEYS.indexOf('coherencyPpm');

/**
 * A 90 % prediction interval for one cell, [lo, hi]:
 *   ln R ± t · √(gᵀΣg + s²) over every coordinate but κ (g the gradient of ln R in the fit's
 *   coordinates by central differences, Σ the fit's covariance, s² the residual variance: a new
 *   cell scatters about the curve as the calibration cells did);
 *   and κ moved to ln κ ± t · sd(ln κ): the cell's fall at the high κ widens the interval below,
 *   its rise at the low κ widens it above, each added in quadrature to the rest.
 */
export function predictionInterval(
  id: BenchmarkId,
  column: string,
  platform: Platform,
  cpus: number,
  p: BenchParams,
  u: FitUncertainty,
): [number, number] {
  const x = toCoords(p);
  const lnR = (c: readonly number[]) =>
    Math.log(benchRatio(id, column, platform, cpus, fromCoords(c)));
  const h = 1e-5;
  const g = x.map((_, k) => {
    if (k === KAPPA) return 0;
    const up = [...x];
    const down = [...x];
    up[k]! += h;
    down[k]! -= h;
    return (lnR(up) - lnR(down)) / (2 * h);
  });
  let v = u.residualSdLog ** 2;
  for (let i = 0; i < g.length; i++)
    for (let j = 0; j < g.length; j++) v += g[i]! * u.covariance[i]![j]! * g[j]!;
  const half = u.t90 * Math.sqrt(Math.max(v, 0));
  const here = lnR(x);
  const kappaHalf = u.t90 * Math.sqrt(Math.max(u.covariance[KAPPA]![KAPPA]!, 0));
  const at = (shift: number) => {
    const c = [...x];
    c[KAPPA]! += shift;
    return lnR(c);
  };
  // In ln κ, so a κ set to 0 (Amdahl) stays 0: the reader has then chosen no coherency.
  const lowKappa = at(-kappaHalf);
  const highKappa = at(kappaHalf);
  const up = Math.max(0, lowKappa - here, highKappa - here);
  const down = Math.max(0, here - highKappa, here - lowKappa);
  const r = Math.exp(here);
  return [r * Math.exp(-Math.hypot(half, down)), r * Math.exp(Math.hypot(half, up))];
}
