import type { ColumnSpec, IntervalParts } from '../models/types';

/** Model beside paper, with the error per cell. Built by `compareTable` from a ModelTable + paper data. */
export interface ComparedRow {
  label: string;
  /** The run's short name (ModelRow.short), shown where the table is short of room. */
  short?: string;
  model: Record<string, number>;
  /** The paper's values for this row, or null where the paper has none (withheld: a prediction). */
  paper: Record<string, number | null> | null;
  /**
   * The error per column: (model − paper) / |paper| × 100, or, for a column in % (a rate, an
   * improvement), model − paper in percentage points (`cellError`; format's `errorUnit` says
   * which, `formatError` prints it). Null where there is no paper value.
   */
  errorPct: Record<string, number | null>;
  /**
   * The scenario is another experiment than the paper's (ComparedTable.otherExperiment): what
   * `errorPct` would be, (model − paper) / |paper| × 100, as a difference from the paper's
   * run, not an error. `errorPct` is then null in every column.
   */
  vsPaperRunPct?: Record<string, number | null>;
  /** True when the paper's table has this row but withholds every value: the model predicts it. */
  prediction: boolean;
  /** A bound by definition (ModelRow.optimum: OPT), left out of a regime map's contest by default. */
  optimum?: boolean;
  /** The model's prediction interval per column, `[lo, hi]` (ModelRow.intervals), when it gives one. */
  intervals?: Record<string, [lo: number, hi: number]>;
  /** What each interval is made of (ModelRow.intervalParts): sd of each part, named. */
  intervalParts?: Record<string, IntervalParts>;
  /** Confidence interval of the model's value per column (ModelRow.confidence). */
  confidence?: Record<string, [lo: number, hi: number]>;
  /** A naive baseline per predicted cell, and the model's skill over it (./baselines.ts). */
  baseline?: Record<string, CellBaseline>;
}

/**
 * What a reader could predict without the mechanism, from measured values alone (e.g. the
 * SL.PUB.SYS row scaled by file size), and how much better the model does where the paper's
 * value is known.
 */
export interface CellBaseline {
  /** The baseline's value, in the column's unit. */
  value: number;
  /** The rule, in words: "SL.PUB.SYS × 64,275 / 89,867 records". */
  rule: string;
  /**
   * 1 − |ln(model / paper)| / |ln(baseline / paper)|: 1 exact, 0 no better than the baseline,
   * below 0 worse. Null where the paper's value is withheld, or the baseline is exact.
   */
  skill: number | null;
}

export interface ErrorSummary {
  cells: number;
  medianAbsErrorPct: number;
  maxAbsErrorPct: number;
  /** 'pp' when the cells summarized are percentages' errors in percentage points; else %. */
  unit?: 'pp';
}

/**
 * A column beside the paper's: `errorUnit` 'pp' when the quantity is itself a percentage, so
 * its errors (and differences from the paper's run) are in percentage points; absent: in %.
 */
export interface ComparedColumn extends ColumnSpec {
  errorUnit?: 'pp';
}

export interface ComparedTable {
  id: string;
  title: string;
  source: string;
  columns: ComparedColumn[];
  rows: ComparedRow[];
  /** Over the cells that have a paper value; null when there are none. */
  summary: ErrorSummary | null;
  /** Over the prediction rows' cells that have a paper value (out of sample), when any do. */
  outOfSample?: ErrorSummary;
  /** The paper has no such table: the model's own output (activity counts, …), not a prediction. */
  modelOnly: boolean;
  notes: string[];
  /** Column keys the model-vs-paper bars show (ModelTable.chartColumns), when the model says. */
  chartColumns?: string[];
  /**
   * Set when the scenario is another experiment than the paper's: these knobs differ from the
   * table's preset. Rows then carry `vsPaperRunPct` instead of errors; no summary, no coverage.
   */
  otherExperiment?: OtherExperimentParam[];
  /** Probability the intervals are meant to cover (ModelTable.intervalLevel). */
  intervalLevel?: number;
  /**
   * Of the cells with both a paper value and an interval, how many fall inside: the check
   * that an interval is honest. Absent when no cell has both.
   */
  coverage?: Coverage;
}

/** A workload or machine knob moved off the paper table's preset (src/compare/experiment.ts). */
export interface OtherExperimentParam {
  key: string;
  label: string;
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
