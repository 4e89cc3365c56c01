import { memo, useId, useMemo, useState } from 'react';
import { axisBottom } from 'd3-axis';
import { max, min } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import type { ComparedColumn, ComparedTable } from '../compare/types';
import { errorLevel, formatError, formatValue } from '../format';
import { Axis } from './Axis';
import { barWalk, useSameWalk } from './barWalk';
import { PlotSvg, usePlotBox } from './PlotFrame';
import { ChartFigure, Legend } from './ChartFigure';
import { WalkRing, type WalkAt } from './ChartWalk';
import { barPanels, cellDelta, comparedChartSummary, comparedChartTable } from './chartData';
import { colour, DASHES, svgId, texture } from './palette';
import { TexturePattern, textureFill } from './Texture';
import { useChartT, useLocalTable } from './chartText';
import type { Translate } from '../i18n/LangContext';

const M = { top: 4, right: 76, bottom: 44, left: 12 };
const LABEL_H = 18;
const BAR_H = 9;
const BAR_GAP = 2;
const ROW_GAP = 12;
const PANEL_TITLE_H = 24;
const AXIS_H = 40;

const PAIR_H = 2 * BAR_H + BAR_GAP;

/** What every part of the chart draws with: its columns, pattern ids, another experiment. */
interface BarStyle {
  /** The page's words. */
  t: Translate;
  columns: readonly ComparedColumn[];
  hatchBase: string;
  texBase: string;
  /** Another experiment than the paper's: its bars are the paper's run, the numbers Δ, muted. */
  other: boolean;
}
// Beside its colour, a column's model bars have a texture and its paper bars a dash of their
// own: two columns read apart in greyscale too.
const modelFill = (st: BarStyle, i: number) =>
  textureFill(`${st.texBase}-${i}`, colour(i), texture(i));
const paperDash = (i: number) => DASHES[i % DASHES.length];
const colourOf = (st: BarStyle, key: string) => colour(st.columns.findIndex((c) => c.key === key));
const paperWord = (st: BarStyle) => st.t('chart.vs.paperWord', { other: String(st.other) });
// A percentage's error is in percentage points (the column's errorUnit, src/compare).
const deltaText = (st: BarStyle, e: number | null, unit: '%' | 'pp' = '%') =>
  st.other ? `Δ ${formatError(e, unit)}` : formatError(e, unit);

/** One block per panel: its columns, its rows' height, its own x scale, where it starts. */
function panelLayout(panels: ComparedColumn[][], table: ComparedTable, innerW: number) {
  let top = 0;
  return panels.map((cols) => {
    const rowH = LABEL_H + cols.length * (PAIR_H + BAR_GAP * 2) + ROW_GAP;
    const values = table.rows.flatMap((r) =>
      cols.flatMap((c) => [r.model[c.key] ?? 0, r.paper?.[c.key] ?? 0]),
    );
    const lo = Math.min(0, min(values) ?? 0);
    const hi = Math.max(0, max(values) ?? 0);
    const x = scaleLinear()
      .domain(hi > lo ? [lo, hi] : [0, 1])
      .nice()
      .range([0, innerW]);
    const block = { cols, rowH, x, top: top + PANEL_TITLE_H, bodyH: table.rows.length * rowH };
    top += PANEL_TITLE_H + block.bodyH + AXIS_H;
    return block;
  });
}
type Block = ReturnType<typeof panelLayout>[number];

function ariaLabelOf(table: ComparedTable, st: BarStyle) {
  const { columns, t } = st;
  const units = [...new Set(columns.map((c) => c.unit).filter(Boolean))].join(', ');
  const rows = table.rows.map((r) => {
    const cells = columns.map((c) => {
      const m = r.model[c.key];
      const p = r.paper?.[c.key] ?? null;
      const e = cellDelta(table, r, c.key);
      return p === null
        ? t('chart.vs.cellPrediction', { column: c.label, model: formatValue(m) })
        : t('chart.vs.cell', {
            column: c.label,
            model: formatValue(m),
            paperWord: paperWord(st).toLowerCase(),
            paper: formatValue(p),
            delta: deltaText(st, e, c.errorUnit),
          });
    });
    return `${r.label}: ${cells.join(', ')}`;
  });
  return t('chart.vs.aria', {
    title: table.title,
    columns: columns.map((c) => c.label).join(', '),
    units,
    rows: rows.join('; '),
  });
}

function BarsLegend({ st }: { st: BarStyle }) {
  return (
    <Legend
      items={[
        ...st.columns.map((c, i) => ({
          label: st.t('chart.vs.legendModel', { column: c.label }),
          swatch: (
            <rect
              x="1"
              y="2"
              width="26"
              height="10"
              fill={modelFill(st, i)}
              stroke={colour(i)}
              data-texture={texture(i)}
            />
          ),
        })),
        ...st.columns.map((c, i) => ({
          label: st.t('chart.vs.legendPaper', { other: String(st.other), column: c.label }),
          swatch: (
            <rect
              x="1.5"
              y="2.5"
              width="25"
              height="9"
              fill="var(--paper, #fff)"
              stroke={colour(i)}
              strokeWidth="2"
              strokeDasharray={paperDash(i)}
            />
          ),
        })),
        {
          label: st.t('chart.vs.legendPrediction'),
          swatch: (
            <rect
              x="1"
              y="2"
              width="26"
              height="10"
              fill={`url(#${st.hatchBase}-0)`}
              stroke={colour(0)}
            />
          ),
        },
      ]}
    />
  );
}

/** Each column's prediction hatch and its model bars' texture. */
function BarDefs({ st }: { st: BarStyle }) {
  return (
    <defs>
      {st.columns.map((c, i) => (
        <pattern
          key={c.key}
          id={`${st.hatchBase}-${i}`}
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="6" height="6" fill="var(--paper, #fff)" />
          <line x1="0" y1="0" x2="0" y2="6" stroke={colour(i)} strokeWidth="3" />
        </pattern>
      ))}
      {st.columns.map((c, i) => (
        <TexturePattern
          key={c.key}
          id={`${st.texBase}-${i}`}
          colour={colour(i)}
          texture={texture(i)}
        />
      ))}
    </defs>
  );
}

/** One column of one row: the model's bar, the paper's outlined bar, the error at the end. */
function BarPair({
  table,
  row: r,
  col: c,
  x,
  st,
}: {
  table: ComparedTable;
  row: ComparedTable['rows'][number];
  col: ComparedColumn;
  x: Block['x'];
  st: BarStyle;
}) {
  const at = (v: number | null | undefined) =>
    v === null || v === undefined || !Number.isFinite(v) ? x(0) : x(v);
  const zero = x(0);
  const span = (v: number | null | undefined) => {
    const end = at(v);
    return { x: Math.min(zero, end), width: Math.abs(end - zero) };
  };
  const m = r.model[c.key];
  const p = r.paper?.[c.key] ?? null;
  const e = cellDelta(table, r, c.key);
  const i = st.columns.indexOf(c);
  const end = Math.max(at(m), at(p), zero);
  const pb = span(p);
  return (
    <>
      <rect
        height={BAR_H}
        {...span(m)}
        fill={p === null ? `url(#${st.hatchBase}-${i})` : modelFill(st, i)}
        data-texture={p === null ? 'prediction' : texture(i)}
        stroke={p === null ? colourOf(st, c.key) : 'none'}
      />
      {p !== null && (
        <rect
          y={BAR_H + BAR_GAP}
          height={BAR_H - 1}
          x={pb.x + 0.75}
          width={Math.max(0, pb.width - 1.5)}
          fill="var(--paper, #fff)"
          stroke={colourOf(st, c.key)}
          strokeWidth={1.5}
          strokeDasharray={paperDash(i)}
        />
      )}
      <text
        className={`bar-label err-text-${st.other ? 'other' : errorLevel(e)}`}
        x={end + 6}
        y={PAIR_H / 2 + 4}
      >
        {p === null ? st.t('chart.vs.prediction') : deltaText(st, e, c.errorUnit)}
      </text>
    </>
  );
}

/** A panel: its title, a grid, each row's bars for its columns, its own axis. */
function Panel({
  block: { cols, rowH, x, top, bodyH },
  table,
  st,
  ticks,
}: {
  block: Block;
  table: ComparedTable;
  st: BarStyle;
  ticks: number;
}) {
  const unit = cols[0]?.unit ?? '';
  return (
    <g transform={`translate(0,${top})`}>
      <text className="axis-title panel-title" x={0} y={-8}>
        {cols.map((c) => c.label).join(', ')}
        {unit ? ` (${unit})` : ''}
      </text>
      <g className="grid" aria-hidden="true">
        {x.ticks(ticks).map((t) => (
          <line key={t} x1={x(t)} x2={x(t)} y1={0} y2={bodyH} />
        ))}
      </g>
      {table.rows.map((r, ri) => (
        <g key={r.label} transform={`translate(0,${ri * rowH})`}>
          <text className="lane-label" y={LABEL_H - 5}>
            {r.prediction ? st.t('chart.vs.rowPrediction', { row: r.label }) : r.label}
          </text>
          {cols.map((c, ci) => (
            <g key={c.key} transform={`translate(0,${LABEL_H + ci * (PAIR_H + BAR_GAP * 2)})`}>
              <BarPair table={table} row={r} col={c} x={x} st={st} />
            </g>
          ))}
        </g>
      ))}
      <Axis axis={axisBottom(x).ticks(ticks, ',~f')} transform={`translate(0,${bodyH})`} />
    </g>
  );
}

/**
 * The walk: per column the model's bars, then the paper's (with the error said), each row a
 * bar. One unit for all: read with each value; several: each series' name says its own.
 */
function comparedWalk(table: ComparedTable, st: BarStyle) {
  const units = new Set(st.columns.map((c) => c.unit));
  const one = units.size === 1 ? [...units][0]! : null;
  const { t } = st;
  const named = (c: ComparedColumn, who: string) =>
    `${c.label}${one === null && c.unit ? ` (${c.unit})` : ''}: ${who}`;
  return barWalk(
    t('chart.vs.title', { title: table.title }),
    { label: t('chart.vs.value'), unit: one ?? '' },
    table.rows.map((r) => r.label),
    st.columns.flatMap((c) => [
      {
        name: named(c, t('chart.vs.model')),
        values: table.rows.map((r) => r.model[c.key]),
        notes: table.rows.map((r) =>
          r.paper?.[c.key] == null ? t('chart.vs.aPrediction') : undefined,
        ),
      },
      {
        name: named(c, paperWord(st).toLowerCase()),
        values: table.rows.map((r) => r.paper?.[c.key] ?? null),
        notes: table.rows.map((r) => deltaText(st, cellDelta(table, r, c.key), c.errorUnit)),
      },
    ]),
    t,
  );
}

/** Where the walk's ring goes: the walked bar's end, in its panel, row and column. */
function comparedRing(at: WalkAt, table: ComparedTable, layout: Block[], walkNames: string[]) {
  const k = at ? walkNames.indexOf(at.series) : -1;
  // Two series per column, in the panels' order.
  const col = layout.flatMap((b) => b.cols)[k >> 1];
  const block = col && layout.find((b) => b.cols.includes(col));
  const row = at && table.rows[at.x - 1];
  if (k < 0 || !col || !block || !row) return null;
  const paper = k % 2 === 1;
  const v = paper ? row.paper?.[col.key] : row.model[col.key];
  if (v === null || v === undefined || !Number.isFinite(v)) return null;
  const y =
    block.top +
    table.rows.indexOf(row) * block.rowH +
    LABEL_H +
    block.cols.indexOf(col) * (PAIR_H + BAR_GAP * 2) +
    (paper ? BAR_H + BAR_GAP + BAR_H / 2 : BAR_H / 2);
  return { cx: block.x(v), cy: y };
}

/**
 * Model beside paper for each row of the current time table: per column a solid bar (model)
 * and an outlined bar (paper), with the error written at the end of the pair. Prediction rows
 * have a hatched model bar and no paper bar.
 */
export const ModelVsPaperChart = memo(function ModelVsPaperChart({
  table: given,
}: {
  table: ComparedTable;
}) {
  const { t } = useChartT();
  const table = useLocalTable(given);
  const { ref, box, w: innerW } = usePlotBox(M);
  const hatchBase = svgId(useId(), 'pred');
  const texBase = svgId(useId(), 'col');
  const panels = useMemo(() => barPanels(table), [table]);
  const columns = useMemo(() => panels.flat(), [panels]);
  const ticks = Math.max(2, Math.floor(innerW / 90));
  const layout = useMemo(() => panelLayout(panels, table, innerW), [panels, table, innerW]);
  const innerH = layout.reduce((h, b) => h + PANEL_TITLE_H + b.bodyH + AXIS_H, 0);
  const height = innerH + M.top + M.bottom - AXIS_H;
  const other = table.otherExperiment !== undefined;
  const st: BarStyle = { t, columns, hatchBase, texBase, other };
  const dataTable = useMemo(() => comparedChartTable(table, t), [table, t]);
  const summary = useMemo(() => comparedChartSummary(table, t), [table, t]);
  const walk = useSameWalk(comparedWalk(table, { t, columns, hatchBase: '', texBase: '', other }));
  const [walkAt, setWalkAt] = useState<WalkAt>(null);
  const ring = comparedRing(
    walkAt,
    table,
    layout,
    walk.series.map((w) => w.name),
  );

  return (
    <ChartFigure
      summary={summary}
      table={dataTable}
      id="model-vs-paper"
      title={t('chart.vs.title', { title: table.title })}
      caption={t('chart.vs.caption', { other: String(other) })}
      containerRef={ref}
      walk={walk}
      onWalk={setWalkAt}
      legend={<BarsLegend st={st} />}
    >
      <PlotSvg
        label={ariaLabelOf(table, st)}
        box={box}
        height={height}
        className="chart-svg"
        defs={<BarDefs st={st} />}
      >
        {layout.map((block) => (
          <Panel
            key={block.cols.map((c) => c.key).join()}
            block={block}
            table={table}
            st={st}
            ticks={ticks}
          />
        ))}
        {ring && <WalkRing {...ring} />}
      </PlotSvg>
    </ChartFigure>
  );
});
