/** Hyperthreads' leave-out fold: the cothread sample runs from the single-core and two-core runs. */
import { fitResiduals } from '../../../../scripts/lib/levenberg';
import { hyperthreadsModel } from '..';
import { LATENCY_8640_PRIOR, sampleRelErrors, sampleUncertainty, type TimeCell } from '../fit';
import type { HyperthreadsParams } from '../params';
import { sampleRunsTable } from '../tables';
import { propagate } from '../../uncertainty';
import type { FoldPrediction, HeldOutFold, PublishedTables } from '../../types';
import { cell } from '../../../../scripts/lib/leave-out-cell';

/** The cells of a paper table as the hyperthreads uncertainty and fold code take them. */
export const timeCells = (tables: PublishedTables, id: string, cols: string[]): TimeCell[] =>
  tables(id)!.rows.flatMap((r) =>
    cols
      .filter((c) => r.values[c] != null)
      .map((c) => ({ label: r.label, column: c, s: r.values[c]! })),
  );

/** The hyperthreads fits' Levenberg–Marquardt settings (log-space coordinates). */
export const HYPERTHREADS_LM = {
  gradientDifference: 0.02,
  maxIterations: 60,
  errorTolerance: 1e-10,
  damping: 0.05,
};

/** Stage 2 refitted to `cells` (Levenberg–Marquardt in log space, latency at the prior's mean). */
export function fitSample(
  cells: readonly TimeCell[],
  start: HyperthreadsParams,
): HyperthreadsParams {
  const keys = ['jobComputeGcycles', 'cyclesBetweenMisses', 'startStaggerS'] as const;
  const of = (xs: number[]) => ({
    ...start,
    memoryLatencyNs: LATENCY_8640_PRIOR.mean,
    ...Object.fromEntries(keys.map((k, i) => [k, Math.exp(xs[i]!)])),
  });
  const residualAt = (xs: number[]) => {
    const e = sampleRelErrors(cells, of(xs));
    return (i: number) => e[i]!;
  };
  const coords = keys.map((k) => Math.log(Math.max(start[k], 0.1)));
  const r = fitResiduals(cells.length, residualAt, coords, HYPERTHREADS_LM);
  return of(r.parameterValues);
}

/**
 * Leave-out fold of vms-sample-runs: refit tc_cf and the stagger without the cells `holdOut`
 * picks, take the covariance of that refit, and predict the held-out cells with intervals.
 */
export function sampleFold(
  cells: readonly TimeCell[],
  holdOut: (c: TimeCell) => boolean,
  start: HyperthreadsParams,
): FoldPrediction[] {
  const train = cells.filter((c) => !holdOut(c));
  const p = fitSample(train, start);
  const unc = sampleUncertainty(train, p);
  const held = cells.filter(holdOut);
  const { values, intervals } = propagate(p, unc, {
    evaluate: (q) => {
      const t = sampleRunsTable(q);
      return Object.fromEntries(
        held.map((c, i) => [String(i), t.rows.find((r) => r.label === c.label)!.values[c.column]!]),
      );
    },
    minOf: () => 0,
  });
  return held.map((c, i) => ({
    label: c.label,
    column: c.column,
    of: { table: 'vms-sample-runs', row: c.label, column: c.column },
    model: values[String(i)]!,
    lo: intervals[String(i)]![0],
    hi: intervals[String(i)]![1],
  }));
}

export function leaveOutFolds(tables: PublishedTables): HeldOutFold[] {
  const cells = timeCells(tables, 'vms-sample-runs', ['wall_s', 'cpu_s']);
  const p = hyperthreadsModel.paramsOf(
    hyperthreadsModel.presets.find((x) => x.id === 'vms-sample-runs')!.params,
  );
  const fold = sampleFold(cells, (c) => c.label.includes('CoThreads'), p);
  return [
    {
      model: hyperthreadsModel.id,
      heldOut: 'vms-sample-runs, the two cothread sessions, from the single-core and two-core runs',
      level: 0.95,
      unit: 's',
      cells: fold.map((c) =>
        cell({ ...c, column: c.column === 'wall_s' ? 'Wall clock' : 'CPU time charged' }),
      ),
      note: 'Inside, but not informative upward: runs that never share a core cannot pin how much of tc_cf’s time is a memory stall, which is all a second hardware thread can use. The model predicts 13–20 % too little cothread time.',
    },
  ];
}
