/**
 * Naive baselines: for each predicted cell, what a reader could predict without the
 * mechanism, from the paper's measured values and its stated sizes alone — and the model's
 * skill over that baseline where the paper's value is known. A model that cannot beat
 * "scale the other file's times by its size" has not shown that its mechanism predicts.
 *
 * Each model's rules are its registry entry's `baselines` (src/models/<id>/entry.ts): data
 * naming the paper's cells and the stated sizes they scale by. Only here are those cells' values
 * read, so model code never sees a measured value. Nothing here names a model.
 */
import { findModelEntry } from '../models/registry';
import type { BaselineRule } from '../models/types';
import { findPaperTable } from '../papers';
import type { LeaveOutCell, LeaveOutFold } from '../papers/leave-out';
import type { CellBaseline, ComparedRow, ComparedTable } from './types';

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

/** A baseline's value from the measured cells it names (null where the paper gives none). */
function valueOf(b: BaselineRule | null | undefined): { value: number; rule: string } | null {
  if (!b) return null;
  if (b.stated !== undefined) return { value: b.stated, rule: b.rule };
  const mean = b.combine === 'geometric-mean';
  const values = b.from.flatMap((c) => {
    const v = measured(c.table, c.row, c.column);
    if (v === null || (mean && v <= 0)) return [];
    return [b.scale && c.size ? v * (b.scale.to / c.size) : v];
  });
  if (values.length === 0) return null;
  const value = mean
    ? Math.exp(values.reduce((a, v) => a + Math.log(v), 0) / values.length)
    : values[0]!;
  return { value, rule: b.rule };
}

/**
 * Baselines for a compared table's prediction rows (by model `modelId`'s rules), and the
 * model's skill where the paper has a value.
 */
export function withBaselines(table: ComparedTable, modelId: string): ComparedTable {
  const rule = findModelEntry(modelId)?.baselines?.table;
  if (!rule || table.modelOnly || !table.rows.some((r) => r.prediction)) return table;
  const rows = table.rows.map((r): ComparedRow => {
    if (!r.prediction) return r;
    const baseline: Record<string, CellBaseline> = {};
    for (const c of table.columns) {
      const b = valueOf(rule(table.id, r.label, c.key));
      const model = r.model[c.key];
      if (!b || model === undefined) continue;
      baseline[c.key] = { ...b, skill: skill(model, r.paper?.[c.key], b.value) };
    }
    return Object.keys(baseline).length > 0 ? { ...r, baseline } : r;
  });
  return { ...table, rows };
}

/** A fold's column name (as the scoreboard prints it) → the paper table's column key. */
const FOLD_COLUMN: Record<string, string> = {
  CPU: 'cpu_ms',
  Elapsed: 'elapsed_ms',
  'Wall clock': 'wall_s',
  'CPU time charged': 'cpu_s',
  'Saving per search': 'saving_us_per_search',
};

/** A leave-out cell's naive baseline and the model's skill over it (null where none applies). */
export function foldBaseline(f: LeaveOutFold, c: LeaveOutCell): CellBaseline | null {
  const rule = findModelEntry(f.model)?.baselines?.fold;
  const b = valueOf(rule?.(f.heldOut, c, FOLD_COLUMN[c.column] ?? c.column));
  return b ? { ...b, skill: skill(c.model, c.measured, b.value) } : null;
}
