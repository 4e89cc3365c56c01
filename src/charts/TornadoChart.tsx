import { memo, useMemo, useState } from 'react';
import { axisBottom } from 'd3-axis';
import { scaleLinear } from 'd3-scale';
import type { TableSensitivity } from '../compare/sensitivity';
import { formatValue, numberLocale, withUnit } from '../format';
import type { Translate } from '../i18n/LangContext';
import { ENGLISH, useChartT } from './chartText';
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

/** Two decimals, signed: `+0.93`, `−1.20` (`+0,93` in Spanish: through Intl past English). */
const signed = (x: number) => {
  const abs = Math.abs(x);
  const digits =
    numberLocale() === 'en-US'
      ? abs.toFixed(2)
      : new Intl.NumberFormat(numberLocale(), {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
          useGrouping: false,
        }).format(abs);
  return `${x > 0 ? '+' : x < 0 ? '−' : ''}${digits}`;
};

/** Every parameter's elasticities as a table, for "Show the data table". */
export function tornadoTable(data: TableSensitivity, t: Translate = ENGLISH): ChartTable {
  return {
    columns: [
      t('chart.tornado.parameter'),
      t('chart.tornado.value'),
      t('chart.tornado.mean'),
      t('chart.tornado.lowest'),
      t('chart.tornado.highest'),
      t('chart.tornado.mostIn'),
    ],
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
export function tornadoSummary(data: TableSensitivity, t: Translate = ENGLISH): string {
  const top = data.params[0];
  if (!top) return t('chart.tornado.none', { column: data.columnLabel });
  return t('chart.tornado.summary', {
    count: data.params.length,
    column: data.columnLabel,
    top: top.label,
    mean: signed(top.elasticity),
    min: signed(top.min),
    max: signed(top.max),
  });
}

/** A bar is the mean over the rows; its whisker, the lowest to the highest row. */
const tornadoLegend = (t: Translate) => (
  <Legend
    items={[
      {
        label: t('chart.tornado.meanRows'),
        swatch: <rect x="1" y="3" width="26" height="8" fill={colour(0)} />,
      },
      {
        label: t('chart.tornado.whisker'),
        swatch: <line x1="2" x2="26" y1="7" y2="7" stroke="currentColor" strokeWidth="2" />,
      },
    ]}
  />
);

/** The walk: each parameter's bar (the mean), with its value and its rows' range said. */
const tornadoWalk = (t: Translate, data: TableSensitivity, shown: TableSensitivity['params']) =>
  barWalk(
    t('chart.tornado.elasticityOf', { column: data.columnLabel }),
    { label: t('chart.tornado.elasticity'), unit: t('chart.tornado.elasticityUnit') },
    shown.map((p) =>
      t('chart.tornado.paramAt', {
        param: p.label,
        value: withUnit(formatValue(p.value), p.unit),
      }),
    ),
    [
      {
        name: t('chart.tornado.meanRows'),
        values: shown.map((p) => p.elasticity),
        notes: shown.map((p) =>
          t('chart.tornado.rows', { min: signed(p.min), max: signed(p.max) }),
        ),
      },
    ],
    t,
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
  const { t } = useChartT();
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
  const table = useMemo(() => tornadoTable(data, t), [data, t]);
  const summary = tornadoSummary(data, t);
  const ariaLabel = t('chart.tornado.aria', {
    column: data.columnLabel,
    title: data.title,
    params: shown
      .map(
        (p) =>
          `${p.label} ${signed(p.elasticity)} (${t('chart.tornado.rows', { min: signed(p.min), max: signed(p.max) })})`,
      )
      .join('; '),
  });
  const walk = useSameWalk(tornadoWalk(t, data, shown));
  const [walkAt, setWalkAt] = useState<WalkAt>(null);
  const walked = walkAt && shown[walkAt.x - 1];
  const zero = x(0);
  return (
    <ChartFigure
      id={`tornado-${data.table}`}
      title={t('chart.tornado.title', {
        column: data.columnLabel,
        unit: data.unit ? ` (${data.unit})` : '',
      })}
      summary={summary}
      table={table}
      containerRef={ref}
      walk={walk}
      onWalk={setWalkAt}
      caption={t('chart.tornado.caption')}
      legend={tornadoLegend(t)}
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
          titles={[t('chart.tornado.axis')]}
          at={[34]}
        />
      </PlotSvg>
    </ChartFigure>
  );
});
