import { describe, expect, it } from 'vitest';
import {
  compareTable,
  errorPct,
  evaluateCharts,
  resolvePaperPoints,
  summarize,
} from '../../src/compare/compare';
import { crossBoundaryModel } from '../../src/models/cross-boundary';
import { hyperthreadsModel } from '../../src/models/hyperthreads';
import { presetScenario } from '../../src/scenario';
import { findPaperTable } from '../../src/papers';
import type { ChartData, ModelTable } from '../../src/models/types';
import type { PaperTable } from '../../src/papers';

const model: ModelTable = {
  id: 't',
  title: 'T',
  source: 's',
  columns: [
    { key: 'a', label: 'A', unit: 'ms' },
    { key: 'b', label: 'B', unit: 'ms' },
  ],
  rows: [
    { label: 'one', values: { a: 110, b: 50 } },
    { label: 'two', values: { a: 90, b: 10 } },
  ],
};

describe('compare', () => {
  it('error is (model − paper) / paper in percent, null without a paper value', () => {
    expect(errorPct(110, 100)).toBeCloseTo(10, 12);
    expect(errorPct(90, 100)).toBeCloseTo(-10, 12);
    expect(errorPct(5, null)).toBeNull();
    expect(errorPct(0, 0)).toBe(0);
    expect(errorPct(1, 0)).toBeNull();
  });

  it('joins by row label; a withheld row is a prediction; the summary covers paper cells only', () => {
    const paper: PaperTable = {
      id: 't',
      paper: 'p',
      section: '§1',
      title: 'T',
      rows: [
        { label: 'one', values: { a: 100, b: 40 } },
        { label: 'two', values: { a: null, b: null } },
      ],
    };
    const t = compareTable(model, paper);
    expect(t.modelOnly).toBe(false);
    expect(t.rows[0]!.prediction).toBe(false);
    expect(t.rows[0]!.errorPct.a).toBeCloseTo(10, 9);
    expect(t.rows[0]!.errorPct.b).toBeCloseTo(25, 9);
    expect(t.rows[1]!.prediction).toBe(true);
    expect(t.rows[1]!.paper).toBeNull();
    expect(t.summary).toEqual({ cells: 2, medianAbsErrorPct: 17.5, maxAbsErrorPct: 25 });
    expect(summarize(t.rows, ['a'])!.cells).toBe(1);
  });

  it('a table the paper does not have is model output, not a prediction', () => {
    const t = compareTable(model, undefined);
    expect(t.modelOnly).toBe(true);
    expect(t.summary).toBeNull();
    expect(t.rows.every((r) => !r.prediction && r.paper === null)).toBe(true);
  });
});

describe('paper points on charts (filled by reference, never by models)', () => {
  it('fill y from the paper cell named, and drop references to cells the paper does not give', () => {
    const chart: ChartData = {
      kind: 'line',
      id: 'c',
      title: 't',
      xLabel: 'x',
      xUnit: '',
      yLabel: 'y',
      yUnit: 'ms',
      xScale: 'linear',
      series: [],
      paperPoints: [
        { x: 1, table: 'mpe-sl-seq', row: 'Fread', column: 'cpu_ms', label: 'Fread CPU' },
        { x: 2, table: 'mpe-catalog-resident', row: 'Fread', column: 'delta_ms', label: 'none' },
        { x: 3, table: 'no-such-table', row: 'Fread', column: 'cpu_ms', label: 'missing' },
      ],
    };
    const [out] = resolvePaperPoints([chart]);
    expect(out!.kind === 'line' && out!.paperPoints).toEqual([
      { x: 1, table: 'mpe-sl-seq', row: 'Fread', column: 'cpu_ms', label: 'Fread CPU', y: 36590 },
    ]);
  });

  it('cross-boundary: every published doct-ipc cell appears on the time-vs-iterations chart', () => {
    const model = crossBoundaryModel;
    const charts = evaluateCharts(model, presetScenario(model, 'doct-ipc').params);
    const chart = charts.find((c) => c.id === 'time-vs-iterations');
    const points = chart?.kind === 'line' ? (chart.paperPoints ?? []) : [];
    const published = findPaperTable('doct-ipc')!.rows.flatMap((r) =>
      Object.values(r.values).filter((v) => v !== null),
    );
    expect(points).toHaveLength(published.length);
    expect(points.every((p) => typeof p.y === 'number' && p.y > 0)).toBe(true);
  });

  it('hyperthreads: the jobs chart shows the paper machine’s three points at 1 and 10 jobs', () => {
    const model = hyperthreadsModel;
    const charts = evaluateCharts(model, presetScenario(model, 'vms-cothread').params);
    const chart = charts.find((c) => c.id === 'jobs-sweep');
    const points = chart?.kind === 'line' ? (chart.paperPoints ?? []) : [];
    expect(points.map((p) => p.x)).toEqual([1, 10, 10]);
    expect(points.every((p) => typeof p.y === 'number')).toBe(true);
  });
});
