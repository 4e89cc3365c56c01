/**
 * Every chart with several series tells them apart by colour and by a second channel — dash and
 * marker for lines, texture for bars — so they read apart in greyscale and for a reader who
 * cannot tell two of the colours apart (issue: "eight series in one blue dash"). Checked on
 * every chart every model draws at each of its presets, on the cross-boundary live panel's
 * chart, and on the rules themselves.
 */
import { describe, expect, it } from 'vitest';
import { seriesStyles } from '../../src/charts/layout';
import { colour, DASHES, MARKERS, markerPath, texture, TEXTURES } from '../../src/charts/palette';
import { evaluateCharts } from '../../src/compare/compare';
import type { LineChartData } from '../../src/models/types';
import { loadModel, MODEL_INFOS } from '../../src/models/registry';
import { presetParams } from '../../src/scenario';
import { liveVsPaperChart } from '../../src/models/cross-boundary/view/liveChart';
import { findPaperTable } from '../../src/papers';

const key = (...parts: unknown[]) => parts.map((p) => String(p ?? 'solid')).join('|');

/** No two series share colour, dash and marker; none share dash and marker (greyscale). */
function expectDistinct(data: LineChartData) {
  const styles = seriesStyles(data.series);
  const full = styles.map((s) => key(s.colour, s.dash, s.marker));
  const grey = styles.map((s) => key(s.dash, s.marker));
  expect(new Set(full).size, `${data.title}: colour, dash, marker`).toBe(styles.length);
  expect(new Set(grey).size, `${data.title}: dash and marker alone`).toBe(styles.length);
}

describe('every multi-series chart of every model, at every preset', () => {
  for (const info of MODEL_INFOS)
    it(info.id, async () => {
      const model = (await loadModel(info.id))!;
      let multi = 0;
      for (const preset of info.presets) {
        for (const chart of evaluateCharts(model, presetParams(info, preset.id))) {
          if (chart.kind === 'line' && chart.series.length > 1) {
            multi++;
            expectDistinct(chart);
          } else if (chart.kind === 'stacked-bar') {
            const parts = [...new Set(chart.bars.flatMap((b) => b.parts.map((p) => p.name)))];
            // A texture of its own for every part: the parts read apart without colour.
            expect(parts.length, chart.title).toBeLessThanOrEqual(TEXTURES.length);
            const styles = parts.map((_, i) => key(colour(i), texture(i)));
            expect(new Set(styles).size).toBe(parts.length);
          }
        }
      }
      expect(multi, 'some chart has several series').toBeGreaterThan(0);
    });
});

describe('the cross-boundary live chart (“the paper’s points and this machine”)', () => {
  it('draws its eight paper rows and the rows measured here each in a style of its own', () => {
    const here = ['direct call', 'postMessage', 'comlink', 'SharedArrayBuffer'].map((label, i) => ({
      label,
      perCallMedianUs: 0.01 * 10 ** i,
    }));
    const chart = liveVsPaperChart(here, findPaperTable('doct-ipc'));
    expect(chart.series.filter((s) => s.dashed)).toHaveLength(8);
    expect(chart.series).toHaveLength(12);
    expectDistinct(chart);
    const styles = seriesStyles(chart.series);
    // The paper's rows stay dashed (the caption says so), and not all in one colour.
    expect(styles.slice(0, 8).every((s) => s.dash !== undefined)).toBe(true);
    expect(new Set(styles.slice(0, 8).map((s) => s.colour)).size).toBe(7);
  });
});

describe('the style rules', () => {
  it('one group of many series (a curve family in one colour) still has distinct styles', () => {
    const series = Array.from({ length: 30 }, (_, i) => ({
      name: `paper: row ${i}`,
      dashed: i % 2 === 0,
    }));
    expectDistinct({
      kind: 'line',
      id: 'x',
      title: 'one group',
      xLabel: 'x',
      xUnit: '',
      yLabel: 'y',
      yUnit: '',
      xScale: 'linear',
      series: series.map((s) => ({ ...s, points: [] })),
    });
  });

  it('a curve and its dashed baseline share a colour and differ in dash and marker', () => {
    const [a, b] = seriesStyles([
      { name: 'FreadDir & FreadSeek' },
      { name: 'FreadDir (no prefetch)', dashed: true },
    ]);
    expect(a!.colour).toBe(b!.colour);
    expect(a!.dash).toBeUndefined();
    expect(b!.dash).toBe(DASHES[1]);
    expect(a!.marker).not.toBe(b!.marker);
  });

  it('every marker is a closed path of its own shape', () => {
    const paths = MARKERS.map((m) => markerPath(m, 4, 10, 10));
    expect(new Set(paths).size).toBe(MARKERS.length);
    for (const d of paths) expect(d).toMatch(/^M[\d. -]+.*Z$/);
  });
});
