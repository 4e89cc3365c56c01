/**
 * Small statistics shared by the models' live measurements, the comparison with the papers
 * and the bench. Pure functions; non-finite values are ignored.
 */

/** The q-quantile (0 ≤ q ≤ 1) with linear interpolation between order statistics; NaN when empty. */
export function quantile(xs: readonly number[], q: number): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const pos = (s.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

/** The median: the middle value, or the mean of the two middle values; NaN when empty. */
export function median(xs: readonly number[]): number {
  return quantile(xs, 0.5);
}

/**
 * The smallest positive step between successive readings of a clock (ms, e.g.
 * `performance.now`), in µs, looking for at most `budgetMs`. Browsers coarsen their clock
 * (to 5 µs when cross-origin isolated, 100 µs or more otherwise), so live measurements time
 * batches long enough to span many such steps.
 */
export function timerResolutionUs(clock: () => number = () => performance.now(), budgetMs = 30) {
  const start = clock();
  let last = start;
  let best = Infinity;
  let steps = 0;
  while (steps < 200) {
    const now = clock();
    if (now !== last) {
      best = Math.min(best, now - last);
      last = now;
      steps += 1;
    }
    if (now - start > budgetMs) break;
  }
  return Number.isFinite(best) ? best * 1000 : budgetMs * 1000;
}
