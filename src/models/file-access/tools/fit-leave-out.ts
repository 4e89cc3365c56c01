// Leave-out for the file-access fit: refit without a group of cells, then predict them with
// the model's own intervals.
import { TABLE_ROWS, rowWithIntervals } from '../tables';
import type { FileAccessTableId } from '../params';
import {
  ALL_TABLES,
  READ_AHEADS,
  betweenTableSd,
  calibrationCells,
  modelCells,
  type BetweenEstimate,
  fitFileAccess,
  presetParams,
  uncertaintyOf,
  withTheta,
  type Cell,
  type FitResult,
  type Theta,
} from './fit-lib';
import { median } from '../../stats';
import type { Uncertainty } from '../../uncertainty';
import type { PublishedTables } from '../../types';

export interface LeaveOutGroup {
  name: string;
  holds: (c: Cell) => boolean;
  /** Read-ahead values profiled for this fold (READ_AHEADS when absent): a narrower grid
   * around the fold's best keeps the paper test quick; the script's full grid agrees. */
  readAheads?: number[];
}

export const LEAVE_OUT_GROUPS: LeaveOutGroup[] = [
  { name: 'mpe-catalog-resident (whole table)', holds: (c) => c.table === 'mpe-catalog-resident' },
  { name: 'mpe-sl-seq (whole table)', holds: (c) => c.table === 'mpe-sl-seq' },
  {
    name: 'mpe-sl-seq, FREADSEEK rows',
    holds: (c) => c.table === 'mpe-sl-seq' && c.row.includes('FreadSeek'),
    readAheads: [15, 16, 17],
  },
  {
    name: 'mpe-sl-seq, file-system rows without FREADSEEK',
    holds: (c) => c.table === 'mpe-sl-seq' && (c.row === 'FreadDir' || c.row === 'Fread'),
    readAheads: [12, 16, 20],
  },
];

export interface HeldOutCell extends Cell {
  model: number;
  interval: [number, number];
  errorPct: number;
  inside: boolean;
}

export interface LeaveOutResult {
  group: string;
  readAhead: number;
  cells: HeldOutCell[];
  medianAbsErrorPct: number;
  maxAbsErrorPct: number;
  inside: number;
}

/** Fit without the group's cells, then predict them with the model's own intervals. */
export function leaveOut(
  paper: PublishedTables,
  group: LeaveOutGroup,
  start?: Theta,
  readAheads: number[] = group.readAheads ?? READ_AHEADS,
): LeaveOutResult {
  const fit = fitFileAccess(paper, { exclude: group.holds, readAheads, ...(start && { start }) });
  const held = calibrationCells(paper).filter(group.holds);
  return predictHeld(group.name, fit, uncertaintyOf(fit), held);
}

/** Predict the held-out cells from a fit with intervals of `unc`, and summarise the errors. */
function predictHeld(
  group: string,
  fit: FitResult,
  unc: Uncertainty,
  held: readonly Cell[],
): LeaveOutResult {
  const cells: HeldOutCell[] = held.map((c) => {
    const spec = TABLE_ROWS[c.table].rows.find((r) => r.label === c.row)!;
    const params = withTheta(presetParams(c.table), fit.theta, fit.readAhead);
    const row = rowWithIntervals(params, spec, unc);
    const model = row.values[c.column]!;
    const interval = row.intervals![c.column]!;
    return {
      ...c,
      model,
      interval,
      errorPct: (model / c.paper - 1) * 100,
      inside: c.paper >= interval[0] && c.paper <= interval[1],
    };
  });
  const abs = cells.map((c) => Math.abs(c.errorPct));
  return {
    group,
    readAhead: fit.readAhead,
    cells,
    medianAbsErrorPct: median(abs),
    maxAbsErrorPct: Math.max(...abs),
    inside: cells.filter((c) => c.inside).length,
  };
}

// ------------------------------------------------------------------ one table out of four

/** Read-ahead values profiled in the table folds: around every fit's best (15–18 pages), every
 * other page (each fold's runs are many: FREADSEEK rows are the mean of 16 runs, simulate.ts). */
export const TABLE_FOLD_READ_AHEADS = [16, 18];

export interface TableFoldResult extends LeaveOutResult {
  table: FileAccessTableId;
  /** The between-experiment term estimated from the other tables' fit (sd of ln). */
  between: BetweenEstimate;
  /** The fit's residual relative sd over the other tables' cells. */
  s: number;
  dof: number;
}

/**
 * Leave one table out of the four the paper prints: fit the other three, estimate the
 * between-experiment term from their residuals (betweenTableSd), and predict the held-out
 * table with intervals of parameters + scatter + that term.
 */
export function leaveTableOut(
  paper: PublishedTables,
  table: FileAccessTableId,
  start?: Theta,
  readAheads: number[] = TABLE_FOLD_READ_AHEADS,
): TableFoldResult {
  const others = ALL_TABLES.filter((t) => t !== table);
  const fit = fitFileAccess(paper, { tables: others, readAheads, ...(start && { start }) });
  const between = betweenTableSd(fit.cells, modelCells(fit.cells, fit.theta, fit.readAhead));
  // The model takes a relative sd and turns it into √ln(1 + r²) on the log scale: invert that.
  const unc = { ...uncertaintyOf(fit), betweenRelSd: Math.sqrt(Math.expm1(between.sd ** 2)) };
  return {
    ...predictHeld(`${table} (one table out of four)`, fit, unc, calibrationCells(paper, [table])),
    table,
    between,
    s: fit.s,
    dof: fit.dof,
  };
}

// ------------------------------------------------------------------ main
