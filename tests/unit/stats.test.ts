import { describe, expect, it } from 'vitest';
import { median, quantile, timerResolutionUs } from '../../src/models/stats';

describe('stats shared by the models, the comparison and the bench', () => {
  it('median of even and odd lists, ignoring non-finite values; NaN when empty', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 5])).toBe(5);
    expect(median([Infinity, 1, 3])).toBe(2);
    expect(Number.isNaN(median([]))).toBe(true);
  });

  it('quantiles interpolate between order statistics and do not reorder the input', () => {
    const xs = [10, 0, 30, 20];
    expect(quantile(xs, 0)).toBe(0);
    expect(quantile(xs, 1)).toBe(30);
    expect(quantile(xs, 0.5)).toBe(15);
    expect(quantile(xs, 0.95)).toBeCloseTo(28.5, 10);
    expect(xs).toEqual([10, 0, 30, 20]);
  });

  it('timer resolution: the smallest step of the clock', () => {
    let t = 0;
    expect(timerResolutionUs(() => (t += 0.005))).toBeCloseTo(5, 6);
    expect(timerResolutionUs(() => performance.now())).toBeGreaterThan(0);
  });
});

describe('leastSquares (Householder QR)', () => {
  it('fits an ill-conditioned polynomial the normal equations cannot', async () => {
    const { leastSquares } = await import('../../src/models/fit');
    // y = 1 + x + x² + … + x⁷ on 40 points in [1, 2]: a Vandermonde matrix with a condition
    // number near 1e8, which AᵀA squares to 1e16 — past what doubles hold.
    const xs = Array.from({ length: 40 }, (_, i) => 1 + i / 39);
    const rows = xs.map((x) => Array.from({ length: 8 }, (_, k) => x ** k));
    const b = rows.map((r) => r.reduce((a, v) => a + v, 0));
    const coef = leastSquares(rows, b);
    for (const c of coef) expect(c).toBeCloseTo(1, 4);
  });

  it('refuses a rank-deficient system in words', async () => {
    const { leastSquares } = await import('../../src/models/fit');
    expect(() =>
      leastSquares(
        [
          [1, 2],
          [2, 4],
          [3, 6],
        ],
        [1, 2, 3],
      ),
    ).toThrow(/too few cells/);
    expect(() => leastSquares([[1, 2]], [1])).toThrow(/too few cells/);
  });
});
