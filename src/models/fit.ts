/**
 * The calibrations' shared statistics: linear least squares (the cross-boundary IPC costs),
 * the Student t quantile, and the Laplace approximation of a fit's covariance. Non-linear fits
 * use Levenberg–Marquardt in scripts/. Calibration code only (the models' fit.ts, scripts/,
 * tests): the app never loads it, and its linear algebra is ml-matrix's.
 */
import { LuDecomposition, Matrix, QrDecomposition } from 'ml-matrix';
import type { Uncertainty } from './uncertainty';

/** Solves a·x = b (a square) by LU decomposition with partial pivoting; throws when singular. */
export function solveLinear(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const lu = new LuDecomposition(toMatrix(a));
  if (lu.isSingular()) throw new Error('Singular system: too few cells to fit');
  return lu.solve(Matrix.columnVector([...b])).getColumn(0);
}

/**
 * The x minimising Σ (rows[i]·x − b[i])², by Householder QR of the rows (never forming AᵀA,
 * which squares the condition number). Deterministic; throws on a rank-deficient system (too
 * few independent rows).
 */
export function leastSquares(rows: readonly (readonly number[])[], b: readonly number[]): number[] {
  const m = rows[0]?.length ?? 0;
  if (m === 0 || rows.length < m) throw new Error('Singular system: too few cells to fit');
  const qr = new QrDecomposition(toMatrix(rows));
  // Rank: R's diagonal against its largest entry, with a tolerance of rounding in an m-row QR.
  const r = qr.upperTriangularMatrix;
  const diag = Array.from({ length: m }, (_, i) => Math.abs(r.get(i, i)));
  const tol = Math.max(...diag) * rows.length * Number.EPSILON * 10;
  if (!qr.isFullRank() || diag.some((d) => d <= tol))
    throw new Error('Singular system: too few cells to fit');
  return qr.solve(Matrix.columnVector([...b])).getColumn(0);
}

/** Inverse of a small non-singular matrix (LU); throws when singular. */
export function invert(a: readonly (readonly number[])[]): number[][] {
  const lu = new LuDecomposition(toMatrix(a));
  if (lu.isSingular()) throw new Error('Singular system: too few cells to fit');
  return lu.solve(Matrix.eye(a.length)).to2DArray();
}

const toMatrix = (a: readonly (readonly number[])[]) => new Matrix(a.map((r) => [...r]));

function lnGamma(z: number): number {
  // Lanczos approximation (g = 7, n = 9).
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - lnGamma(1 - z);
  const x = z - 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * Two-sided Student t quantile: the k with P(|T| ≤ k) = level on `dof` degrees of freedom
 * (the density integrated by Simpson's rule, then bisection). tQuantile(0.95, ∞-ish) ≈ 1.96.
 */
export function tQuantile(level: number, dof: number): number {
  const v = Math.min(1e6, Math.max(1, dof));
  const logC = lnGamma((v + 1) / 2) - lnGamma(v / 2) - 0.5 * Math.log(v * Math.PI);
  const pdf = (t: number) => Math.exp(logC - ((v + 1) / 2) * Math.log(1 + (t * t) / v));
  const fromZero = (t: number) => {
    const n = 2000;
    const h = t / n;
    let s = pdf(0) + pdf(t);
    for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * pdf(i * h);
    return (s * h) / 3;
  };
  let lo = 0;
  let hi = 100;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (2 * fromZero(mid) < level) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A prior from a stated fact: the parameter is near `mean`, within ± 2 `sd` (≈ 95 %). */
export interface NormalPrior {
  mean: number;
  sd: number;
}

export interface LaplaceResult {
  /** Posterior covariance of the parameters, in their own units, in the order given. */
  covariance: number[][];
  /** Relative standard deviation of a calibration cell around the mechanism. */
  residualRelSd: number;
  /** Residual degrees of freedom: cells − parameters the cells pin (priors excluded). */
  dof: number;
  /** Relative error of each cell at the optimum (model ÷ measured − 1). */
  relErrors: number[];
}

/**
 * Laplace approximation of a fit's uncertainty at its optimum `theta`: the cells' relative
 * errors, divided by their scatter s, plus one term per prior, (θ − mean) ÷ sd, are the
 * standardized residuals r(θ); the posterior covariance is (JᵀJ)⁻¹ with J = ∂r/∂θ (central
 * differences with steps `steps`). `dataDof` is the number of parameters the cells pin on their
 * own (those without a prior), so s² = Σ relErrors² ÷ (cells − dataDof). A parameter the cells
 * cannot separate keeps its prior's width, which then widens every interval that depends on it.
 */
export function laplaceCovariance(
  relErrors: (theta: readonly number[]) => number[],
  theta: readonly number[],
  steps: readonly number[],
  priors: readonly (NormalPrior | undefined)[],
  /**
   * The cells' relative scatter when it is known rather than estimated (a cell published to
   * two figures, as many cells as parameters): then dof is Infinity (normal quantiles).
   */
  knownRelSd?: number,
  /** Lowest value of each parameter: at a bound, the difference is one-sided (forward). */
  lower?: readonly number[],
): LaplaceResult {
  const e0 = relErrors(theta);
  const free = priors.filter((p) => !p).length;
  const dof = knownRelSd === undefined ? e0.length - free : Infinity;
  if (dof < 1) throw new Error('Singular system: no more cells than unpinned parameters');
  const s = knownRelSd ?? Math.sqrt(e0.reduce((a, e) => a + e * e, 0) / dof);
  const cols = theta.map((t, j) => {
    const up = [...theta];
    const dn = [...theta];
    const oneSided = lower !== undefined && t - steps[j]! < lower[j]!;
    up[j] = t + steps[j]!;
    dn[j] = oneSided ? t : t - steps[j]!;
    const eu = relErrors(up);
    const ed = oneSided ? e0 : relErrors(dn);
    const h = up[j]! - dn[j]!;
    const data = eu.map((v, i) => (v - ed[i]!) / h / s);
    const prior = priors.map((p, k) => (p && k === j ? 1 / p.sd : 0));
    return [...data, ...prior];
  });
  const p = theta.length;
  const jtj = Array.from({ length: p }, (_, a) =>
    Array.from({ length: p }, (_, b) => cols[a]!.reduce((acc, v, i) => acc + v * cols[b]![i]!, 0)),
  );
  return { covariance: invert(jtj), residualRelSd: s, dof, relErrors: e0 };
}

/**
 * A Laplace fit's uncertainty of the parameters `keys` of `p` at `level`: the covariance of
 * laplaceCovariance, the cells' relative errors being `relErrors` of the parameters, each key's
 * difference step and prior (`lower`, `knownRelSd` as there); the multiplier of a Student t on
 * its degrees of freedom; and the scatter a prediction carries (the fit's own, unless the
 * model knows better).
 */
export function laplaceUncertainty<P extends object>(
  p: P,
  keys: readonly string[],
  relErrors: (q: P) => number[],
  level: number,
  fit: {
    step: (key: string, value: number) => number;
    prior?: (key: string) => NormalPrior | undefined;
    knownRelSd?: number;
    lower?: number;
    residualRelSd?: number;
  },
): Uncertainty {
  const theta = keys.map((k) => (p as Record<string, number>)[k]!);
  const lap = laplaceCovariance(
    (t) => relErrors({ ...p, ...Object.fromEntries(keys.map((k, i) => [k, t[i]!])) }),
    theta,
    keys.map((k, i) => fit.step(k, theta[i]!)),
    keys.map((k) => fit.prior?.(k)),
    fit.knownRelSd,
    fit.lower === undefined ? undefined : keys.map(() => fit.lower!),
  );
  const residualRelSd = fit.residualRelSd ?? lap.residualRelSd;
  return { keys, covariance: lap.covariance, residualRelSd, level, k: tQuantile(level, lap.dof) };
}
