/**
 * The hyperthreads charts' drag preview (src/models/hyperthreads/charts.ts): during a gesture
 * the sweeps come at fewer points and the latency sweep without its band. The preview may not
 * drift from the full charts it stands in for: the same charts and series, each point one of
 * the full chart's points with its very value, the scenario's own point always kept.
 */
import { describe, expect, it } from 'vitest';
import type { ChartData, LineChartData } from '../../src/models/types';
import { loadModel } from '../../src/models/registry';
import { presetParams } from '../../src/scenario';

const lines = (charts: ChartData[]) => charts.filter((c): c is LineChartData => c.kind === 'line');

describe('hyperthreads drag preview', async () => {
  const model = (await loadModel('hyperthreads'))!;
  const preset = model.presets[0]!.id;
  const scenarios = [presetParams(model, preset), { ...presetParams(model, preset), jobs: 37 }];

  it.each(scenarios.map((p) => [p.jobs, p] as const))(
    'jobs = %s: the preview’s points are the full charts’ own, fewer of them',
    (_jobs, params) => {
      const parts = Array.from({ length: model.chartPartCount }, (_, i) => i);
      const full = parts.flatMap((i) => model.chartPart(params, i));
      const preview = parts.flatMap((i) => model.chartPart(params, i, { preview: true }));
      expect(preview.map((c) => c.id)).toEqual(full.map((c) => c.id));
      const fullLines = lines(full);
      expect(lines(preview)).toHaveLength(3);
      let fewer = 0;
      for (const p of lines(preview)) {
        const f = fullLines.find((c) => c.id === p.id)!;
        expect(p.preview).toBe(true);
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
      // The full latency sweep keeps its band.
      expect(fullLines.find((c) => c.id === 'latency-sweep')!.series[0]!.band).toBeDefined();
      // The scenario's own job count is a point of the jobs sweep.
      const jobs = lines(preview).find((c) => c.id === 'jobs-sweep')!;
      for (const s of jobs.series) expect(s.points.map((p) => p.x)).toContain(params.jobs);
    },
  );
});
