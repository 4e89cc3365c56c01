/**
 * Page replacement: the fast policies against an independent brute-force reference written the
 * way OSTEP's paging-policy.py (-c) does it — a plain array as memory, linear searches, OPT by
 * scanning the future — plus textbook answers and the stack-algorithm invariants.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { generateItems, itemsToPages, PATTERNS } from '../../src/models/page-replacement/refs';
import { densePages } from '../../src/models/page-replacement/dense';
import { lruMissCurve } from '../../src/models/page-replacement/miss-curve';
import {
  POLICIES,
  simulatePolicy,
  type TraceStep,
} from '../../src/models/page-replacement/simulate';

type RefPolicy = 'FIFO' | 'LRU' | 'OPT';

/** O(n · frames) reference, written apart from the model: returns [hits, misses]. */
function bruteForce(policy: RefPolicy, refs: number[], frames: number): [number, number] {
  const memory: number[] = []; // FIFO: arrival order; LRU: recency order (last = most recent)
  let hits = 0;
  for (let i = 0; i < refs.length; i++) {
    const page = refs[i]!;
    const at = memory.indexOf(page);
    if (at >= 0) {
      hits++;
      if (policy === 'LRU') {
        memory.splice(at, 1);
        memory.push(page);
      }
      continue;
    }
    if (memory.length === frames) {
      let victimAt = 0;
      if (policy === 'OPT') {
        // Evict the resident page whose next use is furthest away (never = infinitely far).
        let furthest = -1;
        for (let m = 0; m < memory.length; m++) {
          let nextUse = Infinity;
          for (let j = i + 1; j < refs.length; j++)
            if (refs[j] === memory[m]) {
              nextUse = j;
              break;
            }
          if (nextUse > furthest) {
            furthest = nextUse;
            victimAt = m;
          }
        }
      }
      memory.splice(victimAt, 1);
    }
    memory.push(page);
  }
  return [hits, refs.length - hits];
}

function fast(policy: (typeof POLICIES)[number], refs: number[], frames: number, seed = 1) {
  const r = simulatePolicy(policy, densePages(refs).refs, frames, { seed });
  return [r.hits, r.misses] as [number, number];
}

const refString = fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 0, maxLength: 80 });
const framesArb = fc.integer({ min: 1, max: 10 });

describe('page replacement against the brute-force reference', () => {
  for (const policy of ['FIFO', 'LRU', 'OPT'] as const)
    it(`${policy} hits and misses equal the reference on 3,000 random strings`, () => {
      fc.assert(
        fc.property(refString, framesArb, (refs, frames) => {
          expect(fast(policy, refs, frames)).toEqual(bruteForce(policy, refs, frames));
        }),
        { numRuns: 3000, seed: 42 },
      );
    });

  it('agrees on the generated patterns too (every pattern, several page sizes)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PATTERNS),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom(512, 1024, 4096),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        framesArb,
        (pattern, refCount, distinctItems, itemBytes, seed, frames) => {
          const items = generateItems({
            pattern,
            refCount,
            distinctItems,
            hotItems: 5,
            hotPct: 70,
            zipfExponent: 1,
            seed,
          });
          const pages = Array.from(itemsToPages(items, itemBytes, 2048).pages);
          for (const policy of ['FIFO', 'LRU', 'OPT'] as const)
            expect(fast(policy, pages, frames)).toEqual(bruteForce(policy, pages, frames));
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('textbook answers', () => {
  const BELADY = [1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5];
  it('Belady’s anomaly: FIFO misses 9 times with 3 frames and 10 with 4', () => {
    expect(fast('FIFO', BELADY, 3)[1]).toBe(9);
    expect(fast('FIFO', BELADY, 4)[1]).toBe(10);
  });
  it('Silberschatz’s string with 3 frames: FIFO 15, LRU 12, OPT 9 faults', () => {
    const s = [7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1];
    expect([fast('FIFO', s, 3)[1], fast('LRU', s, 3)[1], fast('OPT', s, 3)[1]]).toEqual([
      15, 12, 9,
    ]);
  });
  it('OSTEP ch. 22 with 3 frames: OPT 6, FIFO 4, LRU 6 hits of 11', () => {
    const s = [0, 1, 2, 0, 1, 3, 0, 3, 1, 2, 1];
    expect([fast('OPT', s, 3)[0], fast('FIFO', s, 3)[0], fast('LRU', s, 3)[0]]).toEqual([6, 4, 6]);
  });
  it('a loop one page larger than memory: LRU, FIFO and CLOCK miss every time', () => {
    const loop = Array.from({ length: 500 }, (_, i) => i % 11);
    for (const p of ['LRU', 'FIFO', 'CLOCK'] as const) expect(fast(p, loop, 10)[0]).toBe(0);
    expect(fast('OPT', loop, 10)[0]).toBeGreaterThan(400);
  });
});

describe('invariants', () => {
  it('OPT never misses more than any other policy', () => {
    fc.assert(
      fc.property(refString, framesArb, fc.integer({ min: 0, max: 1000 }), (refs, frames, seed) => {
        const opt = fast('OPT', refs, frames)[1];
        for (const p of POLICIES) expect(opt).toBeLessThanOrEqual(fast(p, refs, frames, seed)[1]);
      }),
      { numRuns: 1000, seed: 3 },
    );
  });
  it('more frames never increase LRU or OPT misses', () => {
    fc.assert(
      fc.property(refString, framesArb, (refs, frames) => {
        for (const p of ['LRU', 'OPT'] as const)
          expect(fast(p, refs, frames + 1)[1]).toBeLessThanOrEqual(fast(p, refs, frames)[1]);
      }),
      { numRuns: 1000, seed: 5 },
    );
  });
  it('misses are at least the distinct pages, and hits + misses = references', () => {
    fc.assert(
      fc.property(refString, framesArb, (refs, frames) => {
        const distinct = new Set(refs).size;
        for (const p of POLICIES) {
          const [h, m] = fast(p, refs, frames);
          expect(h + m).toBe(refs.length);
          expect(m).toBeGreaterThanOrEqual(distinct);
        }
      }),
      { numRuns: 500, seed: 9 },
    );
  });
  it('a trace agrees with the counts and never holds more pages than frames', () => {
    fc.assert(
      fc.property(refString, framesArb, fc.constantFrom(...POLICIES), (refs, frames, policy) => {
        const dense = densePages(refs);
        const trace: TraceStep[] = [];
        const r = simulatePolicy(policy, dense.refs, frames, { seed: 1, trace });
        expect(trace.filter((s) => !s.hit).length).toBe(r.misses);
        for (const s of trace) {
          expect(s.slots.length).toBe(frames);
          expect(s.slots).toContain(s.page);
          if (s.victim >= 0) expect(s.slots).not.toContain(s.victim);
        }
      }),
      { numRuns: 500, seed: 11 },
    );
  });
  it('the one-pass LRU curve (stack distances) equals a separate LRU run at every size', () => {
    fc.assert(
      fc.property(refString, (refs) => {
        const dense = densePages(refs);
        const curve = lruMissCurve(dense.refs);
        for (let f = 1; f <= 14; f++) expect(curve(f)).toBe(bruteForce('LRU', refs, f)[1]);
      }),
      { numRuns: 500, seed: 13 },
    );
  });
  it('RAND is deterministic for a seed', () => {
    const refs = Array.from({ length: 300 }, (_, i) => (i * 7) % 23);
    expect(fast('RAND', refs, 8, 99)).toEqual(fast('RAND', refs, 8, 99));
  });
});

describe('the model', () => {
  it('the replacement table has one row per policy with hits + misses = references', () => {
    const t = pageReplacementModel.tables({ refsPreset: 'belady', memoryKB: 16 })[0]!;
    expect(t.id).toBe('replacement');
    expect(t.rows.map((r) => r.label)).toEqual(['FIFO', 'LRU', 'OPT', 'CLOCK', 'RAND']);
    expect(t.rows[0]!.values.misses).toBe(10);
    for (const r of t.rows) expect(r.values.hits! + r.values.misses!).toBe(12);
  });
  it('page size has a visible effect on a generated string, at the same memory in bytes', () => {
    const base = { pattern: 'loop', distinctItems: 200, itemBytes: 2048, memoryKB: 360 };
    const t = (pageBytes: number) => pageReplacementModel.tables({ ...base, pageBytes })[0]!;
    const miss = (pageBytes: number) => t(pageBytes).rows[1]!.values.misses!;
    // 200 items of 2 KB = 400 KB: 100 pages of 4 KB do not fit in 90 frames, nor 50 pages of
    // 8 KB in 45. LRU misses every page of the loop either way: half as many with pages twice
    // as big (each brings two records in), each dearer.
    expect(t(4096).title).toContain('360 KB = 90 frames of 4 KB');
    expect(t(8192).title).toContain('360 KB = 45 frames of 8 KB');
    expect(miss(8192)).toBe(miss(4096) / 2);
    // Pages of 1 KB: each record spans two, and every one of them misses.
    expect(miss(1024)).toBe(miss(4096) * 4);
  });
  it('short strings get a trace; long ones do not', () => {
    expect(
      pageReplacementModel.tables({ refsPreset: 'ostep', memoryKB: 12 }).map((t) => t.id),
    ).toEqual(['replacement', 'replacement-trace']);
    expect(pageReplacementModel.tables({ refCount: 1000 }).map((t) => t.id)).toEqual([
      'replacement',
    ]);
  });
  it('the cliff chart has a series per policy; the Belady chart shows the anomaly', () => {
    const charts = pageReplacementModel.charts({ refCount: 2000 });
    const cliff = charts.find((c) => c.id === 'cliff');
    const belady = charts.find((c) => c.id === 'belady');
    if (cliff?.kind !== 'line' || belady?.kind !== 'line') throw new Error('missing charts');
    expect(cliff.series.map((s) => s.name)).toEqual([...POLICIES]);
    const fifo = belady.series.find((s) => s.name === 'FIFO')!.points;
    expect(fifo.find((p) => p.x === 4)!.y).toBeGreaterThan(fifo.find((p) => p.x === 3)!.y);
  });
  it('every preset runs and no value is NaN', () => {
    for (const preset of pageReplacementModel.presets)
      for (const t of pageReplacementModel.tables(preset.params))
        for (const r of t.rows) for (const v of Object.values(r.values)) expect(v).not.toBeNaN();
  });
});
