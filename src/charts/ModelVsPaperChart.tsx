import { memo, useId, useMemo } from 'react';
import { axisBottom } from 'd3-axis';
import { max, min } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import type { ComparedTable } from '../compare/types';
import { errorLevel, formatError, formatValue } from '../format';
import { Axis } from './Axis';
import { ChartFigure, Legend } from './ChartFigure';
import { barPanels, cellDelta, comparedChartSummary, comparedChartTable } from './chartData';
import { colour, DASHES, svgId, texture } from './palette';
import { TexturePattern, textureFill } from './Texture';
import { svgBox, useWidth } from './useWidth';

const M = { top: 4, right: 76, bottom: 44, left: 12 };
const LABEL_H = 18;
const BAR_H = 9;
const BAR_GAP = 2;
const ROW_GAP = 12;
const PANEL_TITLE_H = 24;
const AXIS_H = 40;

/**
 * Model beside paper for each row of the current time table: per column a solid bar (model)
 * and an outlined bar (paper), with the error written at the end of the pair. Prediction rows
 * have a hatched model bar and no paper bar.
 */
export const ModelVsPaperChart = memo(function ModelVsPaperChart({
  table,
}: {
  table: ComparedTable;
}) {
  const [ref, width, scale] = useWidth<HTMLDivElement>(640);
  const hatchBase = svgId(useId(), 'pred');
  const panels = useMemo(() => barPanels(table), [table]);
  const columns = useMemo(() => panels.flat(), [panels]);
  const innerW = Math.max(120, width - M.left - M.right);
  const ticks = Math.max(2, Math.floor(innerW / 90));
  const pairH = 2 * BAR_H + BAR_GAP;

  // One block per panel: its title, the rows' bars for its columns, and its own axis.
  const layout = useMemo(() => {
    let top = 0;
    return panels.map((cols) => {
      const rowH = LABEL_H + cols.length * (pairH + BAR_GAP * 2) + ROW_GAP;
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
  }, [panels, table, innerW, pairH]);
  const innerH = layout.reduce((h, b) => h + PANEL_TITLE_H + b.bodyH + AXIS_H, 0);
  const height = innerH + M.top + M.bottom - AXIS_H;
  const colourOf = (key: string) => colour(columns.findIndex((c) => c.key === key));
  // Beside its colour, a column's model bars have a texture and its paper bars a dash of their
  // own: two columns read apart in greyscale too.
  const texBase = svgId(useId(), 'col');
  const modelFill = (i: number) => textureFill(`${texBase}-${i}`, colour(i), texture(i));
  const paperDash = (i: number) => DASHES[i % DASHES.length];
  const units = [...new Set(columns.map((c) => c.unit).filter(Boolean))].join(', ');
  // Another experiment than the paper's: its bars are the paper's run, the numbers Δ, muted.
  const other = table.otherExperiment !== undefined;
  const paperWord = other ? 'Paper’s run' : 'Paper';
  // A percentage's error is in percentage points (the column's errorUnit, src/compare).
  const deltaText = (e: number | null, unit: '%' | 'pp' = '%') =>
    other ? `Δ ${formatError(e, unit)}` : formatError(e, unit);

  const ariaLabel =
    `${table.title}: model against paper, ${columns.map((c) => c.label).join(', ')} (${units}). ` +
    table.rows
      .map(
        (r) =>
          `${r.label}: ` +
          columns
            .map((c) => {
              const m = r.model[c.key];
              const p = r.paper?.[c.key] ?? null;
              const e = cellDelta(table, r, c.key);
              return p === null
                ? `${c.label} model ${formatValue(m)} (prediction)`
                : `${c.label} model ${formatValue(m)}, ${paperWord.toLowerCase()} ${formatValue(p)} (${deltaText(e, c.errorUnit)})`;
            })
            .join(', '),
      )
      .join('; ');

  const dataTable = useMemo(() => comparedChartTable(table), [table]);
  const summary = useMemo(() => comparedChartSummary(table), [table]);

  return (
    <ChartFigure
      summary={summary}
      table={dataTable}
      id="model-vs-paper"
      title={`Model vs paper: ${table.title}`}
      caption={
        other
          ? 'Filled bars are the model, outlined bars the paper’s run of its own experiment (this scenario is another): Δ = (model − paper) / paper beside each pair is how far this scenario lies from that run, not an error. Hatched bars are predictions: the paper gives no value.'
          : 'Filled bars are the model, outlined bars the paper; the error (model − paper) / paper is written beside each pair. Hatched bars are predictions: the paper gives no value.'
      }
      containerRef={ref}
      legend={
        <Legend
          items={[
            ...columns.map((c, i) => ({
              label: `Model ${c.label}`,
              swatch: (
                <rect
                  x="1"
                  y="2"
                  width="26"
                  height="10"
                  fill={modelFill(i)}
                  stroke={colour(i)}
                  data-texture={texture(i)}
                />
              ),
            })),
            ...columns.map((c, i) => ({
              label: `${paperWord} ${c.label}`,
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
              label: 'Prediction (no paper value)',
              swatch: (
                <rect
                  x="1"
                  y="2"
                  width="26"
                  height="10"
                  fill={`url(#${hatchBase}-0)`}
                  stroke={colour(0)}
                />
              ),
            },
          ]}
        />
      }
    >
      <svg
        role="img"
        aria-label={ariaLabel}
        {...svgBox(width, height, scale)}
        className="chart-svg"
      >
        <defs>
          {columns.map((c, i) => (
            <pattern
              key={c.key}
              id={`${hatchBase}-${i}`}
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="6" height="6" fill="var(--paper, #fff)" />
              <line x1="0" y1="0" x2="0" y2="6" stroke={colour(i)} strokeWidth="3" />
            </pattern>
          ))}
          {columns.map((c, i) => (
            <TexturePattern
              key={c.key}
              id={`${texBase}-${i}`}
              colour={colour(i)}
              texture={texture(i)}
            />
          ))}
        </defs>
        <g transform={`translate(${M.left},${M.top})`}>
          {layout.map(({ cols, rowH, x, top, bodyH }) => {
            const at = (v: number | null | undefined) =>
              v === null || v === undefined || !Number.isFinite(v) ? x(0) : x(v);
            const zero = x(0);
            const span = (v: number | null | undefined) => {
              const end = at(v);
              return { x: Math.min(zero, end), width: Math.abs(end - zero) };
            };
            const unit = cols[0]?.unit ?? '';
            return (
              <g key={cols.map((c) => c.key).join()} transform={`translate(0,${top})`}>
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
                      {r.label}
                      {r.prediction ? ' — prediction' : ''}
                    </text>
                    {cols.map((c, ci) => {
                      const y0 = LABEL_H + ci * (pairH + BAR_GAP * 2);
                      const m = r.model[c.key];
                      const p = r.paper?.[c.key] ?? null;
                      const e = cellDelta(table, r, c.key);
                      const i = columns.indexOf(c);
                      const end = Math.max(at(m), at(p), zero);
                      const pb = span(p);
                      return (
                        <g key={c.key} transform={`translate(0,${y0})`}>
                          <rect
                            height={BAR_H}
                            {...span(m)}
                            fill={p === null ? `url(#${hatchBase}-${i})` : modelFill(i)}
                            data-texture={p === null ? 'prediction' : texture(i)}
                            stroke={p === null ? colourOf(c.key) : 'none'}
                          />
                          {p !== null && (
                            <rect
                              y={BAR_H + BAR_GAP}
                              height={BAR_H - 1}
                              x={pb.x + 0.75}
                              width={Math.max(0, pb.width - 1.5)}
                              fill="var(--paper, #fff)"
                              stroke={colourOf(c.key)}
                              strokeWidth={1.5}
                              strokeDasharray={paperDash(i)}
                            />
                          )}
                          <text
                            className={`bar-label err-text-${other ? 'other' : errorLevel(e)}`}
                            x={end + 6}
                            y={pairH / 2 + 4}
                          >
                            {p === null ? 'prediction' : deltaText(e, c.errorUnit)}
                          </text>
                        </g>
                      );
                    })}
                  </g>
                ))}
                <Axis
                  axis={axisBottom(x).ticks(ticks, ',~f')}
                  transform={`translate(0,${bodyH})`}
                />
              </g>
            );
          })}
        </g>
      </svg>
    </ChartFigure>
  );
});
