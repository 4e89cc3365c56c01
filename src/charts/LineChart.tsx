import { memo, useMemo, useState } from 'react';
import { axisBottom, axisLeft } from 'd3-axis';
import { extent, max, min } from 'd3-array';
import { format } from 'd3-format';
import { scaleLinear, scaleLog } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { LineChartData, LinePoint } from '../models/types';
import { PlotAxes, PlotSvg, usePlotBox } from './PlotFrame';
import { DataChartFigure, Legend } from './ChartFigure';
import { readValue, WalkRing, type WalkAt, type WalkSpec } from './ChartWalk';
import { coincidingSeries, placeMarkerLabels, seriesStyles } from './layout';
import { markerPath } from './palette';
import { markedPoints, SeriesSwatch } from './SeriesMark';
import { useChartT, useLocalChart } from './chartText';
import type { Translate } from '../i18n/LangContext';
import { formatExact, numberLocale } from '../format';

const HEIGHT = 300;
const M_NORMAL = { top: 24, right: 20, bottom: 52, left: 76 };
/** Drawn larger (projector mode), the labels are larger too: more room for them. */
const M_LARGE = { top: 30, right: 24, bottom: 62, left: 96 };
const d3Thousands = format(',');
/** A number grouped by thousands in the page's locale (d3's English grouping in English). */
const thousands = (v: number) => (numberLocale() === 'en-US' ? d3Thousands(v) : formatExact(v));
/** How strongly a faded series (compare mode's pinned A) is drawn. */
const FADED_OPACITY = 0.45;
/** A line with more points than this has a marker on some of them only, */
const MAX_LINE_DOTS = 100;
/** about this many. */
const SPARSE_MARKS = 12;

/** The series as drawn: points a log axis can show, the interval band, a style no other has. */
function lineSeries(given: LineChartData['series'], log: boolean, logY: boolean) {
  const styles = seriesStyles(given);
  return given.map((s, i) => ({
    ...s,
    // A log axis cannot show values ≤ 0; such points are left out rather than drawn wrongly.
    points: s.points.filter(
      (p) =>
        Number.isFinite(p.x) && Number.isFinite(p.y) && (!log || p.x > 0) && (!logY || p.y > 0),
    ),
    band: (s.band ?? []).filter(
      (b) =>
        Number.isFinite(b.x) &&
        Number.isFinite(b.lo) &&
        Number.isFinite(b.hi) &&
        (!log || b.x > 0) &&
        (!logY || b.lo > 0),
    ),
    // Colour, dash and marker: no two series alike, in colour or in greyscale.
    style: styles[i]!,
    colour: styles[i]!.colour,
    dash: styles[i]!.dash,
    // A faded copy (compare mode's A) beside its full-strength twin.
    opacity: s.faded ? FADED_OPACITY : undefined,
  }));
}
type Series = ReturnType<typeof lineSeries>[number];

/** The paper's measured points a log axis can show. */
const paperPointsOf = (given: LineChartData['paperPoints'], log: boolean, logY: boolean) =>
  (given ?? []).flatMap((p) =>
    p.y !== undefined &&
    Number.isFinite(p.x) &&
    Number.isFinite(p.y) &&
    (!log || p.x > 0) &&
    (!logY || p.y > 0)
      ? [{ ...p, y: p.y }]
      : [],
  );
type PaperPoint = ReturnType<typeof paperPointsOf>[number];

/** Scales over every point, band edge and paper point. */
function lineScales(
  series: readonly Series[],
  paper: readonly PaperPoint[],
  { log, logY, innerW, innerH }: { log: boolean; logY: boolean; innerW: number; innerH: number },
) {
  const all = [
    ...series.flatMap((s) => s.points),
    ...series.flatMap((s) =>
      s.band.flatMap((b) => [
        { x: b.x, y: b.lo },
        { x: b.x, y: b.hi },
      ]),
    ),
    ...paper,
  ];
  const [x0 = 1, x1 = 10] = extent(all, (p) => p.x);
  const yMax = max(all, (p) => p.y) ?? 1;
  const xs = (log ? scaleLog() : scaleLinear())
    .domain(x0 === x1 ? [x0, x0 * 2 || 1] : [x0, x1])
    .range([0, innerW]);
  const yMin = min(all, (p) => p.y) ?? 1;
  const ys = logY
    ? scaleLog()
        .domain(yMin === yMax ? [yMin / 2, yMax * 2] : [yMin, yMax])
        .nice()
        .range([innerH, 0])
    : scaleLinear()
        // From 0, or below it when a series goes negative (a saving that is a loss).
        .domain([Math.min(0, yMin * 1.05), yMax > 0 ? yMax * 1.05 : yMin < 0 ? 0 : 1])
        .nice()
        .range([innerH, 0]);
  return { x: xs, y: ys };
}
type Scale = (v: number) => number;

/** The data's caption, and which series coincide (one line hides the others). */
function captionOf(t: Translate, data: LineChartData, series: readonly Series[]) {
  const coinciding = coincidingSeries(series);
  if (coinciding.length === 0) return data.caption;
  const said = coinciding.map((names) =>
    t('chart.line.coincide', {
      first: names
        .slice(0, -1)
        .map((n) => t('chart.quoted', { name: n }))
        .join(', '),
      last: t('chart.quoted', { name: names.at(-1) ?? '' }),
      count: names.length,
    }),
  );
  return `${data.caption ?? ''}${data.caption ? ' ' : ''}${said.join(' ')}`;
}

/** What a screen reader says of the chart: axes, each series' range, markers, paper points. */
function ariaLabelOf(
  t: Translate,
  data: LineChartData,
  titles: { x: string; y: string; xMin: number; xMax: number },
  series: readonly Series[],
  markers: readonly { label: string }[],
  paper: readonly PaperPoint[],
) {
  const range = (lo: number, hi: number) =>
    t('chart.line.range', {
      lo: thousands(Math.round(lo)),
      hi: thousands(Math.round(hi)),
      unit: data.yUnit,
    });
  const each = series.map((s) => {
    const ys = s.points.map((p) => p.y);
    const values = ys.length ? range(Math.min(...ys), Math.max(...ys)) : t('chart.line.noPoints');
    const band = s.band.length
      ? t('chart.line.interval', {
          range: range(Math.min(...s.band.map((b) => b.lo)), Math.max(...s.band.map((b) => b.hi))),
        })
      : '';
    const style = s.dashed ? 'dashed' : s.dots ? 'dots' : 'line';
    return t('chart.line.series', { name: s.name, style, values, band });
  });
  return (
    t('chart.line.head', {
      title: data.title,
      y: titles.y,
      x: titles.x,
      from: thousands(titles.xMin),
      to: thousands(titles.xMax),
    }) +
    each.join('; ') +
    (markers.length
      ? t('chart.line.markers', { markers: markers.map((m) => m.label).join(', ') })
      : '.') +
    (paper.length
      ? t('chart.line.paper', {
          points: paper
            .map((p) =>
              t('chart.line.paperPoint', {
                label: p.label,
                value: thousands(p.y),
                unit: data.yUnit,
                x: thousands(p.x),
              }),
            )
            .join('; '),
        })
      : '')
  );
}

/** The paper's points, walked as a series of their own (its name in the page's language). */
const paperSeries = (t: Translate) => t('chart.line.paperMeasured');

/**
 * What the keyboard walks: each drawn series (a point with its interval when the model gives
 * one), then the paper's measured points as a series of their own.
 */
function walkOf(
  t: Translate,
  data: LineChartData,
  series: readonly Series[],
  paper: readonly PaperPoint[],
) {
  const x = { label: data.xLabel, unit: data.xUnit, log: data.xScale === 'log' };
  const y = { label: data.yLabel, unit: data.yUnit, log: data.yScale === 'log' };
  const spec: WalkSpec = {
    title: data.title,
    x,
    y,
    series: [
      ...series.map((s) => {
        const bands = new Map(s.band.map((b) => [b.x, b]));
        return {
          name: s.name,
          points: s.points.map((p) => {
            const b = bands.get(p.x);
            return {
              x: p.x,
              y: p.y,
              label: b
                ? t('chart.line.walkInterval', {
                    lo: readValue({ ...y, label: '' }, b.lo),
                    hi: readValue({ ...y, label: '' }, b.hi),
                  })
                : undefined,
            };
          }),
        };
      }),
      ...(paper.length
        ? [
            {
              name: paperSeries(t),
              points: [...paper]
                .sort((a, b) => a.x - b.x)
                .map((p) => ({ x: p.x, y: p.y, label: p.label })),
            },
          ]
        : []),
    ],
  };
  return spec;
}

/** The legend: each series, the interval band if any is drawn, the paper's points if any. */
function LineLegend({
  series,
  paper,
}: {
  series: readonly Series[];
  paper: readonly PaperPoint[];
}) {
  const { t } = useChartT();
  const band = {
    label: t('chart.line.band'),
    swatch: <rect x="2" y="1" width="24" height="12" fill="var(--ink, #000)" fillOpacity={0.14} />,
  };
  const measured = {
    label: paperSeries(t),
    swatch: (
      <path
        d="M14 1 L20 7 L14 13 L8 7 Z"
        fill="var(--paper, #fff)"
        stroke="var(--ink, #000)"
        strokeWidth="1.8"
      />
    ),
  };
  return (
    <Legend
      items={[
        ...series.map((s) => ({
          label: s.name,
          swatch: <SeriesSwatch style={s.style} dots={s.dots} opacity={s.opacity} />,
        })),
        ...(series.some((s) => s.band.length > 1) ? [band] : []),
        ...(paper.length ? [measured] : []),
      ]}
    />
  );
}

/** Each series' interval band, then its line and marks. */
const SeriesLines = memo(function SeriesLines({
  series,
  x,
  y,
  scale,
}: {
  series: readonly Series[];
  x: Scale;
  y: Scale;
  scale: number;
}) {
  const path = line<LinePoint>()
    .x((p) => x(p.x))
    .y((p) => y(p.y));
  const bandPath = area<{ x: number; lo: number; hi: number }>()
    .x((b) => x(b.x))
    .y0((b) => y(b.lo))
    .y1((b) => y(b.hi));
  return (
    <>
      {series.map(
        (s) =>
          s.band.length > 1 && (
            <path
              key={`band-${s.name}`}
              className="band"
              d={bandPath(s.band) ?? ''}
              fill={s.colour}
              fillOpacity={0.14}
              stroke="none"
            />
          ),
      )}
      {series.map((s, i) => (
        <g key={s.name} data-marker={s.style.marker} data-dash={s.dash ?? 'solid'}>
          {!s.dots && (
            <path
              d={path(s.points) ?? ''}
              fill="none"
              stroke={s.colour}
              strokeOpacity={s.opacity}
              strokeWidth={2.5}
              strokeDasharray={s.dash}
            />
          )}
          {(s.dots ? s.points : markedPoints(s.points, MAX_LINE_DOTS, SPARSE_MARKS, i)).map((p) => (
            <path
              key={p.x}
              className="series-mark"
              d={markerPath(
                s.style.marker,
                (s.dots ? 3 : 3.5) * (scale > 1 ? 1.3 : 1),
                x(p.x),
                y(p.y),
              )}
              fill={s.colour}
              fillOpacity={s.opacity ?? (s.dots ? 0.75 : undefined)}
            />
          ))}
        </g>
      ))}
    </>
  );
});

/** The paper's measured points, as diamonds with their values on hover. */
const PaperPoints = memo(function PaperPoints({
  paper,
  x,
  y,
  unit,
}: {
  paper: readonly PaperPoint[];
  x: Scale;
  y: Scale;
  unit: string;
}) {
  const { t } = useChartT();
  return paper.map((p) => (
    <path
      key={`${p.table}-${p.row}-${p.column}-${p.x}`}
      className="paper-point"
      d={`M${x(p.x)} ${y(p.y) - 7} L${x(p.x) + 7} ${y(p.y)} L${x(p.x)} ${y(p.y) + 7} L${x(p.x) - 7} ${y(p.y)} Z`}
      fill="var(--paper, #fff)"
      stroke="var(--ink, #000)"
      strokeWidth={1.8}
    >
      <title>{t('chart.line.paperTitle', { label: p.label, value: thousands(p.y), unit })}</title>
    </path>
  ));
});

/**
 * Line chart of model sweeps: log or linear x, dashed or dots-only series, vertical markers,
 * and a light band per series for its prediction interval when the model gives one.
 */
export const LineChart = memo(function LineChart({ data: given }: { data: LineChartData }) {
  const { t } = useChartT();
  const data = useLocalChart(given);
  const { ref, box, w: innerW } = usePlotBox(M_NORMAL, M_LARGE);
  const { scale, M } = box;
  const innerH = HEIGHT - M.top - M.bottom;
  const log = data.xScale === 'log';
  const logY = data.yScale === 'log';
  // By the parts they draw: a step that changes only a title or a marker (issue #31; the
  // session keeps unchanged parts' objects, src/state/keepUnchanged.ts) draws no line again.
  const series = useMemo(() => lineSeries(data.series, log, logY), [data.series, log, logY]);
  const paper = useMemo(
    () => paperPointsOf(data.paperPoints, log, logY),
    [data.paperPoints, log, logY],
  );
  const { x, y } = useMemo(
    () => lineScales(series, paper, { log, logY, innerW, innerH }),
    [series, paper, log, logY, innerW, innerH],
  );
  const xAxis = useMemo(
    () => axisBottom(x).ticks(Math.max(2, Math.floor(innerW / (scale > 1 ? 120 : 90))), ',~f'),
    [x, innerW, scale],
  );
  const yAxis = useMemo(() => axisLeft(y).ticks(6, ',~f').tickSizeOuter(0), [y]);
  const [xMin, xMax] = x.domain() as [number, number];
  const markers = (data.markers ?? []).filter((m) => m.x >= xMin && m.x <= xMax);
  // Labels that would overlap go one line lower, inside the plot, on a white halo.
  const labelRows = placeMarkerLabels(
    markers.map((m) => ({ px: x(m.x), label: m.label })),
    innerW,
  );
  const axisTitle = (label: string, unit: string, isLog: boolean) =>
    t('chart.line.axis', { label, unit, log: String(isLog) });
  const xTitle = axisTitle(data.xLabel, data.xUnit, log);
  const yTitle = axisTitle(data.yLabel, data.yUnit, logY);
  const titles = { x: xTitle, y: yTitle, xMin, xMax };
  const walk = useMemo(() => walkOf(t, data, series, paper), [t, data, series, paper]);
  const [walkAt, setWalkAt] = useState<WalkAt>(null);
  const ringAt =
    walkAt &&
    (walkAt.series === paperSeries(t)
      ? paper.find((p) => p.x === walkAt.x)
      : series.find((s) => s.name === walkAt.series)?.points.find((p) => p.x === walkAt.x));

  return (
    <DataChartFigure
      data={data}
      caption={captionOf(t, data, series)}
      containerRef={ref}
      walk={walk}
      onWalk={setWalkAt}
      legend={<LineLegend series={series} paper={paper} />}
    >
      <PlotSvg
        label={ariaLabelOf(t, data, titles, series, markers, paper)}
        box={box}
        height={HEIGHT}
        className="chart-svg"
      >
        <g className="grid" aria-hidden="true">
          {y.ticks(6).map((t) => (
            <line key={t} x1={0} x2={innerW} y1={y(t)} y2={y(t)} />
          ))}
        </g>
        <PlotAxes
          x={xAxis}
          y={yAxis}
          box={box}
          h={innerH}
          titles={[xTitle, yTitle]}
          at={[M.bottom - 10, M.left - 16]}
        />
        {markers.map((m, i) => {
          const place = labelRows[i]!;
          return (
            <g key={`${m.x}-${m.label}`} className="marker" transform={`translate(${x(m.x)},0)`}>
              <line y1={-6} y2={innerH} />
              <text
                y={place.row === 0 ? -10 : 4 + 14 * place.row}
                className={place.row === 0 ? undefined : 'marker-label-inner'}
                textAnchor={place.anchor}
              >
                {m.label}
              </text>
            </g>
          );
        })}
        <SeriesLines series={series} x={x} y={y} scale={scale} />
        <PaperPoints paper={paper} x={x} y={y} unit={data.yUnit} />
        {ringAt && <WalkRing cx={x(ringAt.x)} cy={y(ringAt.y)} />}
      </PlotSvg>
    </DataChartFigure>
  );
});
