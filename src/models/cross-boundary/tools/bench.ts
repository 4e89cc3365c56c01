/**
 * The cross-boundary live panel in headless Chromium: the measured per-call time of each row
 * (direct call, raw postMessage, comlink RPC, SharedArrayBuffer + Atomics) on this machine.
 * Figures only: nothing here is compared with a threshold.
 *
 *   npx vite build --outDir /tmp/dist-x && LATENCY_LAB_DIST=/tmp/dist-x npx tsx src/models/cross-boundary/tools/bench.ts
 */
import { isDirectRun } from '../../../../scripts/lib/direct-run';
import type { Page } from 'playwright-core';
import { crossBoundaryModel } from '..';
import { presetScenario, serializeScenario } from '../../../scenario';
import type { Figure as BenchFigure } from '../../../../scripts/lib/figure';

const ITERATIONS = 100_000;

export async function benchBrowserCrossBoundary(
  page: Page,
  baseUrl: string,
): Promise<BenchFigure[]> {
  const link = serializeScenario(presetScenario(crossBoundaryModel, 'doct-ipc'));
  await page.goto(baseUrl.replace(/#.*$/, '') + link.slice(link.indexOf('#')));
  await page.getByTestId('cb-live').waitFor();
  const isolated = (await page.evaluate('globalThis.crossOriginIsolated === true')) as boolean;
  await page.locator('#cb-live-iterations').selectOption(String(ITERATIONS));
  await page.getByTestId('cb-live-run').click();
  // Code goes to the page as strings: tsx would inject __name(...) into functions.
  // Polled with page.evaluate: waitForFunction compiles a string in the page, which the
  // built app's CSP (no 'unsafe-eval') refuses.
  const done = `document.querySelectorAll('[data-testid=cb-live-row]').length === 4 &&
     document.querySelector('[data-testid=cb-live-status]')?.getAttribute('data-running') === 'false'`;
  const deadline = Date.now() + 300_000;
  while (!((await page.evaluate(done)) as boolean)) {
    if (Date.now() > deadline)
      throw new Error('the live cross-boundary run did not finish in 300 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const rows = (await page.evaluate(
    `[...document.querySelectorAll('[data-testid=cb-live-row]')].map((r) => ({
       id: r.getAttribute('data-row'),
       perCallUs: Number(r.getAttribute('data-per-call-us') || NaN),
     }))`,
  )) as { id: string; perCallUs: number }[];
  const resolution = (await page.getByTestId('cb-live-resolution').textContent()) ?? '';
  const figures: BenchFigure[] = [];
  for (const r of rows) {
    if (!Number.isFinite(r.perCallUs)) {
      figures.push({
        name: `cross-boundary live ${r.id} per call`,
        value: NaN,
        unit: 'µs',
        note: isolated ? 'not measured' : 'not run: page not cross-origin isolated',
      });
      continue;
    }
    figures.push({
      name: `cross-boundary live ${r.id} per call`,
      value: r.perCallUs,
      unit: 'µs',
      note: `median over batches, ${ITERATIONS.toLocaleString('en-US')} calls, headless Chromium;${resolution}`,
    });
  }
  return figures;
}

// Standalone: npx tsx src/models/cross-boundary/tools/bench.ts (after a build; LATENCY_LAB_DIST honoured).
if (isDirectRun(import.meta.url)) {
  const { launchChromium, startPreview } = await import('../../../../scripts/lib/browser');
  const preview = await startPreview();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    for (const f of await benchBrowserCrossBoundary(page, preview.url))
      console.log(`${f.name}: ${f.value.toPrecision(3)} ${f.unit}${f.note ? `  (${f.note})` : ''}`);
  } finally {
    await browser.close();
    await preview.close();
  }
}
