import { memo, useMemo, useState } from 'react';
import { axisBottom } from 'd3-axis';
import { scaleLinear } from 'd3-scale';
import type { TableSensitivity } from '../compare/sensitivity';
import { formatValue, withUnit } from '../format';
import { barWalk, useSameWalk } from './barWalk';
import { PlotAxes, PlotSvg, usePlotBox } from './PlotFrame';
import { ChartFigure, Legend } from './ChartFigure';
import { WalkRing, type WalkAt } from './ChartWalk';
import type { ChartTable } from './chartData';
import { colour } from './palette';

const M = { top: 4, right: 56, bottom: 40, left: 12 };
const LABEL_H = 16;
const BAR_H = 14;
const GAP = 10;
const ROW_H = LABEL_H + BAR_H + GAP;
/** The parameters drawn; the data table lists them all. */
export const TORNADO_SHOWN = 8;

const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(2)}`;

/** Every parameter's elasticities as a table, for "Show the data table". */
export function tornadoTable(data: TableSensitivity): ChartTable {
  return {
    columns: ['Parameter', 'Value', 'Elasticity (mean)', 'Lowest row', 'Highest row', 'Most in'],
    rows: data.params.map((p) => [
      p.label,
      withUnit(formatValue(p.value), p.unit),
      signed(p.elasticity),
      signed(p.min),
      signed(p.max),
      p.row,
    ]),
    omitted: 0,
  };
}

/** One sentence: which parameter matters most, in numbers. */
export function tornadoSummary(data: TableSensitivity): string {
  const top = data.params[0];
  if (!top) return `No parameter moves the “${data.columnLabel}” cells here.`;
  return (
    `Of ${data.params.length} parameters that move the “${data.columnLabel}” cells, ` +
    `${top.label} matters most: 1 % more moves them by ${signed(top.elasticity)} % on average ` +
    `(${signed(top.min)} to ${signed(top.max)} % across the rows).`
  );
}

/** A bar is the mean over the rows; its whisker, the lowest to the highest row. */
const TORNADO_LEGEND = (
  <Legend
    items={[
      {
        label: 'Mean over the rows',
        swatch: <rect x="1" y="3" width="26" height="8" fill={colour(0)} />,
      },
      {
        label: 'Lowest to highest row',
        swatch: <line x1="2" x2="26" y1="7" y2="7" stroke="currentColor" strokeWidth="2" />,
      },
    ]}
  />
);

/** The walk: each parameter's bar (the mean), with its value and its rows' range said. */
const tornadoWalk = (data: TableSensitivity, shown: TableSensitivity['params']) =>
  barWalk(
    `Elasticity of ${data.columnLabel}`,
    { label: 'Elasticity', unit: '% per 1 %' },
    shown.map((p) => `${p.label} at ${withUnit(formatValue(p.value), p.unit)}`),
    [
      {
        name: 'Mean over the rows',
        values: shown.map((p) => p.elasticity),
        notes: shown.map((p) => `rows ${signed(p.min)} to ${signed(p.max)}`),
      },
    ],
  );

/** One parameter's row: its name and value, its bar from 0, its whisker, its number. */
function TornadoRow({
  p,
  top: y,
  x,
}: {
  p: TableSensitivity['params'][number];
  top: number;
  x: (v: number) => number;
}) {
  const zero = x(0);
  const end = x(p.elasticity);
  const mid = y + LABEL_H + BAR_H / 2;
  return (
    <g data-param={p.key}>
      <text className="lane-label" x={0} y={y + LABEL_H - 4}>
        {p.label} ({withUnit(formatValue(p.value), p.unit)})
      </text>
      <rect
        x={Math.min(zero, end)}
        y={y + LABEL_H}
        width={Math.max(1, Math.abs(end - zero))}
        height={BAR_H}
        fill={colour(0)}
      />
      <line x1={x(p.min)} x2={x(p.max)} y1={mid} y2={mid} stroke="currentColor" strokeWidth={1.5} />
      {[p.min, p.max].map((v, j) => (
        <line
          key={j}
          x1={x(v)}
          x2={x(v)}
          y1={mid - 4}
          y2={mid + 4}
          stroke="currentColor"
          strokeWidth={1.5}
        />
      ))}
      <text className="bar-label" x={Math.max(end, x(p.max), zero) + 6} y={mid + 4}>
        {signed(p.elasticity)}
      </text>
    </g>
  );
}

/**
 * A tornado chart of elasticities, d ln(y) / d ln(p): one bar per parameter, largest first,
 * from 0 to the mean over the table's headline rows, with a whisker from the lowest row's to
 * the highest row's. Right of 0: the cells grow with the parameter; left: they shrink.
 */
export const TornadoChart = memo(function TornadoChart({ data }: { data: TableSensitivity }) {
  const { ref, box, w: innerW } = usePlotBox(M);
  const shown = data.params.slice(0, TORNADO_SHOWN);
  const innerH = Math.max(1, shown.length) * ROW_H;
  const height = innerH + M.top + M.bottom;
  const x = useMemo(() => {
    // 0 always in view; a side no parameter reaches is not drawn.
    const lo = Math.min(0, ...shown.map((p) => p.min));
    const hi = Math.max(0, ...shown.map((p) => p.max));
    return scaleLinear()
      .domain(hi - lo < 0.05 ? [lo, lo + 0.05] : [lo, hi])
      .nice()
      .range([0, innerW]);
  }, [shown, innerW]);
  const table = useMemo(() => tornadoTable(data), [data]);
  const summary = tornadoSummary(data);
  const ariaLabel =
    `Elasticity of ${data.columnLabel} to each parameter, ${data.title}: ` +
    shown
      .map((p) => `${p.label} ${signed(p.elasticity)} (rows ${signed(p.min)} to ${signed(p.max)})`)
      .join('; ');
  const walk = useSameWalk(tornadoWalk(data, shown));
  const [walkAt, setWalkAt] = useState<WalkAt>(null);
  const walked = walkAt && shown[walkAt.x - 1];
  const zero = x(0);
  return (
    <ChartFigure
      id={`tornado-${data.table}`}
      title={`Which parameters matter most: ${data.columnLabel}${data.unit ? ` (${data.unit})` : ''}`}
      summary={summary}
      table={table}
      containerRef={ref}
      walk={walk}
      onWalk={setWalkAt}
      caption="Bars: the per cent the headline cells move for 1 % more of the parameter (elasticity, mean over the rows, by central differences at ±5 %); whiskers: the lowest and highest row. Right of 0 the cells grow with the parameter."
      legend={TORNADO_LEGEND}
    >
      <PlotSvg label={ariaLabel} box={box} height={height} className="chart-svg">
        <g className="grid" aria-hidden="true">
          {x.ticks(6).map((t) => (
            <line key={t} x1={x(t)} x2={x(t)} y1={0} y2={innerH} />
          ))}
        </g>
        <line x1={zero} x2={zero} y1={0} y2={innerH} stroke="currentColor" strokeWidth={1} />
        {shown.map((p, i) => (
          <TornadoRow key={p.key} p={p} top={i * ROW_H} x={x} />
        ))}
        {walked && walkAt && (
          <WalkRing cx={x(walked.elasticity)} cy={(walkAt.x - 1) * ROW_H + LABEL_H + BAR_H / 2} />
        )}
        <PlotAxes
          box={box}
          h={innerH}
          x={axisBottom(x).ticks(6, '+.2~f')}
          titles={['% change of the cells for 1 % more of the parameter']}
          at={[34]}
        />
      </PlotSvg>
    </ChartFigure>
  );
});
