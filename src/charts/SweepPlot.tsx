import { memo, useMemo, useState } from 'react';
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import type { LineChartData } from '../models/types';
import { labelWithUnit, withUnit } from '../format';
import { ChartWalk, WalkRing, type WalkAt, type WalkSpec } from './ChartWalk';
import { seriesStyles } from './layout';
import { PlotAxes, PlotSvg } from './PlotFrame';
import { markerPath } from './palette';
import { markedPoints, SeriesSwatch } from './SeriesMark';
import { useProjector, useWidth } from './useWidth';
import { useChartT } from './chartText';
import { unitName } from '../i18n/modelText';

const M_NORMAL = { top: 10, right: 16, bottom: 40, left: 64 };
/** Projector mode's 20 px text (src/styles/projector.css) needs more room around the plot. */
const M_LARGE = { top: 24, right: 24, bottom: 50, left: 84 };
/** The axis titles' size (`.sweep-label`, src/views/explore/explore.css and projector.css). */
const TITLE_PX = { normal: 12, large: 20 };
/** A character's width, at most, in em (the app's sans-serif), and a title's line height. */
const CHAR_EM = 0.62;
const LINE_EM = 1.15;

/**
 * An axis title's lines, each of at most `chars` characters where its words allow: SVG text
 * does not wrap, and a title longer than its chart (a narrow card, projector mode's large
 * text, a language with longer words) would be cut by the card's edge.
 */
export function titleLines(text: string, chars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= chars) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The lines as tspans, each `dy` under the one before it, at `x` (a turned title: 0). */
const Lines = ({ lines, x, dy }: { lines: string[]; x: number; dy: number }) =>
  lines.map((l, i) => (
    <tspan key={i} x={x} dy={i === 0 ? 0 : dy}>
      {i < lines.length - 1 ? `${l} ` : l}
    </tspan>
  ));

type Styles = ReturnType<typeof seriesStyles>;

/**
 * Each series' line and some of its points' markers. Memoised: a drag step moves only the
 * "now" line, so the lines (the same data, the same scales) are not drawn again (issue #31).
 */
const SweepLines = memo(function SweepLines({
  series,
  styles,
  x,
  y,
  large,
}: {
  series: LineChartData['series'];
  styles: Styles;
  x: (v: number) => number;
  y: (v: number) => number;
  large: boolean;
}) {
  const path = line<{ x: number; y: number }>()
    .x((p) => x(p.x))
    .y((p) => y(p.y));
  return series.map((s, i) => (
    <g key={s.name} data-marker={styles[i]!.marker}>
      <path
        d={path(s.points) ?? ''}
        fill="none"
        stroke={styles[i]!.colour}
        strokeWidth={2.5}
        strokeDasharray={styles[i]!.dash}
        className="sweep-line"
      />
      {markedPoints(s.points, 12, 8, i).map((p) => (
        <path
          key={p.x}
          className="series-mark"
          d={markerPath(styles[i]!.marker, large ? 5 : 3.5, x(p.x), y(p.y))}
          fill={styles[i]!.colour}
        />
      ))}
    </g>
  ));
});

/** The legend under the chart: each series' line and marker, and its name. */
function SweepLegend({ series, styles }: { series: LineChartData['series']; styles: Styles }) {
  return (
    <ul className="sweep-legend">
      {series.map((s, i) => (
        <li key={s.name}>
          <svg
            className="sweep-key"
            width="28"
            height="14"
            viewBox="0 0 28 14"
            aria-hidden="true"
            focusable="false"
          >
            <SeriesSwatch style={styles[i]!} />
          </svg>
          {s.name}
        </li>
      ))}
    </ul>
  );
}

/** The sweep's scales and axes: x as the knob's slider (log or linear), y log past 100×. */
function useSweepScales(data: LineChartData, w: number, h: number, large: boolean) {
  // The points, read once per series (not on every "now" step of a drag).
  const { xs, ys, xKey, yKey, yLog } = useMemo(() => {
    const points = data.series.flatMap((s) => s.points);
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const yLog = Math.min(...ys) > 0 && Math.max(...ys) / Math.min(...ys) > 100;
    return { xs, ys, xKey: xs.join(','), yKey: ys.join(','), yLog };
  }, [data.series]);
  const x = useMemo(() => {
    const lo = Math.min(...xs);
    const hi = Math.max(...xs);
    return data.xScale === 'log' && lo > 0
      ? scaleLog().domain([lo, hi]).range([0, w])
      : scaleLinear().domain([lo, hi]).range([0, w]);
    // The points identify the domain.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [xKey, w, data.xScale]);
  const y = useMemo(() => {
    const lo = Math.min(...ys);
    const hi = Math.max(...ys);
    return yLog
      ? scaleLog().domain([lo, hi]).range([h, 0]).nice()
      : scaleLinear()
          .domain([Math.min(0, lo), hi === lo ? hi + 1 : hi])
          .range([h, 0])
          .nice();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [yKey, h, yLog]);
  const xAxis = useMemo(() => {
    const count = Math.max(2, Math.floor(w / (large ? 110 : 80)));
    // A knob of whole numbers ticks whole numbers only (no 1.5 cores).
    // A log axis ticks powers of ten, every k-th so that `count` fit: d3's own log ticks label
    // every decade, and in a narrow chart "1", "100" and "10k" ran together.
    if (data.xScale === 'log') {
      const decades = powersOfTen(x.domain() as [number, number]);
      if (decades.length >= 2) {
        const every = Math.ceil(decades.length / count);
        return axisBottom(x)
          .tickValues(decades.filter((_, i) => i % every === 0))
          .tickFormat(x.tickFormat(count, '~s'));
      }
    }
    if (!data.xInteger || data.xScale === 'log') return axisBottom(x).ticks(count, '~s');
    return axisBottom(x)
      .tickValues(x.ticks(count).filter(Number.isInteger))
      .tickFormat(x.tickFormat(count, '~s'));
  }, [x, w, large, data.xInteger, data.xScale]);
  const yAxis = useMemo(() => axisLeft(y).ticks(4, '~s'), [y]);
  return { x, y, xAxis, yAxis };
}

/** The powers of ten from `lo` to `hi`. */
function powersOfTen([lo, hi]: [number, number]): number[] {
  const out: number[] = [];
  for (let p = Math.ceil(Math.log10(lo)); p <= Math.floor(Math.log10(hi)); p++) out.push(10 ** p);
  return out;
}

/** What the keyboard walks (the series as drawn), and the point it is at, to ring. */
function useSweepWalk(data: LineChartData) {
  const walk = useMemo<WalkSpec>(
    () => ({
      title: data.title,
      x: { label: data.xLabel, unit: data.xUnit, log: data.xScale === 'log' },
      y: { label: data.yLabel, unit: data.yUnit },
      series: data.series,
    }),
    [data],
  );
  const [walkAt, setWalkAt] = useState<WalkAt>(null);
  const ringAt =
    walkAt &&
    data.series.find((s) => s.name === walkAt.series)?.points.find((p) => p.x === walkAt.x);
  return { walk, setWalkAt, ringAt };
}

/**
 * The explore strip's chart: a sweep of one knob, short enough to sit beside the knob and the
 * headline cells, with the knob's current value as a vertical "now" line. Each series has the
 * colour, dash and marker it has in the page's line chart (`seriesStyles`), named in the legend
 * under it with the same line and marker.
 */
export const SweepPlot = memo(function SweepPlot({
  data,
  now,
  height = 190,
}: {
  data: LineChartData;
  now: number;
  height?: number;
}) {
  const [ref, width] = useWidth<HTMLDivElement>(480);
  const large = useProjector();
  const { t } = useChartT();
  const M0 = large ? M_LARGE : M_NORMAL;
  // Each title wrapped to what the chart holds: x's across the whole drawing, y's (turned) up
  // the plot and its top margin, in two lines at most, the plot taller if they need it; the
  // margins grow by the extra lines.
  const px = large ? TITLE_PX.large : TITLE_PX.normal;
  const charW = px * CHAR_EM;
  const lineH = Math.round(px * LINE_EM);
  // The units in the page's words ("registros", not "records"), as the aria label has them.
  const xTitle = labelWithUnit(data.xLabel, unitName(t, data.xUnit));
  const yTitle = labelWithUnit(data.yLabel, unitName(t, data.yUnit));
  const xLines = titleLines(xTitle, Math.floor(Math.max(120, width) / charW));
  const yRoom = height - M0.bottom + M0.top;
  let yChars = Math.floor(yRoom / charW);
  let yLines = titleLines(yTitle, yChars);
  while (yLines.length > 2) yLines = titleLines(yTitle, ++yChars);
  const yLongest = Math.max(...yLines.map((l) => l.length)) * charW;
  const h = height - M0.top - M0.bottom + Math.max(0, Math.ceil(yLongest - yRoom));
  const M = {
    ...M0,
    bottom: M0.bottom + (xLines.length - 1) * lineH,
    left: M0.left + (yLines.length - 1) * lineH,
  };
  // As wide as the card leaves (a projector's narrow column: under 120 px), never past it.
  const w = Math.max(60, width - M.left - M.right);
  const box = { width: w + M.left + M.right, scale: 1, M, w };
  // The x title under the plot's middle if it fits there, else under the drawing's.
  const fitsUnderPlot =
    xLines.length === 1 && xTitle.length * px * CHAR_EM <= w + 2 * Math.min(M.left, M.right);
  const xAt = fitsUnderPlot ? w / 2 : box.width / 2 - M.left;
  const { x, y, xAxis, yAxis } = useSweepScales(data, w, h, large);
  const styles = useMemo(() => seriesStyles(data.series), [data.series]);
  const [lo, hi] = x.domain() as [number, number];
  const at = Math.min(hi, Math.max(lo, now));
  const { walk, setWalkAt, ringAt } = useSweepWalk(data);

  return (
    <div ref={ref} className="sweep-plot">
      <ChartWalk spec={walk} label={data.title} onPoint={setWalkAt}>
        <PlotSvg
          label={t('chart.sweep.aria', {
            title: data.title,
            now:
              t.lang === 'en'
                ? withUnit(String(now), data.xUnit)
                : `${String(now)} ${unitName(t, data.xUnit, now)}`.trim(),
          })}
          box={box}
          height={h + M.top + M.bottom}
          data-now={now}
        >
          <SweepLines series={data.series} styles={styles} x={x} y={y} large={large} />
          <g className="sweep-now" transform={`translate(${x(at)},0)`}>
            <line y1={0} y2={h} />
            {/* Beside the line, on the side with room ("ahora" at the right end stays in). */}
            <text y={-1} x={x(at) > w / 2 ? -4 : 4} textAnchor={x(at) > w / 2 ? 'end' : 'start'}>
              {t('chart.sweep.now')}
            </text>
          </g>
          {ringAt && <WalkRing cx={x(ringAt.x)} cy={y(ringAt.y)} />}
          <PlotAxes
            box={box}
            h={h}
            x={xAxis}
            y={yAxis}
            className="sweep-label"
            titles={[
              <Lines key="x" lines={xLines} x={xAt} dy={lineH} />,
              <Lines key="y" lines={yLines} x={0} dy={lineH} />,
            ]}
            // The turned title's letters (their ascent, outwards) inside the drawing's edge.
            at={[M0.bottom - 6, M.left - Math.max(14, Math.ceil(px * 0.95))]}
          />
        </PlotSvg>
      </ChartWalk>
      <SweepLegend series={data.series} styles={styles} />
      {data.caption && (
        <p className="sweep-caption" data-testid="sweep-caption">
          {data.caption}
        </p>
      )}
    </div>
  );
});
