import type {
  ChartData,
  ModelDefinition,
  ChartOptions,
  ModelTable,
  ParamValues,
  TablesOptions,
} from '../models/types';
import { findPaperTable } from '../papers';
import { withBaselines } from './baselines';
import { markOtherExperiments } from './experiment';
import { compareTable } from './join';
import type { ScenarioTables } from './types';
export { errorUnitOf, isPercentColumn } from './units';
export { cellError, compareTable, coverage, errorPct, insideInterval, summarize } from './join';

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
