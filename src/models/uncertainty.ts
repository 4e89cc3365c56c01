/**
 * Prediction intervals from a fit's uncertainty — written for this model, but general: any
 * model whose parameters are numbers can use it (it sees parameters and outputs by key only).
 *
 * The fit (scripts/fit-*.ts) leaves a posterior covariance of its fitted parameters: Laplace
 * approximation (JᵀJ)⁻¹ at the Levenberg–Marquardt optimum, with the parameters the cells
 * cannot separate held by stated-fact priors, so they widen the covariance instead of
 * drifting to a bound. Here that covariance is pushed through the mechanism itself: the model
 * is run at ±1 standard deviation along each column of its Cholesky factor, and the rises and
 * falls of each output are added in quadrature, separately upward and downward (a stall that
 * appears only when a parameter moves one way gives a one-sided interval). To that parameter
 * spread is added the calibration cells' own scatter around the mechanism (the residual
 * relative standard deviation): a prediction interval, not only a confidence interval.
 */

/**
 * An interval's end to 6 significant digits. The ends come from differences of model runs
 * divided by small steps, so the last bits of a JS engine's Math functions show in them;
 * rounded, the same link gives the same bytes in Node (the CLI) and in any browser. Six digits
 * are far finer than any interval is accurate.
 */
export const roundEnd = (x: number): number =>
  Number.isFinite(x) && x !== 0 ? Number(x.toPrecision(6)) : x;

export interface Uncertainty {
  /** Parameter keys, in the order of the covariance's rows and columns. */
  keys: readonly string[];
  /** Posterior covariance of those parameters, in their own units. */
  covariance: readonly (readonly number[])[];
  /** Relative standard deviation of a calibration cell around the fitted mechanism. */
  residualRelSd: number;
  /** Coverage the interval aims at, e.g. 0.95. */
  level: number;
  /** Multiplier of the standard deviation for that level (Student t on the fit's residual degrees of freedom). */
  k: number;
}

/**
 * Lower Cholesky factor of a symmetric positive semi-definite matrix. A pivot that is zero
 * (up to rounding) gives a zero column rather than a failure: a direction with no variance.
 */
export function cholesky(a: readonly (readonly number[])[]): number[][] {
  const n = a.length;
  const l = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let j = 0; j < n; j++) {
    let d = a[j]![j]!;
    for (let k = 0; k < j; k++) d -= l[j]![k]! ** 2;
    const scale = Math.max(Math.abs(a[j]![j]!), 1e-300);
    if (d <= 1e-12 * scale) continue;
    const ljj = Math.sqrt(d);
    l[j]![j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = a[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      l[i]![j] = s / ljj;
    }
  }
  return l;
}

export interface PropagateOptions<P> {
  /** Lowest value a parameter may take (e.g. 0 for a cost); perturbed values are clamped to it. */
  minOf?: (key: string) => number;
  /** Standard deviation of an output's own scatter (default: residualRelSd × |value|). */
  residualSd?: (key: string, values: Record<string, number>, unc: Uncertainty) => number;
  /** Lowest value an output can have (default 0: times and counts are not negative). */
  floor?: number;
  /** Runs the model with these parameters (called 2 × keys + 1 times). */
  evaluate: (params: P) => Record<string, number>;
}

export interface WithIntervals {
  values: Record<string, number>;
  intervals: Record<string, [lo: number, hi: number]>;
}

/** The model's values at `params` and an interval for each of them (see the header). */
export function propagate<P extends Record<string, unknown>>(
  params: P,
  unc: Uncertainty,
  opts: PropagateOptions<P>,
  factor: readonly (readonly number[])[] = cholesky(unc.covariance),
): WithIntervals {
  const values = opts.evaluate(params);
  const up: Record<string, number> = {};
  const down: Record<string, number> = {};
  for (const k of Object.keys(values)) up[k] = down[k] = 0;
  const n = unc.keys.length;
  for (let j = 0; j < n; j++) {
    let any = false;
    for (let i = 0; i < n; i++) if (factor[i]![j] !== 0) any = true;
    if (!any) continue;
    const rise: Record<string, number> = {};
    const fall: Record<string, number> = {};
    for (const sign of [1, -1]) {
      const p: Record<string, unknown> = { ...params };
      for (let i = 0; i < n; i++) {
        const key = unc.keys[i]!;
        const base = params[key];
        if (typeof base !== 'number') continue;
        p[key] = Math.max(opts.minOf?.(key) ?? -Infinity, base + sign * factor[i]![j]!);
      }
      const y = opts.evaluate(p as P);
      for (const k of Object.keys(values)) {
        const d = (y[k] ?? NaN) - values[k]!;
        if (!Number.isFinite(d)) continue;
        // Along one direction, the larger rise and the larger fall of the two sides.
        rise[k] = Math.max(rise[k] ?? 0, d);
        fall[k] = Math.max(fall[k] ?? 0, -d);
      }
    }
    for (const k of Object.keys(values)) {
      up[k] = up[k]! + (rise[k] ?? 0) ** 2;
      down[k] = down[k]! + (fall[k] ?? 0) ** 2;
    }
  }
  const floor = opts.floor ?? 0;
  const intervals: Record<string, [number, number]> = {};
  for (const [k, v] of Object.entries(values)) {
    if (!Number.isFinite(v)) continue;
    const res = opts.residualSd ? opts.residualSd(k, values, unc) : unc.residualRelSd * Math.abs(v);
    const hi = v + unc.k * Math.sqrt(up[k]! + res * res);
    const lo = v - unc.k * Math.sqrt(down[k]! + res * res);
    intervals[k] = [roundEnd(Math.max(floor, Math.min(lo, v))), roundEnd(Math.max(hi, v))];
  }
  return { values, intervals };
}

export interface LinearOptions<P> {
  /** Runs the model with these parameters (called once, plus once per key read). */
  evaluate: (params: P) => Record<string, number>;
  /** The uncertain keys this output reads (default: all of them); the others are skipped. */
  keysRead?: readonly string[];
  /** Forward-difference step for a key at its value. */
  step: (key: string, value: number) => number;
  /** Lowest value an output can have (default 0). */
  floor?: number;
}

/**
 * The delta method: the model's gradient along each uncertain key it reads (forward
 * differences, one run per key), then var = gᵀ Σ g, plus the residual scatter — symmetric
 * intervals for one run per key instead of two per direction. For mechanisms too slow for
 * `propagate` at slider speed (the hyperthreads simulation); exact for a mechanism linear in
 * its constants over the covariance's span, an approximation otherwise.
 */
export function propagateLinear<P extends Record<string, unknown>>(
  params: P,
  unc: Uncertainty,
  opts: LinearOptions<P>,
): WithIntervals {
  const values = opts.evaluate(params);
  const idx = unc.keys
    .map((k, i) => ({ k, i }))
    .filter(({ k }) => !opts.keysRead || opts.keysRead.includes(k));
  const grads = idx.map(({ k }) => {
    const base = params[k];
    if (typeof base !== 'number') return {} as Record<string, number>;
    const h = opts.step(k, base);
    const y = opts.evaluate({ ...params, [k]: base + h });
    const g: Record<string, number> = {};
    for (const o of Object.keys(values)) g[o] = ((y[o] ?? NaN) - values[o]!) / h;
    return g;
  });
  const floor = opts.floor ?? 0;
  const intervals: Record<string, [number, number]> = {};
  for (const [o, v] of Object.entries(values)) {
    if (!Number.isFinite(v)) continue;
    let variance = 0;
    idx.forEach((a, x) =>
      idx.forEach((b, y) => {
        const ga = grads[x]![o];
        const gb = grads[y]![o];
        if (ga !== undefined && gb !== undefined && Number.isFinite(ga) && Number.isFinite(gb))
          variance += ga * unc.covariance[a.i]![b.i]! * gb;
      }),
    );
    const res = unc.residualRelSd * Math.abs(v);
    const half = unc.k * Math.sqrt(Math.max(0, variance) + res * res);
    intervals[o] = [roundEnd(Math.max(floor, Math.min(v - half, v))), roundEnd(v + half)];
  }
  return { values, intervals };
}
