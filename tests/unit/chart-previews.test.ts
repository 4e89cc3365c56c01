/**
 * The charts' drag preview (`ChartOptions.preview`) of hyperthreads and directory-search: during
 * a gesture the sweeps come at fewer points and without their bands. A preview may not drift
 * from the full charts it stands in for: the same charts and series, each point one of the full
 * chart's points with its very value, and the scenario's own point kept.
 * (file-access's, which averages fewer runs per point, has tests/unit/file-access-preview.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { ChartData, LineChartData } from '../../src/models/types';
import { joinChartSlices } from '../../src/models/define';
import { loadModel } from '../../src/models/registry';
import { presetParams } from '../../src/scenario';

const lines = (charts: ChartData[]) => charts.filter((c): c is LineChartData => c.kind === 'line');

/** Each model's preview charts, and the sweep whose x axis is its dragged knob. */
const CASES = [
  { id: 'hyperthreads', previews: 3, sweep: 'jobs-sweep', values: [10, 37] },
  { id: 'directory-search', previews: 1, sweep: 'sweep-users', values: [300, 1500, 2900] },
];

describe.each(CASES)('$id drag preview', async ({ id, previews, sweep, values }) => {
  const model = (await loadModel(id))!;
  const key = model.dragParam!;
  const preset = presetParams(model, model.presets[0]!.id);

  it.each(values)(
    `${key} = %s: the preview’s points are the full charts’ own, fewer of them`,
    (value) => {
      const params = { ...preset, [key]: value };
      const parts = Array.from({ length: model.chartPartCount }, (_, i) => i);
      // Joined as the page joins them (a sweep may come in slices).
      const full = joinChartSlices(parts.flatMap((i) => model.chartPart(params, i)));
      const preview = joinChartSlices(
        parts.flatMap((i) => model.chartPart(params, i, { preview: true })),
      );
      expect(preview.map((c) => c.id)).toEqual(full.map((c) => c.id));
      const marked = lines(preview).filter((c) => c.preview === true);
      expect(marked).toHaveLength(previews);
      let fewer = 0;
      for (const p of marked) {
        const f = lines(full).find((c) => c.id === p.id)!;
        expect(f.preview).toBeUndefined();
        expect(p.caption).toMatch(/^Drag preview/);
        expect(p.series.map((s) => s.name)).toEqual(f.series.map((s) => s.name));
        expect(p.markers).toEqual(f.markers);
        for (const [i, s] of p.series.entries()) {
          const fs = f.series[i]!;
          expect(s.band).toBeUndefined();
          for (const pt of s.points) expect(fs.points).toContainEqual(pt);
          fewer += fs.points.length - s.points.length;
        }
      }
      expect(fewer).toBeGreaterThan(0);
      // Charts that are not previews are the full ones, exactly.
      for (const c of preview.filter((c) => c.kind !== 'line' || c.preview !== true))
        expect(c).toEqual(full.find((f) => f.id === c.id));
      // The scenario's own value is a point of the sweep along its knob.
      for (const s of lines(preview).find((c) => c.id === sweep)!.series)
        expect(s.points.map((p) => p.x)).toContain(value);
    },
  );
});
