/**
 * Prediction intervals from a fit's uncertainty — written for this model, but general: any
 * model whose parameters are numbers can use it (it sees parameters and outputs by key only).
 *
 * The fit (each model's tools/fit.ts) leaves a posterior covariance of its fitted parameters: Laplace
 * approximation (JᵀJ)⁻¹ at the Levenberg–Marquardt optimum, with the parameters the cells
 * cannot separate held by stated-fact priors, so they widen the covariance instead of
 * drifting to a bound. Here that covariance is pushed through the mechanism itself: the model
 * is run at ±1 standard deviation along each column of its Cholesky factor, and the rises and
 * falls of each output are added in quadrature, separately upward and downward (a stall that
 * appears only when a parameter moves one way gives a one-sided interval).
 *
 * A positive quantity (a time, a count) gets its interval on the LOG scale, so both ends stay
 * positive and a spread is a factor, not an amount. Four parts, each a standard deviation of
 * ln(output), are added in quadrature and multiplied by k:
 * - parameter: the fitted constants' covariance, as above (asymmetric: one spread up, one down);
 * - scatter: the calibration cells' own scatter around the mechanism (`residualRelSd`);
 * - between: a NEW measurement's spread — another day, another file, another run of the
 *   benchmark — which no calibration cell shows, declared per model (`betweenRelSd`) from
 *   what its paper says about repeated runs, uncontrolled state and rounding;
 * - model form: the spread between readings of the paper the mechanism could have taken
 *   (`modelFormRelSd`, supplied by the model; 0 by default).
 * The parameter part alone is the model's confidence interval (where the model's value for
 * this scenario lies); all four make the prediction interval (where a new measurement lies).
 * A quantity that can be negative (an improvement, a saving, a delta the model declares with
 * `floor` below 0) keeps the additive interval, in its own units, with the same four parts.
 * A positive quantity whose spread is an amount composed from others (a wait: elapsed − CPU,
 * two measured times) is `composed`: its amounts are added as for an additive output, then the
 * interval is the lognormal with the same value and standard deviation, each part keeping its
 * share of the variance — so its bounds stay positive however wide it is.
 */

import type { IntervalParts } from './types';

export type { IntervalParts };

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
  /**
   * Relative standard deviation of a NEW measurement of the same experiment on another day,
   * file or run, beyond the calibration's own scatter (default 0). Each model's declaration
   * says which passage of its paper the value rests on.
   */
  betweenRelSd?: number;
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

/** Options both propagations share: how an output's interval is built from its parts. */
export interface IntervalOptions {
  /** Lowest value an additive output can have (default 0: times and counts are not negative). */
  floor?: number;
  /**
   * Whether an output is a positive quantity, whose interval is taken on the log scale.
   * Default: its value is > 0 and `floor` is not below 0 (a model that lets an output go
   * negative, with `floor: -Infinity`, keeps it additive). A value ≤ 0 is always additive.
   */
  positive?: (key: string) => boolean;
  /**
   * Whether a positive output's spread is an amount composed from others (see the header): its
   * interval is the lognormal matched to that amount. Only where its value is > 0 (a wait of
   * exactly 0 keeps the additive interval floored at 0).
   */
  composed?: (key: string) => boolean;
  /** Standard deviation of an output's own scatter (default: residualRelSd × |value|). */
  residualSd?: (key: string, values: Record<string, number>, unc: Uncertainty) => number;
  /**
   * Relative standard deviation of an output from the mechanism's form: the spread of the
   * values that the paper's other readings of the experiment give (default 0).
   */
  modelFormRelSd?: (outputKey: string, values: Record<string, number>) => number;
}

export interface PropagateOptions<P> extends IntervalOptions {
  /** Lowest value a parameter may take (e.g. 0 for a cost); perturbed values are clamped to it. */
  minOf?: (key: string) => number;
  /** Runs the model with these parameters (called 2 × keys + 1 times). */
  evaluate: (params: P) => Record<string, number>;
}

export interface WithIntervals {
  values: Record<string, number>;
  /** Prediction interval of a new measurement: all four parts. */
  intervals: Record<string, [lo: number, hi: number]>;
  /** Each interval's parts (IntervalParts). */
  parts: Record<string, IntervalParts>;
  /** Confidence interval of the model's value: the parameter part only. */
  confidence: Record<string, [lo: number, hi: number]>;
}

/** The spread the fitted constants give one output: up and down, in ln and in its unit. */
interface Spread {
  logUp: number;
  logDown: number;
  absUp: number;
  absDown: number;
  /** False when some perturbed run was ≤ 0: ln is not defined there, so stay additive. */
  logOk: boolean;
}

/** Standard deviation of ln(x) for a relative standard deviation r of x (lognormal). */
export const logSdOfRel = (r: number): number =>
  Number.isFinite(r) && r > 0 ? Math.sqrt(Math.log1p(r * r)) : 0;

/** ln-scale bounds, kept positive and finite (a spread of hundreds in ln is "unbounded"). */
const expBound = (v: number, x: number) =>
  Math.min(Math.max(v * Math.exp(x), Number.MIN_VALUE), Number.MAX_VALUE);

/** Interval ends rounded (roundEnd) without crossing the value they surround. */
const around = (v: number, lo: number, hi: number): [number, number] => [
  Math.min(roundEnd(lo), v),
  Math.max(roundEnd(hi), v),
];

/** The intervals, parts and confidence intervals from each output's parameter spread. */
function finish(
  values: Record<string, number>,
  spread: Record<string, Spread>,
  unc: Uncertainty,
  opts: IntervalOptions,
): Omit<WithIntervals, 'values'> {
  const floor = opts.floor ?? 0;
  const k = unc.k;
  const intervals: Record<string, [number, number]> = {};
  const confidence: Record<string, [number, number]> = {};
  const parts: Record<string, IntervalParts> = {};
  for (const [key, v] of Object.entries(values)) {
    if (!Number.isFinite(v)) continue;
    const s = spread[key]!;
    const size = Math.abs(v);
    const scatterAbs = opts.residualSd
      ? opts.residualSd(key, values, unc)
      : unc.residualRelSd * size;
    // An output whose scatter the model composes (a difference of two measured times) has
    // its new-measurement spread composed the same way.
    const betweenAbs =
      (unc.betweenRelSd ?? 0) *
      (opts.residualSd && unc.residualRelSd > 0 ? scatterAbs / unc.residualRelSd : size);
    const formRel = Math.max(0, opts.modelFormRelSd?.(key, values) ?? 0);
    const positiveKey = opts.positive ? opts.positive(key) : floor >= 0;
    // A positive value some perturbed run took to ≤ 0 (a cost set near 0 in the link, with the
    // fitted spread around it) has no ln spread: its amounts are composed as a lognormal, so
    // its interval stays positive, as a time's must (tests/unit/invariants-all.test.ts).
    const composed = (opts.composed?.(key) === true || (positiveKey && !s.logOk)) && v > 0;
    const positive = positiveKey && v > 0 && s.logOk;
    const additive: IntervalParts = {
      scale: 'additive',
      parameter: Math.max(s.absUp, s.absDown),
      parameterLow: s.absDown,
      parameterHigh: s.absUp,
      scatter: Math.abs(scatterAbs),
      between: Math.abs(betweenAbs),
      modelForm: formRel * size,
    };
    let p: IntervalParts;
    if (composed) {
      // The lognormal with this value and this standard deviation (the parameter part taken
      // as the mean of its two sides): sd of ln = √ln(1 + (sd/v)²), shared among the parts
      // in proportion to their amounts, so they still add in quadrature.
      const a = additive;
      const sd = Math.sqrt(
        (a.parameterLow ** 2 + a.parameterHigh ** 2) / 2 +
          a.scatter ** 2 +
          a.between ** 2 +
          a.modelForm ** 2,
      );
      const f = sd > 0 ? logSdOfRel(sd / size) / sd : 0;
      p = {
        scale: 'log',
        parameter: a.parameter * f,
        parameterLow: a.parameterLow * f,
        parameterHigh: a.parameterHigh * f,
        scatter: a.scatter * f,
        between: a.between * f,
        modelForm: a.modelForm * f,
      };
    } else if (positive) {
      p = {
        scale: 'log',
        parameter: Math.max(s.logUp, s.logDown),
        parameterLow: s.logDown,
        parameterHigh: s.logUp,
        scatter: logSdOfRel(scatterAbs / size),
        between: logSdOfRel(betweenAbs / size),
        modelForm: logSdOfRel(formRel),
      };
    } else p = additive;
    const rest = p.scatter ** 2 + p.between ** 2 + p.modelForm ** 2;
    if (p.scale === 'log') {
      const lo = expBound(v, -k * Math.sqrt(p.parameterLow ** 2 + rest));
      const hi = expBound(v, k * Math.sqrt(p.parameterHigh ** 2 + rest));
      intervals[key] = around(v, lo, hi);
      confidence[key] = around(
        v,
        expBound(v, -k * p.parameterLow),
        expBound(v, k * p.parameterHigh),
      );
    } else {
      const lo = Math.max(floor, v - k * Math.sqrt(p.parameterLow ** 2 + rest));
      const hi = v + k * Math.sqrt(p.parameterHigh ** 2 + rest);
      intervals[key] = around(v, lo, hi);
      confidence[key] = around(v, Math.max(floor, v - k * p.parameterLow), v + k * p.parameterHigh);
    }
    parts[key] = {
      scale: p.scale,
      parameter: roundEnd(p.parameter),
      parameterLow: roundEnd(p.parameterLow),
      parameterHigh: roundEnd(p.parameterHigh),
      scatter: roundEnd(p.scatter),
      between: roundEnd(p.between),
      modelForm: roundEnd(p.modelForm),
    };
  }
  return { intervals, parts, confidence };
}

/**
 * One step of a parameter's spread from `base`, kept above its bound `min`. A step that would
 * reach the bound (a cost whose uncertainty spans 0 at a small value) is taken on the log
 * scale of the distance to it instead: min + (base − min)·e^(step/(base − min)), which agrees
 * with base + step to first order and never arrives. Clamping it to the bound made a cost of
 * exactly 0 — a positive time's run of no time at all, its interval reaching 0.
 */
export function stepWithin(base: number, step: number, min: number): number {
  const room = base - min;
  if (!(base + step <= min) || !(room > 0)) return Math.max(min, base + step);
  return min + room * Math.exp(step / room);
}

const emptySpread = (): Spread => ({ logUp: 0, logDown: 0, absUp: 0, absDown: 0, logOk: true });

/** The model's values at `params` and an interval for each of them (see the header). */
export function propagate<P extends Record<string, unknown>>(
  params: P,
  unc: Uncertainty,
  opts: PropagateOptions<P>,
  factor: readonly (readonly number[])[] = cholesky(unc.covariance),
): WithIntervals {
  const values = opts.evaluate(params);
  const spread: Record<string, Spread> = {};
  for (const k of Object.keys(values)) spread[k] = emptySpread();
  const n = unc.keys.length;
  for (let j = 0; j < n; j++) {
    let any = false;
    for (let i = 0; i < n; i++) if (factor[i]![j] !== 0) any = true;
    if (!any) continue;
    // Along one direction, the larger rise and the larger fall of the two sides.
    const side: Record<string, Spread> = {};
    for (const sign of [1, -1]) {
      const p: Record<string, unknown> = { ...params };
      for (let i = 0; i < n; i++) {
        const key = unc.keys[i]!;
        const base = params[key];
        if (typeof base !== 'number') continue;
        p[key] = stepWithin(base, sign * factor[i]![j]!, opts.minOf?.(key) ?? -Infinity);
      }
      const y = opts.evaluate(p as P);
      for (const k of Object.keys(values)) {
        const yk = y[k] ?? NaN;
        const d = yk - values[k]!;
        if (!Number.isFinite(d)) continue;
        const s = (side[k] ??= emptySpread());
        s.absUp = Math.max(s.absUp, d);
        s.absDown = Math.max(s.absDown, -d);
        if (yk > 0 && values[k]! > 0) {
          const dl = Math.log(yk / values[k]!);
          s.logUp = Math.max(s.logUp, dl);
          s.logDown = Math.max(s.logDown, -dl);
        } else spread[k]!.logOk = false;
      }
    }
    for (const [k, s] of Object.entries(side)) {
      const t = spread[k]!;
      t.absUp = Math.hypot(t.absUp, s.absUp);
      t.absDown = Math.hypot(t.absDown, s.absDown);
      t.logUp = Math.hypot(t.logUp, s.logUp);
      t.logDown = Math.hypot(t.logDown, s.logDown);
    }
  }
  return { values, ...finish(values, spread, unc, opts) };
}

export interface LinearOptions<P> extends IntervalOptions {
  /** Runs the model with these parameters (called once, plus once per key read). */
  evaluate: (params: P) => Record<string, number>;
  /** The uncertain keys this output reads (default: all of them); the others are skipped. */
  keysRead?: readonly string[];
  /** Forward-difference step for a key at its value. */
  step: (key: string, value: number) => number;
}

/**
 * The delta method: the model's gradient along each uncertain key it reads (forward
 * differences, one run per key), then var = gᵀ Σ g, plus the other parts — intervals for one
 * run per key instead of two per direction, symmetric on the interval's scale (ln for a
 * positive output). For mechanisms too slow for `propagate` at slider speed (the
 * hyperthreads simulation); exact for a mechanism linear in its constants (log-linear, for a
 * positive output) over the covariance's span, an approximation otherwise.
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
  const logOk: Record<string, boolean> = {};
  for (const [o, v] of Object.entries(values)) logOk[o] = v > 0;
  const grads = idx.map(({ k }) => {
    const base = params[k];
    const g: Record<string, number> = {};
    const gl: Record<string, number> = {};
    if (typeof base !== 'number') return { g, gl };
    const h = opts.step(k, base);
    const y = opts.evaluate({ ...params, [k]: base + h });
    for (const o of Object.keys(values)) {
      const yo = y[o] ?? NaN;
      g[o] = (yo - values[o]!) / h;
      if (yo > 0 && values[o]! > 0) gl[o] = Math.log(yo / values[o]!) / h;
      else if (Number.isFinite(yo)) logOk[o] = false;
    }
    return { g, gl };
  });
  const quad = (o: string, which: 'g' | 'gl') => {
    let variance = 0;
    idx.forEach((a, x) =>
      idx.forEach((b, y) => {
        const ga = grads[x]![which][o];
        const gb = grads[y]![which][o];
        if (ga !== undefined && gb !== undefined && Number.isFinite(ga) && Number.isFinite(gb))
          variance += ga * unc.covariance[a.i]![b.i]! * gb;
      }),
    );
    return Math.sqrt(Math.max(0, variance));
  };
  const spread: Record<string, Spread> = {};
  for (const o of Object.keys(values)) {
    const abs = quad(o, 'g');
    const log = logOk[o] ? quad(o, 'gl') : 0;
    spread[o] = { absUp: abs, absDown: abs, logUp: log, logDown: log, logOk: logOk[o]! };
  }
  return { values, ...finish(values, spread, unc, opts) };
}
