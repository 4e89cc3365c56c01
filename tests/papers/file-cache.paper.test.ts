/**
 * The file-cache model beside seed 001: the one mechanism cell (32×); the six benchmark tables
 * regenerated from the contention/path mechanism, with in-sample tolerances on the 4- and
 * 8-way cells and the leave-out prediction of the 64-way cells; and the two tables that stay
 * measured only.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { median } from '../../src/models/stats';
import { fileCacheModel } from '../../src/models/file-cache';
import { FIT_KEYS } from '../../src/models/file-cache/benchmarks';
import { BENCH_UNCERTAINTY, FITTED } from '../../src/models/file-cache/constants';
import { findPaperTable } from '../../src/papers';
import * as tools from '../../src/models/file-cache/tools/fit';

describe('ufc-mixed-mode', () => {
  it('the fitted disc latency reproduces the “32× faster” within 2 %', () => {
    const t = evaluateTables(fileCacheModel, { table: 'ufc-mixed-mode' }).tables[0]!;
    const row = t.rows[0]!;
    expect(Math.abs(row.errorPct.speedup_x!)).toBeLessThan(2);
    // The sensitivity rows are predictions (the paper has no such rows).
    expect(t.rows.slice(1).every((r) => r.prediction)).toBe(true);
  });
});

/** In-sample tolerances: median and max |error| of the 4- and 8-way cells, in %. */
const IN_SAMPLE: Record<string, { median: number; max: number; cells: number }> = {
  'ufc-sdet': { median: 6, max: 10, cells: 4 },
  'ufc-iozone-scale': { median: 14, max: 22, cells: 8 },
  'ufc-unmount': { median: 2, max: 3, cells: 4 },
  'ufc-postmark': { median: 4, max: 6, cells: 4 },
  'ufc-iozone-az': { median: 3.5, max: 5, cells: 4 },
  'ufc-iozone-mmap': { median: 5.5, max: 8, cells: 4 },
};

const compared = (id: string) => evaluateTables(fileCacheModel, { table: id }).tables[0]!;

describe('benchmark tables: in sample (4- and 8-way cells)', () => {
  for (const [id, tol] of Object.entries(IN_SAMPLE))
    it(`${id}: median |error| < ${tol.median} %, max < ${tol.max} % over ${tol.cells} cells`, () => {
      const t = compared(id);
      expect(t.id).toBe(id);
      const errs = t.rows
        .filter((r) => !r.prediction)
        .flatMap((r) => Object.values(r.errorPct).filter((e): e is number => e !== null));
      expect(errs).toHaveLength(tol.cells);
      expect(median(errs.map(Math.abs))).toBeLessThan(tol.median);
      expect(Math.max(...errs.map(Math.abs))).toBeLessThan(tol.max);
      // The table's summary covers exactly these cells, not the predictions.
      expect(t.summary?.cells).toBe(tol.cells);
      // Every paper row is joined, and only 64-way rows and the knob row are predictions.
      const paper = findPaperTable(id)!;
      for (const pr of paper.rows) {
        const r = t.rows.find((x) => x.label === pr.label)!;
        expect(r.prediction).toBe(pr.label.includes('64-way'));
      }
      expect(t.rows.at(-1)!.label).toContain('(knobs)');
      expect(t.rows.at(-1)!.prediction).toBe(true);
    });
});

describe('benchmark tables: the 64-way leave-out prediction', () => {
  const cells64 = tools.benchmarkCells(findPaperTable).filter((c) => !tools.isCalibration(c));

  it('there are 8 predicted cells (SDET, unmount, iozone children and parent; IA and PA)', () => {
    expect(cells64).toHaveLength(8);
    expect(cells64.every((c) => c.cpus === 64)).toBe(true);
  });

  it('every 64-way paper cell lies inside its 90 % interval, each within 30 %', () => {
    for (const c of cells64) {
      const t = compared(c.table);
      const row = t.rows.find((r) => r.label === `${c.platform} 64-way`)!;
      expect(row.prediction).toBe(true);
      const [lo, hi] = row.intervals![c.column]!;
      const m = row.model[c.column]!;
      const err = row.errorPct[c.column]!;
      // The message a failure shows: the cell, the model, the paper and the interval.
      const where = `${c.table} ${c.column} ${c.platform} 64-way: model ${m.toFixed(3)} paper ${c.paper} error ${err.toFixed(1)} % interval [${lo.toFixed(2)}, ${hi.toFixed(2)}]`;
      expect(lo, where).toBeLessThan(m);
      expect(hi, where).toBeGreaterThan(m);
      expect(c.paper, where).toBeGreaterThanOrEqual(lo);
      expect(c.paper, where).toBeLessThanOrEqual(hi);
      expect(Math.abs(err), where).toBeLessThan(30);
    }
  });

  it('the coherency term (κ at its prior) bends the lock tables’ 64-way predictions down: the written-down bias', () => {
    // Amdahl (κ = 0) over-predicts all 8 cells; κ at its prior brings IA SDET below the paper and
    // the others closer, but PA's lock share is small (κ moves a small gain little) and unmount,
    // one operation, has no κ: 7 of 8 are still high, by at most 23 %.
    const errs = (extra: Record<string, number>) =>
      cells64.map((c) => {
        const t = evaluateTables(fileCacheModel, { table: c.table, ...extra }).tables[0]!;
        return t.rows.find((r) => r.label === `${c.platform} 64-way`)!.errorPct[c.column]!;
      });
    const amdahl = errs({ coherencyPpm: 0 });
    const usl = errs({});
    expect(amdahl.every((e) => e > 0)).toBe(true);
    cells64.forEach((c, i) => {
      if (c.table === 'ufc-unmount') expect(usl[i]).toBeCloseTo(amdahl[i]!, 9);
      else expect(usl[i]!).toBeLessThan(amdahl[i]!);
    });
    expect(usl.filter((e) => e > 0)).toHaveLength(7);
    expect(Math.max(...usl.map(Math.abs))).toBeLessThan(23);
  });
});

describe('the constants are the fit of the 4- and 8-way cells', () => {
  const fit = tools.fitBenchmarks(tools.benchmarkCells(findPaperTable).filter(tools.isCalibration));

  it('re-running src/models/file-cache/tools/fit.ts gives the constants (to their rounding)', () => {
    expect(fit.cells).toBe(BENCH_UNCERTAINTY.calibrationCells);
    expect(fit.dof).toBe(BENCH_UNCERTAINTY.dof);
    for (const k of FIT_KEYS) expect(fit.params[k] / FITTED[k].value - 1).toBeCloseTo(0, 3);
    expect(fit.residualSdLog).toBeCloseTo(BENCH_UNCERTAINTY.residualSdLog, 4);
    expect(fit.t90).toBeCloseTo(BENCH_UNCERTAINTY.t90, 4);
    FIT_KEYS.forEach((_, i) =>
      expect(
        Math.sqrt(fit.covariance[i]![i]!) / Math.sqrt(BENCH_UNCERTAINTY.covariance[i]![i]!) - 1,
      ).toBeCloseTo(0, 2),
    );
  });

  it('no parameter sits at a bound: each is finite with a finite standard error', () => {
    FIT_KEYS.forEach((k, i) => {
      const se = Math.sqrt(BENCH_UNCERTAINTY.covariance[i]![i]!);
      expect(Number.isFinite(se)).toBe(true);
      expect(se).toBeLessThan(3); // in log/logit units: pinned, if loosely
      expect(FITTED[k].value).toBeGreaterThan(0);
    });
    expect(FITTED.v3LockKeptPct.value).toBeLessThan(100);
  });

  it('the fit never sees a 64-way cell: changing them changes nothing', () => {
    const doctored = tools
      .benchmarkCells(findPaperTable)
      .map((c) => (c.cpus === 64 ? { ...c, paper: c.paper * 3 } : c));
    const again = tools.fitBenchmarks(doctored.filter(tools.isCalibration));
    for (const k of FIT_KEYS) expect(again.params[k]).toBe(fit.params[k]);
  });

  it('fewer fitted parameters than cells, per table and in all', () => {
    expect(FIT_KEYS.length).toBeLessThan(fit.cells / 2);
  });
});

describe('measured-only tables', () => {
  for (const id of ['ufc-mount', 'ufc-nastran'])
    it(`${id}: every paper row is joined, the model claims no value and says why`, () => {
      const paper = findPaperTable(id)!;
      const t = compared(id);
      expect(t.id).toBe(id);
      expect(t.rows.map((r) => r.label)).toEqual(paper.rows.map((r) => r.label));
      for (const r of t.rows) {
        expect(r.prediction).toBe(false);
        expect(Object.keys(r.model)).toEqual([]);
        for (const c of t.columns) expect(r.paper?.[c.key]).toEqual(expect.any(Number));
      }
      expect(t.notes.join(' ')).toMatch(/no mechanism|model computes nothing/i);
    });
});
