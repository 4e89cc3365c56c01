import { memo, useId, useMemo, useState } from 'react';
import { max } from 'd3-array';
import type { TimelineChartData, TimelineSegmentKind } from '../models/types';
import { DataChartFigure, Legend } from './ChartFigure';
import type { WalkAt, WalkSpec } from './ChartWalk';
import { KIND_NAMES, kindName as localKind } from './chartData';
import { useChartT, useLocalChart } from './chartText';
import type { Translate } from '../i18n/LangContext';
import { KIND_COLOURS, svgId, type Texture } from './palette';
import { fromZero, PlotAxes, PlotSvg, usePlotBox } from './PlotFrame';
import { TexturePattern } from './Texture';

const M = { top: 8, right: 20, bottom: 44, left: 12 };
/** Each lane: its name on one line, the bar below it. */
const LABEL_H = 16;
const BAR_H = 14;
const LANE_GAP = 8;
const LANE_H = LABEL_H + BAR_H + LANE_GAP;

/** Textures beside the kinds' colours (a stall is hatched): each kind reads apart in greyscale. */
const KIND_TEXTURES: Record<Exclude<TimelineSegmentKind, 'stall'>, Texture> = {
  cpu: 'solid',
  disc: 'dots',
  fault: 'crosshatch',
};

/** What a screen reader says: each lane's time per kind. */
function ariaLabelOf(
  t: Translate,
  data: TimelineChartData,
  end: number,
  kinds: readonly TimelineSegmentKind[],
  kindName: (k: TimelineSegmentKind) => string,
) {
  const lanes = data.lanes.map((l) => {
    const busy = (k: TimelineSegmentKind) =>
      l.segments.filter((s) => s.kind === k).reduce((a, s) => a + (s.end - s.start), 0);
    const parts = kinds
      .map((k) => [k, busy(k)] as const)
      .filter(([, t]) => t > 0)
      .map(([k, t]) => `${kindName(k).toLowerCase()} ${Math.round(t)} ${data.unit}`);
    return `${l.name}: ${parts.join(', ') || t('chart.timeline.idle')}`;
  });
  return t('chart.timeline.aria', {
    title: data.title,
    end: String(end),
    unit: data.unit,
    lanes: lanes.join('; '),
  });
}

/** What the keyboard walks: each lane a series, each segment a point (its start, how long, its kind). */
function walkOf(
  t: Translate,
  data: TimelineChartData,
  kindName: (k: TimelineSegmentKind) => string,
): WalkSpec {
  return {
    title: data.title,
    x: { label: t('chart.table.start'), unit: data.unit },
    y: { label: t('chart.timeline.lasting'), unit: data.unit },
    series: data.lanes.map((l) => ({
      name: l.name,
      points: l.segments.map((s) => ({
        x: s.start,
        y: s.end - s.start,
        label: kindName(s.kind).toLowerCase(),
      })),
    })),
  };
}

/** The stall's hatch (`hatch`) and the disc's and fault's textures (`hatch-<kind>`). */
function KindPatterns({ hatch }: { hatch: string }) {
  return (
    <defs>
      <pattern
        id={hatch}
        width="6"
        height="6"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="6" height="6" fill="var(--paper, #fff)" />
        <line x1="0" y1="0" x2="0" y2="6" stroke={KIND_COLOURS.stall} strokeWidth="3" />
      </pattern>
      {(['disc', 'fault'] as const).map((k) => (
        <TexturePattern
          key={k}
          id={`${hatch}-${k}`}
          colour={KIND_COLOURS[k]}
          texture={KIND_TEXTURES[k]}
        />
      ))}
    </defs>
  );
}

/** The legend: each kind present, its name beside its colour and texture. */
function KindLegend({
  kinds,
  kindName,
  fill,
}: {
  kinds: readonly TimelineSegmentKind[];
  kindName: (k: TimelineSegmentKind) => string;
  fill: (kind: TimelineSegmentKind) => string;
}) {
  return (
    <Legend
      items={kinds.map((k) => ({
        label: kindName(k),
        swatch: (
          <rect
            x="1"
            y="1"
            width="26"
            height="12"
            fill={fill(k)}
            stroke={KIND_COLOURS[k]}
            data-texture={k === 'stall' ? 'hatch' : KIND_TEXTURES[k]}
          />
        ),
      }))}
    />
  );
}

/** The lanes, each a row of segments coloured (or patterned) by kind. */
function Lanes({
  lanes,
  x,
  width,
  fill,
}: {
  lanes: TimelineChartData['lanes'];
  x: (t: number) => number;
  width: number;
  fill: (kind: TimelineSegmentKind) => string;
}) {
  return (
    <>
      {lanes.map((lane, i) => (
        <g key={lane.name} transform={`translate(0,${i * LANE_H})`}>
          <text className="lane-label" y={LABEL_H - 4}>
            {lane.name}
          </text>
          <rect className="lane-bg" y={LABEL_H} width={width} height={BAR_H} />
          {lane.segments.map((s, j) => (
            <rect
              key={j}
              x={x(s.start)}
              y={LABEL_H}
              width={Math.max(0.5, x(s.end) - x(s.start))}
              height={BAR_H}
              fill={fill(s.kind)}
              // Back-to-back disc requests stay distinguishable: a hairline between them.
              stroke={s.kind === 'stall' ? KIND_COLOURS.stall : 'var(--paper, #fff)'}
              strokeWidth={s.kind === 'stall' ? 0.75 : 0.5}
            />
          ))}
        </g>
      ))}
    </>
  );
}

/** Lanes of segments over time: CPU filled, stalls hatched, disc requests dotted, faults cross-hatched. */
export const TimelineChart = memo(function TimelineChart({
  data: given,
}: {
  data: TimelineChartData;
}) {
  const { t } = useChartT();
  const data = useLocalChart(given);
  const { ref, box, w: innerW } = usePlotBox(M);
  const hatch = svgId(useId(), 'stall');
  const innerH = data.lanes.length * LANE_H;
  const height = innerH + M.top + M.bottom;

  const { x, xAxis } = useMemo(
    () =>
      fromZero(
        max(data.lanes, (l) => max(l.segments, (s) => s.end)),
        innerW,
        80,
      ),
    [data.lanes, innerW],
  );
  const kinds = useMemo(
    () =>
      (Object.keys(KIND_NAMES) as TimelineSegmentKind[]).filter((k) =>
        data.lanes.some((l) => l.segments.some((s) => s.kind === k)),
      ),
    [data.lanes],
  );

  const kindName = (k: TimelineSegmentKind) => data.kindLabels?.[k] ?? localKind(t, k);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- kindName is made from data and t
  const walk = useMemo(() => walkOf(t, data, kindName), [data, t]);
  const [walkAt, setWalkAt] = useState<WalkAt>(null);
  const lane = walkAt ? data.lanes.findIndex((l) => l.name === walkAt.series) : -1;
  const seg =
    walkAt && lane >= 0 ? data.lanes[lane]!.segments.find((s) => s.start === walkAt.x) : undefined;
  const fill = (kind: TimelineSegmentKind) =>
    kind === 'stall'
      ? `url(#${hatch})`
      : KIND_TEXTURES[kind] === 'solid'
        ? KIND_COLOURS[kind]
        : `url(#${hatch}-${kind})`;

  return (
    <DataChartFigure
      data={data}
      containerRef={ref}
      walk={walk}
      onWalk={setWalkAt}
      legend={<KindLegend kinds={kinds} kindName={kindName} fill={fill} />}
    >
      <PlotSvg
        label={ariaLabelOf(t, data, x.domain()[1]!, kinds, kindName)}
        box={box}
        height={height}
        className="chart-svg"
        defs={<KindPatterns hatch={hatch} />}
      >
        <Lanes lanes={data.lanes} x={x} width={innerW} fill={fill} />
        {seg && (
          <rect
            className="walk-ring"
            data-testid="walk-ring"
            aria-hidden="true"
            pointerEvents="none"
            x={x(seg.start) - 2}
            y={lane * LANE_H + LABEL_H - 2}
            width={Math.max(0.5, x(seg.end) - x(seg.start)) + 4}
            height={BAR_H + 4}
            fill="none"
            stroke="var(--ink, #000)"
            strokeWidth={2.5}
          />
        )}
        <PlotAxes
          box={box}
          h={innerH}
          x={xAxis}
          titles={[t('chart.timeline.axis', { unit: data.unit })]}
          at={[38]}
        />
      </PlotSvg>
    </DataChartFigure>
  );
});
