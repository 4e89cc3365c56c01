/**
 * Compare mode: scenario A (pinned) beside scenario B (the controls), both of one model.
 * Pure functions over what the workers already computed — nothing here runs a model:
 * - `differenceTables`: each table's cells as A, B and B − A (in the column's unit and in %);
 * - `overlayCharts`: A's and B's charts as one set, A's series, bars, lanes and markers named
 *   "A · …" and B's "B · …", each copy in its original series' colour and dash, A's faded;
 * - `paramDifferences`: the parameters A and B disagree on.
 */
import type { ChartData, ColumnSpec, ModelInfo, ParamValues } from '../models/types';
import { isPercentColumn } from './units';
import type { ComparedTable } from './types';

export interface DifferenceCell {
  a: number | null;
  b: number | null;
  /** B − A in the column's unit; null when either is missing. */
  delta: number | null;
  /**
   * (B − A) / |A| × 100; null when either is missing or A is 0 and B is not, and for a column
   * that is itself a percentage: its `delta` is already the change, in percentage points.
   */
  deltaPct: number | null;
}

export interface DifferenceRow {
  label: string;
  cells: Record<string, DifferenceCell>;
}

export interface DifferenceTable {
  id: string;
  title: string;
  columns: ColumnSpec[];
  rows: DifferenceRow[];
  /** How many cells differ (|B − A| above a relative 1e-9). */
  changed: number;
}

const finite = (v: number | undefined): number | null =>
  v !== undefined && Number.isFinite(v) ? v : null;

function cell(a: number | null, b: number | null, percent: boolean): DifferenceCell {
  if (a === null || b === null) return { a, b, delta: null, deltaPct: null };
  const delta = b - a;
  const deltaPct =
    percent || (a === 0 && b !== 0) ? null : a === 0 ? 0 : (delta / Math.abs(a)) * 100;
  return { a, b, delta, deltaPct };
}

const differs = (c: DifferenceCell) =>
  c.a !== c.b &&
  (c.delta === null || Math.abs(c.delta) > 1e-9 * Math.max(Math.abs(c.a ?? 0), Math.abs(c.b ?? 0)));

/**
 * The model's cells of A and B side by side, table by table in B's order, rows matched by
 * label (a row only one side has shows a dash on the other). Tables only A has are left out:
 * the page is about B.
 */
export function differenceTables(
  a: readonly ComparedTable[],
  b: readonly ComparedTable[],
): DifferenceTable[] {
  return b.map((tb) => {
    const ta = a.find((t) => t.id === tb.id);
    const labels = [...tb.rows.map((r) => r.label)];
    for (const r of ta?.rows ?? []) if (!labels.includes(r.label)) labels.push(r.label);
    let changed = 0;
    const rows = labels.map((label) => {
      const ra = ta?.rows.find((r) => r.label === label);
      const rb = tb.rows.find((r) => r.label === label);
      const cells: Record<string, DifferenceCell> = {};
      for (const c of tb.columns) {
        const d = cell(finite(ra?.model[c.key]), finite(rb?.model[c.key]), isPercentColumn(c));
        if (differs(d)) changed += 1;
        cells[c.key] = d;
      }
      return { label, cells };
    });
    return { id: tb.id, title: tb.title, columns: tb.columns, rows, changed };
  });
}

/** A name in compare mode: `A · Fread`, `B · Fread`. */
export const sideName = (side: 'A' | 'B', name: string) => `${side} · ${name}`;

/**
 * A's and B's charts as one list, in B's order, matched by id: a line chart gets both sides'
 * series (A's first; the interval band and the paper's points stay B's alone, so the chart
 * is not crowded) and both sides' markers; a bar chart both sides' bars, pairwise; a timeline
 * both sides' lanes. A chart only B has stays as it is.
 */
export function overlayCharts(a: readonly ChartData[], b: readonly ChartData[]): ChartData[] {
  return b.map((cb): ChartData => {
    const ca = a.find((c) => c.id === cb.id && c.kind === cb.kind);
    if (!ca) return cb;
    const caption = `A (pinned) and B (the controls) overlaid.${cb.caption ? ` ${cb.caption}` : ''}`;
    if (cb.kind === 'line' && ca.kind === 'line') {
      const markers = sideMarkers(ca.markers ?? [], cb.markers ?? []);
      // A sweep over the very parameter A and B differ in draws the same curves for both:
      // drawn once, with both sides' markers, and said so.
      if (sameSeries(ca.series, cb.series)) {
        return {
          ...cb,
          caption: `A and B draw the same curves here; the markers show where each one is.${cb.caption ? ` ${cb.caption}` : ''}`,
          ...(markers.length > 0 ? { markers } : {}),
        };
      }
      return {
        ...cb,
        caption,
        series: [
          ...ca.series.map(({ band: _band, ...s }) => ({
            ...s,
            name: sideName('A', s.name),
            styleOf: s.styleOf ?? s.name,
            faded: true,
          })),
          ...cb.series.map((s) => ({
            ...s,
            name: sideName('B', s.name),
            styleOf: s.styleOf ?? s.name,
          })),
        ],
        ...(markers.length > 0 ? { markers } : {}),
      };
    }
    if (cb.kind === 'stacked-bar' && ca.kind === 'stacked-bar') {
      const labels = [...new Set([...cb.bars, ...ca.bars].map((bar) => bar.label))];
      const bars = labels.flatMap((label) => {
        const pair = [];
        const barA = ca.bars.find((x) => x.label === label);
        const barB = cb.bars.find((x) => x.label === label);
        if (barA) pair.push({ ...barA, label: sideName('A', label) });
        if (barB) pair.push({ ...barB, label: sideName('B', label) });
        return pair;
      });
      return { ...cb, caption, bars };
    }
    if (cb.kind === 'timeline' && ca.kind === 'timeline' && ca.unit === cb.unit) {
      const lanes = cb.lanes.flatMap((lane, i) => {
        const laneA = ca.lanes[i];
        const pair = laneA ? [{ ...laneA, name: sideName('A', laneA.name) }] : [];
        return [...pair, { ...lane, name: sideName('B', lane.name) }];
      });
      return { ...cb, caption, lanes };
    }
    return cb;
  });
}

type Marker = { x: number; label: string };

/** Both sides' markers, `A: …` and `B: …`; one that is the same on both is drawn once. */
function sideMarkers(a: readonly Marker[], b: readonly Marker[]): Marker[] {
  const same = (m: Marker) => (n: Marker) => n.x === m.x && n.label === m.label;
  return [
    ...a.map((m) => ({ ...m, label: `${b.some(same(m)) ? 'A and B' : 'A'}: ${m.label}` })),
    ...b.filter((m) => !a.some(same(m))).map((m) => ({ ...m, label: `B: ${m.label}` })),
  ];
}

type Series = Extract<ChartData, { kind: 'line' }>['series'];

/** Same names, same points (to a relative 1e-12): the same curves. */
function sameSeries(a: Series, b: Series): boolean {
  const close = (x: number, y: number) =>
    x === y || Math.abs(x - y) <= 1e-12 * Math.max(Math.abs(x), Math.abs(y));
  return (
    a.length === b.length &&
    a.every((s, i) => {
      const t = b[i];
      return (
        t !== undefined &&
        s.name === t.name &&
        s.points.length === t.points.length &&
        s.points.every((p, j) => {
          const q = t.points[j];
          return q !== undefined && close(p.x, q.x) && close(p.y, q.y);
        })
      );
    })
  );
}

export interface ParamDifference {
  key: string;
  label: string;
  unit: string;
  a: ParamValues[string];
  b: ParamValues[string];
}

/** The declared parameters whose values A and B disagree on, in declaration order. */
export function paramDifferences(
  model: Pick<ModelInfo, 'params'>,
  a: ParamValues,
  b: ParamValues,
): ParamDifference[] {
  return model.params.flatMap((spec) =>
    a[spec.key] === b[spec.key]
      ? []
      : [
          {
            key: spec.key,
            label: spec.label,
            unit: spec.kind === 'number' ? spec.unit : '',
            a: a[spec.key] ?? spec.default,
            b: b[spec.key] ?? spec.default,
          },
        ],
  );
}
