/**
 * The explore strip in headless Chromium (wired into `npm run bench`, section v): per model,
 * its default scenario, a 30-step drag of the strip's knob (the model's `dragParam`), each step
 * an input event on the slider; measured from the event to the strip's chart drawing the new
 * value (its svg's `data-now`), and to the headline cells showing the new scenario's tables
 * (the scenario the step asked for: the model page session's `ll:input` mark).
 * Main-thread long tasks during the drag are counted. Figures, never pass/fail.
 */
import type { Page } from 'playwright-core';
import { quantile } from '../src/models/stats';
import { MODEL_INFOS } from '../src/models/registry';
import type { Figure as BenchFigure } from './bench/report';

// Code goes to the page as strings: tsx would inject __name(...) into functions.
const STEP = `(async ({ position }) => {
  const slider = document.querySelector('[data-testid=explore-knob] input[type=range]');
  const box = document.querySelector('[data-testid=explore-knob] input.control-number');
  const results = document.querySelector('[data-testid=results]');
  const t0 = performance.now();
  // React tracks an input's value: set it as a person's input would, past the tracker.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(slider, String(position));
  slider.dispatchEvent(new Event('input', { bubbles: true }));
  // The scenario this step asked for: the session's mark (the link is written when the gesture
  // ends, src/state/modelSession.ts); the link itself on a build without marks.
  const target = performance.getEntriesByName('ll:input', 'mark').at(-1)?.detail?.hash ?? location.hash;
  performance.clearMarks();
  let chartMs = NaN;
  let tableMs = NaN;
  for (let i = 0; i < 300 && (Number.isNaN(chartMs) || Number.isNaN(tableMs)); i++) {
    await new Promise((r) => requestAnimationFrame(r));
    const now = document.querySelector('[data-testid=explore-chart] svg[role=img]')?.getAttribute('data-now');
    if (Number.isNaN(chartMs) && now === box.value) chartMs = performance.now() - t0;
    if (Number.isNaN(tableMs) && results?.getAttribute('data-rendered-hash') === target)
      tableMs = performance.now() - t0;
  }
  return { chartMs, tableMs };
})`;

export async function benchBrowserExplore(page: Page, baseUrl: string): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const model of MODEL_INFOS) {
    if (!model.dragParam) continue;
    await page.goto(`${baseUrl.replace(/#.*$/, '')}#/${model.id}`);
    await page.locator('[data-testid=explore-chart] svg[role=img]').waitFor({ timeout: 120_000 });
    // A hash-only goto keeps the window: the previous model's observer is stopped first, or
    // each task would be counted once per model already measured.
    await page.evaluate(`globalThis.__exploreObserver?.disconnect();
      globalThis.__exploreTasks = [];
      globalThis.__exploreObserver = new PerformanceObserver((l) => { for (const e of l.getEntries()) globalThis.__exploreTasks.push(e.duration); });
      globalThis.__exploreObserver.observe({ type: 'longtask' });`);
    const { min, max } = (await page.evaluate(
      `(() => { const s = document.querySelector('[data-testid=explore-knob] input[type=range]');
         return { min: Number(s.min), max: Number(s.max) }; })()`,
    )) as { min: number; max: number };
    const chart: number[] = [];
    const table: number[] = [];
    for (let k = 1; k <= 30; k++) {
      const position = Math.round(min + ((max - min) * k) / 31);
      const t = (await page.evaluate(`${STEP}({ position: ${position} })`)) as {
        chartMs: number;
        tableMs: number;
      };
      chart.push(t.chartMs);
      table.push(t.tableMs);
    }
    const longTasks = (await page.evaluate('globalThis.__exploreTasks.length')) as number;
    const inp = await dragInteractions(page);
    const note = `${model.dragParam}, 30 steps`;
    figures.push(
      {
        name: `explore ${model.id}: control → strip chart, p95`,
        value: quantile(chart, 0.95),
        unit: 'ms',
        note,
      },
      {
        name: `explore ${model.id}: control → table, p95`,
        value: quantile(table, 0.95),
        unit: 'ms',
        note,
      },
      { name: `explore ${model.id}: long tasks during the drag`, value: longTasks, unit: '' },
      {
        name: `explore ${model.id}: the drag's Interaction to Next Paint`,
        value: inp.worst,
        unit: 'ms',
        note: `${inp.count} interactions over 16 ms (30 arrow keys, a 30-move pointer drag); ${inp.count === 0 ? 'none reached 16 ms, the reporting floor' : 'the worst'}`,
      },
    );
  }
  return figures;
}

/**
 * Interaction to Next Paint of a drag done as a person would: 30 arrow-key steps on the strip's
 * slider, then a pointer drag of 30 moves across it. The Event Timing API reports interactions
 * of 16 ms or more (its floor); with under 50 interactions INP is the worst of them.
 */
async function dragInteractions(page: Page): Promise<{ worst: number; count: number }> {
  await page.evaluate(`globalThis.__inpObserver?.disconnect();
    globalThis.__inp = [];
    globalThis.__inpObserver = new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.interactionId) globalThis.__inp.push(e.duration); });
    globalThis.__inpObserver.observe({ type: 'event', durationThreshold: 16 });`);
  const slider = page.locator('[data-testid=explore-knob] input[type=range]');
  await slider.focus();
  for (let k = 0; k < 30; k++) await page.keyboard.press(k < 15 ? 'ArrowRight' : 'ArrowLeft');
  const box = await slider.boundingBox();
  if (box) {
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 4, y);
    await page.mouse.down();
    for (let k = 1; k <= 30; k++) await page.mouse.move(box.x + 4 + ((box.width - 8) * k) / 30, y);
    await page.mouse.up();
  }
  // Entries are delivered after the next paint.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100)))');
  const durations = (await page.evaluate('globalThis.__inp')) as number[];
  return { worst: durations.length ? Math.max(...durations) : 16, count: durations.length };
}
