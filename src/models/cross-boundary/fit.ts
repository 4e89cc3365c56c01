/**
 * The doct-ipc calibration: the IPC costs are linear in the table's cells, so they are fitted
 * in closed form (least squares on each cell's relative error). Used by
 * scripts/fit-cross-boundary.ts and by the leave-out test; never at run time.
 */
import { leastSquares } from '../fit';
import {
  DOCT_ROWS,
  IPC_LINEAR_KEYS,
  sideCoefficients,
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
