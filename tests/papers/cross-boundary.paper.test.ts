/**
 * The cross-boundary model against both papers' tables: the issue's tolerances, the ASCII
 * ordering, the paper's derived claims, and the leave-out check (fit without 1M, predict it).
 */
import { describe, expect, it } from 'vitest';
import { DOCT_COLUMNS, doctCells } from '../../src/models/cross-boundary/tools/folds';
import { mpeCells } from '../../src/models/cross-boundary/tools/fit';
import { summarize } from '../../src/compare/compare';
import { crossBoundaryModel, ipcCostsOf } from '../../src/models/cross-boundary';
import {
  doctFold,
  fitIpcLinear,
  fitIpcWithUncertainty,
  mpeUncertainty,
  type IpcCell,
} from '../../src/models/cross-boundary/fit';
import { mpeParamsOf } from '../../src/models/cross-boundary/costs';
import { DOCT_UNCERTAINTY, MPE_UNCERTAINTY } from '../../src/models/cross-boundary/constants';
import type { Uncertainty } from '../../src/models/uncertainty';
import { DOCT_ROWS, ipcTotalS } from '../../src/models/cross-boundary/simulate';
import { findPaperTable } from '../../src/papers';
import { presetParams } from '../../src/scenario';
import { presetTable } from '../presetTable';

const table = (id: string, tableId = id) =>
  presetTable(crossBoundaryModel, tableId, presetParams(crossBoundaryModel, id));

const PAPER_LABELS = (id: string) => findPaperTable(id)!.rows.map((r) => r.label);

describe('tables regenerate with the issue’s tolerances', () => {
  const cases: [string, number, number, number][] = [
    // id, cells, median ≤, max ≤
    ['doct-ipc', 24, 5, 10],
    ['mpe-catalog-modes', 26, 3, 10],
    ['mpe-ksam-modes', 6, 10, 10],
  ];
  for (const [id, cells, med, max] of cases)
    it(`${id}: median |error| ≤ ${med} %, max ≤ ${max} %`, () => {
      const t = table(id);
      const s = summarize(t.rows)!;
      expect(s.cells).toBe(cells);
      expect(s.medianAbsErrorPct).toBeLessThanOrEqual(med);
      expect(s.maxAbsErrorPct).toBeLessThanOrEqual(max);
    });

  it('row labels are the paper’s own, in its order, for every table', () => {
    for (const id of [
      'doct-ipc',
      'mpe-catalog-modes',
      'mpe-ksam-modes',
      'mpe-ascii-modes',
      'mpe-ascii-clone',
    ])
      expect(table(id).rows.map((r) => r.label)).toEqual(PAPER_LABELS(id));
    expect(table('mpe-catalog-modes').rows.map((r) => r.label)).toContain('OCT FreadDir');
    expect(table('mpe-catalog-modes').rows.map((r) => r.label)).toContain('CM Fread & FreadSeek');
  });

  for (const id of ['mpe-ascii-modes', 'mpe-ascii-clone'])
    it(`${id}: the model reproduces the paper’s ordering of rows (and explains itself)`, () => {
      const t = table(id);
      for (const col of ['cpu_ms', 'elapsed_ms']) {
        const order = (vals: number[]) => vals.map((_, i) => i).sort((a, b) => vals[a]! - vals[b]!);
        expect(order(t.rows.map((r) => r.model[col]!))).toEqual(
          order(t.rows.map((r) => r.paper![col]!)),
        );
      }
      expect(t.notes.length).toBeGreaterThan(0);
    });

  it('the monolithic row stays under the paper’s “<0.1 s” at every column', () => {
    const r = table('doct-ipc').rows.find((x) => x.label.startsWith('Native, monolithic'))!;
    for (const v of Object.values(r.model)) expect(v).toBeLessThan(0.1);
  });
});

describe('the paper’s derived claims', () => {
  const t = table('doct-ipc', 'doct-claims');
  const row = (prefix: string) => t.rows.find((r) => r.label.startsWith(prefix))!;
  it('RPC overhead with DOCT ~0.9 ms and SM ~8× faster: model within 10 % of text and table', () => {
    for (const p of ['RPC call overhead', 'Shared memory faster'])
      for (const col of ['claim', 'table'])
        expect(Math.abs(row(p).errorPct[col]!)).toBeLessThanOrEqual(10);
  });
  it('SM overhead: the model follows the table (0.1 ms) and shows the text’s ~.01 ms as a 10× miss', () => {
    const r = row('SM call overhead');
    expect(Math.abs(r.errorPct.table!)).toBeLessThanOrEqual(10);
    expect(r.errorPct.claim!).toBeGreaterThan(500);
    expect(t.notes.join(' ')).toMatch(/disagrees with its own table/);
  });
  it('linear scaling: 10× the calls → close to 10× the time', () => {
    for (const p of ['Linear scaling: RPC', 'Linear scaling: SM']) {
      expect(row(p).model.claim!).toBeGreaterThan(8.5);
      expect(row(p).model.claim!).toBeLessThan(10);
    }
  });
});

describe('leave-out: constants fitted without the 1M column predict it', () => {
  const paper = findPaperTable('doct-ipc')!;
  const cells = (cols: [string, number][]): IpcCell[] =>
    paper.rows.flatMap((r) =>
      cols
        .filter(([k]) => r.values[k] != null)
        .map(([k, n]) => ({ label: r.label, iterations: n, seconds: r.values[k]! })),
    );
  const base = ipcCostsOf(crossBoundaryModel.paramsOf({}));

  it('the fit procedure on the full table recovers the constants in use', () => {
    const full = fitIpcLinear(
      cells([
        ['s_10k', 1e4],
        ['s_100k', 1e5],
        ['s_1m', 1e6],
      ]),
      base.doctFactor,
    );
    expect(full.networkHopUs).toBeCloseTo(base.networkHopUs, 0);
    expect(full.rpcUserIpfUs).toBeCloseTo(base.rpcUserIpfUs, 0);
  });

  it('10K + 100K only → every 1M cell within 10 %', () => {
    const fit = fitIpcLinear(
      cells([
        ['s_10k', 1e4],
        ['s_100k', 1e5],
      ]),
      base.doctFactor,
    );
    const costs = { ...base, ...fit };
    for (const spec of DOCT_ROWS) {
      const measured = paper.rows.find((r) => r.label === spec.label)!.values.s_1m;
      if (measured == null) continue;
      const predicted = ipcTotalS(spec, costs, 1e6);
      const err = ((predicted - measured) / measured) * 100;
      expect(Math.abs(err)).toBeLessThanOrEqual(10);
    }
  });

  it('an unknown row or too few cells is a clear error, not a wrong answer', () => {
    expect(() => fitIpcLinear([{ label: 'nope', iterations: 1, seconds: 1 }], 4.5)).toThrow(
      /Unknown/,
    );
    expect(() => fitIpcLinear(cells([['s_1m', 1e6]]), 4.5)).toThrow(/Singular/);
  });
});

/** The stored uncertainty equals a fresh computation: same keys, k, scatter, variances. */
function expectSameUncertainty(stored: Uncertainty, fresh: Uncertainty) {
  expect(stored.keys).toEqual(fresh.keys);
  expect(stored.k).toBeCloseTo(fresh.k, 2);
  expect(stored.residualRelSd).toBeCloseTo(fresh.residualRelSd, 4);
  stored.keys.forEach((_, i) => {
    const a = stored.covariance[i]![i]!;
    const b = fresh.covariance[i]![i]!;
    expect(Math.abs(a - b)).toBeLessThanOrEqual(0.01 * b);
  });
}

describe('prediction intervals: the fit’s covariance, stored and used', () => {
  const defaults = crossBoundaryModel.paramsOf({});

  it('MPE_UNCERTAINTY is what the Laplace approximation at the fitted constants gives', () => {
    const cells = mpeCells(findPaperTable);
    expect(cells).toHaveLength(42);
    expectSameUncertainty(MPE_UNCERTAINTY, mpeUncertainty(cells, mpeParamsOf(defaults)));
  });

  it('DOCT_UNCERTAINTY is what the closed-form fit and its Laplace covariance give', () => {
    const fresh = fitIpcWithUncertainty(doctCells(findPaperTable), ipcCostsOf(defaults));
    expectSameUncertainty(DOCT_UNCERTAINTY, fresh.uncertainty);
    // …and the costs it is centred on are the ones in use.
    expect(fresh.costs.rpcUserIpfUs).toBeCloseTo(ipcCostsOf(defaults).rpcUserIpfUs, 0);
  });

  it('the DOCT factor keeps its stated width: the cells cannot narrow it', () => {
    const i = DOCT_UNCERTAINTY.keys.indexOf('doctFactor');
    expect(Math.sqrt(DOCT_UNCERTAINTY.covariance[i]![i]!)).toBeCloseTo(0.25, 2);
  });

  for (const id of ['doct-ipc', 'mpe-catalog-modes', 'mpe-ksam-modes', 'mpe-ascii-modes']) {
    it(`${id}: every cell has an interval around its value, and ≥ 90 % of the paper’s cells fall inside`, () => {
      const t = table(id);
      expect(t.intervalLevel).toBe(0.95);
      let inside = 0;
      let cells = 0;
      for (const r of t.rows)
        for (const c of t.columns) {
          const v = r.model[c.key]!;
          const iv = r.intervals?.[c.key];
          if (r.label.startsWith('Native, monolithic')) continue;
          expect(iv, `${r.label} ${c.key}`).toBeDefined();
          expect(iv![0]).toBeLessThan(v);
          expect(iv![1]).toBeGreaterThan(v);
          const paper = r.paper?.[c.key];
          if (paper == null) continue;
          cells++;
          if (paper >= iv![0] && paper <= iv![1]) inside++;
        }
      expect(cells).toBeGreaterThan(0);
      expect(inside / cells).toBeGreaterThanOrEqual(0.9);
    });
  }

  it('the split of the time is less certain than the totals (the CM factor is assumed)', () => {
    const total = table('mpe-catalog-modes').rows.find((r) => r.label === 'CM Fread')!;
    const parts = table('mpe-catalog-modes', 'mpe-catalog-modes-parts').rows.find(
      (r) => r.label === 'CM Fread',
    )!;
    const rel = (iv: [number, number], v: number) => (iv[1] - iv[0]) / v;
    expect(rel(parts.intervals!.caller_ms!, parts.model.caller_ms!)).toBeGreaterThan(
      2 * rel(total.intervals!.cpu_ms!, total.model.cpu_ms!),
    );
  });
});

describe('leave-out with intervals: each doct-ipc column predicted from the other two', () => {
  const base = ipcCostsOf(crossBoundaryModel.paramsOf({}));
  for (const [key, , n] of DOCT_COLUMNS)
    it(`${key}: refit without it, predict its 8 cells; ≥ 7 inside their 95 % intervals`, () => {
      const held = doctCells(findPaperTable).filter((c) => c.iterations === n);
      const fold = doctFold(doctCells(findPaperTable), (c) => c.iterations === n, base);
      expect(fold).toHaveLength(8);
      let inside = 0;
      for (const [i, p] of fold.entries()) {
        const c = { ...p, measured: held[i]!.seconds };
        const ok = c.measured >= c.lo && c.measured <= c.hi;
        if (ok) inside++;
        expect(c.lo).toBeLessThan(c.model);
        expect(c.hi).toBeGreaterThan(c.model);
        // A fold predicts: the 10K column (noisy start-ups) within 25 %, the others within 10 %.
        expect(Math.abs(c.model / c.measured - 1)).toBeLessThanOrEqual(n === 1e4 ? 0.25 : 0.1);
      }
      expect(inside).toBeGreaterThanOrEqual(7);
    });
});
