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
  // A row is followed by its place in the table; one whose label follows the knob (the
  // file-cache benchmarks' "IA 16-way (knobs)") is named for what varies ("IA N-way (knobs)").
  const sameShape = runs.every((t) => t?.rows.length === first.rows.length);
  const rows = first.rows.map((r, i) => {
    const labels = runs.map((t) => (sameShape ? t?.rows[i]?.label : r.label) ?? r.label);
    const points = xs.flatMap((x, k) => {
      const row = sameShape ? runs[k]?.rows[i] : runs[k]?.rows.find((o) => o.label === r.label);
      const y = row?.values[column];
      return y !== undefined && Number.isFinite(y) ? [{ x, y }] : [];
    });
    return { name: rowName(labels), points };
  });
  // Rows the knob does not move are left out, and said so (a sweep of flat lines teaches
  // nothing), unless none moves.
  const moving = rows.filter((r) => r.points.some((p) => !near(p.y, r.points[0]!.y)));
  const still = rows.filter((r) => !moving.includes(r)).map((r) => r.name);
  const shown = (moving.length > 0 ? moving : rows).slice(0, SWEEP_ROWS);
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
    series: shown.map((r) => ({ name: r.name, points: r.points })),
    ...(moving.length > 0 && still.length > 0
      ? {
          caption: `Left out, as ${lowerFirst(spec.label)} does not move them: ${still.join(', ')}.`,
        }
      : moving.length === 0
        ? { caption: `${spec.label} moves no row of this column.` }
        : {}),
  };
}

/** "Prefetch distance" → "prefetch distance"; "CPUs" stays "CPUs". */
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

const near = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * A row's name across a sweep: its label, or, where the label changes with the knob, the
 * labels' common start and end around an N ("IA N-way (knobs)").
 */
function rowName(labels: readonly string[]): string {
  const first = labels[0] ?? '';
  if (labels.every((l) => l === first)) return first;
  let pre = 0;
  while (labels.every((l) => l[pre] !== undefined && l[pre] === first[pre])) pre++;
  let post = 0;
  const end = (l: string, k: number) => l[l.length - 1 - k];
  while (labels.every((l) => l.length - post > pre && end(l, post) === end(first, post))) post++;
  const middles = labels.map((l) => l.slice(pre, l.length - post));
  // Back to the start of a number (in "IA 16-way", "1" and "16" share no more than "IA ").
  let start = pre;
  while (start > 0 && /[\d.,]/.test(first[start - 1]!)) start--;
  let stop = first.length - post;
  while (stop < first.length && /[\d.,]/.test(first[stop]!)) stop++;
  return middles.every((m) => /^[\d.,]*$/.test(m))
    ? `${first.slice(0, start)}N${first.slice(stop)}`
    : first;
}
