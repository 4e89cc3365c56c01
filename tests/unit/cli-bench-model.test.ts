import { describe, expect, it } from 'vitest';
import { benchModels } from '../../scripts/bench-model';

describe('benchModels', () => {
  it('times each model’s own runs, with consistent rates', { timeout: 240_000 }, async () => {
    // The figures themselves are the bench's (each model's tools/bench.ts); this checks their
    // shape, never their size.
    const results = await benchModels({ durationMs: 30, warmupMs: 0, minRuns: 2 });
    expect(results.map((r) => r.name)).toEqual([
      'file-access evaluateTables, every row new (mpe-sl-seq)',
      'file-access evaluateTables, a prefetch-distance step (mpe-sl-seq)',
      'file-access charts (mpe-sl-seq)',
      'directory-search evaluateTables (vmsp-directory)',
      'directory-search charts (vmsp-directory)',
    ]);
    for (const r of results) {
      expect(Number.isFinite(r.runsPerSecond) && r.runsPerSecond > 0).toBe(true);
      expect(r.msPerRun * r.runsPerSecond).toBeCloseTo(1000, 6);
    }
  });
});
