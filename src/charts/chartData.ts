/**
 * Every chart as data and as one sentence (issue #11, accessibility): the table a "Show the
 * data" toggle puts under a chart, and the summary written under its title. Pure functions of
 * what the chart draws — no DOM, no d3 — so they are unit-tested on real model output, and a
 * chart can never say something its data does not.
 */
import type { ComparedColumn, ComparedRow, ComparedTable } from '../compare/types';
import type {
  ChartData,
  LineChartData,
  StackedBarChartData,
  TimelineChartData,
  TimelineSegmentKind,
} from '../models/types';
import {
  formatError,
  formatInterval,
  formatPct,
  formatValue,
  labelWithUnit,
  withUnit,
} from '../format';

/** A chart's data as a table: headings with their units, and rows of cells as shown. */
export interface ChartTable {
  columns: string[];
  rows: string[][];
  /** Rows left out past `MAX_TABLE_ROWS` (said under the table). */
  omitted: number;
}

/** A data table longer than this shows its first rows and says how many more there are. */
export const MAX_TABLE_ROWS = 400;

export const KIND_NAMES: Record<TimelineSegmentKind, string> = {
  cpu: 'CPU work',
  stall: 'Stalled, waiting for the disc',
  disc: 'Disc request',
  fault: 'Page fault',
};

function capped(columns: string[], rows: string[][]): ChartTable {
  return {
    columns,
    rows: rows.slice(0, MAX_TABLE_ROWS),
    omitted: Math.max(0, rows.length - MAX_TABLE_ROWS),
  };
}

const finite = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);

/** One row per x any series (or paper point) has; a series without that x shows "—". */
function lineTable(data: LineChartData): ChartTable {
  const xs = new Set<number>();
  for (const s of data.series) for (const p of s.points) if (finite(p.x)) xs.add(p.x);
  const paper = (data.paperPoints ?? []).filter((p) => finite(p.y) && finite(p.x));
  for (const p of paper) xs.add(p.x);
  const banded = data.series.filter((s) => (s.band?.length ?? 0) > 0);
  const columns = [
    labelWithUnit(data.xLabel, data.xUnit),
    ...data.series.map((s) => labelWithUnit(s.name, data.yUnit)),
    ...banded.map((s) => `${s.name}: prediction interval (${data.yUnit})`),
    ...(paper.length > 0 ? [labelWithUnit('Paper, measured', data.yUnit)] : []),
  ];
  const at = (points: readonly { x: number; y: number }[], x: number) =>
    points.find((p) => p.x === x)?.y;
  const rows = [...xs]
    .sort((a, b) => a - b)
    .map((x) => [
      formatValue(x),
      ...data.series.map((s) => formatValue(at(s.points, x))),
      ...banded.map((s) => {
        const b = s.band?.find((p) => p.x === x);
        return b ? formatInterval([b.lo, b.hi]) : '—';
      }),
      ...(paper.length > 0
        ? [
            paper
              .filter((p) => p.x === x)
              .map((p) => `${formatValue(p.y)} (${p.label})`)
              .join('; ') || '—',
          ]
        : []),
    ]);
  return capped(columns, rows);
}

function barTable(data: StackedBarChartData): ChartTable {
  const parts = [...new Set(data.bars.flatMap((b) => b.parts.map((p) => p.name)))];
  const columns = [
    'Bar',
    ...parts.map((p) => labelWithUnit(p, data.unit)),
    labelWithUnit('Total', data.unit),
  ];
  const rows = data.bars.map((b) => [
    b.label,
    ...parts.map((name) => formatValue(b.parts.find((p) => p.name === name)?.value)),
    formatValue(b.parts.reduce((sum, p) => sum + p.value, 0)),
  ]);
  return capped(columns, rows);
}

function timelineTable(data: TimelineChartData): ChartTable {
  const name = (k: TimelineSegmentKind) => data.kindLabels?.[k] ?? KIND_NAMES[k];
  const columns = [
    'Lane',
    'What',
    labelWithUnit('Start', data.unit),
    labelWithUnit('End', data.unit),
    labelWithUnit('Duration', data.unit),
  ];
  const rows = data.lanes.flatMap((lane) =>
    lane.segments.map((s) => [
      lane.name,
      name(s.kind),
      formatValue(s.start),
      formatValue(s.end),
      formatValue(s.end - s.start),
    ]),
  );
  return capped(columns, rows);
}

/** The chart's data as a table. */
export function chartTable(data: ChartData): ChartTable {
  if (data.kind === 'line') return lineTable(data);
  if (data.kind === 'stacked-bar') return barTable(data);
  return timelineTable(data);
}

/** The last point of a series, or undefined when it has none. */
const last = (points: readonly { x: number; y: number }[]) =>
  [...points]
    .filter((p) => finite(p.x) && finite(p.y))
    .sort((a, b) => a.x - b.x)
    .at(-1);

function lineSummary(data: LineChartData): string {
  const points = data.series.flatMap((s) => s.points).filter((p) => finite(p.x) && finite(p.y));
  if (points.length === 0) return `${data.title}: no values to show.`;
  const ys = points.map((p) => p.y);
  const xs = points.map((p) => p.x);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const span = `${data.yLabel} ranges from ${formatValue(lo)} to ${withUnit(formatValue(hi), data.yUnit)} as ${data.xLabel.toLowerCase()} goes from ${formatValue(x0)} to ${withUnit(formatValue(x1), data.xUnit)}`;
  const ends = data.series
    .map((s) => ({ name: s.name, end: last(s.points) }))
    .filter((e): e is { name: string; end: { x: number; y: number } } => e.end !== undefined);
  let which = '';
  if (ends.length > 1) {
    const low = ends.reduce((a, b) => (b.end.y < a.end.y ? b : a));
    const high = ends.reduce((a, b) => (b.end.y > a.end.y ? b : a));
    which =
      low.end.y === high.end.y
        ? `; at the right end every series is at ${withUnit(formatValue(low.end.y), data.yUnit)}`
        : `; at the right end ${low.name} is lowest (${withUnit(formatValue(low.end.y), data.yUnit)}) and ${high.name} highest (${withUnit(formatValue(high.end.y), data.yUnit)})`;
  } else if (ends[0]) {
    const first = [...(data.series[0]?.points ?? [])]
      .filter((p) => finite(p.x) && finite(p.y))
      .sort((a, b) => a.x - b.x)[0];
    if (first && first.y !== ends[0].end.y)
      which = `; it ${ends[0].end.y > first.y ? 'rises' : 'falls'} from ${formatValue(first.y)} to ${formatValue(ends[0].end.y)}`;
  }
  const paper = (data.paperPoints ?? []).filter((p) => finite(p.y)).length;
  const paperText =
    paper > 0
      ? `; ${paper} measured ${paper === 1 ? 'point' : 'points'} from the paper are marked`
      : '';
  return `${span} (${data.series.length} series)${which}${paperText}.`;
}

function barSummary(data: StackedBarChartData): string {
  const totals = data.bars.map((b) => ({
    label: b.label,
    total: b.parts.reduce((sum, p) => sum + p.value, 0),
    top: b.parts.reduce<{ name: string; value: number } | null>(
      (a, p) => (a === null || p.value > a.value ? p : a),
      null,
    ),
  }));
  if (totals.length === 0) return `${data.title}: no bars to show.`;
  const big = totals.reduce((a, b) => (b.total > a.total ? b : a));
  const small = totals.reduce((a, b) => (b.total < a.total ? b : a));
  const share =
    big.top && big.total > 0
      ? `, ${formatPct((big.top.value / big.total) * 100)} of it ${big.top.name}`
      : '';
  if (totals.length === 1)
    return `${data.valueLabel} of ${big.label}: ${withUnit(formatValue(big.total), data.unit)}${share}.`;
  return `${data.valueLabel} over ${totals.length} bars: largest ${big.label} at ${withUnit(formatValue(big.total), data.unit)}${share}; smallest ${small.label} at ${withUnit(formatValue(small.total), data.unit)}.`;
}

function timelineSummary(data: TimelineChartData): string {
  const name = (k: TimelineSegmentKind) => (data.kindLabels?.[k] ?? KIND_NAMES[k]).toLowerCase();
  const end = Math.max(0, ...data.lanes.flatMap((l) => l.segments.map((s) => s.end)));
  if (end === 0) return `${data.title}: nothing happens in this window.`;
  const lanes = data.lanes.map((l) => {
    const byKind = new Map<TimelineSegmentKind, number>();
    for (const s of l.segments) byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + (s.end - s.start));
    const top = [...byKind].sort((a, b) => b[1] - a[1])[0];
    return top ? `${l.name} ${formatPct((top[1] / end) * 100)} ${name(top[0])}` : `${l.name} idle`;
  });
  const shown = lanes.slice(0, 3).join(', ');
  const more = lanes.length > 3 ? ` and ${lanes.length - 3} more lanes` : '';
  return `Over ${withUnit(formatValue(end), data.unit)}, the most time per lane goes to: ${shown}${more}.`;
}

/** One sentence of what the chart shows, in numbers from its data. */
export function chartSummary(data: ChartData): string {
  if (data.kind === 'line') return lineSummary(data);
  if (data.kind === 'stacked-bar') return barSummary(data);
  return timelineSummary(data);
}

/** Columns whose largest values differ by more than this share a panel no more. */
const PANEL_SPAN = 20;

const largest = (table: ComparedTable, key: string) =>
  Math.max(
    0,
    ...table.rows.flatMap((r) =>
      [r.model[key], r.paper?.[key] ?? undefined].filter(finite).map((v) => Math.abs(v)),
    ),
  );

/**
 * The model-vs-paper chart's panels: every column of the table, each panel one axis. The columns
 * the model names (`chartColumns`) come first; the rest follow grouped by unit, a column whose
 * size differs from a panel's by more than ×20 getting its own (a 1M-call run beside a
 * 10k-call run, a per-day saving beside a per-search one), so no bar is flattened to nothing.
 */
export function barPanels(table: ComparedTable): ComparedColumn[][] {
  const named = table.columns.filter((c) => table.chartColumns?.includes(c.key));
  const rest = table.columns.filter((c) => !named.includes(c));
  const panels: { unit: string; lo: number; hi: number; columns: ComparedColumn[] }[] = [];
  if (named.length > 0) panels.push({ unit: '\u0000named', lo: 0, hi: Infinity, columns: named });
  for (const c of rest) {
    const size = largest(table, c.key);
    const fits = panels.find(
      (p) =>
        p.unit === c.unit &&
        Math.max(p.hi, size) <= PANEL_SPAN * Math.max(Math.min(p.lo, size), Number.MIN_VALUE),
    );
    if (fits) {
      fits.columns.push(c);
      fits.lo = Math.min(fits.lo, size);
      fits.hi = Math.max(fits.hi, size);
    } else panels.push({ unit: c.unit, lo: size, hi: size, columns: [c] });
  }
  return panels.map((p) => p.columns);
}

/** Every column in the model-vs-paper chart, panel by panel. */
export function barColumns(table: ComparedTable): ComparedColumn[] {
  return barPanels(table).flat();
}

/**
 * A cell's error, or, when the scenario is another experiment than the paper's, its
 * difference from the paper's run (ComparedRow.vsPaperRunPct).
 */
export function cellDelta(table: ComparedTable, row: ComparedRow, key: string): number | null {
  return (table.otherExperiment ? row.vsPaperRunPct?.[key] : row.errorPct[key]) ?? null;
}

/** The model-vs-paper chart's bars as a table: per run, per column, model, paper and error. */
export function comparedChartTable(table: ComparedTable): ChartTable {
  const columns = barColumns(table);
  const other = table.otherExperiment !== undefined;
  return capped(
    [
      'Run',
      ...columns.flatMap((c) => [
        `${labelWithUnit(c.label, c.unit)}: model`,
        `${labelWithUnit(c.label, c.unit)}: ${other ? 'paper’s run' : 'paper'}`,
        `${c.label}: ${other ? 'Δ vs paper’s run' : 'error'}`,
      ]),
    ],
    table.rows.map((r) => [
      r.prediction ? `${r.label} (prediction)` : r.label,
      ...columns.flatMap((c) => [
        formatValue(r.model[c.key]),
        formatValue(r.paper?.[c.key] ?? null),
        formatError(cellDelta(table, r, c.key), c.errorUnit),
      ]),
    ]),
  );
}

/** One sentence for the model-vs-paper chart: how many runs, and where the model is furthest off. */
export function comparedChartSummary(table: ComparedTable): string {
  const columns = barColumns(table);
  let worst: { row: string; column: string; e: number; unit: '%' | 'pp' } | null = null;
  let cells = 0;
  // Furthest off among the errors in % (a percentage's error in pp is not on the same scale),
  // or among those in pp when the table has no other.
  const relative = columns.some(
    (c) =>
      c.errorUnit !== 'pp' && table.rows.some((r) => Number.isFinite(r.errorPct[c.key] ?? NaN)),
  );
  for (const r of table.rows)
    for (const c of columns) {
      const e = r.errorPct[c.key];
      if (e === null || e === undefined || !Number.isFinite(e)) continue;
      cells += 1;
      if ((c.errorUnit === 'pp') === relative) continue;
      if (!worst || Math.abs(e) > Math.abs(worst.e))
        worst = { row: r.label, column: c.label, e, unit: c.errorUnit ?? '%' };
    }
  const what = columns.map((c) => c.label.toLowerCase()).join(' and ');
  const predictions = table.rows.filter((r) => r.prediction).length;
  const predicted =
    predictions > 0
      ? `; ${predictions} ${predictions === 1 ? 'run is a prediction' : 'runs are predictions'} with no paper value`
      : '';
  if (table.otherExperiment)
    return `The model's ${what} for ${table.rows.length} runs, beside the paper's run of another experiment (${table.otherExperiment.map((p) => p.label).join(', ')} changed): the differences are not errors${predicted}.`;
  if (!worst)
    return `The model's ${what} for ${table.rows.length} runs; the paper gives no value to compare with${predicted}.`;
  return `The model's ${what} beside the paper's for ${table.rows.length} runs (${cells} cells): furthest off is ${worst.row}, ${worst.column.toLowerCase()}, at ${formatError(worst.e, worst.unit)}${predicted}.`;
}
