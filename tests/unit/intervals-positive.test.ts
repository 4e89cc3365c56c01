/**
 * Issue 33's reproducer: an interval reached 0 for a positive time
 * (`/#/file-access?table=mpe-catalog-resident&cpuMoveUsPerByte=0.01`: Mapped File CPU 5.6 ms,
 * interval [0, 22.2] ms). A cost's uncertainty that spans its bound of 0 must not turn a
 * positive time's interval into one that allows no time at all: every positive CPU and
 * elapsed time has an interval strictly above 0, across the knob's declared range.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { crossBoundaryModel } from '../../src/models/cross-boundary';
import { fileAccessModel } from '../../src/models/file-access';
import { parsePermalink } from '../../src/scenario';
import { stepWithin } from '../../src/models/uncertainty';

function timeRows(link: string) {
  const { scenario, problems } = parsePermalink(link);
  expect(problems).toEqual([]);
  return evaluateTables(fileAccessModel, scenario!.params).tables[0]!.rows;
}

function expectPositiveIntervals(link: string) {
  for (const r of timeRows(link))
    for (const k of ['cpu_ms', 'elapsed_ms']) {
      const v = r.model[k]!;
      if (!(v > 0)) continue;
      const [lo, hi] = r.intervals![k]!;
      expect(lo, `${link} ${r.label} ${k}: ${v} in [${lo}, ${hi}]`).toBeGreaterThan(0);
      expect(lo).toBeLessThanOrEqual(v);
      expect(hi).toBeGreaterThanOrEqual(v);
    }
}

describe('an interval of a positive time is strictly positive', () => {
  it('the issue’s link: CATALOG with a per-byte cost of 0.01 µs', () => {
    expectPositiveIntervals('/#/file-access?table=mpe-catalog-resident&cpuMoveUsPerByte=0.01');
  });

  it('any per-byte cost near its bound of 0, on CATALOG', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-4, max: 0.05, noNaN: true }), (x) => {
        expectPositiveIntervals(
          `/#/file-access?table=mpe-catalog-resident&cpuMoveUsPerByte=${x.toPrecision(4)}`,
        );
      }),
      { numRuns: 8, seed: 33 },
    );
  });
});

describe('cross-boundary: the parts tables keep a positive part’s interval above 0', () => {
  // Issue 33: with a CM → NM switch of 0.01877 µs the parts tables' intervals reached 0.
  for (const preset of crossBoundaryModel.presets)
    it(`${preset.id}, modeSwitchToNativeUs = 0.01877`, () => {
      const p = { ...crossBoundaryModel.paramsOf(preset.params), modeSwitchToNativeUs: 0.01877 };
      for (const t of evaluateTables(crossBoundaryModel, p as never).tables)
        for (const r of t.rows)
          for (const [k, iv] of Object.entries(r.intervals ?? {})) {
            const v = r.model[k]!;
            if (!(v > 0)) continue;
            expect(iv[0], `${t.id} ${r.label} ${k}: ${v} in [${iv[0]}, ${iv[1]}]`).toBeGreaterThan(
              0,
            );
            expect(iv[0]).toBeLessThanOrEqual(v);
          }
    });
});

describe('stepWithin: a parameter step that would reach its bound', () => {
  it('is the plain step away from the bound, and a log step that never arrives near it', () => {
    expect(stepWithin(0.32, -0.013, 0)).toBeCloseTo(0.307, 12);
    expect(stepWithin(0.32, 0.013, 0)).toBeCloseTo(0.333, 12);
    const near = stepWithin(0.01, -0.013, 0);
    expect(near).toBeGreaterThan(0);
    expect(near).toBeLessThan(0.01);
    // At the bound already there is no room: it stays there.
    expect(stepWithin(0, -1, 0)).toBe(0);
  });
});
