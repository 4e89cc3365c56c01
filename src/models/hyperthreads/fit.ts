/**
 * The hyperthreads calibration's uncertainty and its leave-out fold, shared by
 * src/models/hyperthreads/tools/fit.ts and the paper tests; never run by the app.
 *
 * Stage 1 (vms-cothread, 9 time cells): the workload (compute per job, cycles between misses,
 * working set) and the 4640's and Sanddune's latencies are fitted, every latency held by the
 * same prior (LATENCY_PRIOR); the 8640's is the anchor of a ridge the cells cannot see along
 * (they pin each machine's stall share, misses × latency, not the two apart), a point for the
 * values and its prior for the intervals, so the ridge widens every interval that depends on
 * it. Stage 2 (vms-sample-runs, 12 cells): tc_cf's compute, miss interval and working set and
 * the sessions' stagger, with the same latency prior. The leave-out fold's refit (Levenberg–Marquardt)
 * is in src/models/hyperthreads/tools/folds.ts.
 */
import { laplaceUncertainty, type NormalPrior } from '../fit';
import type { Uncertainty } from '../uncertainty';
import { COTHREAD_KEYS } from './constants';

export { COTHREAD_KEYS };
import type { HyperthreadsParams } from './params';
import { cothreadRow, machinesOf, sampleRunsTable, stepOf, type CothreadParams } from './tables';

export type { CothreadParams } from './tables';

export const LEVEL = 0.95;

/**
 * Every machine's memory latency: 236.5 ± 60 ns (± 2 sd: 117–357 ns, main-memory latencies of
 * Itanium 2 servers from bus-based to cell-based). The paper's latency charts carry no numbers
 * in the text; it says only that Integrity's latency is worse than Alpha's and that the machines
 * with higher latency gain more. The fit holds the 4640's and Sanddune's latencies by it (MAP),
 * the 8640's at its mean (the anchor of the ridge the cells cannot see along).
 */
export const LATENCY_PRIOR: NormalPrior = { mean: 236.5, sd: 60 };
export const LATENCY_8640_PRIOR: NormalPrior = LATENCY_PRIOR;

/** A measured cell of vms-cothread (machine row label, alone_s / off_s / on_s). */
export interface TimeCell {
  label: string;
  column: string;
  s: number;
}

const STEP = stepOf;

export function cothreadRelErrors(cells: readonly TimeCell[], q: CothreadParams): number[] {
  const machines = machinesOf(q);
  const rows = new Map<string, Record<string, number>>();
  return cells.map((c) => {
    let r = rows.get(c.label);
    if (!r) {
      const m = machines.find((x) => x.label === c.label);
      if (!m) throw new Error(`Unknown vms-cothread row "${c.label}"`);
      r = cothreadRow(q, m);
      rows.set(c.label, r);
    }
    return r[c.column]! / c.s - 1;
  });
}

/** Stage 1's Laplace covariance at the fitted constants `q`. */
export function cothreadUncertainty(cells: readonly TimeCell[], q: CothreadParams): Uncertainty {
  return laplaceUncertainty(q, COTHREAD_KEYS, (x) => cothreadRelErrors(cells, x), LEVEL, {
    step: STEP,
    prior: (k) => (k.startsWith('latency') ? LATENCY_PRIOR : undefined),
    lower: 0,
  });
}

export const SAMPLE_KEYS = [
  'jobComputeGcycles',
  'cyclesBetweenMisses',
  'startStaggerS',
  'workingSetMB',
  'memoryLatencyNs',
] as const;

/** A measured cell of vms-sample-runs (row label, wall_s or cpu_s). */
export function sampleRelErrors(cells: readonly TimeCell[], p: HyperthreadsParams): number[] {
  const t = sampleRunsTable(p);
  return cells.map((c) => {
    const r = t.rows.find((x) => x.label === c.label);
    if (!r) throw new Error(`Unknown vms-sample-runs row "${c.label}"`);
    return r.values[c.column]! / c.s - 1;
  });
}

/** Stage 2's Laplace covariance at `p` (its tc_cf constants and the 8640's latency). */
export function sampleUncertainty(cells: readonly TimeCell[], p: HyperthreadsParams): Uncertainty {
  return laplaceUncertainty(p, SAMPLE_KEYS, (x) => sampleRelErrors(cells, x), LEVEL, {
    step: STEP,
    prior: (k) => (k === 'memoryLatencyNs' ? LATENCY_8640_PRIOR : undefined),
    lower: 0,
  });
}
