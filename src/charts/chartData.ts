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
import type { Translate } from '../i18n/LangContext';
import { ENGLISH } from './chartText';

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

/** A kind of segment in the page's language. */
export const kindName = (t: Translate, k: TimelineSegmentKind): string => t(`chart.kind.${k}`);

function capped(columns: string[], rows: string[][]): ChartTable {
  return {
    columns,
    rows: rows.slice(0, MAX_TABLE_ROWS),
    omitted: Math.max(0, rows.length - MAX_TABLE_ROWS),
  };
}

const finite = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);

/** One row per x any series (or paper point) has; a series without that x shows "—". */
function lineTable(data: LineChartData, t: Translate): ChartTable {
  const xs = new Set<number>();
  for (const s of data.series) for (const p of s.points) if (finite(p.x)) xs.add(p.x);
  const paper = (data.paperPoints ?? []).filter((p) => finite(p.y) && finite(p.x));
  for (const p of paper) xs.add(p.x);
  const banded = data.series.filter((s) => (s.band?.length ?? 0) > 0);
  const columns = [
    labelWithUnit(data.xLabel, data.xUnit),
    ...data.series.map((s) => labelWithUnit(s.name, data.yUnit)),
    ...banded.map((s) => t('chart.table.interval', { name: s.name, unit: data.yUnit })),
    ...(paper.length > 0 ? [labelWithUnit(t('chart.table.paperMeasured'), data.yUnit)] : []),
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

function barTable(data: StackedBarChartData, t: Translate): ChartTable {
  const parts = [...new Set(data.bars.flatMap((b) => b.parts.map((p) => p.name)))];
  const columns = [
    t('chart.table.bar'),
    ...parts.map((p) => labelWithUnit(p, data.unit)),
    labelWithUnit(t('chart.table.total'), data.unit),
  ];
  const rows = data.bars.map((b) => [
    b.label,
    ...parts.map((name) => formatValue(b.parts.find((p) => p.name === name)?.value)),
    formatValue(b.parts.reduce((sum, p) => sum + p.value, 0)),
  ]);
  return capped(columns, rows);
}

function timelineTable(data: TimelineChartData, t: Translate): ChartTable {
  const name = (k: TimelineSegmentKind) => data.kindLabels?.[k] ?? kindName(t, k);
  const columns = [
    t('chart.table.lane'),
    t('chart.table.what'),
    labelWithUnit(t('chart.table.start'), data.unit),
    labelWithUnit(t('chart.table.end'), data.unit),
    labelWithUnit(t('chart.table.duration'), data.unit),
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

/** The chart's data as a table (its headings in `t`'s language; English by default). */
export function chartTable(data: ChartData, t: Translate = ENGLISH): ChartTable {
  if (data.kind === 'line') return lineTable(data, t);
  if (data.kind === 'stacked-bar') return barTable(data, t);
  return timelineTable(data, t);
}

/** The last point of a series, or undefined when it has none. */
const last = (points: readonly { x: number; y: number }[]) =>
  [...points]
    .filter((p) => finite(p.x) && finite(p.y))
    .sort((a, b) => a.x - b.x)
    .at(-1);

function lineSummary(data: LineChartData, t: Translate): string {
  const points = data.series.flatMap((s) => s.points).filter((p) => finite(p.x) && finite(p.y));
  if (points.length === 0) return t('chart.summary.noValues', { title: data.title });
  const ys = points.map((p) => p.y);
  const xs = points.map((p) => p.x);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const span = t('chart.summary.span', {
    y: data.yLabel,
    lo: formatValue(lo),
    hi: withUnit(formatValue(hi), data.yUnit),
    x: data.xLabel.toLowerCase(),
    x0: formatValue(x0),
    x1: withUnit(formatValue(x1), data.xUnit),
  });
  const ends = data.series
    .map((s) => ({ name: s.name, end: last(s.points) }))
    .filter((e): e is { name: string; end: { x: number; y: number } } => e.end !== undefined);
  let which = '';
  if (ends.length > 1) {
    const low = ends.reduce((a, b) => (b.end.y < a.end.y ? b : a));
    const high = ends.reduce((a, b) => (b.end.y > a.end.y ? b : a));
    which =
      low.end.y === high.end.y
        ? t('chart.summary.allAt', { value: withUnit(formatValue(low.end.y), data.yUnit) })
        : t('chart.summary.lowHigh', {
            low: low.name,
            lowValue: withUnit(formatValue(low.end.y), data.yUnit),
            high: high.name,
            highValue: withUnit(formatValue(high.end.y), data.yUnit),
          });
  } else if (ends[0]) {
    const first = [...(data.series[0]?.points ?? [])]
      .filter((p) => finite(p.x) && finite(p.y))
      .sort((a, b) => a.x - b.x)[0];
    if (first && first.y !== ends[0].end.y)
      which = t('chart.summary.goes', {
        way: ends[0].end.y > first.y ? 'rises' : 'falls',
        from: formatValue(first.y),
        to: formatValue(ends[0].end.y),
      });
  }
  const paper = (data.paperPoints ?? []).filter((p) => finite(p.y)).length;
  const paperText = paper > 0 ? t('chart.summary.paperPoints', { count: paper }) : '';
  return t('chart.summary.line', {
    span,
    count: data.series.length,
    which,
    paper: paperText,
  });
}

function barSummary(data: StackedBarChartData, t: Translate): string {
  const totals = data.bars.map((b) => ({
    label: b.label,
    total: b.parts.reduce((sum, p) => sum + p.value, 0),
    top: b.parts.reduce<{ name: string; value: number } | null>(
      (a, p) => (a === null || p.value > a.value ? p : a),
      null,
    ),
  }));
  if (totals.length === 0) return t('chart.summary.noBars', { title: data.title });
  const big = totals.reduce((a, b) => (b.total > a.total ? b : a));
  const small = totals.reduce((a, b) => (b.total < a.total ? b : a));
  const share =
    big.top && big.total > 0
      ? t('chart.summary.share', {
          pct: formatPct((big.top.value / big.total) * 100),
          name: big.top.name,
        })
      : '';
  const total = (b: { total: number }) => withUnit(formatValue(b.total), data.unit);
  if (totals.length === 1)
    return t('chart.summary.oneBar', {
      value: data.valueLabel,
      bar: big.label,
      total: total(big),
      share,
    });
  return t('chart.summary.bars', {
    value: data.valueLabel,
    count: totals.length,
    big: big.label,
    bigTotal: total(big),
    share,
    small: small.label,
    smallTotal: total(small),
  });
}

function timelineSummary(data: TimelineChartData, t: Translate): string {
  const name = (k: TimelineSegmentKind) => (data.kindLabels?.[k] ?? kindName(t, k)).toLowerCase();
  const end = Math.max(0, ...data.lanes.flatMap((l) => l.segments.map((s) => s.end)));
  if (end === 0) return t('chart.summary.nothing', { title: data.title });
  const lanes = data.lanes.map((l) => {
    const byKind = new Map<TimelineSegmentKind, number>();
    for (const s of l.segments) byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + (s.end - s.start));
    const top = [...byKind].sort((a, b) => b[1] - a[1])[0];
    return top
      ? `${l.name} ${formatPct((top[1] / end) * 100)} ${name(top[0])}`
      : t('chart.summary.idle', { lane: l.name });
  });
  const shown = lanes.slice(0, 3).join(', ');
  const more = lanes.length > 3 ? t('chart.summary.moreLanes', { count: lanes.length - 3 }) : '';
  return t('chart.summary.timeline', {
    end: withUnit(formatValue(end), data.unit),
    shown,
    more,
  });
}

/** One sentence of what the chart shows, in numbers from its data (English by default). */
export function chartSummary(data: ChartData, t: Translate = ENGLISH): string {
  if (data.kind === 'line') return lineSummary(data, t);
  if (data.kind === 'stacked-bar') return barSummary(data, t);
  return timelineSummary(data, t);
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
export function comparedChartTable(table: ComparedTable, t: Translate = ENGLISH): ChartTable {
  const columns = barColumns(table);
  const other = table.otherExperiment !== undefined;
  return capped(
    [
      t('chart.table.run'),
      ...columns.flatMap((c) => [
        t('chart.table.model', { column: labelWithUnit(c.label, c.unit) }),
        t('chart.table.paper', { column: labelWithUnit(c.label, c.unit), other: String(other) }),
        t('chart.table.error', { column: c.label, other: String(other) }),
      ]),
    ],
    table.rows.map((r) => [
      r.prediction ? t('chart.table.prediction', { run: r.label }) : r.label,
      ...columns.flatMap((c) => [
        formatValue(r.model[c.key]),
        formatValue(r.paper?.[c.key] ?? null),
        formatError(cellDelta(table, r, c.key), c.errorUnit),
      ]),
    ]),
  );
}

/** One sentence for the model-vs-paper chart: how many runs, and where the model is furthest off. */
export function comparedChartSummary(table: ComparedTable, t: Translate = ENGLISH): string {
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
  const what = columns
    // A name in capitals (the paper's OFF and ON) stays a name in Spanish.
    .map((c) => (t.lang !== 'en' && /^[A-Z]+$/.test(c.label) ? c.label : c.label.toLowerCase()))
    .reduce((a, b) => (a ? t('chart.summary.and', { a, b }) : b), '');
  const predictions = table.rows.filter((r) => r.prediction).length;
  const predicted = predictions > 0 ? t('chart.summary.predicted', { count: predictions }) : '';
  const runs = table.rows.length;
  if (table.otherExperiment)
    return t('chart.summary.otherExperiment', {
      what,
      runs,
      changed: table.otherExperiment.map((p) => p.label).join(', '),
      predicted,
    });
  if (!worst) return t('chart.summary.noPaper', { what, runs, predicted });
  return t('chart.summary.compared', {
    what,
    runs,
    cells,
    row: worst.row,
    column: worst.column.toLowerCase(),
    error: formatError(worst.e, worst.unit),
    predicted,
  });
}
