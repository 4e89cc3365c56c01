/**
 * A model's chart parts (`chartParts`, spread over the charts' worker pool) are its charts:
 * concatenated in order, with the slices of one chart joined (`joinChartSlices`), they equal
 * `charts` (on the default scenario and the last preset of each model that splits them), and a
 * part past the end is empty. A model without parts has
 * one, its charts (src/models/define.ts).
 */
import { describe, expect, it } from 'vitest';
import { joinChartSlices } from '../../src/models/define';
import type { LineChartData } from '../../src/models/types';
import { loadModels } from '../../src/models/registry';
import { presetParams } from '../../src/scenario';

describe('chart parts', async () => {
  const models = await loadModels();
  it('splits the charts of at least the two slowest models (hyperthreads, file-access)', () => {
    const split = models.filter((m) => m.chartPartCount > 1).map((m) => m.id);
    expect(split).toEqual(expect.arrayContaining(['hyperthreads', 'file-access']));
  });
  for (const m of models.filter((m) => m.chartPartCount > 1))
    it(`${m.id}: the parts in order are the charts`, () => {
      for (const values of [{}, presetParams(m, m.presets.at(-1)?.id)]) {
        const parts = Array.from({ length: m.chartPartCount }, (_, i) => m.chartPart(values, i));
        expect(joinChartSlices(parts.flat())).toEqual(m.charts(values));
        expect(m.chartPart(values, m.chartPartCount)).toEqual([]);
      }
    }, 60_000);
  it('a model without parts has one: its charts', () => {
    const m = models.find((m) => m.id === 'directory-search')!;
    expect(m.chartPartCount).toBe(1);
    expect(m.chartPart({}, 0)).toEqual(m.charts({}));
    expect(m.chartPart({}, 1)).toEqual([]);
  });
  it('slices of one line chart join in x order; a malformed one is kept once, as it came', () => {
    const slice = (xs: number[], extra = false): LineChartData => ({
      kind: 'line',
      id: 'sweep',
      title: `t${xs[0]}`,
      xLabel: '',
      xUnit: '',
      yLabel: '',
      yUnit: '',
      xScale: 'log',
      series: [
        {
          name: 'a',
          points: xs.map((x) => ({ x, y: 2 * x })),
          band: xs.map((x) => ({ x, lo: x, hi: 3 * x })),
        },
        ...(extra ? [{ name: 'b', dashed: true, points: [{ x: 1, y: 5 }] }] : []),
      ],
    });
    const joined = joinChartSlices([slice([1, 8], true), slice([2, 16]), slice([4])]);
    expect(joined).toHaveLength(1);
    const chart = joined[0] as LineChartData;
    expect(chart.title).toBe('t1');
    expect(chart.series.map((x) => x.name)).toEqual(['a', 'b']);
    expect(chart.series[0]!.points.map((p) => p.x)).toEqual([1, 2, 4, 8, 16]);
    expect(chart.series[0]!.band!.map((p) => p.x)).toEqual([1, 2, 4, 8, 16]);
    const bad = { ...slice([2]), series: null } as unknown as LineChartData;
    const withBad = joinChartSlices([bad, slice([1]), { ...bad }]);
    expect(withBad).toEqual([bad]);
  });
});
