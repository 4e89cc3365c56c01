import { memo, useMemo } from 'react';
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import type { LineChartData } from '../models/types';
import { Axis } from './Axis';
import { colour, PALETTE } from './palette';
import { useWidth } from './useWidth';

const M = { top: 10, right: 16, bottom: 40, left: 64 };
const DASHES = ['', '8 4', '3 3', '10 3 3 3'];

/**
 * The explore strip's chart: a sweep of one knob, short enough to sit beside the knob and the
 * headline cells, with the knob's current value as a vertical "now" line. Each series has its
 * own colour and dash, named in the legend under it.
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
  const w = Math.max(120, width - M.left - M.right);
  const h = height - M.top - M.bottom;
  const points = data.series.flatMap((s) => s.points);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = useMemo(() => {
    const lo = Math.min(...xs);
    const hi = Math.max(...xs);
    return data.xScale === 'log' && lo > 0
      ? scaleLog().domain([lo, hi]).range([0, w])
      : scaleLinear().domain([lo, hi]).range([0, w]);
    // The points identify the domain.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [xs.join(','), w, data.xScale]);
  const yLog = Math.min(...ys) > 0 && Math.max(...ys) / Math.min(...ys) > 100;
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
  }, [ys.join(','), h, yLog]);
  const path = line<{ x: number; y: number }>()
    .x((p) => x(p.x))
    .y((p) => y(p.y));
  const xAxis = useMemo(() => axisBottom(x).ticks(Math.max(2, Math.floor(w / 80)), '~s'), [x, w]);
  const yAxis = useMemo(() => axisLeft(y).ticks(4, '~s'), [y]);
  const [lo, hi] = x.domain() as [number, number];
  const at = Math.min(hi, Math.max(lo, now));
  const unit = (u: string) => (u ? ` (${u})` : '');

  return (
    <div ref={ref} className="sweep-plot">
      <svg
        width={w + M.left + M.right}
        height={height}
        role="img"
        aria-label={`${data.title}; now at ${now} ${data.xUnit}`}
        data-now={now}
      >
        <g transform={`translate(${M.left},${M.top})`}>
          {data.series.map((s, i) => (
            <path
              key={s.name}
              d={path(s.points) ?? ''}
              fill="none"
              stroke={colour(i)}
              strokeWidth={2.5}
              strokeDasharray={DASHES[Math.floor(i / PALETTE.length) % DASHES.length] || undefined}
              className="sweep-line"
            />
          ))}
          <g className="sweep-now" transform={`translate(${x(at)},0)`}>
            <line y1={0} y2={h} />
            <text y={-1} x={4}>
              now
            </text>
          </g>
          <Axis axis={xAxis} transform={`translate(0,${h})`} />
          <Axis axis={yAxis} />
          <text className="sweep-label" x={w / 2} y={h + 34} textAnchor="middle">
            {data.xLabel}
            {unit(data.xUnit)}
          </text>
          <text
            className="sweep-label"
            transform={`translate(${-50},${h / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            {data.yLabel}
            {unit(data.yUnit)}
          </text>
        </g>
      </svg>
      <ul className="sweep-legend">
        {data.series.map((s, i) => (
          <li key={s.name}>
            <span className="sweep-swatch" style={{ background: colour(i) }} aria-hidden="true" />
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
});
