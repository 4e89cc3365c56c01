import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { crossBoundaryModel } from '../../src/models/cross-boundary';
import type { StackedBarChartData } from '../../src/models/types';
import { presetScenario } from '../../src/scenario';

describe('cross-boundary stacked bars', () => {
  const model = crossBoundaryModel;

  it('each DOCT bar’s parts add up to the per-call time in the parts table', () => {
    const params = presetScenario(model, 'doct-ipc').params;
    const chart = model.charts(params).find((c) => c.id === 'doct-parts-bars') as
      StackedBarChartData | undefined;
    expect(chart?.kind).toBe('stacked-bar');
    const parts = evaluateTables(model, params).tables.find((t) => t.id === 'doct-ipc-parts')!;
    expect(chart!.bars.map((b) => b.label)).toEqual(
      parts.rows.slice(0, chart!.bars.length).map((r) => r.label),
    );
    for (const bar of chart!.bars) {
      const row = parts.rows.find((r) => r.label === bar.label)!;
      const sum = bar.parts.reduce((a, p) => a + p.value, 0);
      expect(sum).toBeCloseTo(row.model.per_call_us!, 6);
    }
  });

  it('MPE presets show where the CPU goes, one bar per paper row', () => {
    const params = presetScenario(model, 'mpe-catalog-modes').params;
    const chart = model
      .charts(params)
      .find((c) => c.id === 'mpe-parts-bars') as StackedBarChartData;
    const table = evaluateTables(model, params).tables.find((t) => t.id === 'mpe-catalog-modes')!;
    expect(chart.bars.map((b) => b.label)).toEqual(table.rows.map((r) => r.label));
    // A Native Mode program calling a Native Mode intrinsic pays no switch; a CM one does.
    const switches = (label: string) =>
      chart.bars.find((b) => b.label === label)!.parts.find((p) => p.name === 'Mode switches')!
        .value;
    expect(switches('NM FreadDir')).toBe(0);
    expect(switches('CM FreadDir')).toBeGreaterThan(0);
  });
});
