/**
 * The file-access run written out for speed (src/models/file-access/simulate.ts) against the
 * step-by-step run it replaced (./file-access-reference.ts): on random scenarios over the
 * declared ranges (seeded), every output, the timeline included, is the same number to the last
 * bit. Files are kept to a few thousand pages and FREADSEEK calls so the reference stays quick.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileAccessModel } from '../../src/models/file-access';
import { FILE_ACCESS_PARAMS, type FileAccessParams } from '../../src/models/file-access/params';
import {
  logicalPageCount,
  rememberFileSystemPair,
  simulateFileAccess,
  type AccessMethod,
  type RunSpec,
} from '../../src/models/file-access/simulate';
import type { NumberParamSpec } from '../../src/models/types';
import { referenceFileAccess } from './file-access-reference';

const NUMBERS = FILE_ACCESS_PARAMS.filter(
  (p): p is NumberParamSpec & typeof p => p.kind === 'number',
);
const spec = (key: string) => NUMBERS.find((p) => p.key === key)!;

/** A value over the parameter's declared range: integers as declared, costs on a log scale. */
function valueOf(p: NumberParamSpec): fc.Arbitrary<number> {
  if (p.integer !== false) return fc.integer({ min: p.min, max: p.max });
  const lo = Math.max(p.min, 1e-3);
  return fc.oneof(
    fc.constant(p.min),
    fc
      .double({ min: Math.log(lo), max: Math.log(p.max), noNaN: true })
      .map((l) => Number(Math.exp(l).toPrecision(6))),
  );
}

/** What decides the work: a file of at most 6,000 pages, at most 40,000 FREADSEEK calls. */
const SIZE_KEYS = new Set([
  'records',
  'recordBytes',
  'logicalPageBytes',
  'seekEveryRecords',
  'prefetchPages',
  'seekCallPages',
]);

const scenario: fc.Arbitrary<FileAccessParams> = fc
  .record({
    ...Object.fromEntries(
      NUMBERS.filter((p) => !SIZE_KEYS.has(p.key)).map((p) => [p.key, valueOf(p)]),
    ),
    records: fc.integer({ min: 1, max: 20_000 }),
    recordBytes: fc.oneof(fc.integer({ min: 1, max: 512 }), valueOf(spec('recordBytes'))),
    logicalPageBytes: fc.constantFrom(512, 1024, 2048, 3072, 4096, 8192, 65_536),
    seekEveryRecords: fc.oneof(fc.integer({ min: 1, max: 64 }), valueOf(spec('seekEveryRecords'))),
    prefetchPages: valueOf(spec('prefetchPages')),
    seekCallPages: fc.oneof(fc.integer({ min: 1, max: 32 }), valueOf(spec('seekCallPages'))),
    prefetchDistanceRecords: fc.oneof(
      fc.integer({ min: 0, max: 64 }),
      valueOf(spec('prefetchDistanceRecords')),
    ),
  })
  .map((v) => fileAccessModel.paramsOf(v as Record<string, number>))
  .filter((p) => {
    const pages = logicalPageCount(p.records, p.recordBytes, p.logicalPageBytes);
    const calls =
      Math.ceil(p.records / p.seekEveryRecords) *
      Math.ceil(p.prefetchPages / Math.max(1, p.seekCallPages));
    return pages <= 6000 && calls <= 40_000;
  });

const runSpec: fc.Arbitrary<RunSpec> = fc.record({
  method: fc.constantFrom<AccessMethod>('mapped', 'freaddir', 'fread'),
  freadseek: fc.boolean(),
});

describe('file-access: the fast run is the step-by-step run', () => {
  it('every output equal, to the last bit, over the declared ranges', () => {
    fc.assert(
      fc.property(scenario, runSpec, fc.integer({ min: 1, max: 8 }), (p, run, alignments) => {
        expect(simulateFileAccess(p, run, { alignments })).toEqual(
          referenceFileAccess(p, run, { alignments }),
        );
      }),
      { seed: 31, numRuns: 150 },
    );
  });

  it('the timeline equal too, segment by segment', () => {
    fc.assert(
      fc.property(scenario, runSpec, fc.double({ min: 0, max: 2000, noNaN: true }), (p, run, h) => {
        expect(simulateFileAccess(p, run, { timelineMs: h, alignments: 1 })).toEqual(
          referenceFileAccess(p, run, { timelineMs: h, alignments: 1 }),
        );
      }),
      { seed: 32, numRuns: 60 },
    );
  });

  it('a run remembered by what it reads: a knob it does not read leaves it as a new run gives', () => {
    // The parameters runs do not read (simulate.ts NOT_READ, and the prefetch without
    // FREADSEEK): moved after the run, the remembered result must be the fresh run's.
    const unread = (run: RunSpec): string[] => [
      'table',
      ...(run.method === 'mapped'
        ? ['readAheadPages', 'cpuFreadDirUsPerRecord', 'cpuFreadUsPerRecord']
        : ['cpuFaultUs', 'cpuMappedUsPerRecord']),
      ...(run.method === 'freaddir' ? ['cpuFreadUsPerRecord'] : []),
      ...(run.method === 'fread' ? ['cpuFreadDirUsPerRecord'] : []),
      ...(run.freadseek
        ? []
        : [
            'seekEveryRecords',
            'prefetchDistanceRecords',
            'prefetchPages',
            'seekCallPages',
            'cpuSeekCallUs',
          ]),
    ];
    fc.assert(
      fc.property(scenario, scenario, runSpec, fc.nat(), (p, other, run, pick) => {
        const keys = unread(run);
        const key = keys[pick % keys.length]! as keyof FileAccessParams;
        simulateFileAccess(p, run, { alignments: 2 });
        const moved = { ...p, [key]: other[key] };
        expect(simulateFileAccess(moved, run, { alignments: 2 })).toEqual(
          referenceFileAccess(moved, run, { alignments: 2 }),
        );
      }),
      { seed: 33, numRuns: 80 },
    );
  });

  it('each preset and row, the table runs, equal (interleaved, so reused arrays are checked)', () => {
    for (const preset of fileAccessModel.presets) {
      const p = fileAccessModel.paramsOf(preset.params);
      for (const run of [
        { method: 'mapped', freadseek: true },
        { method: 'freaddir', freadseek: false },
        { method: 'fread', freadseek: true },
        { method: 'mapped', freadseek: false },
      ] as RunSpec[])
        expect(simulateFileAccess(p, run)).toEqual(referenceFileAccess(p, run));
    }
  });

  it('FREADDIR and FREAD with FREADSEEK run together: each the run it makes alone', () => {
    // simulate.ts rememberFileSystemPair (the tables' step): one walk, two clocks.
    fc.assert(
      fc.property(scenario, (p) => {
        rememberFileSystemPair(p);
        for (const method of ['freaddir', 'fread'] as const)
          expect(simulateFileAccess(p, { method, freadseek: true })).toEqual(
            referenceFileAccess(p, { method, freadseek: true }),
          );
      }),
      { seed: 34, numRuns: 80 },
    );
    for (const preset of fileAccessModel.presets) {
      const p = fileAccessModel.paramsOf({ ...preset.params, prefetchDistanceRecords: 700 });
      rememberFileSystemPair(p);
      for (const method of ['freaddir', 'fread'] as const)
        expect(simulateFileAccess(p, { method, freadseek: true })).toEqual(
          referenceFileAccess(p, { method, freadseek: true }),
        );
    }
  });

  it('a prefetch far ahead: the file system’s two readings agree, and the run is both', () => {
    // simulate.ts READINGS_AGREE: where no FREADSEEK page makes a request under the first
    // reading, the second reading's runs are taken from it; the reference runs both.
    const sl = fileAccessModel.presets.find((p) => p.id === 'mpe-sl-seq')!;
    for (const prefetchDistanceRecords of [2782, 50_002, 100_000]) {
      const p = fileAccessModel.paramsOf({ ...sl.params, prefetchDistanceRecords });
      for (const method of ['freaddir', 'fread'] as const)
        expect(simulateFileAccess(p, { method, freadseek: true })).toEqual(
          referenceFileAccess(p, { method, freadseek: true }),
        );
    }
  });
});
