import type { LineChartData, ModelDefinition, ModelTable, ParamValues } from '../models/types';
import { gridValues, TIME_UNITS } from './regimeMap';

/**
 * The explore strip's chart: the scenario's headline table, one column, swept across one
 * knob's whole range (the other parameters held), one series per row. It does not depend on
 * the knob's own value, so a drag of that knob only moves the chart's "now" marker (drawn on
 * the page) and never waits for this sweep; it is computed again only when another parameter
 * changes.
 */
export const SWEEP_POINTS = 16;
export const SWEEP_ROWS = 8;

/**
 * The column a table leads with: its first chart column; else the one its name says is the
 * result (an improvement, a speed-up, an elapsed or total time, a saving); else its last time
 * column (of 10K, 100K and 1M calls, the 1M); else its first column.
 */
export function headlineColumn(table: Pick<ModelTable, 'columns' | 'chartColumns'>): string {
  const { columns, chartColumns } = table;
  return (
    chartColumns?.[0] ??
    columns.find((c) => /improvement|speedup|ratio|elapsed|total|wall|makespan|saving/i.test(c.key))
      ?.key ??
    columns.filter((c) => TIME_UNITS.has(c.unit)).at(-1)?.key ??
    columns[0]?.key ??
    ''
  );
}

export function knobSweep(
  model: ModelDefinition,
  params: ParamValues,
  key: string,
  points = SWEEP_POINTS,
): LineChartData | null {
  const spec = model.params.find((p) => p.key === key);
  // A random seed names a run: nothing lies along it (the page offers "New random run").
  if (!spec || spec.kind !== 'number' || spec.seed) return null;
  const xs = gridValues(spec, points);
  const runs = xs.map((x) => model.tables({ ...params, [key]: x }, { intervals: false })[0]);
  const first = runs.find((t) => t !== undefined);
  if (!first) return null;
  const column = headlineColumn(first);
  const unit = first.columns.find((c) => c.key === column);
  const labels = first.rows.map((r) => r.label).slice(0, SWEEP_ROWS);
  const log = spec.scale === 'log' || spec.scale === 'pow2';
  return {
    kind: 'line',
    id: `explore-${key}`,
    title: `${unit?.label ?? column} against ${spec.label.toLowerCase()}`,
    xLabel: spec.label,
    xUnit: spec.unit,
    yLabel: unit?.label ?? column,
    yUnit: unit?.unit ?? '',
    xScale: log && xs[0]! > 0 ? 'log' : 'linear',
    ...(spec.integer ? { xInteger: true } : {}),
    series: labels.map((label) => ({
      name: label,
      points: xs.flatMap((x, i) => {
        const y = runs[i]?.rows.find((r) => r.label === label)?.values[column];
        return y !== undefined && Number.isFinite(y) ? [{ x, y }] : [];
      }),
    })),
  };
}
