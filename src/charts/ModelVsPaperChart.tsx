import { memo, useId, useMemo } from 'react';
import { axisBottom } from 'd3-axis';
import { max } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import type { ComparedTable } from '../compare/types';
import { errorLevel, formatErrorPct, formatValue } from '../format';
import { Axis } from './Axis';
import { ChartFigure, Legend } from './ChartFigure';
import { comparedChartTable, comparedChartSummary, barColumns } from './chartData';
import { colour, svgId } from './palette';
import { svgBox, useWidth } from './useWidth';

const M = { top: 4, right: 76, bottom: 44, left: 12 };
const LABEL_H = 18;
const BAR_H = 9;
const BAR_GAP = 2;
const ROW_GAP = 12;

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
  const columns = useMemo(() => barColumns(table), [table]);
  const innerW = Math.max(120, width - M.left - M.right);
  const pairH = 2 * BAR_H + BAR_GAP;
  const rowH = LABEL_H + columns.length * (pairH + BAR_GAP * 2) + ROW_GAP;
  const innerH = table.rows.length * rowH;
  const height = innerH + M.top + M.bottom;
  const unit = columns[0]?.unit ?? '';

  const x = useMemo(() => {
    const top =
      max(table.rows, (r) =>
        max(columns, (c) => Math.max(r.model[c.key] ?? 0, r.paper?.[c.key] ?? 0)),
      ) ?? 1;
    return scaleLinear()
      .domain([0, top > 0 ? top : 1])
      .nice()
      .range([0, innerW]);
  }, [table, columns, innerW]);
  const xAxis = useMemo(
    () => axisBottom(x).ticks(Math.max(2, Math.floor(innerW / 90)), ',~f'),
    [x, innerW],
  );
  const w = (v: number | null | undefined) =>
    v === null || v === undefined || !Number.isFinite(v) ? 0 : Math.max(0, x(Math.max(0, v)));

  const ariaLabel =
    `${table.title}: model against paper, ${columns.map((c) => c.label).join(' and ')} in ${unit}. ` +
    table.rows
      .map(
        (r) =>
          `${r.label}: ` +
          columns
            .map((c) => {
              const m = r.model[c.key];
              const p = r.paper?.[c.key] ?? null;
              const e = r.errorPct[c.key] ?? null;
              return p === null
                ? `${c.label} model ${formatValue(m)} (prediction)`
                : `${c.label} model ${formatValue(m)}, paper ${formatValue(p)} (${formatErrorPct(e)})`;
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
      caption="Solid bars are the model, outlined bars the paper; the error (model − paper) / paper is written beside each pair. Hatched bars are predictions: the paper gives no value."
      containerRef={ref}
      legend={
        <Legend
          items={[
            ...columns.map((c, i) => ({
              label: `Model ${c.label}`,
              swatch: <rect x="1" y="2" width="26" height="10" fill={colour(i)} />,
            })),
            ...columns.map((c, i) => ({
              label: `Paper ${c.label}`,
              swatch: (
                <rect
                  x="1.5"
                  y="2.5"
                  width="25"
                  height="9"
                  fill="#fff"
                  stroke={colour(i)}
                  strokeWidth="2"
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
              <rect width="6" height="6" fill="#fff" />
              <line x1="0" y1="0" x2="0" y2="6" stroke={colour(i)} strokeWidth="3" />
            </pattern>
          ))}
        </defs>
        <g transform={`translate(${M.left},${M.top})`}>
          <g className="grid" aria-hidden="true">
            {x.ticks(Math.max(2, Math.floor(innerW / 90))).map((t) => (
              <line key={t} x1={x(t)} x2={x(t)} y1={0} y2={innerH} />
            ))}
          </g>
          {table.rows.map((r, ri) => (
            <g key={r.label} transform={`translate(0,${ri * rowH})`}>
              <text className="lane-label" y={LABEL_H - 5}>
                {r.label}
                {r.prediction ? ' — prediction' : ''}
              </text>
              {columns.map((c, ci) => {
                const y0 = LABEL_H + ci * (pairH + BAR_GAP * 2);
                const m = r.model[c.key];
                const p = r.paper?.[c.key] ?? null;
                const e = r.errorPct[c.key] ?? null;
                const end = Math.max(w(m), w(p));
                return (
                  <g key={c.key} transform={`translate(0,${y0})`}>
                    <rect
                      height={BAR_H}
                      width={w(m)}
                      fill={p === null ? `url(#${hatchBase}-${ci})` : colour(ci)}
                      stroke={p === null ? colour(ci) : 'none'}
                    />
                    {p !== null && (
                      <rect
                        y={BAR_H + BAR_GAP}
                        height={BAR_H - 1}
                        x={0.75}
                        width={Math.max(0, w(p) - 1.5)}
                        fill="#fff"
                        stroke={colour(ci)}
                        strokeWidth={1.5}
                      />
                    )}
                    <text
                      className={`bar-label err-text-${errorLevel(e)}`}
                      x={end + 6}
                      y={pairH / 2 + 4}
                    >
                      {p === null ? 'prediction' : formatErrorPct(e)}
                    </text>
                  </g>
                );
              })}
            </g>
          ))}
          <Axis axis={xAxis} transform={`translate(0,${innerH})`} />
          <text className="axis-title" x={innerW / 2} y={innerH + 38} textAnchor="middle">
            {columns.map((c) => c.label).join(' and ')} ({unit})
          </text>
        </g>
      </svg>
    </ChartFigure>
  );
});
