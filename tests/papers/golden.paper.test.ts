/**
 * Golden files: every paper table as the CLI prints it in markdown (model, interval, paper and
 * error per cell, rounded as the CLI rounds), one file per preset, and every chart's data as
 * its data table shows it, for each model's default scenario. A change to a model or a
 * constant shows in review as a cell-by-cell diff under tests/golden/. After an intended
 * change, `npx vitest run --project unit tests/papers/golden.paper.test.ts -u` rewrites them.
 */
import { describe, expect, it } from 'vitest';
import { explore, listPresets, toMarkdown } from '../../scripts/cli/explore';
import { chartTable } from '../../src/charts/chartData';
import { evaluateCharts } from '../../src/compare/compare';
import { loadModel, MODEL_INFOS } from '../../src/models/registry';
import { defaultScenario } from '../../src/scenario';

const modelOf = (permalink: string) => /#\/([^?]+)/.exec(permalink)![1]!;

describe('golden files: paper tables (explore --format md)', () => {
  for (const preset of listPresets()) {
    const model = modelOf(preset.permalink);
    it(`${model} · ${preset.id}`, async () => {
      const md = toMarkdown(await explore(preset.permalink));
      await expect(`${preset.permalink}\n\n${md}`).toMatchFileSnapshot(
        `../golden/tables/${model}/${preset.id}.md`,
      );
    });
  }
});

describe('golden files: chart data at each model’s default scenario', () => {
  for (const info of MODEL_INFOS) {
    it(
      info.id,
      async () => {
        const model = (await loadModel(info.id))!;
        const charts = evaluateCharts(model, defaultScenario(info).params);
        const text = charts
          .map((chart) => {
            const table = chartTable(chart);
            const lines = [table.columns, ...table.rows].map((cells) => cells.join('\t'));
            const cut = table.omitted ? [`(${table.omitted} more rows)`] : [];
            return [`## ${chart.title}`, '', ...lines, ...cut].join('\n');
          })
          .join('\n\n');
        await expect(`${text}\n`).toMatchFileSnapshot(`../golden/charts/${info.id}.tsv`);
        // Only stops a hang: file-access's FREADSEEK sweeps are thousands of runs (minutes on a
        // busy machine); nothing here is about speed.
      },
      900_000,
    );
  }
});
