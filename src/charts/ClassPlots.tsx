import { useMemo, useRef, useState, type PointerEvent } from 'react';
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import type { SketchAxis } from '../scenario/lessonShape';
import { Axis } from './Axis';
import { ChartWalk, WalkRing, type WalkAt, type WalkSpec } from './ChartWalk';
import { colour } from './palette';
import { useWidth } from './useWidth';
import { useChartT } from './chartText';
import type { Translate } from '../i18n/LangContext';
import { numberLocale } from '../format';

/**
 * Class mode's two plots: the room's numeric predictions as a strip of dots (with the model's
 * value, its interval and the paper's value once revealed), and curves drawn over chart axes
 * (the room's sketches, the model's curve, or one student's pad to draw on). Each can be walked
 * and heard from the keyboard (./ChartWalk.tsx): every prediction, mark and curve point read
 * with its units.
 */

export interface Marks {
  model: number | null;
  paper: number | null;
  interval: readonly [number, number] | null;
  /** The viewer's own guess (a student's page). */
  mine?: number | null;
}

const MARGIN = { top: 16, right: 24, bottom: 64, left: 24 };

/** A log axis when every value is positive and they span more than 30×; linear otherwise. */
function stripScale(values: number[], width: number) {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (lo > 0 && hi / lo > 30)
    return scaleLog()
      .domain([lo / 1.2, hi * 1.2])
      .range([0, width]);
  const pad = hi === lo ? Math.abs(hi) * 0.1 || 1 : (hi - lo) * 0.08;
  return scaleLinear()
    .domain([lo - pad, hi + pad])
    .range([0, width])
    .nice();
}

/** A deterministic spread of the dots in height (no Math.random: the same answers, one picture). */
const jitter = (i: number) => ((i * 0.618034) % 1) - 0.5;

/** The strip's walk: the predictions, lowest first, then each mark drawn (model, paper, you). */
const predictionsName = (t: Translate) => t('chart.class.predictions');
const MARK_SERIES = ['model', 'paper', 'mine'] as const;
const markName = (t: Translate, key: (typeof MARK_SERIES)[number]) =>
  t('chart.class.mark', { key });

function stripWalk(
  t: Translate,
  values: readonly number[],
  unit: string,
  label: string,
  marks: Marks,
) {
  const byValue = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const spec: WalkSpec = {
    title: t('chart.class.predictionsOf', { label }),
    x: { label: t('chart.class.prediction'), unit: '' },
    y: { label, unit },
    series: [
      {
        name: predictionsName(t),
        points: byValue.map((d, k) => ({
          x: k + 1,
          y: d.v,
          label: t('chart.class.nth', { k: k + 1, n: values.length }),
        })),
      },
      ...MARK_SERIES.flatMap((key) => {
        const v = marks[key];
        if (typeof v !== 'number' || !Number.isFinite(v)) return [];
        const iv = key === 'model' && marks.interval;
        const label = iv
          ? t('chart.class.interval', {
              lo: fmt(iv[0]),
              hi: `${fmt(iv[1])}${unit ? ` ${unit}` : ''}`,
            })
          : undefined;
        return [{ name: markName(t, key), points: [{ x: 1, y: v, label }] }];
      }),
    ],
  };
  return { spec, byValue };
}

/** The strip's scale and axis over the answers and the marks, `inner` pixels wide. */
function useStripScale(values: readonly number[], marks: Marks, inner: number) {
  const all = [
    ...values,
    ...[marks.model, marks.paper, marks.mine, ...(marks.interval ?? [])].filter(
      (v): v is number => typeof v === 'number' && Number.isFinite(v),
    ),
  ];
  // The values as text: a stable dependency for the scale (a new array every render).
  const domainKey = all.join(',');
  const x = useMemo(
    () => stripScale(domainKey ? domainKey.split(',').map(Number) : [0, 1], inner),
    [domainKey, inner],
  );
  const axis = useMemo(
    () => axisBottom(x).ticks(Math.max(2, Math.floor(inner / 90)), '~s'),
    [x, inner],
  );
  return { x, axis };
}

export function StripPlot({
  values,
  unit,
  label,
  marks,
  testId,
}: {
  values: readonly number[];
  unit: string;
  label: string;
  marks: Marks;
  testId?: string;
}) {
  const { t } = useChartT();
  const [ref, width] = useWidth<HTMLDivElement>(600);
  const inner = Math.max(120, width - MARGIN.left - MARGIN.right);
  const height = 150;
  const { x, axis } = useStripScale(values, marks, inner);
  const mid = height / 2;
  const byText = `${values.join()}|${marks.model}|${marks.paper}|${marks.mine}|${marks.interval}`;
  const { spec, byValue } = useMemo(
    () => stripWalk(t, values, unit, label, marks),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the values and marks by their text
    [byText, unit, label, t],
  );
  const [walkAt, setWalkAt] = useState<WalkAt>(null);
  const ring = stripRing(t, walkAt, byValue, marks);
  // Labels beside their lines: the model's to the left, the paper's and the viewer's to the
  // right, at different heights, so that close values never print over each other.
  type V = number | null | undefined;
  const line = (v: V, cls: string, text: string, end: boolean, y: number) =>
    typeof v === 'number' && Number.isFinite(v) ? (
      <MarkLine at={x(v)} height={height} {...{ cls, text, end, y }} />
    ) : null;
  return (
    <div ref={ref} className="class-strip" data-testid={testId}>
      <ChartWalk spec={spec} label={t('chart.class.predictionsOf', { label })} onPoint={setWalkAt}>
        <svg
          viewBox={`0 0 ${inner + MARGIN.left + MARGIN.right} ${height + MARGIN.top + MARGIN.bottom}`}
          role="img"
          aria-label={t('chart.class.stripAria', {
            count: values.length,
            label,
            // `none`: that part is not said.
            unit: unit || 'none',
            model: typeof marks.model === 'number' ? fmt(marks.model) : 'none',
            paper: typeof marks.paper === 'number' ? fmt(marks.paper) : 'none',
          })}
        >
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {marks.interval && (
              <rect
                className="class-interval"
                x={x(marks.interval[0])}
                width={Math.max(2, x(marks.interval[1]) - x(marks.interval[0]))}
                y={0}
                height={height}
              />
            )}
            {values.map((v, i) => (
              <circle
                key={i}
                className="class-dot"
                cx={x(v)}
                cy={mid + jitter(i) * (height - 40)}
                r={6}
              />
            ))}
            {line(marks.model, 'class-mark-model', t('chart.class.lineModel'), true, 14)}
            {line(marks.paper, 'class-mark-paper', t('chart.class.linePaper'), false, 14)}
            {line(marks.mine, 'class-mark-mine', t('chart.class.lineYou'), false, height - 10)}
            <Axis axis={axis} transform={`translate(0,${height})`} />
            <text className="class-axis-label" x={inner / 2} y={height + 56} textAnchor="middle">
              {label}
              {unit ? ` (${unit})` : ''}
            </text>
            {ring && (
              <WalkRing
                cx={x(ring.v)}
                cy={ring.i === null ? mid : mid + jitter(ring.i) * (height - 40)}
              />
            )}
          </g>
        </svg>
      </ChartWalk>
    </div>
  );
}

/** A mark's line across the strip, its word beside it (left of it with `end`). */
function MarkLine(m: {
  at: number;
  height: number;
  cls: string;
  text: string;
  end: boolean;
  y: number;
}) {
  return (
    <g className={m.cls} transform={`translate(${m.at},0)`}>
      <line y1={0} y2={m.height} />
      <text x={m.end ? -6 : 6} y={m.y} textAnchor={m.end ? 'end' : 'start'}>
        {m.text}
      </text>
    </g>
  );
}

/** Where the strip's walk is: a prediction (its dot) or a mark (on its line, mid-height). */
function stripRing(
  t: Translate,
  at: WalkAt,
  byValue: readonly { v: number; i: number }[],
  marks: Marks,
) {
  if (!at) return null;
  if (at.series === predictionsName(t)) return byValue[at.x - 1] ?? null;
  const key = MARK_SERIES.find((k) => markName(t, k) === at.series);
  const v = key ? marks[key] : null;
  return typeof v === 'number' ? { v, i: null } : null;
}

/** Three significant digits (through Intl in the page's locale past English). */
const fmt = (v: number) =>
  numberLocale() !== 'en-US'
    ? new Intl.NumberFormat(numberLocale(), {
        maximumSignificantDigits: 3,
        ...(Math.abs(v) >= 1000 || (v !== 0 && Math.abs(v) < 0.01)
          ? { notation: 'scientific' as const }
          : {}),
      }).format(v)
    : Math.abs(v) >= 1000 || Math.abs(v) < 0.01
      ? v.toPrecision(3)
      : `${+v.toPrecision(3)}`;

export type { SketchAxis };

export interface Curve {
  points: readonly (readonly [number, number])[];
  kind: 'class' | 'mine' | 'model' | 'paper';
}

/** `CPUs`, not `CPUs (CPUs)`. */
const withUnit = (a: SketchAxis) =>
  a.unit && a.unit !== a.label ? `${a.label} (${a.unit})` : a.label;

const PAD = { top: 12, right: 20, bottom: 64, left: 76 };

function axisScale(a: SketchAxis, range: [number, number]) {
  return a.log && a.min > 0
    ? scaleLog().domain([a.min, a.max]).range(range)
    : scaleLinear().domain([a.min, a.max]).range(range);
}

/** At most `n` points, evenly chosen along the stroke: what a sketch sends. */
function thin(points: [number, number][], n: number): [number, number][] {
  if (points.length <= n) return points;
  return Array.from(
    { length: n },
    (_, i) => points[Math.round((i * (points.length - 1)) / (n - 1))]!,
  );
}

/** The curves: the paper's as points, the class's each in a colour, the student's own. */
function Curves({
  curves,
  x,
  y,
}: {
  curves: readonly Curve[];
  x: (v: number) => number;
  y: (v: number) => number;
}) {
  const path = (pts: readonly (readonly [number, number])[]) =>
    pts.map(([a, b], i) => `${i ? 'L' : 'M'}${x(a).toFixed(1)},${y(b).toFixed(1)}`).join('');
  return curves.map((c, i) =>
    c.kind === 'paper' ? (
      c.points.map(([a, b], j) => (
        <circle key={`${i}-${j}`} className="class-curve-paper" cx={x(a)} cy={y(b)} r={6} />
      ))
    ) : (
      <path
        key={i}
        className={`class-curve-${c.kind}`}
        d={path(c.points)}
        style={c.kind === 'class' ? { stroke: colour(i) } : undefined}
      />
    ),
  );
}

/** The name a curve is walked by: "Sketch 3", "The model", "The paper", "Your sketch". */
const curveNames = (t: Translate, curves: readonly Curve[]) => {
  let k = 0;
  return curves.map((c) =>
    c.kind === 'class'
      ? t('chart.class.sketch', { k: ++k })
      : t('chart.class.curve', { key: c.kind }),
  );
};

/** The sketches' walk: each curve a series, each point read in the chart's units. */
function sketchWalk(
  t: Translate,
  xAxis: SketchAxis,
  yAxis: SketchAxis,
  curves: readonly Curve[],
  label: string,
) {
  const names = curveNames(t, curves);
  const spec: WalkSpec = {
    title: label,
    x: { label: xAxis.label, unit: xAxis.unit === xAxis.label ? '' : xAxis.unit, log: xAxis.log },
    y: { label: yAxis.label, unit: yAxis.unit === yAxis.label ? '' : yAxis.unit, log: yAxis.log },
    series: curves.map((c, i) => ({
      name: names[i]!,
      points: [...c.points].sort((p, q) => p[0] - q[0]).map(([x, y]) => ({ x, y })),
    })),
  };
  return { spec, names };
}

/**
 * A pad's pointer: a pointer (mouse, pen or finger) draws one stroke from left to right, sent
 * as at most `maxPoints` points; without dragging (WCAG 2.5.7) taps from left to right are the
 * curve's points, one by one.
 */
function useSketchPad(
  onDraw: ((points: [number, number][]) => void) | undefined,
  maxPoints: number,
  toData: (e: PointerEvent<SVGSVGElement>) => [number, number] | null,
) {
  const [stroke, setStroke] = useState<[number, number][] | null>(null);
  const [taps, setTaps] = useState<[number, number][]>([]);
  const down = (e: PointerEvent<SVGSVGElement>) => {
    if (!onDraw) return;
    const p = toData(e);
    if (!p) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setStroke([p]);
  };
  const move = (e: PointerEvent<SVGSVGElement>) => {
    if (!onDraw || !stroke) return;
    const p = toData(e);
    // One value per x: a curve, drawn left to right.
    if (p && p[0] > stroke[stroke.length - 1]![0]) setStroke([...stroke, p]);
  };
  const up = () => {
    if (!onDraw || !stroke) return;
    if (stroke.length >= 2) {
      onDraw(thin(stroke, maxPoints));
      setTaps([]);
    } else if (stroke.length === 1) {
      const p = stroke[0]!;
      const last = taps.at(-1);
      const next: [number, number][] = last && p[0] > last[0] ? [...taps, p] : [p];
      setTaps(next);
      if (next.length >= 2) onDraw(thin(next, maxPoints));
    }
    setStroke(null);
  };
  const handlers = {
    onPointerDown: down,
    onPointerMove: move,
    onPointerUp: up,
    onPointerCancel: () => setStroke(null),
  };
  return { stroke, taps, handlers };
}

/**
 * Curves over the axes of a step's chart. With `onDraw` it is a pad (useSketchPad; the student
 * page offers typed values beside it, for a keyboard).
 */
export function SketchPlot({
  x: xAxis,
  y: yAxis,
  curves,
  onDraw,
  maxPoints = 64,
  label,
  testId,
}: {
  x: SketchAxis;
  y: SketchAxis;
  curves: readonly Curve[];
  onDraw?: (points: [number, number][]) => void;
  maxPoints?: number;
  label: string;
  testId?: string;
}) {
  const { t } = useChartT();
  const [ref, width] = useWidth<HTMLDivElement>(600);
  const w = Math.max(160, width - PAD.left - PAD.right);
  const h = Math.round(Math.min(320, Math.max(180, w * 0.55)));
  const x = useMemo(() => axisScale(xAxis, [0, w]), [xAxis, w]);
  const y = useMemo(() => axisScale(yAxis, [h, 0]), [yAxis, h]);
  const svg = useRef<SVGSVGElement>(null);
  const toData = (e: PointerEvent<SVGSVGElement>): [number, number] | null => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0) return null;
    const k = (w + PAD.left + PAD.right) / box.width;
    const px = Math.min(w, Math.max(0, (e.clientX - box.left) * k - PAD.left));
    const py = Math.min(h, Math.max(0, (e.clientY - box.top) * k - PAD.top));
    return [x.invert(px), y.invert(py)];
  };
  const { stroke, taps, handlers } = useSketchPad(onDraw, maxPoints, toData);
  const shown: Curve[] = stroke
    ? [...curves.filter((c) => c.kind !== 'mine'), { kind: 'mine', points: stroke }]
    : [...curves];
  const walk = useMemo(
    () => sketchWalk(t, xAxis, yAxis, curves, label),
    [t, xAxis, yAxis, curves, label],
  );
  const [walkAt, setWalkAt] = useState<WalkAt>(null);
  const walked = walkAt && curves[walk.names.indexOf(walkAt.series)];
  const ring = walkAt && walked?.points.find(([a]) => a === walkAt.x);

  return (
    <div ref={ref} className={`class-sketch${onDraw ? ' is-pad' : ''}`} data-testid={testId}>
      <ChartWalk spec={walk.spec} label={label} onPoint={setWalkAt}>
        <svg
          ref={svg}
          viewBox={`0 0 ${w + PAD.left + PAD.right} ${h + PAD.top + PAD.bottom}`}
          role="img"
          aria-label={label}
          {...handlers}
        >
          <g transform={`translate(${PAD.left},${PAD.top})`}>
            <rect className="class-sketch-area" width={w} height={h} />
            <Curves curves={shown} x={x} y={y} />
            {onDraw &&
              taps.map(([a, b]) => (
                <circle key={a} className="class-sketch-tap" cx={x(a)} cy={y(b)} r={5} />
              ))}
            <SketchAxes x={x} y={y} w={w} h={h} xAxis={xAxis} yAxis={yAxis} />
            {ring && <WalkRing cx={x(ring[0])} cy={y(ring[1])} />}
          </g>
        </svg>
      </ChartWalk>
      {onDraw && (
        <p className="class-sketch-hint" data-testid="class-sketch-hint">
          {t('chart.class.tapHint')}
        </p>
      )}
    </div>
  );
}

/** The sketch's two axes and their titles with units. */
function SketchAxes({
  x,
  y,
  w,
  h,
  xAxis,
  yAxis,
}: {
  x: ReturnType<typeof axisScale>;
  y: ReturnType<typeof axisScale>;
  w: number;
  h: number;
  xAxis: SketchAxis;
  yAxis: SketchAxis;
}) {
  const xTicks = useMemo(() => axisBottom(x).ticks(Math.max(2, Math.floor(w / 90)), '~s'), [x, w]);
  const yTicks = useMemo(() => axisLeft(y).ticks(5, '~s'), [y]);
  return (
    <>
      <Axis axis={xTicks} transform={`translate(0,${h})`} />
      <Axis axis={yTicks} />
      <text className="class-axis-label" x={w / 2} y={h + 56} textAnchor="middle">
        {withUnit(xAxis)}
      </text>
      <text
        className="class-axis-label"
        transform={`translate(${-60},${h / 2}) rotate(-90)`}
        textAnchor="middle"
      >
        {withUnit(yAxis)}
      </text>
    </>
  );
}
