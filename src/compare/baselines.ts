/**
 * Naive baselines: for each predicted cell, what a reader could predict without the
 * mechanism, from the paper's measured values and its stated sizes alone — and the model's
 * skill over that baseline where the paper's value is known. A model that cannot beat
 * "scale the other file's times by its size" has not shown that its mechanism predicts.
 *
 * Baselines read measured values, so they live here (compare/) and never in model code.
 */
import { findPaperTable } from '../papers';
import type { LeaveOutCell, LeaveOutFold } from '../papers/leave-out';
import type { CellBaseline, ComparedRow, ComparedTable } from './types';

/** File sizes in bytes, as the paper states them (000, §1.3 and §1.4): records × record size. */
const FILE_BYTES = {
  SL: 89_867 * 256,
  NL: 64_275 * 256,
  CATALOG: 7_040 * 80,
} as const;

const FREADSEEK = ' & FreadSeek';
/** The paper's mapped row is "Memory Mapped" on disc files, "Mapped File" on CATALOG. */
const MAPPED: Record<string, string> = {
  'Memory Mapped': 'Mapped File',
  'Mapped File': 'Memory Mapped',
};

/**
 * 1 − |ln(model / paper)| / |ln(baseline / paper)| when all three are positive, else
 * 1 − |model − paper| / |baseline − paper|: 1 is exact, 0 no better than the baseline, below 0
 * worse. Null where the paper's value is unknown or the baseline is exact (nothing to beat).
 */
export function skill(
  model: number,
  paper: number | null | undefined,
  baseline: number,
): number | null {
  if (
    paper === null ||
    paper === undefined ||
    !Number.isFinite(model) ||
    !Number.isFinite(baseline)
  )
    return null;
  const logs = model > 0 && paper > 0 && baseline > 0;
  const miss = logs ? Math.abs(Math.log(model / paper)) : Math.abs(model - paper);
  const naive = logs ? Math.abs(Math.log(baseline / paper)) : Math.abs(baseline - paper);
  if (naive === 0) return null;
  return Number((1 - miss / naive).toPrecision(6));
}

/** A measured value of the papers, or null where it is withheld or missing. */
function measured(table: string, row: string, column: string): number | null {
  const v = findPaperTable(table)?.rows.find((r) => r.label === row)?.values[column];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

const group = (n: number) => n.toLocaleString('en-US');

interface Rule {
  value: number;
  rule: string;
}

/** The same reader with FREADSEEK removed (or added): "prefetch changes nothing". */
function prefetchNothing(table: string, row: string, column: string): Rule | null {
  const other = row.endsWith(FREADSEEK) ? row.slice(0, -FREADSEEK.length) : `${row}${FREADSEEK}`;
  const value = measured(table, other, column);
  return value === null
    ? null
    : { value, rule: `prefetch changes nothing: the measured ${other} row` };
}

/** Another file's measured row scaled by the ratio of the files' sizes. */
function scaledByFileSize(
  from: keyof typeof FILE_BYTES,
  to: keyof typeof FILE_BYTES,
  row: string,
  column: string,
): Rule | null {
  const table = { SL: 'mpe-sl-seq', NL: 'mpe-nl-seq', CATALOG: 'mpe-catalog-resident' }[from];
  const label = findPaperTable(table)?.rows.some((r) => r.label === row) ? row : MAPPED[row];
  const value = label === undefined ? null : measured(table, label, column);
  if (value === null) return null;
  return {
    value: value * (FILE_BYTES[to] / FILE_BYTES[from]),
    rule: `${from} measured × file size ${group(FILE_BYTES[to])} / ${group(FILE_BYTES[from])} B`,
  };
}

/** The same platform's measured 8-way value: "more CPUs change nothing from 8 on". */
function eightWay(table: string, row: string, column: string): Rule | null {
  const m = /^(\S+) 64-way$/.exec(row);
  const value = m ? measured(table, `${m[1]} 8-way`, column) : null;
  return value === null
    ? null
    : { value, rule: `the measured ${m![1]} 8-way value (64-way = 8-way)` };
}

/** The baseline of a predicted cell of a paper table (null where none applies). */
export function tableBaseline(table: string, row: string, column: string): Rule | null {
  if (table === 'mpe-nl-seq') return scaledByFileSize('SL', 'NL', row, column);
  if (table === 'mpe-sl-postscript' || table === 'mpe-sl-seq')
    return prefetchNothing('mpe-sl-seq', row, column);
  if (table === 'mpe-catalog-resident') return prefetchNothing(table, row, column);
  if (table.startsWith('ufc-')) return eightWay(table, row, column);
  return null;
}

/** Baselines for a compared table's prediction rows, and the model's skill where the paper has a value. */
export function withBaselines(table: ComparedTable): ComparedTable {
  if (table.modelOnly || !table.rows.some((r) => r.prediction)) return table;
  const rows = table.rows.map((r): ComparedRow => {
    if (!r.prediction) return r;
    const baseline: Record<string, CellBaseline> = {};
    for (const c of table.columns) {
      const b = tableBaseline(table.id, r.label, c.key);
      const model = r.model[c.key];
      if (!b || model === undefined) continue;
      baseline[c.key] = { ...b, skill: skill(model, r.paper?.[c.key], b.value) };
    }
    return Object.keys(baseline).length > 0 ? { ...r, baseline } : r;
  });
  return { ...table, rows };
}

// ------------------------------------------------------------------ leave-out folds

/** A fold's column name (as the scoreboard prints it) → the paper table's column key. */
const FOLD_COLUMN: Record<string, string> = {
  CPU: 'cpu_ms',
  Elapsed: 'elapsed_ms',
  'Wall clock': 'wall_s',
  'CPU time charged': 'cpu_s',
  'Saving per search': 'saving_us_per_search',
};
const DOCT_CALLS: Record<string, [key: string, calls: number]> = {
  '10K': ['s_10k', 1e4],
  '100K': ['s_100k', 1e5],
  '1M': ['s_1m', 1e6],
};

function foldRule(f: LeaveOutFold, c: LeaveOutCell): Rule | null {
  const key = FOLD_COLUMN[c.column] ?? c.column;
  if (f.model === 'file-access') {
    const [table, ...rest] = c.label.split(' ');
    const row = rest.join(' ');
    if (f.heldOut.includes('one table out of four')) {
      // Another file's measured row scaled by file size; a FREADSEEK row of the modified
      // program, the same reader without it.
      if (table === 'mpe-nl-seq') return scaledByFileSize('SL', 'NL', row, key);
      if (table === 'mpe-sl-seq') return scaledByFileSize('NL', 'SL', row, key);
      if (table === 'mpe-catalog-resident') return scaledByFileSize('SL', 'CATALOG', row, key);
      return prefetchNothing(table!, row, key);
    }
    if (f.heldOut.includes('whole table'))
      return table === 'mpe-catalog-resident'
        ? scaledByFileSize('SL', 'CATALOG', row, key)
        : scaledByFileSize('CATALOG', 'SL', row, key);
    return prefetchNothing(table!, row, key);
  }
  if (f.model === 'file-cache') {
    const [table, ...rest] = c.label.split(' ');
    return eightWay(table!, rest.join(' '), key);
  }
  if (f.model === 'cross-boundary') {
    const held = DOCT_CALLS[c.column];
    if (!held) return null;
    // The other columns scaled by call count, averaged on the log scale.
    const others = Object.entries(DOCT_CALLS).filter(([name]) => name !== c.column);
    const logs = others.flatMap(([, [k, n]]) => {
      const v = measured('doct-ipc', c.label, k);
      return v !== null && v > 0 ? [Math.log((v * held[1]) / n)] : [];
    });
    if (logs.length === 0) return null;
    return {
      value: Math.exp(logs.reduce((a, b) => a + b, 0) / logs.length),
      rule: `the ${others.map(([n]) => n).join(' and ')} columns scaled by call count (geometric mean)`,
    };
  }
  if (f.model === 'hyperthreads') {
    const row = c.label.replace('Single core with CoThreads', 'Single core, time-sliced');
    const value = measured('vms-sample-runs', row, key);
    return value === null
      ? null
      : { value, rule: `cothreads change nothing (ON = OFF): the measured ${row}` };
  }
  if (f.model === 'directory-search') {
    const value = measured('vmsp-directory', 'Sorted directory', key);
    return value === null
      ? null
      : { value, rule: 'binary search saves what sorting saves: the measured sorted saving' };
  }
  return null;
}

/** A leave-out cell's naive baseline and the model's skill over it (null where none applies). */
export function foldBaseline(f: LeaveOutFold, c: LeaveOutCell): CellBaseline | null {
  const b = foldRule(f, c);
  return b ? { ...b, skill: skill(c.model, c.measured, b.value) } : null;
}
