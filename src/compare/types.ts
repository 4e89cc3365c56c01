import type { ColumnSpec } from '../models/types';

/** Model beside paper, with the error per cell. Built by `compareTable` from a ModelTable + paper data. */
export interface ComparedRow {
  label: string;
  model: Record<string, number>;
  /** The paper's values for this row, or null where the paper has none (withheld: a prediction). */
  paper: Record<string, number | null> | null;
  /** (model − paper) / paper × 100 per column; null where there is no paper value. */
  errorPct: Record<string, number | null>;
  /** True when the paper's table has this row but withholds every value: the model predicts it. */
  prediction: boolean;
  /** The model's prediction interval per column, `[lo, hi]` (ModelRow.intervals), when it gives one. */
  intervals?: Record<string, [lo: number, hi: number]>;
}

export interface ErrorSummary {
  cells: number;
  medianAbsErrorPct: number;
  maxAbsErrorPct: number;
}

export interface ComparedTable {
  id: string;
  title: string;
  source: string;
  columns: ColumnSpec[];
  rows: ComparedRow[];
  /** Over the cells that have a paper value; null when there are none. */
  summary: ErrorSummary | null;
  /** The paper has no such table: the model's own output (activity counts, …), not a prediction. */
  modelOnly: boolean;
  notes: string[];
  /** Column keys the model-vs-paper bars show (ModelTable.chartColumns), when the model says. */
  chartColumns?: string[];
  /** Probability the intervals are meant to cover (ModelTable.intervalLevel). */
  intervalLevel?: number;
  /**
   * Of the cells with both a paper value and an interval, how many fall inside: the check
   * that an interval is honest. Absent when no cell has both.
   */
  coverage?: Coverage;
}

export interface Coverage {
  inside: number;
  cells: number;
}

export interface ScenarioTables {
  model: string;
  modelVersion: number;
  tables: ComparedTable[];
  /** Asked with `{ intervals: false }` of a model that defers them: intervals come later. */
  intervalsLater?: true;
}
