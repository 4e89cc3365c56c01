import { memo, useId, useMemo, useState } from 'react';
import { max } from 'd3-array';
import { format } from 'd3-format';
import type { StackedBarChartData } from '../models/types';
import { barWalk, useSameWalk } from './barWalk';
import { fromZero, PlotAxes, PlotSvg, usePlotBox } from './PlotFrame';
import { DataChartFigure, Legend } from './ChartFigure';
import { WalkRing, type WalkAt } from './ChartWalk';
import { colour, svgId, texture } from './palette';
import { TexturePattern, textureFill } from './Texture';
import { useChartT, useLocalChart } from './chartText';
import type { Translate } from '../i18n/LangContext';

const M = { top: 4, right: 70, bottom: 44, left: 12 };
const LABEL_H = 16;
const BAR_H = 16;
const GAP = 10;
const ROW_H = LABEL_H + BAR_H + GAP;
const short = format(',.3~r');

/** Each bar's parts with where each starts (the positive ones), and the bar's total. */
function stacked(data: StackedBarChartData) {
  return data.bars.map((b) => {
    let at = 0;
    const parts = b.parts
      .filter((p) => Number.isFinite(p.value) && p.value > 0)
      .map((p) => {
        const seg = { ...p, start: at };
        at += p.value;
        return seg;
      });
    return { label: b.label, parts, total: at };
  });
}

const ariaLabelOf = (t: Translate, data: StackedBarChartData, bars: ReturnType<typeof stacked>) =>
  t('chart.bars.aria', { title: data.title, value: data.valueLabel, unit: data.unit }) +
  bars
    .map(
      (b) =>
        `${b.label}: ${short(b.total)} ${data.unit} (${b.parts.map((p) => `${p.name} ${short(p.value)}`).join(', ')})`,
    )
    .join('; ') +
  '.';

/** The walk: each bar's total first (its name in the page's language), then each part. */
const totalName = (t: Translate) => t('chart.table.total');
const stackedWalk = (
  t: Translate,
  data: StackedBarChartData,
  bars: ReturnType<typeof stacked>,
  names: string[],
) =>
  barWalk(
    data.title,
    { label: data.valueLabel, unit: data.unit },
    bars.map((b) => b.label),
    [
      { name: totalName(t), values: bars.map((b) => b.total) },
      ...names.map((n) => ({
        name: n,
        values: bars.map((b) => b.parts.find((p) => p.name === n)?.value ?? null),
      })),
    ],
    t,
  );

/** Where the walk's ring goes: the end of a total, the middle of a part. */
function stackedRing(at: WalkAt, bars: ReturnType<typeof stacked>, total: string) {
  const bar = at && bars[at.x - 1];
  if (!at || !bar) return null;
  if (at.series === total) return { v: bar.total, row: at.x - 1 };
  const part = bar.parts.find((p) => p.name === at.series);
  return part ? { v: part.start + part.value / 2, row: at.x - 1 } : null;
}

/** A part's swatch in the legend: its colour and texture. */
const PartSwatch = ({ fill, i }: { fill: string; i: number }) => (
  <rect
    x="2"
    y="1.5"
    width="24"
    height="11"
    fill={fill}
    stroke={colour(i)}
    data-texture={texture(i)}
  />
);

/**
 * Each bar split into its parts, left to right in the order given; the total at the end. Each
 * part has a colour and a texture of its own (solid, dots, stripes …), also in the legend.
 */
export const StackedBarChart = memo(function StackedBarChart({
  data: given,
}: {
  data: StackedBarChartData;
}) {
  const { t } = useChartT();
  const data = useLocalChart(given);
  const { ref, box, w: innerW } = usePlotBox(M);
  const texBase = svgId(useId(), 'part');
  const innerH = data.bars.length * ROW_H;
  const height = innerH + M.top + M.bottom;

  const names = useMemo(
    () => [...new Set(data.bars.flatMap((b) => b.parts.map((p) => p.name)))],
    [data.bars],
  );
  const fillOf = (i: number) => textureFill(`${texBase}-${i}`, colour(i), texture(i));
  const bars = useMemo(() => stacked(data), [data]);
  const { x, xAxis } = useMemo(
    () =>
      fromZero(
        max(bars, (b) => b.total),
        innerW,
        90,
      ),
    [bars, innerW],
  );
  const walk = useSameWalk(stackedWalk(t, data, bars, names));
  const [walkAt, setWalkAt] = useState<WalkAt>(null);
  const ring = stackedRing(walkAt, bars, totalName(t));

  return (
    <DataChartFigure
      data={data}
      containerRef={ref}
      walk={walk}
      onWalk={setWalkAt}
      legend={
        <Legend
          items={names.map((n, i) => ({
            label: n,
            swatch: <PartSwatch fill={fillOf(i)} i={i} />,
          }))}
        />
      }
    >
      <PlotSvg
        label={ariaLabelOf(t, data, bars)}
        box={box}
        height={height}
        className="chart-svg"
        defs={
          <defs>
            {names.map((n, i) => (
              <TexturePattern
                key={n}
                id={`${texBase}-${i}`}
                colour={colour(i)}
                texture={texture(i)}
              />
            ))}
          </defs>
        }
      >
        {bars.map((b, i) => (
          <g key={b.label} transform={`translate(0,${i * ROW_H})`}>
            <text className="bar-label" y={LABEL_H - 4}>
              {b.label}
            </text>
            {b.parts.map((p) => (
              <rect
                key={p.name}
                x={x(p.start)}
                y={LABEL_H}
                width={Math.max(0, x(p.start + p.value) - x(p.start))}
                height={BAR_H}
                fill={fillOf(names.indexOf(p.name))}
                stroke={colour(names.indexOf(p.name))}
                data-texture={texture(names.indexOf(p.name))}
              >
                <title>{`${p.name}: ${short(p.value)} ${data.unit}`}</title>
              </rect>
            ))}
            <text className="bar-value" x={x(b.total) + 6} y={LABEL_H + BAR_H - 3}>
              {short(b.total)} {data.unit}
            </text>
          </g>
        ))}
        <PlotAxes
          box={box}
          h={innerH}
          x={xAxis}
          titles={[`${data.valueLabel} (${data.unit})`]}
          at={[38]}
        />
        {ring && <WalkRing cx={x(ring.v)} cy={ring.row * ROW_H + LABEL_H + BAR_H / 2} />}
      </PlotSvg>
    </DataChartFigure>
  );
});
