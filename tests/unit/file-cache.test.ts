import { describe, expect, it } from 'vitest';
import { fileCacheModel, mixedModeCost, simulateStealback } from '../../src/models/file-cache';
import {
  BENCHMARKS,
  FIT_KEYS,
  fromCoords,
  oneCpuRatio,
  rates,
  toCoords,
  type BenchmarkId,
  type BenchParams,
} from '../../src/models/file-cache/benchmarks';
import { BENCH_UNCERTAINTY } from '../../src/models/file-cache/constants';
import { predictionInterval } from '../../src/models/file-cache/intervals';
import { benchParamsOf } from '../../src/models/file-cache/tables';
import { mulberry32 } from '../../src/models/random';
import { evaluateCharts } from '../../src/compare/compare';
import { presetParams } from '../../src/scenario';

const base = fileCacheModel.paramsOf({});
const fitted = benchParamsOf(base);
const IDS = Object.keys(BENCHMARKS) as BenchmarkId[];

/** Seeded random parameter sets across the knobs' ranges. */
function randomParams(seed: number): BenchParams {
  const r = mulberry32(seed);
  const span = (lo: number, hi: number) => lo * (hi / lo) ** r();
  return {
    paPathWeight: span(0.05, 2),
    lockSharePct: span(0.01, 100),
    v3LockKeptPct: 100 * r(),
    paLockScale: span(0.01, 10),
    sdetOneCpuRatio: span(0.2, 5),
    iozoneOneCpuRatio: span(0.2, 5),
    iozoneParentFactor: span(0.2, 5),
    unmountOneCpuRatio: span(0.2, 5),
    unmountGrowthPct: span(0.01, 1000),
    coherencyPpm: span(0.01, 100_000),
    postmarkOneCpuRatio: span(0.2, 5),
    azOneCpuRatio: span(0.2, 5),
    mmapOneCpuRatio: span(0.2, 5),
  };
}

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
  it('11i v3 never needs the flush: its time ignores the disc entirely', () => {
    for (const discWriteLatencyMs of [0, 2, 50])
      for (const discWriteMBps of [1, 80, 10_000]) {
        const c = mixedModeCost({ ...base, discWriteLatencyMs, discWriteMBps });
        expect(c.v3Us).toBe(mixedModeCost(base).v3Us);
        expect(c.v3Us).toBeCloseTo(c.writeUs + c.translateUs, 9);
      }
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

describe('benchmarks across CPU count and platform', () => {
  it('one CPU → no contention term: v3 ÷ v2 is the one-CPU path ratio, for any parameters', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const p = randomParams(seed);
      for (const id of IDS)
        for (const platform of ['IA', 'PA'] as const) {
          const r = rates(id, platform, 1, p);
          expect(r.contention).toBe(1);
          expect(r.v2).toBe(1);
          const a = oneCpuRatio(p[BENCHMARKS[id].oneCpu], platform, p.paPathWeight).ratio;
          expect(r.ratio).toBeCloseTo(a, 12);
        }
    }
  });
  it('single-process benchmarks do not depend on the CPU count', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const p = randomParams(seed);
      for (const id of IDS.filter((i) => BENCHMARKS[i].kind === 'single'))
        for (const cpus of [2, 8, 64, 128])
          expect(rates(id, 'PA', cpus, p).ratio).toBe(rates(id, 'PA', 1, p).ratio);
    }
  });
  it('no lock share, or v3 keeping all of it, leaves only the path ratio', () => {
    for (const id of ['ufc-sdet', 'ufc-iozone-scale'] as const)
      for (const cpus of [4, 64, 128]) {
        const a = rates(id, 'IA', 1, fitted).ratio;
        expect(rates(id, 'IA', cpus, { ...fitted, lockSharePct: 0 }).ratio).toBeCloseTo(a, 12);
        expect(rates(id, 'IA', cpus, { ...fitted, v3LockKeptPct: 100 }).ratio).toBeCloseTo(a, 12);
      }
  });
  it('without coherency (Amdahl), v3’s gain grows with CPUs, bounded by A / φ', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const p = { ...randomParams(seed), coherencyPpm: 0 };
      for (const platform of ['IA', 'PA'] as const) {
        let prev = rates('ufc-sdet', platform, 1, p).ratio;
        for (const cpus of [2, 4, 8, 16, 64, 128]) {
          const r = rates('ufc-sdet', platform, cpus, p);
          expect(r.ratio).toBeGreaterThanOrEqual(prev * (1 - 1e-12));
          expect(r.contention).toBeLessThanOrEqual(100 / p.v3LockKeptPct + 1e-9);
          // v2 never beats perfect scaling and never falls below one CPU's throughput.
          expect(r.v2).toBeLessThanOrEqual(cpus + 1e-9);
          expect(r.v2).toBeGreaterThanOrEqual(1 - 1e-12);
          prev = r.ratio;
        }
      }
    }
  });
  it('with coherency, both kernels peak near √((1 − σ)/κ) CPUs and v3’s gain falls back towards A', () => {
    const p = { ...fitted, coherencyPpm: 1000 };
    const sigma = p.lockSharePct / 100;
    const peak = Math.sqrt((1 - sigma) / 1e-3);
    const v2 = (n: number) => rates('ufc-sdet', 'IA', n, p).v2;
    expect(v2(Math.round(peak))).toBeGreaterThan(v2(Math.round(peak / 2)));
    expect(v2(Math.round(peak))).toBeGreaterThan(v2(Math.round(peak * 2)));
    const a = rates('ufc-sdet', 'IA', 1, p).ratio;
    const g = (n: number) => rates('ufc-sdet', 'IA', n, p).ratio / a;
    expect(g(128)).toBeLessThan(g(16));
    expect(g(100_000)).toBeCloseTo(1, 2);
    // Bounded by A / φ whatever κ.
    for (let seed = 1; seed <= 50; seed++) {
      const q = randomParams(seed);
      for (const cpus of [2, 8, 64, 128])
        expect(rates('ufc-sdet', 'PA', cpus, q).contention).toBeLessThanOrEqual(
          100 / q.v3LockKeptPct + 1e-9,
        );
    }
  });
  it('PA = IA when the changed path weighs the same (ω = 1) and the lock share too (s = 1)', () => {
    const p = { ...fitted, paPathWeight: 1, paLockScale: 1 };
    for (const id of IDS)
      for (const cpus of [1, 4, 64])
        expect(rates(id, 'PA', cpus, p).ratio).toBeCloseTo(rates(id, 'IA', cpus, p).ratio, 12);
  });
  it('an ω too large for the path is held at 95 % and flagged, never NaN or negative', () => {
    const r = rates('ufc-iozone-mmap', 'PA', 8, { ...fitted, paPathWeight: 3 });
    expect(r.clamped).toBe(true);
    expect(r.ratio).toBeCloseTo(20, 9);
    const t = fileCacheModel.tables({ table: 'ufc-iozone-mmap', platform: 'PA', paPathWeight: 3 });
    expect(t[0]!.notes!.join(' ')).toContain('95 %');
  });
  it('the fit coordinates round-trip', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const p = randomParams(seed);
      const q = fromCoords(toCoords(p));
      for (const k of FIT_KEYS) expect(q[k] / p[k]).toBeCloseTo(1, 9);
    }
  });
  it('the prediction interval holds the model value, and widens from 8 to 64 CPUs', () => {
    for (const id of IDS) {
      const col = BENCHMARKS[id].columns[0]!.key;
      for (const platform of ['IA', 'PA'] as const) {
        const m = rates(id, platform, 64, fitted, col).ratio;
        const [lo, hi] = predictionInterval(id, col, platform, 64, fitted, BENCH_UNCERTAINTY);
        expect(lo).toBeLessThan(m);
        expect(hi).toBeGreaterThan(m);
        const [lo8, hi8] = predictionInterval(id, col, platform, 8, fitted, BENCH_UNCERTAINTY);
        if (BENCHMARKS[id].kind === 'single') expect(hi / lo).toBeCloseTo(hi8 / lo8, 9);
        else expect(hi / lo).toBeGreaterThan(hi8 / lo8);
      }
    }
  });
  it('no covariance and no scatter → a zero-width interval', () => {
    const zero = {
      covariance: FIT_KEYS.map(() => FIT_KEYS.map(() => 0)),
      residualSdLog: 0,
      t90: 1.75,
    };
    const [lo, hi] = predictionInterval('ufc-sdet', 'ratio_x', 'IA', 64, fitted, zero);
    expect(lo).toBeCloseTo(hi, 12);
  });
  it('the knob row follows the CPUs and platform, labelled and with an interval', () => {
    const t = fileCacheModel.tables({ table: 'ufc-sdet', cpus: 32, platform: 'PA' })[0]!;
    const row = t.rows.at(-1)!;
    expect(row.label).toBe('PA 32-way (knobs)');
    expect(row.predicted).toBe(true);
    expect(row.values.ratio_x).toBeCloseTo(rates('ufc-sdet', 'PA', 32, fitted).ratio, 12);
    expect(row.intervals!.ratio_x![0]).toBeLessThan(row.values.ratio_x!);
    // Fitted rows carry no interval; 64-way rows do.
    expect(t.rows[0]!.intervals).toBeUndefined();
    expect(t.rows.find((r) => r.label === 'IA 64-way')!.intervals!.ratio_x![1]).toBeGreaterThan(1);
  });
  it('charts: throughput of v2 and v3 from 1 to 128 CPUs with the paper’s points by reference', () => {
    const charts = fileCacheModel.charts({ table: 'ufc-iozone-scale', platform: 'PA' });
    const tp = charts.find((c) => c.id === 'ufc-bench-throughput')!;
    expect(tp.kind).toBe('line');
    if (tp.kind !== 'line') return;
    expect(tp.series.map((s) => s.name)).toEqual(['11i v2 (buffer cache)', '11i v3 (UFC)']);
    const xs = tp.series[0]!.points.map((p) => p.x);
    expect(xs[0]).toBe(1);
    expect(xs.at(-1)).toBe(128);
    expect(tp.paperPoints!.map((p) => p.row)).toEqual(['PA 4-way', 'PA 8-way', 'PA 64-way']);
    for (const ref of tp.paperPoints!) {
      expect(ref.y).toBeUndefined(); // the model never sees a measured value
      expect(ref.scale).toBeCloseTo(rates('ufc-iozone-scale', 'PA', ref.x, fitted).v2, 12);
    }
    // The worker fills the point: the paper's ratio placed on the model's v2 curve.
    const filled = evaluateCharts(fileCacheModel, { table: 'ufc-iozone-scale', platform: 'PA' });
    const pt = filled.find((c) => c.id === 'ufc-bench-throughput')!;
    if (pt.kind !== 'line') return;
    const p8 = pt.paperPoints!.find((p) => p.row === 'PA 8-way')!;
    expect(p8.y).toBeCloseTo(2 * rates('ufc-iozone-scale', 'PA', 8, fitted).v2, 12);
    const ratio = charts.find((c) => c.id === 'ufc-bench-ratio')!;
    expect(ratio.kind === 'line' && ratio.paperPoints!.length).toBe(12);
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
  it('the benchmark presets are the paper’s table ids, and bad knobs give a clear table, not NaN', () => {
    const ids = fileCacheModel.presets.map((p) => p.id);
    for (const id of [...IDS, 'ufc-mount', 'ufc-nastran', 'ufc-mixed-mode', 'ufc-stealback'])
      expect(ids).toContain(id);
    const t = fileCacheModel.tables({ table: 'ufc-unmount', cpus: 128, unmountGrowthPct: 0 });
    for (const r of t[0]!.rows)
      for (const v of Object.values(r.values)) expect(v).toBeGreaterThan(0);
  });
  it('charts: speed-up vs block size and the hit rate over time both ways', () => {
    const ids = fileCacheModel.charts({}).map((c) => c.id);
    expect(ids).toEqual(['ufc-speedup-block', 'ufc-stealback-hit-rate', 'ufc-stealback-resident']);
  });
});

describe('the 64-way miss is explained on the page (issue 33)', () => {
  it('every table with 64-way rows and a CPU mechanism names what 4 and 8 CPUs cannot show', () => {
    for (const id of ['ufc-sdet', 'ufc-iozone-scale', 'ufc-unmount']) {
      const t = fileCacheModel.tables(presetParams(fileCacheModel, id))[0]!;
      const notes = t.notes!.join(' ');
      expect(notes, id).toContain('Why the 64-way rows run high');
      expect(notes, id).toContain('Analyze and improve ccNuma behavior for file data');
    }
    const single = fileCacheModel.tables(presetParams(fileCacheModel, 'ufc-postmark'))[0]!;
    expect(single.notes!.join(' ')).not.toContain('Why the 64-way rows run high');
  });
});
