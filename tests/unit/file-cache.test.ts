import { describe, expect, it } from 'vitest';
import { fileCacheModel, mixedModeCost, simulateStealback } from '../../src/models/file-cache';

const base = fileCacheModel.paramsOf({});

describe('mixed mode: write() then read through mmap()', () => {
  it('11i v3 is never slower than 11i v2, and v2 − v3 is exactly the flush plus the page copies', () => {
    for (const blockBytes of [512, 4096, 65_536, 1_048_576])
      for (const discWriteLatencyMs of [0, 0.2, 2, 10]) {
        const c = mixedModeCost({ ...base, blockBytes, discWriteLatencyMs });
        expect(c.speedup).toBeGreaterThanOrEqual(1);
        expect(c.v2Us - c.v3Us).toBeCloseTo(c.flushUs + c.pageCopyUs, 6);
      }
  });
  it('the speed-up grows with the disc write latency and shrinks with the block size', () => {
    const s = (o: Partial<typeof base>) => mixedModeCost({ ...base, ...o }).speedup;
    expect(s({ discWriteLatencyMs: 8 })).toBeGreaterThan(s({ discWriteLatencyMs: 2 }));
    expect(s({ blockBytes: 4096 })).toBeGreaterThan(s({ blockBytes: 1_048_576 }));
  });
  it('with no disc latency and infinitely fast disc the only difference is the page copies', () => {
    const c = mixedModeCost({ ...base, discWriteLatencyMs: 0, discWriteMBps: 1e12 });
    expect(c.flushUs).toBeCloseTo(0, 3);
    expect(c.v2Us).toBeCloseTo(c.v3Us + c.pageCopyUs, 6);
  });
});

describe('stealback', () => {
  it('a scan larger than the cache wipes the working set without stealback, not with it', () => {
    const off = simulateStealback(base, false);
    const on = simulateStealback(base, true);
    expect(on.wsHits / on.wsRefs).toBeGreaterThan(off.wsHits / off.wsRefs + 0.15);
    expect(on.wsResidentEnd).toBe(base.workingSetPages);
  });
  it('never holds more pages than the cache, and counts every reference', () => {
    for (const stealback of [false, true])
      for (const cachePages of [2, 50, 700, 5000]) {
        const r = simulateStealback({ ...base, cachePages }, stealback);
        expect(r.wsResidentEnd + r.scanResidentEnd).toBeLessThanOrEqual(cachePages);
        expect(r.wsRefs + r.scanRefs).toBe(base.steps);
      }
  });
  it('hurts a re-read file that fits in the cache (why it is off by default)', () => {
    const p = { ...base, scanFilePages: 300 };
    const off = simulateStealback(p, false);
    const on = simulateStealback(p, true);
    expect(off.scanHits / off.scanRefs).toBeGreaterThan(0.8);
    expect(on.scanHits / on.scanRefs).toBeLessThan(0.1);
  });
  it('is deterministic for a seed', () => {
    expect(simulateStealback(base, true)).toEqual(simulateStealback(base, true));
  });
});

describe('the model', () => {
  it('every preset gives the table it names first, with no NaN', () => {
    for (const preset of fileCacheModel.presets) {
      const tables = fileCacheModel.tables({ table: preset.id });
      expect(tables[0]!.id).toBe(preset.id);
      for (const t of tables)
        for (const r of t.rows) for (const v of Object.values(r.values)) expect(v).not.toBeNaN();
    }
  });
  it('charts: speed-up vs block size and the hit rate over time both ways', () => {
    const ids = fileCacheModel.charts({}).map((c) => c.id);
    expect(ids).toEqual(['ufc-speedup-block', 'ufc-stealback-hit-rate', 'ufc-stealback-resident']);
  });
});
