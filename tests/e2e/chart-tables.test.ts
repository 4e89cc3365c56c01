/**
 * Every chart has a one-sentence summary and a data-table view (issue #11): on pages with
 * each kind of chart (lines, bars, a timeline, model vs paper), the table opened from the
 * keyboard holds the chart's own values (computed here in Node from the same model), and
 * axe-core is clean with the tables open.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chartSummary, chartTable } from '../../src/charts/chartData';
import { evaluateCharts } from '../../src/compare/compare';
import { loadModel } from '../../src/models/registry';
import { defaultScenario, serializeScenario } from '../../src/scenario';
import { seriousAxeViolations } from './axe';
import { browserSuite, chartsCaughtUp, hashOf, tablesShowCurrentUrl } from './suite';

const suite = browserSuite();

async function open(page: Page, modelId: string) {
  const model = (await loadModel(modelId))!;
  const scenario = defaultScenario(model);
  await page.goto(suite.url + hashOf(serializeScenario(scenario)));
  await tablesShowCurrentUrl(page);
  await chartsCaughtUp(page);
  return evaluateCharts(model, scenario.params);
}

/** Opens a chart's table with the keyboard; returns its header and body cells as shown. */
async function tableOf(page: Page, chartId: string) {
  const figure = page.getByTestId(`chart-${chartId}`);
  const toggle = figure.getByTestId('chart-table-toggle');
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const data = figure.getByTestId('chart-data');
  await data.waitFor();
  return {
    head: await data.locator('thead th').allTextContents(),
    rows: await data
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
      ),
    summary: (await figure.getByTestId('chart-summary').textContent()) ?? '',
  };
}

describe('chart data tables', () => {
  it.each([
    ['file-access', ['sweep-distance', 'timeline']],
    ['cross-boundary', ['doct-parts-bars', 'time-vs-iterations']],
  ] as const)(
    '%s: each kind of chart opens to its own data, and says what it shows',
    async (id, chartIds) => {
      const page = await suite.newPage([], { viewport: { width: 1280, height: 900 } });
      const charts = await open(page, id);
      // Every chart on the page has a summary sentence. The model-vs-paper chart follows the
      // tables in a render of its own (a deferred value): counted once it is there.
      await page.getByTestId('chart-model-vs-paper').waitFor();
      const figures = page.locator('figure.chart');
      const count = await figures.count();
      expect(count).toBeGreaterThan(charts.length); // the model-vs-paper chart too
      for (let i = 0; i < count; i++)
        expect(
          (await figures.nth(i).getByTestId('chart-summary').textContent())?.length,
        ).toBeGreaterThan(30);
      for (const chartId of chartIds) {
        const chart = charts.find((c) => c.id === chartId)!;
        const expected = chartTable(chart);
        const shown = await tableOf(page, chartId);
        expect(shown.head).toEqual(expected.columns);
        expect(shown.rows).toEqual(expected.rows);
        expect(shown.summary).toBe(chartSummary(chart));
      }
      // The model-vs-paper chart has its table too: one row per run of the first table.
      const mvp = await tableOf(page, 'model-vs-paper');
      expect(mvp.rows.length).toBe(
        await page.locator('section.tables > section').first().locator('tbody tr').count(),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The toggle closes it again.
      const toggle = page.getByTestId(`chart-${chartIds[0]}`).getByTestId('chart-table-toggle');
      await toggle.click();
      expect(await page.getByTestId(`chart-${chartIds[0]}`).getByTestId('chart-data').count()).toBe(
        0,
      );
    },
  );
});
