/**
 * The join of a model's table with a paper's, given that paper's table: errors per cell,
 * summaries and coverage. It reads no paper itself (its caller hands the table in), so a
 * model's fit tools can use it without reaching the papers' values.
 */
import { citeSource } from '../papers/cite';
import type { ColumnSpec, ModelTable } from '../models/types';
import { median } from '../models/stats';
import type { PaperTable } from '../papers';
import { isPercentColumn } from './units';
import type { ComparedRow, ComparedTable, Coverage, ErrorSummary } from './types';

export function errorPct(model: number, paper: number | null): number | null {
  if (paper === null || !Number.isFinite(model)) return null;
  if (paper === 0) return model === 0 ? 0 : null;
  return ((model - paper) / Math.abs(paper)) * 100;
}

/**
 * A cell's error in its column's error unit (`errorUnitOf`): % of the paper's value, or, for a
 * quantity that is itself a percentage, the difference in percentage points — 11.6 % against
 * 4 % is +7.6 pp, not +188.9 %.
 */
export function cellError(
  model: number,
  paper: number | null,
  column: Pick<ColumnSpec, 'unit'>,
): number | null {
  if (!isPercentColumn(column)) return errorPct(model, paper);
  if (paper === null || !Number.isFinite(model)) return null;
  return model - paper;
}

/**
 * Median and largest |error| in %: over the columns in % of the paper's value; a table whose
 * only compared columns are percentages (errors in pp) is summarized in pp (`unit`).
 */
export function summarize(
  rows: ComparedRow[],
  columns?: string[],
  units?: readonly ColumnSpec[],
): ErrorSummary | null {
  const pp = new Set(units?.filter(isPercentColumn).map((c) => c.key));
  const collect = (inPp: boolean) => {
    const errs: number[] = [];
    for (const r of rows)
      for (const [k, e] of Object.entries(r.errorPct))
        if (e !== null && (!columns || columns.includes(k)) && pp.has(k) === inPp)
          errs.push(Math.abs(e));
    return errs;
  };
  const relative = collect(false);
  const errs = relative.length > 0 ? relative : collect(true);
  const unit = relative.length > 0 ? undefined : ('pp' as const);
  if (errs.length === 0) return null;
  return {
    cells: errs.length,
    medianAbsErrorPct: median(errs),
    maxAbsErrorPct: Math.max(...errs),
    ...(unit ? { unit } : {}),
  };
}

/** Whether `value` lies in the closed interval (null when either is missing). */
export function insideInterval(
  value: number | null | undefined,
  interval: readonly [number, number] | undefined,
): boolean | null {
  if (value === null || value === undefined || !interval) return null;
  return value >= interval[0] && value <= interval[1];
}

/** Cells with both a paper value and an interval, and how many of them the interval holds. */
export function coverage(rows: ComparedRow[], columns?: string[]): Coverage | null {
  let inside = 0;
  let cells = 0;
  for (const r of rows) {
    if (!r.intervals) continue;
    for (const [k, iv] of Object.entries(r.intervals)) {
      if (columns && !columns.includes(k)) continue;
      const hit = insideInterval(r.paper?.[k], iv);
      if (hit === null) continue;
      cells++;
      if (hit) inside++;
    }
  }
  return cells === 0 ? null : { inside, cells };
}

/**
 * Joins a model table with the paper's values by row label. Rows of a paper table whose values
 * are all withheld are predictions, and so are rows the model marks `predicted` (out of sample);
 * a table the paper does not have is the model's own output.
 */
export function compareTable(
  table: ModelTable,
  paper: Pick<PaperTable, 'rows' | 'notes'> | undefined,
): ComparedTable {
  const rows: ComparedRow[] = table.rows.map((r) => {
    const p = paper?.rows.find((pr) => pr.label === r.label);
    const paperValues = p ? p.values : null;
    const hasAny = paperValues !== null && Object.values(paperValues).some((v) => v !== null);
    const errs: Record<string, number | null> = {};
    for (const c of table.columns)
      errs[c.key] = cellError(r.values[c.key] ?? NaN, paperValues?.[c.key] ?? null, c);
    return {
      label: r.label,
      ...(r.short ? { short: r.short } : {}),
      model: r.values,
      paper: hasAny ? paperValues : null,
      errorPct: errs,
      prediction: (paper !== undefined && !hasAny) || r.predicted === true,
      ...(r.optimum ? { optimum: true } : {}),
      ...(r.intervals ? { intervals: r.intervals } : {}),
      ...(r.intervalParts ? { intervalParts: r.intervalParts } : {}),
      ...(r.confidence ? { confidence: r.confidence } : {}),
    };
  });
  const cover = coverage(rows);
  const outOfSample = summarize(
    rows.filter((r) => r.prediction),
    undefined,
    table.columns,
  );
  return {
    id: table.id,
    title: table.title,
    // Cited by author, title and section: the seed file's name is internal.
    source: citeSource(table.source),
    columns: table.columns.map((c) =>
      isPercentColumn(c) ? { ...c, errorUnit: 'pp' as const } : c,
    ),
    rows,
    // In sample only: a leave-out prediction's error is shown in its row, not averaged in.
    summary: summarize(
      rows.filter((r) => !r.prediction),
      undefined,
      table.columns,
    ),
    ...(outOfSample ? { outOfSample } : {}),
    modelOnly: paper === undefined,
    notes: [...(table.notes ?? []), ...(paper?.notes ?? [])],
    ...(table.chartColumns ? { chartColumns: table.chartColumns } : {}),
    ...(table.intervalLevel !== undefined ? { intervalLevel: table.intervalLevel } : {}),
    ...(cover ? { coverage: cover } : {}),
  };
}
