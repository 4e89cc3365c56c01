import { describe, expect, it } from 'vitest';
import { benchModels } from '../../scripts/bench-model';

describe('benchModels', () => {
  it('times evaluateTables and charts, with consistent rates', { timeout: 60_000 }, () => {
    const t0 = performance.now();
    const results = benchModels({ durationMs: 30, warmupMs: 0, minRuns: 2 });
    const wall = performance.now() - t0;
    expect(results.map((r) => r.name)).toEqual([
      'file-access evaluateTables, every row new (mpe-sl-seq)',
      'file-access evaluateTables, a prefetch-distance step (mpe-sl-seq)',
      'file-access charts (mpe-sl-seq)',
      'directory-search evaluateTables (vmsp-directory)',
      'directory-search charts (vmsp-directory)',
    ]);
    let timed = 0;
    for (const r of results) {
      expect(Number.isFinite(r.runsPerSecond) && r.runsPerSecond > 0).toBe(true);
      expect(r.msPerRun * r.runsPerSecond).toBeCloseTo(1000, 6);
      // At least minRuns timed runs, each taking msPerRun.
      timed += 2 * r.msPerRun;
    }
    expect(timed).toBeLessThanOrEqual(wall);
  });
});
