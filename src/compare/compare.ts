import { citeSource } from '../papers/cite';
import type {
  ChartData,
  ColumnSpec,
  ModelDefinition,
  ChartOptions,
  ModelTable,
  ParamValues,
  TablesOptions,
} from '../models/types';
import { median } from '../models/stats';
import { findPaperTable, type PaperTable } from '../papers';
import { withBaselines } from './baselines';
import { markOtherExperiments } from './experiment';
import { isPercentColumn } from './units';
export { errorUnitOf, isPercentColumn } from './units';
import type { ComparedRow, ComparedTable, Coverage, ErrorSummary, ScenarioTables } from './types';

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

/**
 * The model's values with some knobs back at the preset's (markOtherExperiments): the last few
 * are kept, so that a drag of one knob runs the paper's experiment once, not at every step.
 */
const paperRuns: { model: ModelDefinition; key: string; tables: readonly ModelTable[] }[] = [];
function paperRunTables(model: ModelDefinition, params: ParamValues): readonly ModelTable[] {
  const key = JSON.stringify(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
  const hit = paperRuns.find((r) => r.model === model && r.key === key);
  if (hit) return hit.tables;
  const tables = model.tables(params, { intervals: false });
  paperRuns.unshift({ model, key, tables });
  paperRuns.length = Math.min(paperRuns.length, 4);
  return tables;
}

/** What the worker and the CLI call: the model's tables beside the paper's, with errors. */
export function evaluateTables(
  model: ModelDefinition,
  params: ParamValues,
  options: TablesOptions = {},
): ScenarioTables {
  const later = options.intervals === false && model.deferrableIntervals;
  return {
    model: model.id,
    modelVersion: model.version,
    tables: markOtherExperiments(
      model,
      params,
      model
        .tables(params, {
          ...(later ? { intervals: false } : {}),
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        })
        .map((t) => withBaselines(compareTable(t, findPaperTable(t.id)), model.id)),
      (at) => paperRunTables(model, at),
    ),
    ...(later ? { intervalsLater: true as const } : {}),
  };
}

/**
 * Fills the paper points a model's line charts refer to (table, row, column) with the paper's
 * values; references to withheld or missing cells are dropped, so nothing is ever invented.
 */
export function resolvePaperPoints(charts: ChartData[]): ChartData[] {
  return charts.map((c) => {
    if (c.kind !== 'line' || !c.paperPoints) return c;
    const paperPoints = c.paperPoints.flatMap((ref) => {
      const y = findPaperTable(ref.table)?.rows.find((r) => r.label === ref.row)?.values[
        ref.column
      ];
      return typeof y === 'number' && Number.isFinite(y)
        ? [{ ...ref, y: y * (ref.scale ?? 1) }]
        : [];
    });
    return { ...c, paperPoints };
  });
}

/** What the worker and the CLI call for charts: the model's charts with paper points filled. */
export function evaluateCharts(model: ModelDefinition, params: ParamValues): ChartData[] {
  return resolvePaperPoints(model.charts(params));
}

/** Part `part` of the charts (see `ModelDefinition.chartPart`), paper points filled in. */
export function evaluateChartPart(
  model: ModelDefinition,
  params: ParamValues,
  part: number,
  options?: ChartOptions,
): { total: number; charts: ChartData[] } {
  return {
    total: model.chartPartCount,
    charts: resolvePaperPoints(model.chartPart(params, part, options)),
  };
}
