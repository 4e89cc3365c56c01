/** Invariants of the file-access mechanism, checked on many random scenarios (seeded). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileAccessModel } from '../../src/models/file-access';
import type { FileAccessParams } from '../../src/models/file-access/params';
import { simulateFileAccess, type RunSpec } from '../../src/models/file-access/simulate';
import { rowWithIntervals, TABLE_ROWS, uncertaintyFor } from '../../src/models/file-access/tables';

/** Every file-access run: each reader, with and without FREADSEEK. */
const SPECS: RunSpec[] = (['mapped', 'freaddir', 'fread'] as const).flatMap((method) =>
  [false, true].map((freadseek) => ({ method, freadseek })),
);

/** Small files keep each property run fast; every mechanism (faults, read-ahead, prefetch) still fires. */
const arbParams: fc.Arbitrary<FileAccessParams> = fc
  .record({
    records: fc.integer({ min: 1, max: 3000 }),
    recordBytes: fc.integer({ min: 1, max: 9000 }),
    residentPct: fc.double({ min: 0, max: 100, noNaN: true }),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    readAheadPages: fc.integer({ min: 1, max: 32 }),
    seekEveryRecords: fc.integer({ min: 1, max: 64 }),
    prefetchDistanceRecords: fc.integer({ min: 0, max: 512 }),
    prefetchPages: fc.integer({ min: 1, max: 48 }),
    discShortSeekMs: fc.double({ min: 0, max: 30, noNaN: true }),
    discSeekMs: fc.double({ min: 0, max: 40, noNaN: true }),
    discRotationMs: fc.double({ min: 0, max: 10, noNaN: true }),
    discTransferMsPerKB: fc.double({ min: 0.001, max: 1.5, noNaN: true }),
  })
  .map((p) => ({ ...fileAccessModel.paramsOf({}), ...p }));

const arbSpec = fc.constantFrom(...SPECS);
const RUNS = { numRuns: 300, seed: 20261122 };

describe('file-access invariants', () => {
  it('elapsed ≥ CPU and delta = elapsed − CPU', () => {
    fc.assert(
      fc.property(arbParams, arbSpec, (p, spec) => {
        const r = simulateFileAccess(p, spec);
        expect(r.elapsedMs).toBeGreaterThanOrEqual(r.cpuMs - 1e-9);
        expect(r.deltaMs).toBeCloseTo(r.elapsedMs - r.cpuMs, 9);
        expect(r.deltaMs).toBeGreaterThanOrEqual(-1e-9);
      }),
      RUNS,
    );
  });

  it('fully resident data gives zero disc wait and no disc requests', () => {
    fc.assert(
      fc.property(arbParams, arbSpec, (p, spec) => {
        const r = simulateFileAccess({ ...p, residentPct: 100 }, spec);
        expect(r.deltaMs).toBe(0);
        expect(r.discRequests).toBe(0);
        expect(r.pageFaults).toBe(0);
      }),
      RUNS,
    );
  });

  it('more rotational latency never lowers elapsed', () => {
    fc.assert(
      fc.property(
        arbParams,
        arbSpec,
        fc.double({ min: 0, max: 40, noNaN: true }),
        (p, spec, extra) => {
          const a = simulateFileAccess(p, spec).elapsedMs;
          const b = simulateFileAccess(
            { ...p, discRotationMs: p.discRotationMs + extra },
            spec,
          ).elapsedMs;
          expect(b).toBeGreaterThanOrEqual(a - 1e-6);
        },
      ),
      RUNS,
    );
  });

  it('every page is read from disc at most once, and every absent page exactly once', () => {
    fc.assert(
      fc.property(arbParams, arbSpec, (p, spec) => {
        const r = simulateFileAccess(p, spec);
        expect(r.pagesRead).toBe(r.logicalPages - r.residentPages);
      }),
      RUNS,
    );
  });

  it('is deterministic: the same scenario and seed give the same numbers', () => {
    fc.assert(
      fc.property(arbParams, arbSpec, (p, spec) => {
        expect(simulateFileAccess(p, spec)).toEqual(simulateFileAccess(p, spec));
      }),
      { numRuns: 50, seed: 7 },
    );
  });

  it('a file run again after another gives the same numbers (its starting state is kept, not shared)', () => {
    // Part of the file resident: the case whose shuffled starting state is remembered.
    const partly = fc
      .tuple(arbParams, fc.integer({ min: 1, max: 99 }), fc.integer({ min: 200, max: 3000 }))
      .map(([p, residentPct, records]) => ({ ...p, residentPct, records }));
    fc.assert(
      fc.property(partly, partly, arbSpec, (p, q, spec) => {
        const first = simulateFileAccess(p, spec);
        simulateFileAccess(q, spec);
        simulateFileAccess(p, spec);
        expect(simulateFileAccess(p, spec)).toEqual(first);
      }),
      { numRuns: 50, seed: 11 },
    );
  });

  it('the seed decides which pages are resident, not how many', () => {
    const p = { ...fileAccessModel.paramsOf({}), records: 20_000, residentPct: 37.5 };
    const a = simulateFileAccess({ ...p, seed: 1 }, SPECS[0]!);
    const b = simulateFileAccess({ ...p, seed: 2 }, SPECS[0]!);
    expect(a.residentPages).toBe(b.residentPages);
    expect(a.residentPages).toBe(Math.round(a.logicalPages * 0.375));
  });

  it('nothing resident, no FREADSEEK: one fault per page mapped, ⌈pages ÷ read-ahead⌉ file-system reads', () => {
    const p = {
      ...fileAccessModel.paramsOf({}),
      records: 10_000,
      recordBytes: 256,
      residentPct: 0,
      readAheadPages: 16,
    };
    const mapped = simulateFileAccess(p, SPECS[0]!);
    expect(mapped.pageFaults).toBe(625);
    expect(mapped.discRequests).toBe(625);
    const fs = simulateFileAccess(p, SPECS[4]!);
    expect(fs.discRequests).toBe(Math.ceil(625 / 16));
    expect(fs.pageFaults).toBe(0);
  });

  it('a prefetch issued early enough hides the disc: mapped & FREADSEEK waits less than mapped alone', () => {
    const p = {
      ...fileAccessModel.paramsOf({}),
      records: 20_000,
      residentPct: 0,
      seekEveryRecords: 384,
      prefetchDistanceRecords: 1024,
      prefetchPages: 24,
      seekCallPages: 24,
      discTransferMsPerKB: 0.25,
    };
    const plain = simulateFileAccess(p, SPECS[0]!);
    const prefetched = simulateFileAccess(p, SPECS[1]!);
    expect(prefetched.deltaMs).toBeLessThan(plain.deltaMs / 10);
    // The same 24 pages in three 8-page FREADSEEK calls: three positionings, so more waiting.
    const threeCalls = simulateFileAccess({ ...p, seekCallPages: 8 }, SPECS[1]!);
    expect(threeCalls.discRequests).toBeGreaterThan(prefetched.discRequests);
    expect(threeCalls.deltaMs).toBeGreaterThan(prefetched.deltaMs);
  });

  it('pages of a request arrive one by one: a reader waits for its page, not the whole request', () => {
    const p = {
      ...fileAccessModel.paramsOf({}),
      records: 16 * 64,
      recordBytes: 256,
      residentPct: 0,
      readAheadPages: 64,
      discShortSeekMs: 12,
      discSeekMs: 12,
      discRotationMs: 8,
      discTransferMsPerKB: 0.75,
      cpuPageInUsPerFrame: 0,
      cpuIoRequestUs: 0,
      cpuFreadUsPerRecord: 1,
      cpuMoveUsPerByte: 0,
    };
    // One 64-page read; the reader needs 16 µs of CPU per page, far less than the 3 ms
    // transfer, so it follows the transfer: elapsed = positioning + 64 transfers + the last
    // page's CPU.
    const fs = simulateFileAccess(p, SPECS[4]!);
    expect(fs.discRequests).toBe(1);
    const perPageCpu = fs.cpuMs / 64;
    expect(fs.elapsedMs).toBeCloseTo(20 + 64 * 3 + perPageCpu, 6);
    // A slow reader (CPU per page > transfer) waits only for the first page.
    const slow = simulateFileAccess({ ...p, cpuFreadUsPerRecord: 500 }, SPECS[4]!);
    expect(slow.deltaMs).toBeCloseTo(20 + 3, 6);
  });

  it('the timeline stays inside its horizon and the reader lane never overlaps itself', () => {
    const p = fileAccessModel.paramsOf(fileAccessModel.presets[0]!.params);
    const r = simulateFileAccess(p, SPECS[2]!, { timelineMs: 300 });
    expect(r.timeline).not.toBeNull();
    const segs = r.timeline!.cpu;
    expect(segs.length).toBeGreaterThan(2);
    expect(segs.some((s) => s.kind === 'stall')).toBe(true);
    for (let i = 0; i < segs.length; i++) {
      expect(segs[i]!.end).toBeLessThanOrEqual(300);
      expect(segs[i]!.end).toBeGreaterThanOrEqual(segs[i]!.start);
      if (i > 0) expect(segs[i]!.start).toBeGreaterThanOrEqual(segs[i - 1]!.end - 1e-9);
    }
  });
});

describe('file-access links from version 1', () => {
  it('a v1 prefetch size stays one FREADSEEK request of that size; links without it are untouched', async () => {
    const { parsePermalink } = await import('../../src/scenario');
    const v1 = parsePermalink('#/file-access?table=mpe-sl-postscript&prefetchPages=24&v=1');
    expect(v1.scenario?.params['seekCallPages']).toBe(24);
    expect(v1.problems.map((p) => p.param)).toEqual(['v']);
    const p = fileAccessModel.paramsOf(v1.scenario!.params);
    const run = simulateFileAccess(p, { method: 'mapped', freadseek: true });
    const v2 = simulateFileAccess(
      { ...p, seekCallPages: 8 },
      { method: 'mapped', freadseek: true },
    );
    // One 24-page call per prefetch point (v1) against three 8-page calls (v2): different runs.
    // (Their request counts are means over the groups' alignments, simulate.ts: a 24-page
    // group often falls partly behind the reader, whose faults then add requests.)
    expect(v2.elapsedMs).not.toBe(run.elapsedMs);
    const plain = parsePermalink('#/file-access?table=mpe-sl-seq&v=1');
    expect(plain.scenario?.params['seekCallPages']).toBe(8);
  });
});

describe('file-access rows remembered by what they read', () => {
  it('a remembered row equals a fresh one, and a prefetch change reaches only FREADSEEK rows', () => {
    const base = fileAccessModel.paramsOf({ records: 3_000 });
    // Another object: computed, never remembered (the page's own: the table's between term).
    const fresh = { ...uncertaintyFor(base.table) };
    for (const spec of TABLE_ROWS['mpe-sl-seq'].rows) {
      const a = rowWithIntervals(base, spec);
      const b = rowWithIntervals(base, spec, fresh);
      expect(a.values).toEqual(b.values);
      expect(a.intervals).toEqual(b.intervals);
      const moved = { ...base, prefetchDistanceRecords: base.prefetchDistanceRecords + 40 };
      const c = rowWithIntervals(moved, spec);
      const d = rowWithIntervals(moved, spec, fresh);
      expect(c.values).toEqual(d.values);
      expect(c.intervals).toEqual(d.intervals);
      if (!spec.freadseek) expect(c).toBe(a);
    }
  });
});
