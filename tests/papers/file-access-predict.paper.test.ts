/**
 * How well the file-access model predicts: every predicted cell carries an interval, no
 * constant sits at a bound, and cells left out of the fit are predicted inside their
 * intervals — except the one miss the model shows rather than hides.
 */
import { describe, expect, it } from 'vitest';
import {
  LEAVE_OUT_GROUPS,
  leaveOut,
  type LeaveOutResult,
  type Theta,
  FIT_KEYS,
  READ_AHEADS,
} from '../../src/models/file-access/tools/fit';
import { evaluateTables } from '../../src/compare/compare';
import { fileAccessModel } from '../../src/models/file-access';
import { FITTED, UNCERTAINTY } from '../../src/models/file-access/constants';
import { FILE_ACCESS_PARAMS } from '../../src/models/file-access/params';
import { LEAVE_OUT_FOLDS } from '../../src/papers/leave-out-data';
import { findPaperTable } from '../../src/papers';

/** The fold as the committed scoreboard holds it (src/papers/leave-out-data.ts). */
function expectCommitted(r: LeaveOutResult) {
  const fold = LEAVE_OUT_FOLDS.find((f) => f.model === 'file-access' && f.heldOut === r.group);
  expect(fold, r.group).toBeDefined();
  const r4 = (x: number) => Number(x.toPrecision(4));
  expect(fold!.cells).toEqual(
    r.cells.map((c) => ({
      label: `${c.table} ${c.row}`,
      column: c.column === 'cpu_ms' ? 'CPU' : 'Elapsed',
      measured: c.paper,
      model: r4(c.model),
      lo: r4(c.interval[0]),
      hi: r4(c.interval[1]),
    })),
  );
}

const FITTED_THETA = Object.fromEntries(FIT_KEYS.map((k) => [k, FITTED[k].value])) as Theta;

describe('prediction intervals on the out-of-sample tables (released 26 Nov 2026)', () => {
  for (const id of ['mpe-nl-seq', 'mpe-sl-postscript']) {
    it(`${id}: every row has a value inside a non-empty interval`, () => {
      const preset = fileAccessModel.presets.find((p) => p.id === id)!;
      const t = evaluateTables(fileAccessModel, preset.params).tables[0]!;
      expect(t.intervalLevel).toBe(0.95);
      expect(t.rows.length).toBeGreaterThanOrEqual(5);
      for (const r of t.rows)
        for (const k of ['cpu_ms', 'elapsed_ms', 'delta_ms']) {
          const [lo, hi] = r.intervals![k]!;
          expect(lo).toBeLessThanOrEqual(r.model[k]!);
          expect(hi).toBeGreaterThan(r.model[k]!);
          if (k !== 'delta_ms') expect(hi - lo).toBeGreaterThan(0.05 * r.model[k]!);
        }
    });
  }

  it('the transfer time widens the Postscript’s prefetched mapped interval', () => {
    const ps = fileAccessModel.presets.find((p) => p.id === 'mpe-sl-postscript')!.params;
    const row = (extra: object) =>
      evaluateTables(fileAccessModel, { ...ps, ...extra }).tables[0]!.rows[0]!;
    const base = row({});
    // The disc-bound run's elapsed moves with the transfer time across the era's range.
    const fast = row({ discTransferMsPerKB: 0.356 }).model.elapsed_ms!;
    const slow = row({ discTransferMsPerKB: 1.024 }).model.elapsed_ms!;
    expect(slow - fast).toBeGreaterThan(5000);
    const [lo, hi] = base.intervals!.elapsed_ms!;
    expect(hi - lo).toBeGreaterThan(0.3 * (slow - fast));
  });
});

describe('constants: none at a bound, each named by its cells or its fact', () => {
  it('every fitted constant lies strictly inside its declared range, or is pinned by a fact', () => {
    for (const [key, f] of Object.entries(FITTED)) {
      expect(f.fittedTo.length).toBeGreaterThan(20);
      const spec = FILE_ACCESS_PARAMS.find((p) => p.key === key);
      expect(spec?.kind).toBe('number');
      if (spec?.kind !== 'number') continue;
      if ((UNCERTAINTY.keys as readonly string[]).includes(key)) {
        expect(f.value).toBeGreaterThan(spec.min);
        expect(f.value).toBeLessThan(spec.max);
      } else if (key === 'readAheadPages') {
        // An integer, profiled over READ_AHEADS: the best is inside the grid, not at its edge.
        expect(f.value).toBeGreaterThan(Math.min(...READ_AHEADS));
        expect(f.value).toBeLessThan(Math.max(...READ_AHEADS));
      } else expect(f.fittedTo).toMatch(/^pinned/);
    }
  });

  it('the transfer time sits inside the era’s effective 0.36–2.0 ms per KB, not at 0', () => {
    // Widened from the media rates' 0.36–1.02 for issue 33 (src/models/file-access/tools/fit-lib.ts).
    expect(FITTED.discTransferMsPerKB.value).toBeGreaterThan(0.356);
    expect(FITTED.discTransferMsPerKB.value).toBeLessThan(2.0);
    const i = UNCERTAINTY.keys.indexOf('discTransferMsPerKB');
    expect(Math.sqrt(UNCERTAINTY.covariance[i]![i]!)).toBeGreaterThan(0.075);
  });
});

/**
 * A refit runs thousands of simulations: minutes on a machine shared by other work. The
 * timeout only stops a hang; it asserts nothing about speed.
 */
const REFIT_TIMEOUT = 30 * 60_000;

describe('leave-out: refit without a group of cells, predict it', () => {
  const group = (name: string) => LEAVE_OUT_GROUPS.find((g) => g.name.includes(name))!;

  it(
    'SL FreadDir and Fread (no FREADSEEK): predicted within 11 %, all inside',
    () => {
      const r = leaveOut(findPaperTable, group('without FREADSEEK'), FITTED_THETA);
      expect(r.cells).toHaveLength(4);
      // Without these rows only the FREADSEEK rows see the read-ahead (profiled over 12, 16,
      // 20): FreadDir CPU +5.4 %, the largest, all inside.
      expect(r.maxAbsErrorPct).toBeLessThan(11);
      expect(r.inside).toBe(4);
      expectCommitted(r);
    },
    REFIT_TIMEOUT,
  );

  it(
    'SL FREADSEEK rows: FreadDir & FreadSeek inside; the Fread & FreadSeek CPU miss stays outside',
    () => {
      const r = leaveOut(findPaperTable, group('FREADSEEK rows'), FITTED_THETA);
      const cell = (row: string, col: string) =>
        r.cells.find((c) => c.row === row && c.column === col)!;
      // Without the miss, the cells left scatter little, so the CPU intervals are narrow; the
      // elapsed ones carry the file system's two readings of a prefetched page (model form).
      expect(cell('FreadDir & FreadSeek', 'cpu_ms').inside).toBe(true);
      expect(cell('FreadDir & FreadSeek', 'elapsed_ms').inside).toBe(true);
      expect(cell('Fread & FreadSeek', 'elapsed_ms').inside).toBe(true);
      // Shown, not hidden: no mechanism in the model explains 8 s of extra CPU.
      expect(cell('Fread & FreadSeek', 'cpu_ms').inside).toBe(false);
      expect(cell('Fread & FreadSeek', 'cpu_ms').errorPct).toBeLessThan(-10);
      expectCommitted(r);
    },
    REFIT_TIMEOUT,
  );
});
