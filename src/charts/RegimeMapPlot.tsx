import { memo, useId, useMemo, useState } from 'react';
import { axisBottom, axisLeft } from 'd3-axis';
import type { RegimeMap } from '../compare/regimeMap';
import { formatValue, labelWithUnit } from '../format';
import { Axis } from './Axis';
import { ChartWalk, inText, readValue, type WalkAt, type WalkSpec } from './ChartWalk';
import { colour, svgId } from './palette';
import { PlotAxes, PlotSvg } from './PlotFrame';
import { axisScale, axisTicks, cellEdges, colourScale, compact, VIRIDIS } from './regimeScales';
import { cellReadout, cellText, mapSummary, tieCount, tieWords, winCounts } from './regimeText';
import { useWidth } from './useWidth';

const M = { top: 12, right: 14, bottom: 46, left: 78 };

/**
 * Round ticks on a linear axis (whole numbers only for a knob of whole numbers: no 1.5 cores);
 * on a log one, decades or the grid's own values.
 */
const ticks = (s: ReturnType<typeof axisScale>, axis: RegimeMap['x'], count: number) =>
  axis.scale === 'log'
    ? axisTicks(axis)
    : s.ticks(count).filter((t) => !axis.integer || Number.isInteger(t));
const NO_VALUE = '#d9d9d9';

/** A tie: grey stripes, apart from every option's colour and from "no value". */
function TiePattern({ id }: { id: string }) {
  return (
    <pattern
      id={id}
      width={6}
      height={6}
      patternUnits="userSpaceOnUse"
      patternTransform="rotate(45)"
    >
      <rect width={6} height={6} fill="#f4f4f4" />
      <line x1={0} y1={0} x2={0} y2={6} stroke="#8a8a8a" strokeWidth={2.5} />
    </pattern>
  );
}

/** The paper's experiment: a white diamond; this scenario: a black ring. Both in the legend. */
function PaperMark({ r = 8 }: { r?: number }) {
  return (
    <path
      d={`M0,${-r}L${r},0L0,${r}L${-r},0Z`}
      fill="#fff"
      stroke="#000"
      strokeWidth={2}
      className="regime-mark"
    />
  );
}
function NowMark({ r = 6 }: { r?: number }) {
  return (
    <g className="regime-mark">
      <circle r={r} fill="none" stroke="#fff" strokeWidth={5} />
      <circle r={r} fill="none" stroke="#000" strokeWidth={2.5} />
      <circle r={1.8} fill="#000" />
    </g>
  );
}

type Show = 'wins' | number;

/** The legend: each option's colour and wins, or the colour ramp; the two marks. */
function MapLegend({
  map,
  show,
  optionLabels,
  tieId,
  gradient,
  colours,
}: {
  map: RegimeMap;
  show: Show;
  optionLabels: readonly string[];
  tieId: string;
  gradient: string;
  colours: ReturnType<typeof colourScale> | null;
}) {
  const counts = show === 'wins' ? winCounts(map) : [];
  const ties = tieCount(map);
  return (
    <div className="regime-legend" data-testid="regime-legend">
      {show === 'wins' ? (
        <ul aria-label={`Which is best: ${map.better} ${map.columnLabel}`}>
          {optionLabels.map((label, k) => (
            <li key={label}>
              <span className="regime-swatch" style={{ background: colour(k) }} aria-hidden />
              {label} wins <span className="regime-count">({counts[k]} cells)</span>
            </li>
          ))}
          <li data-testid="regime-tie">
            <svg width={14} height={14} aria-hidden>
              <rect width={14} height={14} style={{ fill: `url(#${tieId})` }} />
            </svg>
            Tie ({tieWords(map)}) <span className="regime-count">({ties} cells)</span>
          </li>
          {map.excluded.length > 0 && (
            <li className="regime-excluded">
              {map.excluded.join(', ')}: optimal by definition, left out of the contest
            </li>
          )}
        </ul>
      ) : colours ? (
        <div className="regime-ramp">
          <span>
            {labelWithUnit(map.columnLabel, map.unit)}
            {colours.log ? ', log scale' : ''} ({map.better} is better)
          </span>
          <svg width={240} height={34} aria-hidden>
            <defs>
              <linearGradient id={gradient}>
                {VIRIDIS.map((c, k) => (
                  <stop key={c} offset={`${(100 * k) / (VIRIDIS.length - 1)}%`} stopColor={c} />
                ))}
              </linearGradient>
            </defs>
            <rect x={8} y={2} width={224} height={12} fill={`url(#${gradient})`} />
            <Axis
              axis={axisBottom(colours.scale.copy().range([8, 232]))
                .ticks(4)
                .tickFormat((v) => compact(Number(v)))}
              transform="translate(0,14)"
            />
          </svg>
        </div>
      ) : (
        <p>No values to colour.</p>
      )}
      <ul aria-label="Marks">
        <li>
          <svg width={22} height={22} viewBox="-11 -11 22 22" aria-hidden>
            <PaperMark r={8} />
          </svg>
          The paper’s experiment
        </li>
        <li>
          <svg width={22} height={22} viewBox="-11 -11 22 22" aria-hidden>
            <NowMark />
          </svg>
          This scenario
        </li>
      </ul>
    </div>
  );
}

/** The map as a table, the top row of the map first. */
function MapTable({
  map,
  show,
  optionLabels,
}: {
  map: RegimeMap;
  show: Show;
  optionLabels: readonly string[];
}) {
  return (
    <details className="regime-data">
      <summary>The map as a table</summary>
      <div className="regime-data-scroll" tabIndex={0} role="region" aria-label="The map's data">
        <table>
          <caption>
            {show === 'wins'
              ? `Best by ${map.columnLabel}`
              : labelWithUnit(map.columnLabel, map.unit)}
            : {labelWithUnit(map.y.label, map.y.unit)} down,{' '}
            {labelWithUnit(map.x.label, map.x.unit)} across
          </caption>
          <thead>
            <tr>
              <th scope="col">
                {map.y.label} \ {map.x.label}
              </th>
              {map.x.values.map((v) => (
                <th key={v} scope="col">
                  {formatValue(v)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {map.cells
              .map((row, j) => (
                <tr key={map.y.values[j]}>
                  <th scope="row">{formatValue(map.y.values[j]!)}</th>
                  {row.map((c, i) => (
                    <td key={i}>
                      {show === 'wins'
                        ? cellText(map, optionLabels, show, c)
                        : formatValue(c.values[show])}
                    </td>
                  ))}
                </tr>
              ))
              .reverse()}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * What the keyboard walks (./ChartWalk.tsx): each row of the map a series, the top row first
 * (so that Up goes up), each cell a point: the value shown, or the winner's value with the
 * winner's name. Cells without a value are left out of the walk.
 */
function walkOf(map: RegimeMap, labels: readonly string[], show: Show) {
  const rows = new Map<string, number>();
  const series: WalkSpec['series'] = [];
  const column = { label: map.columnLabel, unit: map.unit };
  for (let j = map.y.values.length - 1; j >= 0; j--) {
    const name = readValue({ label: map.y.label, unit: map.y.unit }, map.y.values[j]!);
    rows.set(name, j);
    series.push({
      name,
      points: (map.cells[j] ?? []).flatMap((c, i) => {
        if (show !== 'wins') {
          const v = c.values[show];
          return v === null || v === undefined ? [] : [{ x: map.x.values[i]!, y: v }];
        }
        const lead = c.tied?.[0] ?? c.best;
        const v = lead === null || lead === undefined ? null : c.values[map.options.indexOf(lead)];
        return v === null || v === undefined
          ? []
          : [
              {
                x: map.x.values[i]!,
                y: v,
                label: c.tied
                  ? cellText(map, labels, show, c)
                  : `best: ${cellText(map, labels, show, c)}`,
              },
            ];
      }),
    });
  }
  const spec: WalkSpec = {
    title: map.columnLabel,
    x: { label: map.x.label, unit: map.x.unit, log: map.x.scale === 'log' },
    y:
      show === 'wins'
        ? {
            ...column,
            label: `${map.better === 'lower' ? 'lowest' : 'highest'} ${inText(map.columnLabel)}`,
          }
        : { ...column, label: `${labels[show] ?? map.options[show]} ${inText(map.columnLabel)}` },
    series,
  };
  return { spec, rows };
}

/** The walk's cell: where the keys are, read out and outlined; Enter on it moves both knobs. */
function useWalkCells(
  map: RegimeMap,
  labels: readonly string[],
  show: Show,
  onPick: ((x: number, y: number) => void) | undefined,
) {
  const [readout, setReadout] = useState<[number, number] | null>(null);
  const [walkAt, setWalkAt] = useState<[number, number] | null>(null);
  const { spec, rows } = useMemo(() => walkOf(map, labels, show), [map, labels, show]);
  const cellOf = (series: string, x: number): [number, number] | null => {
    const j = rows.get(series);
    const i = map.x.values.indexOf(x);
    return j === undefined || i < 0 ? null : [i, j];
  };
  const onPoint = (walk: WalkAt) => {
    const at = walk && cellOf(walk.series, walk.x);
    setWalkAt(at);
    if (at) setReadout(at);
  };
  const onSelect = (series: string, x: number) => {
    const at = cellOf(series, x);
    if (at && onPick) onPick(map.x.values[at[0]]!, map.y.values[at[1]]!);
  };
  return { spec, readout, setReadout, walkAt, onPoint, onSelect };
}

/** The two knobs' scales and axes (log where the knob's slider is). */
function useMapAxes(map: RegimeMap, w: number, h: number) {
  const xs = useMemo(() => axisScale(map.x, w), [map.x, w]);
  const ys = useMemo(() => axisScale(map.y, h).range([h, 0]), [map.y, h]);
  const xAxis = useMemo(
    () =>
      axisBottom(xs)
        .tickValues(ticks(xs, map.x, Math.max(2, Math.floor(w / 90))))
        .tickFormat((v) => compact(Number(v))),
    [xs, map.x, w],
  );
  const yAxis = useMemo(
    () =>
      axisLeft(ys)
        .tickValues(ticks(ys, map.y, 6))
        .tickFormat((v) => compact(Number(v))),
    [ys, map.y],
  );
  return { xs, ys, xAxis, yAxis };
}

/** A cell's colour: its winner's (a tie striped), or its value's on the ramp. */
function cellFill(
  map: RegimeMap,
  show: Show,
  tieId: string,
  colours: ReturnType<typeof colourScale> | null,
  c: RegimeMap['cells'][number][number],
) {
  if (show === 'wins') {
    if (c.tied) return `url(#${tieId})`;
    const k = c.best === null ? -1 : map.options.indexOf(c.best);
    return k < 0 ? NO_VALUE : colour(k);
  }
  const v = c.values[show];
  return v === null || v === undefined || !colours ? NO_VALUE : colours.colour(v);
}

type Scale = ReturnType<typeof axisScale>;
const clampTo = (s: Scale, v: number) => {
  const [a, b] = s.domain() as [number, number];
  return s(Math.min(b, Math.max(a, v)));
};

/** The paper's experiment and this scenario, on the map (held at its edge when outside). */
function MapMarks({
  map,
  now,
  xs,
  ys,
}: {
  map: RegimeMap;
  now: { x: number; y: number };
  xs: Scale;
  ys: Scale;
}) {
  return (
    <>
      <g
        data-testid="regime-paper"
        transform={`translate(${clampTo(xs, map.paper.x)},${clampTo(ys, map.paper.y)})`}
      >
        {/* Larger than this scenario's ring, so that both show where they coincide. */}
        <PaperMark r={11} />
      </g>
      <g
        data-testid="regime-now"
        transform={`translate(${clampTo(xs, now.x)},${clampTo(ys, now.y)})`}
      >
        <NowMark />
      </g>
    </>
  );
}

/** One rect per cell, coloured by `fill`, named by its readout; the walk's cell outlined. */
function MapCells({
  map,
  xs,
  ys,
  ...p
}: {
  map: RegimeMap;
  optionLabels: readonly string[];
  xs: Scale;
  ys: Scale;
  fill: (c: RegimeMap['cells'][number][number]) => string;
  walkAt: [number, number] | null;
  onHover: (at: [number, number]) => void;
  onPick?: ((x: number, y: number) => void) | undefined;
}) {
  const xe = cellEdges(map.x);
  const ye = cellEdges(map.y);
  const cellBox = (i: number, j: number) => {
    const x = xs(xe[i]!);
    const y = ys(ye[j + 1]!);
    return { x, y, width: xs(xe[i + 1]!) - x, height: ys(ye[j]!) - y };
  };
  const { onPick, walkAt } = p;
  return (
    <>
      {map.cells.map((row, j) =>
        row.map((c, i) => {
          const box = cellBox(i, j);
          return (
            <rect
              key={`${i}-${j}`}
              className="regime-cell"
              shapeRendering="crispEdges"
              data-i={i}
              data-j={j}
              x={box.x}
              y={box.y}
              // A hair wider, so that no background shows between neighbours.
              width={box.width + 0.5}
              height={box.height + 0.5}
              // A style, not an attribute: the palette's colours are CSS variables.
              style={{ fill: p.fill(c) }}
              onMouseEnter={() => p.onHover([i, j])}
              onClick={onPick ? () => onPick(map.x.values[i]!, map.y.values[j]!) : undefined}
            >
              {/* Its name, for a screen reader and a pointer: the readout's words. */}
              <title>{cellReadout(map, p.optionLabels, i, j)}</title>
            </rect>
          );
        }),
      )}
      {walkAt && (
        <rect
          className="regime-walk-at"
          data-i={walkAt[0]}
          data-j={walkAt[1]}
          {...cellBox(walkAt[0], walkAt[1])}
          fill="none"
          stroke="#000"
          strokeWidth={3}
          pointerEvents="none"
        />
      )}
    </>
  );
}

/**
 * A regime map: one cell per grid point of two knobs, coloured by the value of one option
 * (viridis; log when the values span orders of magnitude) or by which option wins (one
 * colour each, named in the legend). The paper's experiment and this scenario are marked;
 * axes are log where the knob's slider is. A click on a cell asks to move both knobs there.
 */
export const RegimeMapPlot = memo(function RegimeMapPlot({
  map,
  show,
  optionLabels,
  now,
  onPick,
}: {
  map: RegimeMap;
  show: 'wins' | number;
  optionLabels: readonly string[];
  now: { x: number; y: number };
  onPick?: ((x: number, y: number) => void) | undefined;
}) {
  const [ref, width, scale] = useWidth<HTMLDivElement>(640);
  const id = useId();
  const w = Math.max(160, Math.min(width, 760) - M.left - M.right);
  const h = Math.round(Math.max(200, Math.min(320, w * 0.5)));
  const box = { width: w + M.left + M.right, scale, M, w };
  const { xs, ys, xAxis, yAxis } = useMapAxes(map, w, h);
  const colours = useMemo(
    () =>
      show === 'wins' ? null : colourScale(map.cells.flat().flatMap((c) => c.values[show] ?? [])),
    [map, show],
  );
  const tieId = svgId(id, 'tie');
  const summary = mapSummary(map, optionLabels, show, now);
  const walk = useWalkCells(map, optionLabels, show, onPick);
  const shown = walk.readout;
  const gradient = svgId(id, 'ramp');

  return (
    <div ref={ref} className="regime-plot" data-testid="regime-map-plot">
      <ChartWalk
        spec={walk.spec}
        grid
        label={`Regime map of ${inText(map.columnLabel)}`}
        onPoint={walk.onPoint}
        onSelect={walk.onSelect}
      >
        <PlotSvg
          label={summary}
          box={box}
          height={h + M.top + M.bottom}
          defs={
            <defs>
              <TiePattern id={tieId} />
            </defs>
          }
          plot={{ onMouseLeave: () => walk.setReadout(null) }}
        >
          <MapCells
            map={map}
            optionLabels={optionLabels}
            xs={xs}
            ys={ys}
            fill={(c) => cellFill(map, show, tieId, colours, c)}
            walkAt={walk.walkAt}
            onHover={walk.setReadout}
            onPick={onPick}
          />
          <MapMarks map={map} now={now} xs={xs} ys={ys} />
          <PlotAxes
            box={box}
            h={h}
            x={xAxis}
            y={yAxis}
            className="regime-axis-label"
            titles={[
              labelWithUnit(map.x.label, map.x.unit),
              labelWithUnit(map.y.label, map.y.unit),
            ]}
            at={[38, 62]}
          />
        </PlotSvg>
      </ChartWalk>

      <p className="regime-readout" data-testid="regime-readout">
        {shown
          ? cellReadout(map, optionLabels, shown[0], shown[1])
          : 'Point at a cell, or Tab to the map and move with the arrow keys, to read it out; Shift+End plays a row.'}
      </p>

      <MapLegend
        map={map}
        show={show}
        optionLabels={optionLabels}
        tieId={tieId}
        gradient={gradient}
        colours={colours}
      />
      <MapTable map={map} show={show} optionLabels={optionLabels} />
    </div>
  );
});
