/**
 * The live benchmark's helpers in Node: what can be checked without a browser. Timing values
 * are never asserted — only that measurements run, are positive, and stop when cancelled.
 */
import { describe, expect, it } from 'vitest';
import { runDirect, type RunControl } from '../../src/models/cross-boundary/live';
import { timerResolutionUs } from '../../src/models/stats';
import { runSab, sabUnavailable } from '../../src/models/cross-boundary/view/liveWorkers';
import { liveCallee } from '../../src/models/cross-boundary/workers/cross-boundary-rpc.worker';
import { message } from '../../src/i18n/catalog';
import '../../src/i18n/parts/panel';

const ctl = (cancelAfter = Infinity): RunControl & { calls: number } => {
  const c = {
    calls: 0,
    cancelled: () => c.calls >= cancelAfter,
    progress: () => void c.calls++,
  };
  return c;
};

describe('live benchmark helpers', () => {
  it('the callee increments its argument, like the paper’s library routine', () => {
    expect(liveCallee.inc(41)).toBe(42);
  });

  it('the direct row runs, sums the incremented arguments and gives a positive per-call time', async () => {
    const c = ctl();
    // A coarse stated resolution forces the repeat-until-measurable path.
    const row = await runDirect(1000, 0.05, c);
    expect(row.perCallMedianUs).toBeGreaterThan(0);
    expect(row.calls).toBeGreaterThanOrEqual(1000);
    // Σ (i + 1) for i = 1..1000 is 501,500, repeated calls/1000 times.
    expect(row.sum).toBe((501_500 * row.calls) / 1000);
    expect(c.calls).toBeGreaterThan(0);
  });

  it('cancel stops the direct row early', async () => {
    const c = ctl(2);
    const row = await runDirect(1000, timerResolutionUs() / 1000, c);
    expect(c.calls).toBe(2);
    expect(row.calls).toBeGreaterThan(0);
  });

  it('without cross-origin isolation the SAB row explains itself instead of running', async () => {
    // Node has no crossOriginIsolated: exactly the non-isolated case.
    expect(sabUnavailable()).toBe('panel.cb.notRun');
    expect(message('en', sabUnavailable()!)).toMatch(/cross-origin isolated/);
    const row = await runSab(1000, ctl());
    expect(row.unavailable).toBe('panel.cb.notRun');
    expect(message('en', 'panel.cb.notRun')).toMatch(/Cross-Origin-Embedder-Policy: require-corp/);
    expect(row.calls).toBe(0);
  });
});
