/**
 * Every chart's data table and one-sentence summary (src/charts/chartData.ts), on every
 * model's own charts for its default scenario: the table holds exactly the chart's points,
 * with units in the headings, and the summary quotes the chart's own extremes.
 */
import { describe, expect, it } from 'vitest';
import { evaluateCharts, evaluateTables } from '../../src/compare/compare';
import {
  MAX_TABLE_ROWS,
  barColumns,
  barPanels,
  chartSummary,
  chartTable,
  comparedChartSummary,
  comparedChartTable,
} from '../../src/charts/chartData';
import { formatErrorPct, formatValue, labelWithUnit } from '../../src/format';
import { loadModels } from '../../src/models/registry';
import { defaultScenario } from '../../src/scenario';
import type { ChartData } from '../../src/models/types';

const models = await loadModels();
const charts: [string, ChartData][] = models.flatMap((m) =>
  evaluateCharts(m, defaultScenario(m).params).map((c): [string, ChartData] => [
    `${m.id}/${c.id}`,
    c,
  ]),
);

describe('chart data tables and summaries', () => {
  it('covers every kind of chart', () => {
    expect(new Set(charts.map(([, c]) => c.kind))).toEqual(
      new Set(['line', 'stacked-bar', 'timeline']),
    );
  });

  it.each(charts)('%s: the table holds the chart’s values, the summary its extremes', (_, c) => {
    const t = chartTable(c);
    const summary = chartSummary(c);
    expect(summary.endsWith('.')).toBe(true);
    expect(summary.split(/\.\s/).length).toBe(1); // one sentence
    for (const row of t.rows) expect(row.length).toBe(t.columns.length);
    if (c.kind === 'line') {
      expect(t.columns[0]).toBe(labelWithUnit(c.xLabel, c.xUnit));
      const xs = new Set(c.series.flatMap((s) => s.points.map((p) => p.x)));
      for (const p of c.paperPoints ?? []) if (p.y !== undefined) xs.add(p.x);
      expect(t.rows.length + t.omitted).toBe(xs.size);
      const sorted = [...xs].sort((a, b) => a - b);
      c.series.forEach((s, i) => {
        expect(t.columns[i + 1]).toBe(labelWithUnit(s.name, c.yUnit));
        for (const p of s.points) {
          const r = sorted.indexOf(p.x);
          if (r < t.rows.length) expect(t.rows[r]![i + 1]).toBe(formatValue(p.y));
        }
      });
      const ys = c.series.flatMap((s) => s.points.map((p) => p.y)).filter(Number.isFinite);
      if (ys.length > 0) {
        expect(summary).toContain(formatValue(Math.min(...ys)));
        expect(summary).toContain(formatValue(Math.max(...ys)));
      }
    } else if (c.kind === 'stacked-bar') {
      expect(t.rows.map((r) => r[0])).toEqual(c.bars.map((b) => b.label));
      c.bars.forEach((b, i) =>
        expect(t.rows[i]!.at(-1)).toBe(formatValue(b.parts.reduce((s, p) => s + p.value, 0))),
      );
      expect(t.columns.at(-1)).toBe(labelWithUnit('Total', c.unit));
    } else {
      const segments = c.lanes.flatMap((l) => l.segments);
      expect(t.rows.length).toBe(Math.min(segments.length, MAX_TABLE_ROWS));
      expect(t.omitted).toBe(Math.max(0, segments.length - MAX_TABLE_ROWS));
      expect(t.columns).toContain(labelWithUnit('Duration', c.unit));
      if (segments[0]) expect(t.rows[0]![4]).toBe(formatValue(segments[0].end - segments[0].start));
    }
  });

  it('the model-vs-paper chart’s table and summary are its table’s cells and its worst error', () => {
    for (const m of models) {
      const table = evaluateTables(m, defaultScenario(m).params).tables[0]!;
      const t = comparedChartTable(table);
      const columns = barColumns(table);
      expect(t.rows.length).toBe(table.rows.length);
      expect(t.columns.length).toBe(1 + 3 * columns.length);
      table.rows.forEach((r, i) => {
        const c = columns[0]!;
        expect(t.rows[i]![1]).toBe(formatValue(r.model[c.key]));
        expect(t.rows[i]![3]).toBe(formatErrorPct(r.errorPct[c.key] ?? null));
      });
      const errors = table.rows.flatMap((r) =>
        columns.map((c) => r.errorPct[c.key]).filter((e): e is number => typeof e === 'number'),
      );
      const summary = comparedChartSummary(table);
      if (errors.length > 0) {
        const worst = errors.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a));
        expect(summary, m.id).toContain(formatErrorPct(worst));
      } else expect(summary, m.id).toContain('no value to compare');
    }
  });

  it('the model-vs-paper chart has a bar for every column, in panels of one unit and size', () => {
    for (const m of models) {
      const table = evaluateTables(m, defaultScenario(m).params).tables[0]!;
      const panels = barPanels(table);
      expect(
        panels
          .flat()
          .map((c) => c.key)
          .sort(),
        m.id,
      ).toEqual(table.columns.map((c) => c.key).sort());
      for (const p of panels.slice(table.chartColumns ? 1 : 0))
        expect(new Set(p.map((c) => c.unit)).size, m.id).toBe(1);
    }
    // The cross-boundary runs of 10k, 100k and 1M calls cannot share one axis.
    const doct = models.find((m) => m.id === 'cross-boundary')!;
    const ipc = evaluateTables(doct, defaultScenario(doct).params).tables[0]!;
    expect(barPanels(ipc).length).toBeGreaterThan(1);
  });

  it('a series that only falls says so, with its end values', () => {
    const c: ChartData = {
      kind: 'line',
      id: 'x',
      title: 'T',
      xLabel: 'Frames',
      xUnit: 'frames',
      yLabel: 'Misses',
      yUnit: '',
      xScale: 'linear',
      series: [
        {
          name: 'LRU',
          points: [
            { x: 1, y: 90 },
            { x: 2, y: 40 },
          ],
        },
      ],
    };
    expect(chartSummary(c)).toBe(
      'Misses ranges from 40 to 90 as frames goes from 1 to 2 frames (1 series); it falls from 90 to 40.',
    );
  });
});
