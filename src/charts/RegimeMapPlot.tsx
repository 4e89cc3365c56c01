import { memo, useId, useMemo, useState } from 'react';
import { axisBottom, axisLeft } from 'd3-axis';
import type { RegimeMap } from '../compare/regimeMap';
import { formatValue, labelWithUnit } from '../format';
import { Axis } from './Axis';
import { ChartWalk, inText, readValue, type WalkAt, type WalkSpec } from './ChartWalk';
import { colour, svgId } from './palette';
import { PlotAxes, PlotSvg } from './PlotFrame';
import { axisScale, axisTicks, cellEdges, colourScale, compact, VIRIDIS } from './regimeScales';
import type { Translate } from '../i18n/LangContext';
import { cellReadout, cellText, mapSummary, tieCount, tieWords, winCounts } from './regimeText';
import { useWidth } from './useWidth';
import { useChartT } from './chartText';

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
  const { t } = useChartT();
  const counts = show === 'wins' ? winCounts(map) : [];
  const ties = tieCount(map);
  const cellCount = (n: number) => (
    <span className="regime-count">{t('chart.regime.cellCount', { n })}</span>
  );
  return (
    <div className="regime-legend" data-testid="regime-legend">
      {show === 'wins' ? (
        <ul
          aria-label={t('chart.regime.whichBest', { better: map.better, column: map.columnLabel })}
        >
          {optionLabels.map((label, k) => (
            <li key={label}>
              <span className="regime-swatch" style={{ background: colour(k) }} aria-hidden />
              {t.rich('chart.regime.legendWins', { label, count: cellCount(counts[k] ?? 0) })}
            </li>
          ))}
          <li data-testid="regime-tie">
            <svg width={14} height={14} aria-hidden>
              <rect width={14} height={14} style={{ fill: `url(#${tieId})` }} />
            </svg>
            {t.rich('chart.regime.legendTie', { tie: tieWords(map, t), count: cellCount(ties) })}
          </li>
          {map.excluded.length > 0 && (
            <li className="regime-excluded">
              {t('chart.regime.excluded', { names: map.excluded.join(', ') })}
            </li>
          )}
        </ul>
      ) : colours ? (
        <div className="regime-ramp">
          <span>
            {t('chart.regime.ramp', {
              label: labelWithUnit(map.columnLabel, map.unit),
              log: String(colours.log),
              better: map.better,
            })}
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
        <p>{t('chart.regime.noColours')}</p>
      )}
      <ul aria-label={t('chart.regime.marksList')}>
        <li>
          <svg width={22} height={22} viewBox="-11 -11 22 22" aria-hidden>
            <PaperMark r={8} />
          </svg>
          {t('chart.regime.paperMark')}
        </li>
        <li>
          <svg width={22} height={22} viewBox="-11 -11 22 22" aria-hidden>
            <NowMark />
          </svg>
          {t('chart.regime.nowMark')}
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
  const { t } = useChartT();
  return (
    <details className="regime-data">
      <summary>{t('chart.regime.asTable')}</summary>
      <div
        className="regime-data-scroll"
        tabIndex={0}
        role="region"
        aria-label={t('chart.regime.mapData')}
      >
        <table>
          <caption>
            {t('chart.regime.tableCaption', {
              what:
                show === 'wins'
                  ? t('chart.regime.bestBy', { column: map.columnLabel })
                  : labelWithUnit(map.columnLabel, map.unit),
              y: labelWithUnit(map.y.label, map.y.unit),
              x: labelWithUnit(map.x.label, map.x.unit),
            })}
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
                        ? cellText(map, optionLabels, show, c, t)
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
function walkOf(t: Translate, map: RegimeMap, labels: readonly string[], show: Show) {
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
                  ? cellText(map, labels, show, c, t)
                  : t('chart.regime.best', { cell: cellText(map, labels, show, c, t) }),
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
            label: t('chart.regime.extreme', {
              better: map.better,
              column: inText(map.columnLabel),
            }),
          }
        : {
            ...column,
            label: t('chart.regime.optionColumn', {
              option: labels[show] ?? map.options[show] ?? '',
              column: inText(map.columnLabel),
            }),
          },
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
  const { t } = useChartT();
  const [readout, setReadout] = useState<[number, number] | null>(null);
  const [walkAt, setWalkAt] = useState<[number, number] | null>(null);
  const { spec, rows } = useMemo(() => walkOf(t, map, labels, show), [t, map, labels, show]);
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
  const { t } = useChartT();
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
              <title>{cellReadout(map, p.optionLabels, i, j, t)}</title>
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
  const { t } = useChartT();
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
  const summary = mapSummary(map, optionLabels, show, now, t);
  const walk = useWalkCells(map, optionLabels, show, onPick);
  const shown = walk.readout;
  const gradient = svgId(id, 'ramp');

  return (
    <div ref={ref} className="regime-plot" data-testid="regime-map-plot">
      <ChartWalk
        spec={walk.spec}
        grid
        label={t('chart.regime.label', { column: inText(map.columnLabel) })}
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
        {shown ? cellReadout(map, optionLabels, shown[0], shown[1], t) : t('chart.regime.hint')}
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
