/** Cross-boundary's leave-out folds: each doct-ipc column predicted from the other two. */
import { crossBoundaryModel, ipcCostsOf } from '..';
import { doctFold, type IpcCell } from '../fit';
import type { HeldOutFold, PublishedTables } from '../../types';
import { cell } from '../../../../scripts/lib/leave-out-cell';

/** doct-ipc's columns: the paper's key, the scoreboard's name, the call count. */
export const DOCT_COLUMNS: [string, string, number][] = [
  ['s_10k', '10K', 1e4],
  ['s_100k', '100K', 1e5],
  ['s_1m', '1M', 1e6],
];

/** The doct-ipc cells the fit takes: each row's seconds at each call count. */
export const doctCells = (tables: PublishedTables): IpcCell[] =>
  tables('doct-ipc')!.rows.flatMap((r) =>
    DOCT_COLUMNS.filter(([k]) => r.values[k] != null).map(([k, , n]) => ({
      label: r.label,
      iterations: n,
      seconds: r.values[k]!,
    })),
  );

export function leaveOutFolds(tables: PublishedTables): HeldOutFold[] {
  const cells = doctCells(tables);
  const base = ipcCostsOf(crossBoundaryModel.paramsOf({}));
  return DOCT_COLUMNS.map(([key, name, n]) => ({
    model: crossBoundaryModel.id,
    heldOut: `doct-ipc, the ${name} column, from the other two`,
    level: 0.95,
    unit: 's',
    // The refit's predictions, each of the doct-ipc cell it predicts.
    cells: doctFold(cells, (c) => c.iterations === n, base).map((c) =>
      cell({ ...c, column: name, of: { table: 'doct-ipc', row: c.label, column: key } }),
    ),
    note:
      n === 1e4
        ? 'The 10K column is the least linear (start-ups dominate), so its intervals are the widest.'
        : n === 1e6
          ? 'RPC with a DOCT server is predicted 6 % high at 1M and falls just outside: the table’s 1M column is the least linear for that row.'
          : 'Predicted from the 10K and 1M columns.',
  }));
}
