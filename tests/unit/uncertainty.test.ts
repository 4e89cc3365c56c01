/**
 * Prediction intervals (src/models/uncertainty.ts): on the log scale for a positive output,
 * so every bound of a time stays positive wherever the parameters go; the parts add up to the
 * interval; the confidence interval (parameters only) lies inside the prediction interval.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  propagate,
  propagateLinear,
  type IntervalParts,
  type Uncertainty,
  type WithIntervals,
} from '../../src/models/uncertainty';

const SEED = { seed: 42, numRuns: 300 };

/** A toy mechanism with a stall that appears only one way, and a quantity that can go negative. */
type P = { a: number; b: number; c: number };
const evaluate = (p: P) => ({
  time: Math.max(1e-3, p.a) * 10 + Math.max(0, p.b - 1) ** 2 * 50 + 0.5,
  count: Math.max(1e-3, p.a * p.b) + 1,
  gain: p.c - 1,
});

const uncertainty = (
  sa: number,
  sb: number,
  sc: number,
  r: number,
  between: number,
): Uncertainty => ({
  keys: ['a', 'b', 'c'],
  covariance: [
    [sa * sa, 0.3 * sa * sb, 0],
    [0.3 * sa * sb, sb * sb, 0],
    [0, 0, sc * sc],
  ],
  residualRelSd: r,
  level: 0.95,
  k: 2.2,
  betweenRelSd: between,
});

const pos = fc.double({ min: 0.01, max: 50, noNaN: true });
const sd = fc.double({ min: 0, max: 30, noNaN: true });
const rel = fc.double({ min: 0, max: 3, noNaN: true });

/** Equal up to the 6-significant-digit rounding of ends and parts. */
const near = (a: number, b: number) => {
  // Beyond e^700 a bound is held at the largest finite number: "unbounded".
  if (b > 700) expect(a).toBeGreaterThan(690);
  else expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(b)));
};

/** The half-widths the parts give on their scale, and those the interval has. */
function check(out: WithIntervals, key: string, k: number) {
  const v = out.values[key]!;
  const [lo, hi] = out.intervals[key]!;
  const [clo, chi] = out.confidence[key]!;
  const p: IntervalParts = out.parts[key]!;
  const rest = p.scatter ** 2 + p.between ** 2 + p.modelForm ** 2;
  const down = k * Math.sqrt(p.parameterLow ** 2 + rest);
  const up = k * Math.sqrt(p.parameterHigh ** 2 + rest);
  expect(p.parameter).toBe(Math.max(p.parameterLow, p.parameterHigh));
  // CI ⊂ PI, both around the value.
  expect(lo).toBeLessThanOrEqual(clo);
  expect(clo).toBeLessThanOrEqual(v);
  expect(v).toBeLessThanOrEqual(chi);
  expect(chi).toBeLessThanOrEqual(hi);
  return { v, lo, hi, down, up, p };
}

describe('propagate: log-scale prediction intervals', () => {
  it('every bound of a positive output is > 0, for any parameters and spreads', () => {
    fc.assert(
      fc.property(pos, pos, pos, sd, sd, sd, rel, rel, rel, (a, b, c, sa, sb, sc, r, bw, mf) => {
        const out = propagate({ a, b, c }, uncertainty(sa, sb, sc, r, bw), {
          evaluate,
          modelFormRelSd: (key) => (key === 'time' ? mf : 0),
        });
        for (const key of ['time', 'count']) {
          const { lo, hi, v } = check(out, key, 2.2);
          expect(out.parts[key]!.scale).toBe('log');
          expect(lo).toBeGreaterThan(0);
          expect(out.confidence[key]![0]).toBeGreaterThan(0);
          expect(hi).toBeGreaterThanOrEqual(v);
          expect(Number.isFinite(hi)).toBe(true);
        }
      }),
      SEED,
    );
  });

  it('the parts add up: ln half-widths are k·√(sum of the parts squared), on each side', () => {
    fc.assert(
      fc.property(pos, pos, sd, sd, rel, rel, rel, (a, b, sa, sb, r, bw, mf) => {
        const out = propagate({ a, b, c: 2 }, uncertainty(sa, sb, 0.1, r, bw), {
          evaluate,
          modelFormRelSd: () => mf,
        });
        for (const key of ['time', 'count']) {
          const { v, lo, hi, down, up } = check(out, key, 2.2);
          // Ends are rounded to 6 significant digits (and the parts too).
          near(Math.log(hi / v), up);
          near(Math.log(v / lo), down);
        }
      }),
      SEED,
    );
  });

  it('keeps the asymmetry the mechanism gives: a stall one way widens only that side', () => {
    const out = propagate({ a: 1, b: 1, c: 2 }, uncertainty(0, 0.5, 0, 0, 0), { evaluate });
    const p = out.parts.time!;
    expect(p.parameterHigh).toBeGreaterThan(0);
    expect(p.parameterLow).toBe(0);
    expect(out.intervals.time![0]).toBe(out.values.time);
  });

  it('the scatter and between parts are the log sd of their relative sd', () => {
    const out = propagate({ a: 1, b: 1, c: 2 }, uncertainty(0, 0, 0, 0.05, 0.1), { evaluate });
    expect(out.parts.time!.scatter).toBeCloseTo(Math.sqrt(Math.log1p(0.05 ** 2)), 6);
    expect(out.parts.time!.between).toBeCloseTo(Math.sqrt(Math.log1p(0.1 ** 2)), 6);
    expect(out.parts.time!.modelForm).toBe(0);
    // Without the between term (and model form) the interval is narrower.
    const without = propagate({ a: 1, b: 1, c: 2 }, uncertainty(0, 0, 0, 0.05, 0), { evaluate });
    expect(without.intervals.time![1]).toBeLessThan(out.intervals.time![1]);
  });

  it('an output that may be negative stays additive, in its own unit, and may cross zero', () => {
    const out = propagate({ a: 1, b: 1, c: 1.05 }, uncertainty(0.1, 0.1, 0.5, 0.05, 0.1), {
      evaluate,
      floor: -Infinity,
      positive: (key) => key !== 'gain',
    });
    const g = check(out, 'gain', 2.2);
    expect(g.p.scale).toBe('additive');
    expect(g.lo).toBeLessThan(0);
    near(g.hi - g.v, g.up);
    expect(out.parts.time!.scale).toBe('log');
    expect(out.intervals.time![0]).toBeGreaterThan(0);
  });

  it('a composed positive output (a wait: a difference of two times) is the lognormal of its amount', () => {
    // The wait's spread is an amount far larger than the wait: additive, it would reach 0.
    const wait = (p: P) => ({ wait: Math.max(1e-3, p.a) * 2 });
    const unc = uncertainty(0.2, 0, 0, 0, 0);
    const amount = (key: string, v: Record<string, number>) => (key === 'wait' ? 40 * v.wait! : 0);
    const additive = propagate({ a: 1, b: 1, c: 1 }, unc, { evaluate: wait, residualSd: amount });
    expect(additive.parts.wait!.scale).toBe('log'); // its own relative spread, as before
    const out = propagate({ a: 1, b: 1, c: 1 }, unc, {
      evaluate: wait,
      residualSd: amount,
      composed: () => true,
    });
    const { v, lo, hi, down, up, p } = check(out, 'wait', 2.2);
    expect(p.scale).toBe('log');
    expect(lo).toBeGreaterThan(0);
    near(Math.log(hi / v), up);
    near(Math.log(v / lo), down);
    // The parts add in quadrature to the lognormal's sd of ln for the amounts' total sd.
    const sdAmount = Math.hypot(0.4, 80);
    near(
      Math.hypot(p.parameterHigh, p.scatter, p.between, p.modelForm),
      Math.sqrt(Math.log1p((sdAmount / v) ** 2)),
    );
    // Their shares are the amounts' shares.
    near(p.scatter / p.parameterHigh, 80 / 0.4);
    // A wait of exactly 0 (nothing to wait for) keeps 0, additive.
    const none = propagate({ a: 0, b: 1, c: 1 }, unc, {
      evaluate: (q: P) => ({ wait: Math.max(0, q.a) * 2 }),
      residualSd: () => 1,
      composed: () => true,
    });
    expect(none.parts.wait!.scale).toBe('additive');
    expect(none.intervals.wait![0]).toBe(0);
  });

  it('with the default floor 0, an additive output never goes below 0', () => {
    const out = propagate({ a: 1, b: 1, c: 1.05 }, uncertainty(0.1, 0.1, 5, 0.05, 0.1), {
      evaluate,
      positive: (key) => key !== 'gain',
    });
    expect(out.intervals.gain![0]).toBe(0);
    expect(out.confidence.gain![0]).toBeGreaterThanOrEqual(0);
  });
});

describe('propagateLinear: the delta method on the log scale', () => {
  it('positive bounds, parts that add up, CI ⊂ PI', () => {
    fc.assert(
      fc.property(pos, pos, sd, sd, rel, rel, (a, b, sa, sb, r, bw) => {
        const out = propagateLinear({ a, b, c: 2 }, uncertainty(sa, sb, 0.1, r, bw), {
          evaluate,
          step: (_, x) => Math.max(1e-4, Math.abs(x) * 1e-4),
        });
        for (const key of ['time', 'count']) {
          const { v, lo, hi, down, up, p } = check(out, key, 2.2);
          expect(p.scale).toBe('log');
          expect(lo).toBeGreaterThan(0);
          expect(p.parameterLow).toBe(p.parameterHigh);
          near(Math.log(hi / v), up);
          near(Math.log(v / lo), down);
        }
      }),
      SEED,
    );
  });
});
