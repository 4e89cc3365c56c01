/**
 * The doct-ipc calibration: the IPC costs are linear in the table's cells, so they are fitted
 * in closed form (least squares on each cell's relative error). Used by
 * src/models/cross-boundary/tools/fit.ts and by the leave-out test; never at run time.
 */
import { laplaceUncertainty, leastSquares, type NormalPrior } from '../fit';
import type { HeldOutPrediction } from '../types';
import { propagate, type Uncertainty } from '../uncertainty';
import { DOCT_UNCERTAIN_KEYS, MPE_FIT_KEYS, MPE_UNCERTAIN_KEYS } from './constants';
import { MPE_ROWS, mpeRow, type MpeParams } from './mpe';

export { MPE_FIT_KEYS };
import {
  DOCT_ROWS,
  IPC_LINEAR_KEYS,
  ipcTotalS,
  sideCoefficients,
  type IpcCosts,
  type IpcLinearKey,
  type IpcRowSpec,
} from './simulate';

/**
 * Row of the linear system: total seconds = Σ coefficient × unknown (work per call = 0, as in
 * the paper). Exposed so the fit is an exact (closed-form) least-squares problem.
 */
export function ipcDesignRow(
  spec: IpcRowSpec,
  n: number,
  doctFactor: number,
): Record<IpcLinearKey, number> {
  const r = Object.fromEntries(IPC_LINEAR_KEYS.map((k) => [k, 0])) as Record<IpcLinearKey, number>;
  if (spec.transport === 'direct') return r;
  const t = spec.transport;
  r[t === 'SM' ? 'smStartupS' : 'rpcStartupS'] = 1;
  if (spec.client.mode === 'doct' || spec.server.mode === 'doct') r.doctStartupS = 1;
  for (const side of [spec.client, spec.server])
    for (const [key, coef] of Object.entries(sideCoefficients(t, side, doctFactor)))
      r[key as IpcLinearKey] += (coef! * n) / 1e6;
  if (spec.network) r.networkHopUs += n / 1e6;
  return r;
}

export interface IpcCell {
  label: string;
  iterations: number;
  seconds: number;
}

/**
 * Closed-form fit of the linear costs to measured cells: least squares on the relative error
 * of each cell (each equation divided by its measured value), solved by the normal equations.
 * Deterministic; throws on an unknown row label or a singular system (too few cells).
 */
export function fitIpcLinear(
  cells: readonly IpcCell[],
  doctFactor: number,
): Record<IpcLinearKey, number> {
  const rows = cells.map((cell) => {
    const spec = DOCT_ROWS.find((r) => r.label === cell.label);
    if (!spec) throw new Error(`Unknown doct-ipc row "${cell.label}"`);
    const d = ipcDesignRow(spec, cell.iterations, doctFactor);
    return IPC_LINEAR_KEYS.map((k) => d[k] / cell.seconds);
  });
  const x = leastSquares(
    rows,
    rows.map(() => 1), // each equation divided by its measured seconds
  );
  return Object.fromEntries(IPC_LINEAR_KEYS.map((k, i) => [k, x[i]!])) as Record<
    IpcLinearKey,
    number
  >;
}

/** Interval level of every cross-boundary prediction. */
export const LEVEL = 0.95;

/**
 * The DOCT factor is not fitted: the paper says integer code runs "4–5×" slower under DOCT,
 * read as 4.5 ± 0.25 (± 2 sd spans 4–5). It enters the covariance with that width, so the
 * intervals carry what the paper's range leaves open.
 */
export const DOCT_FACTOR_PRIOR: NormalPrior = { mean: 4.5, sd: 0.25 };

function ipcRelErrors(cells: readonly IpcCell[], c: IpcCosts): number[] {
  return cells.map((cell) => {
    const spec = DOCT_ROWS.find((r) => r.label === cell.label)!;
    return ipcTotalS(spec, c, cell.iterations) / cell.seconds - 1;
  });
}

/**
 * The DOCT calibration with its uncertainty: the closed-form costs at the prior's mean factor,
 * then the Laplace covariance of the ten costs and the factor (cells' scatter on cells − 10
 * degrees of freedom; the factor held by its prior). `base` supplies what the table does not
 * pin (direct call, work per call, IPF compute factor).
 */
export function fitIpcWithUncertainty(
  cells: readonly IpcCell[],
  base: IpcCosts,
): { costs: IpcCosts; uncertainty: Uncertainty } {
  const linear = fitIpcLinear(cells, DOCT_FACTOR_PRIOR.mean);
  const costs: IpcCosts = { ...base, ...linear, doctFactor: DOCT_FACTOR_PRIOR.mean };
  const uncertainty = laplaceUncertainty(
    costs,
    DOCT_UNCERTAIN_KEYS,
    (c) => ipcRelErrors(cells, c),
    LEVEL,
    {
      step: (_, v) => 1e-4 * Math.max(Math.abs(v), 1e-2),
      prior: (k) => (k === 'doctFactor' ? DOCT_FACTOR_PRIOR : undefined),
    },
  );
  return { costs, uncertainty };
}

/** A published MPE cell the calibration compares with (handed in by the fit and the tests). */
export interface MpeCell {
  table: string;
  label: string;
  column: 'cpu_ms' | 'elapsed_ms';
  ms: number;
}

/**
 * The CM emulation factor is assumed, not fitted (the tables fix only caller work × (factor −
 * 1)): 5 ± 1 (± 2 sd spans 3–7×, what an emulator of a stack CISC on a RISC plausibly costs).
 * In the covariance it moves the caller-side costs along the ridge the cells cannot see, so it
 * widens the "where the time goes" split but not the measured totals.
 */
export const CM_FACTOR_PRIOR: NormalPrior = { mean: 5, sd: 1 };

export function mpeRelErrors(cells: readonly MpeCell[], p: MpeParams): number[] {
  return cells.map((c) => {
    const spec = MPE_ROWS[c.table]!.find((r) => r.label === c.label);
    if (!spec) throw new Error(`Unknown ${c.table} row "${c.label}"`);
    const r = mpeRow(spec, p);
    return (c.column === 'cpu_ms' ? r.cpuMs : r.elapsedMs) / c.ms - 1;
  });
}

/**
 * The Laplace covariance of the MPE constants at `p` (the Levenberg–Marquardt optimum): the
 * sixteen fitted constants pinned by the cells, the CM factor by its prior, and the ASCII call
 * count (which the paper leaves as "a large number of times") by the cells it is fitted to.
 * Costs that the fit put at their physical floor of 0 µs get the spread the cells allow above
 * it: the interval is one-sided there (a cost is never negative).
 */
export function mpeUncertainty(cells: readonly MpeCell[], p: MpeParams): Uncertainty {
  return laplaceUncertainty(p, MPE_UNCERTAIN_KEYS, (q) => mpeRelErrors(cells, q), LEVEL, {
    step: (k, v) => (k === 'asciiCalls' ? 10 : k.endsWith('Factor') ? 1e-4 : 1e-3 * Math.max(1, v)),
    prior: (k) => (k === 'cmEmulationFactor' ? CM_FACTOR_PRIOR : undefined),
  });
}

/**
 * A leave-out fold of the doct-ipc calibration: refit the costs (and their covariance) without
 * the cells `holdOut` picks, then predict those cells (in their order) with the interval the
 * page would show.
 */
export function doctFold(
  cells: readonly IpcCell[],
  holdOut: (c: IpcCell) => boolean,
  base: IpcCosts,
): HeldOutPrediction[] {
  const { costs, uncertainty } = fitIpcWithUncertainty(
    cells.filter((c) => !holdOut(c)),
    base,
  );
  return cells.filter(holdOut).map((cell) => {
    const spec = DOCT_ROWS.find((r) => r.label === cell.label)!;
    const { values, intervals } = propagate(
      costs as IpcCosts & Record<string, unknown>,
      uncertainty,
      {
        evaluate: (c) => ({ s: ipcTotalS(spec, c, cell.iterations) }),
        minOf: (k) => (k === 'doctFactor' ? 1 : 0),
      },
    );
    const [lo, hi] = intervals['s']!;
    return {
      label: cell.label,
      column: String(cell.iterations),
      model: values['s']!,
      lo,
      hi,
    };
  });
}
