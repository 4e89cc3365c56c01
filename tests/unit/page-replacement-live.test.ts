/**
 * The memory cliff, live: the chase visits every element once per cycle, the sweep runs in
 * Node on small sizes and returns positive numbers in increasing size, cancel stops it, and
 * the step detector finds (and names) the steps of synthetic curves — and no step where there
 * is none. Never the timings themselves: they are this machine's.
 */
import { describe, expect, it } from 'vitest';
import { allocateChaseBuffer, buildChain, chase } from '../../src/models/chase';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { modelCliff } from '../../src/models/page-replacement/cliff';
import {
  detectSteps,
  interpolateLogLog,
  labelLevels,
  measureMemorySweep,
  plateauNames,
  sweepSizes,
  type ChasePoint,
} from '../../src/models/page-replacement/live';
import { pageReplacementLiveApi } from '../../src/models/page-replacement/workers/page-replacement-live.worker';

const KB = 1024;
const MB = 1024 * KB;

describe('pointer chase', () => {
  it('is one cycle through every element, and the same for a seed', async () => {
    for (const [span, spacing, randomLine] of [
      [64 * KB, 64, false],
      [64 * KB, 16, false],
      [256 * KB, 4096, true],
    ] as const) {
      const buf = allocateChaseBuffer(span);
      const c = (await buildChain(buf, span, { spacingBytes: spacing, randomLine, seed: 7 }))!;
      expect(c.elements).toBe(span / spacing);
      const seen = new Set<number>();
      let p = c.start;
      for (let i = 0; i < c.elements; i++) {
        expect(seen.has(p)).toBe(false);
        seen.add(p);
        // Each element lies in its own slot of `spacing` bytes, on a line boundary when spread.
        expect(Math.floor((p * 4) / spacing)).toBeLessThan(c.elements);
        if (randomLine) expect((p * 4) % 64).toBe(0);
        p = buf[p]!;
      }
      expect(p).toBe(c.start);
      expect(chase(buf, c.start, c.elements)).toBe(c.start);
      const again = (await buildChain(allocateChaseBuffer(span), span, {
        spacingBytes: spacing,
        randomLine,
        seed: 7,
      }))!;
      expect(again.start).toBe(c.start);
    }
  });

  it('spread one per page, elements land on many different lines of their pages', async () => {
    const buf = allocateChaseBuffer(MB);
    const c = (await buildChain(buf, MB, { spacingBytes: 4096, randomLine: true, seed: 1 }))!;
    const lines = new Set<number>();
    let p = c.start;
    for (let i = 0; i < c.elements; i++, p = buf[p]!) lines.add(((p * 4) % 4096) / 64);
    expect(lines.size).toBeGreaterThan(40);
    expect(c.footprintBytes).toBe(c.elements * 64);
  });

  it('keeps every element inside the working set, even when a page is wider than it', async () => {
    for (const [span, spacing] of [
      [MB, 2 * MB],
      [4 * KB, 64 * KB],
      [96 * KB, 64 * KB],
    ] as const) {
      const buf = allocateChaseBuffer(span);
      const c = (await buildChain(buf, span, { spacingBytes: spacing, randomLine: true }))!;
      let p = c.start;
      for (let i = 0; i < c.elements; i++, p = buf[p]!) {
        expect(p * 4).toBeGreaterThanOrEqual(0);
        expect(p * 4).toBeLessThan(span);
      }
      expect(p).toBe(c.start);
    }
  });

  it('rejects bad spacings and stops when asked', async () => {
    const buf = allocateChaseBuffer(64 * KB);
    await expect(buildChain(buf, 64 * KB, { spacingBytes: 6 })).rejects.toThrow(/multiple of 4/);
    await expect(buildChain(buf, 128 * KB, { spacingBytes: 64 })).rejects.toThrow(/does not fit/);
    expect(await buildChain(buf, 64 * KB, { spacingBytes: 64, check: () => false })).toBeNull();
  });
});

describe('memory sweep', () => {
  it('sizes double from 4 KB, with half steps when asked, capped at 256 MB', () => {
    expect(sweepSizes(4 * KB, 64 * KB)).toEqual([4, 8, 16, 32, 64].map((k) => k * KB));
    const half = sweepSizes(4 * KB, 16 * KB, 2);
    expect(half).toHaveLength(5);
    expect(half.every((b) => b % 64 === 0)).toBe(true);
    expect(sweepSizes(4 * KB, 1024 * MB).at(-1)).toBe(256 * MB);
  });

  it('runs in Node on small sizes: positive ns per load, sizes increasing, progress to the end', async () => {
    const progress: number[] = [];
    const r = await measureMemorySweep({
      maxBytes: 256 * KB,
      rounds: 2,
      minBatchMs: 1,
      onProgress: (p) => {
        progress.push(p.done / p.total);
      },
    });
    expect(r.cancelled).toBe(false);
    for (const curve of [r.dense, r.perPage]) {
      expect(curve.map((p) => p.bytes)).toEqual(r.sizes);
      for (let i = 0; i < curve.length; i++) {
        const p = curve[i]!;
        expect(Number.isFinite(p.nsPerLoad) && p.nsPerLoad > 0).toBe(true);
        expect(p.nsMedian).toBeGreaterThanOrEqual(p.nsPerLoad);
        expect(p.loads).toBeGreaterThan(0);
        if (i > 0) {
          expect(p.bytes).toBeGreaterThan(curve[i - 1]!.bytes);
          expect(p.elements).toBeGreaterThanOrEqual(curve[i - 1]!.elements);
          expect(p.footprintBytes).toBeGreaterThanOrEqual(curve[i - 1]!.footprintBytes);
        }
      }
    }
    expect(r.dense.map((p) => p.elements)).toEqual(r.sizes.map((b) => b / 64));
    expect(r.perPage.map((p) => p.elements)).toEqual(r.sizes.map((b) => Math.max(1, b / 4096)));
    expect(progress.at(-1)).toBe(1);
    expect(r.timerResolutionUs).toBeGreaterThan(0);
  });

  it('cancel stops it, keeping the points measured so far', async () => {
    let calls = 0;
    const r = await measureMemorySweep({
      maxBytes: MB,
      rounds: 2,
      minBatchMs: 1,
      onProgress: () => ++calls < 3,
    });
    expect(r.cancelled).toBe(true);
    expect(r.dense.length + r.perPage.length).toBeLessThan(2 * r.sizes.length);
  });

  it('bad settings get a clear message', async () => {
    await expect(measureMemorySweep({ strideBytes: 24 })).rejects.toThrow(/stride must be one of/);
    await expect(measureMemorySweep({ pageBytes: 3000 })).rejects.toThrow(/page size must be/);
    await expect(measureMemorySweep({ maxBytes: 512 * MB })).rejects.toThrow(/256 MB/);
  });

  it('the worker entry returns the sweep with the model’s cliff for the same sizes', async () => {
    const r = await pageReplacementLiveApi.run(
      { memoryKB: 64, pageBytes: 4096 },
      { maxBytes: 128 * KB, rounds: 1, minBatchMs: 0.5 },
    );
    expect(r.model.map((p) => p.bytes)).toEqual(r.sweep.sizes);
    expect(r.sweep.dense.length).toBe(r.sweep.sizes.length);
  });
});

describe('the model beside it', () => {
  it('LRU on a loop: no misses while it fits in memory, every reference misses past it', () => {
    const p = pageReplacementModel.paramsOf({ memoryKB: 64, pageBytes: 4096 });
    const cliff = modelCliff(p, [8 * KB, 64 * KB, 68 * KB, 1 * MB]);
    expect(cliff.map((c) => c.pages)).toEqual([2, 16, 17, 256]);
    expect(cliff.map((c) => c.lruPct)).toEqual([0, 0, 100, 100]);
    // RAND keeps some pages past the cliff, fewer the further past it.
    expect(cliff[2]!.randPct).toBeGreaterThan(0);
    expect(cliff[2]!.randPct).toBeLessThan(100);
    expect(cliff[3]!.randPct).toBeGreaterThan(cliff[2]!.randPct);
  });
});

/** A synthetic latency curve: sizes 4 KB … 256 MB and a level per size. */
function curve(level: (bytes: number) => number, perOctave = 1) {
  return sweepSizes(4 * KB, 256 * MB, perOctave).map((x) => ({ x, y: level(x) }));
}
const staircase = (b: number) => (b <= 32 * KB ? 1 : b <= MB ? 4 : b <= 16 * MB ? 12 : 90);

describe('step detector', () => {
  it('finds the steps of a staircase, where they are', () => {
    const { plateaus, steps } = detectSteps(curve(staircase));
    expect(steps.map((s) => [s.fromX, s.toX])).toEqual([
      [32 * KB, 64 * KB],
      [MB, 2 * MB],
      [16 * MB, 32 * MB],
    ]);
    expect(plateaus.map((p) => p.y)).toEqual([1, 4, 12, 90]);
  });

  it('a flat or gently rising curve has no step; one high point alone is noise', () => {
    expect(detectSteps(curve(() => 3)).steps).toHaveLength(0);
    expect(detectSteps(curve((b) => 1 + Math.log2(b / 4096) * 0.05)).steps).toHaveLength(0);
    const spiky = curve((b) => (b === 256 * KB ? 50 : 2));
    expect(detectSteps(spiky).steps).toHaveLength(0);
  });

  it('a cliff spread over several sizes is one step; noise within ±15 % is not a step', () => {
    const spread = curve((b) => (b <= MB ? 2 : b >= 16 * MB ? 100 : 2 * (b / MB) ** 1.4));
    const s = detectSteps(spread).steps;
    expect(s).toHaveLength(1);
    expect(s[0]!.fromX).toBe(MB);
    expect(s[0]!.toX).toBe(16 * MB);
    let k = 0;
    const noisy = curve((b) => staircase(b) * (k++ % 2 ? 1.15 : 0.87), 2);
    expect(detectSteps(noisy).steps).toHaveLength(3);
  });

  it('names plateaus by order', () => {
    expect(plateauNames(1)).toEqual(['L1']);
    expect(plateauNames(3)).toEqual(['L1', 'L2', 'DRAM']);
    expect(plateauNames(4)).toEqual(['L1', 'L2', 'L3 (LLC)', 'DRAM']);
    // A sweep that stops short of DRAM names caches only.
    expect(plateauNames(3, false)).toEqual(['L1', 'L2', 'L3']);
    expect(
      interpolateLogLog(
        [
          { x: 1, y: 1 },
          { x: 4, y: 16 },
        ],
        2,
      ),
    ).toBeCloseTo(4, 10);
  });

  it('tells the TLB from a cache: the per-page step the dense curve does not explain', () => {
    // A synthetic machine: caches as the staircase (by lines held), a TLB of 256 entries of
    // 4 KB pages adding 20 ns past its reach.
    const machine = (footprint: number, pages: number) =>
      staircase(footprint) + (pages > 256 ? 20 : 0);
    const point = (bytes: number, spacing: number): ChasePoint => {
      const elements = Math.max(1, bytes / spacing);
      const footprintBytes = elements * Math.min(spacing, 64);
      const pages = Math.ceil(bytes / 4096);
      const ns = machine(footprintBytes, Math.min(pages, spacing >= 4096 ? elements : pages));
      return { bytes, elements, footprintBytes, nsPerLoad: ns, nsMedian: ns, loads: 1 };
    };
    const sizes = sweepSizes(4 * KB, 256 * MB);
    for (const page of [4096, 16_384]) {
      const levels = labelLevels({
        dense: sizes.map((b) => point(b, 64)),
        perPage: sizes.map((b) => point(b, page)),
      });
      const tlb = levels.steps.filter((s) => s.kind === 'tlb');
      expect(tlb).toHaveLength(1);
      // The TLB step is at 256 elements, so it moves with the page size.
      expect(tlb[0]!.fromElements).toBe(256);
      expect(tlb[0]!.fromBytes).toBe(256 * page);
      expect(levels.steps.filter((s) => s.kind === 'cache')[0]!.label).toBe('L1 → L2');
    }
  });
});
