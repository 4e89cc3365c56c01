/**
 * The OpenVMS Integrity paper's tables, regenerated. Each test prints model vs paper per cell,
 * so a failing run shows which cell moved, then asserts the tolerances.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTables, summarize } from '../../src/compare/compare';
import { hyperthreadsModel } from '../../src/models/hyperthreads';
import { presetParams } from '../../src/scenario';
import { COTHREAD_UNCERTAINTY, SAMPLE_UNCERTAINTY } from '../../src/models/hyperthreads/constants';
import { cothreadUncertainty, sampleUncertainty } from '../../src/models/hyperthreads/fit';
import { withMachineLatencies } from '../../src/models/hyperthreads/tables';
import type { Uncertainty } from '../../src/models/uncertainty';
import { sampleFold, timeCells } from '../../src/models/hyperthreads/tools/folds';
import { findPaperTable } from '../../src/papers';
import { joinCell } from '../../src/papers/leave-out';
import { presetTable } from '../presetTable';

const table = (id: string) => presetTable(hyperthreadsModel, id);

const MACHINE_ROWS = ['4640 (1.44GHz / 9MB)', '8640 (1.6GHz / 9MB)', 'Sanddune (1.6GHz / 12MB)'];

describe('vms-cothread: 10 copies on 4 cores, three machines, one parameter set', () => {
  const t = table('vms-cothread');

  // Max 10 % until issue #20: the OS now time-shares (every job progresses) and each machine's
  // latency stays in the DRAM range, so the 4640, whose OFF took 3.02 × alone where a
  // time-sharing OS with at most a whole cache refetched per quantum gives ≤ 2.61 ×, misses
  // by 17 % (alone). Shown, not absorbed: src/models/hyperthreads/README.md.
  it('time cells: median |error| ≤ 5 %, max ≤ 18 % (the 4640’s alone)', () => {
    const s = summarize(t.rows, ['alone_s', 'off_s', 'on_s']);
    expect(s!.cells).toBe(9);
    expect(s!.medianAbsErrorPct).toBeLessThanOrEqual(5);
    expect(s!.maxAbsErrorPct).toBeLessThanOrEqual(18);
    const others = t.rows.filter((r) => r.paper && !r.label.startsWith('4640'));
    expect(summarize(others, ['alone_s', 'off_s', 'on_s'])!.maxAbsErrorPct).toBeLessThanOrEqual(12);
  });

  it('improvement within ±8 percentage points per machine, machine ordering preserved', () => {
    const rows = MACHINE_ROWS.map((label) => t.rows.find((r) => r.label === label)!);
    for (const r of rows)
      expect(Math.abs(r.model.improvement_pct! - r.paper!.improvement_pct!)).toBeLessThanOrEqual(8);
    const gains = rows.map((r) => r.model.improvement_pct!);
    expect(gains[0]!).toBeLessThan(gains[1]!);
    expect(gains[1]!).toBeLessThan(gains[2]!);
  });

  it('rows are the paper’s machines in order, then the scenario machine as a prediction', () => {
    expect(t.rows.slice(0, 3).map((r) => r.label)).toEqual(MACHINE_ROWS);
    expect(t.rows.slice(0, 3).every((r) => !r.prediction)).toBe(true);
    expect(t.rows[3]!.prediction).toBe(true);
  });
});

describe('vms-sample-runs: two tc_cf sessions on an rx8640', () => {
  const t = table('vms-sample-runs');

  it('wall times within 10 % in every row', () => {
    expect(t.rows).toHaveLength(6);
    for (const r of t.rows) expect(Math.abs(r.errorPct.wall_s!), r.label).toBeLessThanOrEqual(10);
  });

  it('reproduces the accounting: cothread CPU times sum to more than either wall time, and to about half of twice it', () => {
    const co = t.rows.filter((r) => r.label.startsWith('Single core with CoThreads'));
    const cpu = co.reduce((a, r) => a + r.model.cpu_s!, 0);
    for (const r of co) {
      expect(cpu).toBeGreaterThan(r.model.wall_s!);
      expect(r.model.cpu_s!).toBeLessThan(0.7 * r.model.wall_s!);
      // The program's cycle count runs while OpenVMS has it on a CPU: close to the wall time.
      expect(r.model.exec_s! / r.model.wall_s!).toBeGreaterThan(0.9);
    }
    expect(t.notes?.join(' ')).toContain('charged');
  });

  it('cothreads beat time-slicing on one core but lose to two cores', () => {
    const wall = (prefix: string) => t.rows.find((r) => r.label.startsWith(prefix))!.model.wall_s!;
    expect(wall('Single core with CoThreads')).toBeLessThan(wall('Single core, time-sliced'));
    expect(wall('Two cores')).toBeLessThan(wall('Single core with CoThreads'));
  });
});

describe('prediction intervals and a leave-out fold', () => {
  const same = (stored: Uncertainty, fresh: Uncertainty) => {
    expect(stored.keys).toEqual(fresh.keys);
    expect(stored.k).toBeCloseTo(fresh.k, 2);
    expect(stored.residualRelSd).toBeCloseTo(fresh.residualRelSd, 3);
    stored.keys.forEach((_, i) =>
      expect(Math.abs(stored.covariance[i]![i]! - fresh.covariance[i]![i]!)).toBeLessThanOrEqual(
        0.01 * fresh.covariance[i]![i]!,
      ),
    );
  };

  it('COTHREAD_UNCERTAINTY and SAMPLE_UNCERTAINTY are what the Laplace approximation gives', () => {
    const p1 = hyperthreadsModel.paramsOf(presetParams(hyperthreadsModel, 'vms-cothread'));
    const q = withMachineLatencies(p1);
    same(
      COTHREAD_UNCERTAINTY,
      cothreadUncertainty(
        timeCells(findPaperTable, 'vms-cothread', ['alone_s', 'off_s', 'on_s']),
        q,
      ),
    );
    const p2 = hyperthreadsModel.paramsOf(presetParams(hyperthreadsModel, 'vms-sample-runs'));
    same(
      SAMPLE_UNCERTAINTY,
      sampleUncertainty(timeCells(findPaperTable, 'vms-sample-runs', ['wall_s', 'cpu_s']), p2),
    );
  });

  it('every machine’s latency stays about as wide as its prior: the cells pin stall shares, not latencies', () => {
    for (const k of ['latency4640Ns', 'latency8640Ns', 'latencySanddunesNs']) {
      const i = COTHREAD_UNCERTAINTY.keys.indexOf(k);
      const sd = Math.sqrt(COTHREAD_UNCERTAINTY.covariance[i]![i]!);
      expect(sd, k).toBeGreaterThan(30);
      expect(sd, k).toBeLessThanOrEqual(60);
    }
  });

  for (const id of ['vms-cothread', 'vms-sample-runs'])
    it(`${id}: every cell has an interval around its value and every paper value is inside`, () => {
      const t = table(id);
      expect(t.intervalLevel).toBe(0.95);
      let cells = 0;
      for (const r of t.rows)
        for (const c of t.columns) {
          const iv = r.intervals?.[c.key];
          expect(iv, `${r.label} ${c.key}`).toBeDefined();
          expect(iv![0]).toBeLessThan(r.model[c.key]!);
          expect(iv![1]).toBeGreaterThan(r.model[c.key]!);
          const paper = r.paper?.[c.key];
          if (paper == null) continue;
          cells++;
          expect(paper, `${r.label} ${c.key}`).toBeGreaterThanOrEqual(iv![0]);
          expect(paper, `${r.label} ${c.key}`).toBeLessThanOrEqual(iv![1]);
        }
      expect(cells).toBeGreaterThanOrEqual(12);
    });

  it('the scenario machine is a prediction whose interval opens up far from the paper’s latencies', () => {
    const p = presetParams(hyperthreadsModel, 'vms-cothread');
    const scenario = (latency: number) =>
      evaluateTables(hyperthreadsModel, { ...p, memoryLatencyNs: latency })
        .tables.find((x) => x.id === 'vms-cothread')!
        .rows.find((r) => r.label.startsWith('Scenario'))!;
    const near = scenario(236.5);
    const far = scenario(1000);
    expect(near.prediction).toBe(true);
    const width = (r: typeof near) =>
      (r.intervals!.on_s![1] - r.intervals!.on_s![0]) / r.model.on_s!;
    expect(width(far)).toBeGreaterThan(width(near));
  });

  it('leave-out: the cothread runs predicted from the single-core and two-core runs', () => {
    const cells = timeCells(findPaperTable, 'vms-sample-runs', ['wall_s', 'cpu_s']);
    const p2 = hyperthreadsModel.paramsOf(presetParams(hyperthreadsModel, 'vms-sample-runs'));
    const fold = sampleFold(cells, (c) => c.label.includes('CoThreads'), p2);
    expect(fold).toHaveLength(4);
    let inside = 0;
    for (const c of fold.map((x) => joinCell(x, findPaperTable))) {
      const ok = c.measured >= c.lo && c.measured <= c.hi;
      if (ok) inside++;
      expect(c.lo).toBeLessThan(c.model);
      // The cothread runs are predicted within 25 % from runs that never shared a core.
      expect(Math.abs(c.model / c.measured - 1)).toBeLessThan(0.25);
    }
    expect(inside).toBe(4);
  });
});
