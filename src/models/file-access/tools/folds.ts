/**
 * File-access's leave-out folds: each of the four tables the paper prints out of the other
 * three, and the groups of src/models/file-access/tools/fit.ts (minutes: `--fold <name>` runs one).
 */
import { FITTED } from '../constants';
import { fileAccessInfo } from '../info';
import type { HeldOutFold, PublishedTables } from '../../types';
import {
  ALL_TABLES,
  FIT_KEYS,
  LEAVE_OUT_GROUPS,
  leaveOut,
  leaveTableOut,
  type TableFoldResult,
  type Theta,
} from './fit';
import { cell, r4 } from '../../../../scripts/lib/leave-out-cell';

const foldCells = (r: { cells: TableFoldResult['cells'] }) =>
  r.cells.map((c) =>
    cell({
      label: `${c.table} ${c.row}`,
      column: c.column === 'cpu_ms' ? 'CPU' : 'Elapsed',
      of: { table: c.table, row: c.row, column: c.column },
      model: c.model,
      lo: c.interval[0],
      hi: c.interval[1],
    }),
  );

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * One table out of the four the paper prints (SL, CATALOG, NL, the Postscript's modified
 * program): fitted on the other three, the between-experiment term estimated from them.
 */
export function fileAccessTableFolds(
  tables: PublishedTables,
  log: (r: TableFoldResult) => void = () => {},
): HeldOutFold[] {
  return ALL_TABLES.map((table) => fileAccessTableFold(tables, table, log));
}

/** One table's fold (a separate process each with `--fold <table>`: they are minutes apiece). */
export function fileAccessTableFold(
  tables: PublishedTables,
  table: (typeof ALL_TABLES)[number],
  log: (r: TableFoldResult) => void = () => {},
): HeldOutFold {
  const start = Object.fromEntries(FIT_KEYS.map((k) => [k, FITTED[k].value])) as Theta;
  {
    const r = leaveTableOut(tables, table, start);
    log(r);
    return {
      model: fileAccessInfo.id,
      heldOut: r.group,
      level: 0.95,
      unit: 'ms',
      cells: foldCells(r),
      betweenSd: r4(r.between.sd),
      note:
        `Fitted on the other three tables (read-ahead ${r.readAhead} pages, scatter ${pct(r.s)} on ${r.dof} dof); ` +
        `between-experiment term estimated from them: ${pct(r.between.sd)} (the tables’ mean log residuals ` +
        r.between.tables
          .map((t) => `${t.table} ${(t.meanLogResidual * 100).toFixed(1)} %`)
          .join(', ') +
        `; within-table ${pct(r.between.withinSd)}).`,
    };
  }
}

export function fileAccessFolds(tables: PublishedTables, groups = LEAVE_OUT_GROUPS): HeldOutFold[] {
  const start = Object.fromEntries(FIT_KEYS.map((k) => [k, FITTED[k].value])) as Theta;
  return groups.map((g) => {
    const r = leaveOut(tables, g, start);
    return {
      model: fileAccessInfo.id,
      heldOut: g.name,
      level: 0.95,
      unit: 'ms',
      cells: foldCells(r),
      note: g.name.includes('whole')
        ? 'Neither calibration table can be predicted from the other alone: the priors then give intervals one to two orders of magnitude wide. They cover, but predict nothing.'
        : g.name.includes('FREADSEEK rows')
          ? 'Fread & FreadSeek CPU falls outside: the known 8 s CPU miss no mechanism in the paper explains.'
          : 'Predicted within 10 %.',
    };
  });
}

/** One slow fold by its table or group name (`--fold <name>`), undefined for another name. */
export function leaveOutFold(tables: PublishedTables, name: string): HeldOutFold | undefined {
  const table = ALL_TABLES.find((t) => t === name);
  const group = LEAVE_OUT_GROUPS.find((g) => g.name === name);
  if (table) return fileAccessTableFold(tables, table);
  return group ? fileAccessFolds(tables, [group])[0] : undefined;
}

/** The folds the scoreboard shows; `given`: those computed apart (`--merge`), in order. */
export function leaveOutFolds(
  tables: PublishedTables,
  given: readonly HeldOutFold[],
): HeldOutFold[] {
  if (given.length)
    return [
      ...ALL_TABLES.map((t) => given.find((f) => f.heldOut.startsWith(`${t} (one table`))!),
      ...given.filter((f) => !f.heldOut.includes('one table out')),
    ];
  return [
    ...fileAccessTableFolds(tables, (r) =>
      console.error(`${r.group}: ${r.inside} of ${r.cells.length} inside`),
    ),
    ...fileAccessFolds(tables).filter((f) => !f.heldOut.includes('whole table')),
  ];
}
