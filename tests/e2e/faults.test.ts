/**
 * Faults injected from outside the app (Playwright routes on the built scripts; no test hooks
 * in the app): the lab worker fails to load, hangs, or throws in one channel only; a chart
 * gets malformed data; a panel's chunk fails to load. Each time the page says what failed, in
 * the failed part's place, with a Retry where retrying can help, and everything else works.
 * Also: the built page's Content-Security-Policy (vite.config.ts) reports no violation on any
 * model page.
 *
 * The one knob: `localStorage['latency-lab:worker-timeout-ms']` (src/state/labClient.ts, for
 * tests only, never in a link) lowers the workers' timeout from 15 s so that the hung-worker
 * test waits 2 s instead; it is removed before the retry, which then has the full 15 s.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { MODEL_INFOS, findModelInfo } from '../../src/models/registry';
import { defaultScenario, serializeScenario } from '../../src/scenario';
import { WORKER_TIMEOUT_KNOB } from '../../src/state/labClient';
import { browserSuite, chartsCaughtUp, hashOf, tablesShowCurrentUrl, watchCsp, SL } from './suite';

const suite = browserSuite();

/** The built lab worker (tables, charts and trace channels all start this script). */
const LAB_WORKER = '**/assets/lab.worker-*.js';

/** Serves the real worker script with `prelude` run first inside the worker. */
function withPrelude(prelude: string) {
  return (route: Route) => serve(route, (text) => `${prelude}\n${text}`);
}

/**
 * Serves the real worker script rewritten by `body`. The page may stop a worker (the charts'
 * pool cancels a sweep when the scenario changes) while its script is still being served:
 * that request is then gone, which is no failure of the test.
 */
async function serve(route: Route, body: (text: string) => string): Promise<void> {
  try {
    const response = await route.fetch();
    await route.fulfill({ response, body: body(await response.text()) });
  } catch (e) {
    if (!/already handled|Target .*closed|has been closed/i.test(String(e))) throw e;
  }
}

const alertText = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).textContent()) ?? '';

describe('worker faults', () => {
  it('a lab worker that cannot be loaded: a clear error and Retry; controls, header and link keep working', async () => {
    const page = await suite.newPage(['clipboard-read', 'clipboard-write']);
    let failed = 0;
    await page.route(LAB_WORKER, (route) => {
      failed++;
      return route.fulfill({ status: 500, body: 'injected fault' });
    });
    await page.goto(suite.url + SL);

    await page.getByTestId('tables-error').waitFor();
    expect(await alertText(page, 'tables-error')).toMatch(
      /The tables could not be computed\. The tables worker failed/,
    );
    await page.getByTestId('charts-error').waitFor();
    expect(await alertText(page, 'charts-error')).toMatch(/The charts worker failed/);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(2);
    expect(await page.getByTestId('results').getAttribute('data-status')).toBe('error');

    // The controls still change the scenario (a fresh worker is tried, and fails again).
    const before = failed;
    const slider = page.getByLabel('Prefetch distance (records)', { exact: true });
    await slider.focus();
    await slider.press('ArrowRight');
    await page.waitForFunction(() => location.hash.includes('prefetchDistanceRecords=5&'));
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=results]')?.getAttribute('data-status') === 'error',
    );
    expect(failed).toBeGreaterThan(before);
    // The link can be copied, and it is the current scenario's.
    await page.getByTestId('copy-link').click();
    // Copied, or refused and shown to copy by hand: either comes after the click returns.
    await page
      .getByRole('status')
      .filter({ hasText: /Link copied|Ctrl\+C/ })
      .waitFor();
    const link = (await page.getByTestId('copy-link-field').count())
      ? await page.getByTestId('copy-link-field').inputValue()
      : await page.evaluate(() => navigator.clipboard.readText());
    expect(hashOf(link)).toBe(await page.evaluate(() => location.hash));

    // The fault is gone: Retry starts a fresh worker and the tables and charts appear.
    await page.unroute(LAB_WORKER);
    await page.getByTestId('tables-error').getByRole('button', { name: 'Retry' }).click();
    await tablesShowCurrentUrl(page);
    await chartsCaughtUp(page);
    expect(await page.getByTestId('tables-error').count()).toBe(0);
    expect(await page.getByTestId('charts-error').count()).toBe(0);
    expect(await page.getByTestId('table-mpe-sl-seq').count()).toBe(1);

    // The header still navigates.
    await page.getByRole('link', { name: 'Latency Lab', exact: true }).click();
    await page.getByRole('heading', { name: 'The papers' }).waitFor();
  });

  it('a lab worker that never answers: the timeout message after the (lowered) timeout, then Retry', async () => {
    const page = await suite.newPage();
    await page.addInitScript((key) => localStorage.setItem(key, '2000'), WORKER_TIMEOUT_KNOB);
    // A worker that loads fine (the real response's headers, which the page's cross-origin
    // isolation requires) and ignores every message.
    await page.route(LAB_WORKER, (route) => serve(route, () => 'self.onmessage = () => {};'));
    // Counts each time a tables error appears: the error belongs to one scenario, so it goes
    // when the scenario changes and comes back when the new request times out too.
    await page.addInitScript(() => {
      const w = window as unknown as { tablesErrors: number };
      w.tablesErrors = 0;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof Element && n.matches('[data-testid=tables-error]')) w.tablesErrors++;
      }).observe(document, { childList: true, subtree: true });
    });
    const errorsShown = (n: number) =>
      page.waitForFunction(
        (k) => (window as unknown as { tablesErrors: number }).tablesErrors >= k,
        n,
        { timeout: 120_000 },
      );
    const errorsSoFar = () =>
      page.evaluate(() => (window as unknown as { tablesErrors: number }).tablesErrors);
    await page.goto(suite.url + SL);
    await errorsShown(1);
    const first = await errorsSoFar();
    expect(await alertText(page, 'tables-error')).toContain(
      'The tables worker did not answer within 2 s; it was stopped and will be restarted.',
    );
    // The page itself is not stuck: the controls answer, and the new request (on a restarted
    // worker, still the hung one) times out in its turn.
    await page.getByLabel('Prefetch distance (records)', { exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => location.hash.includes('prefetchDistanceRecords=5&'));
    await errorsShown(first + 1);

    // The real worker that Retry starts must not race a 2 s timeout on a busy machine: the
    // timeout is read at each call, so the default (15 s) comes back for it.
    await page.evaluate((key) => localStorage.removeItem(key), WORKER_TIMEOUT_KNOB);
    await page.unroute(LAB_WORKER);
    const workerLoads: string[] = [];
    page.on('request', (r) => /lab\.worker-/.test(r.url()) && workerLoads.push(r.url()));
    await page.getByTestId('tables-error').getByRole('button', { name: 'Retry' }).click();
    await tablesShowCurrentUrl(page);
    expect(await page.getByTestId('tables-error').count()).toBe(0);
    // The hung worker was stopped: Retry started a fresh one.
    expect(workerLoads.length).toBeGreaterThanOrEqual(1);
  });

  it('only the charts worker fails: the charts area says so, the tables stay, and Retry brings the charts', async () => {
    const page = await suite.newPage();
    // `self.name` is the channel's worker name (src/state/labClient.ts): fail that one only.
    await page.route(
      LAB_WORKER,
      withPrelude(`if (self.name === 'lab-charts') throw new Error('injected fault');`),
    );
    await page.goto(suite.url + SL);
    await tablesShowCurrentUrl(page);
    await page.getByTestId('charts-error').waitFor();
    expect(await alertText(page, 'charts-error')).toMatch(
      /The charts could not be computed\. The charts worker failed: .*injected fault/,
    );
    expect(await page.getByTestId('tables-error').count()).toBe(0);
    expect(await page.getByTestId('table-mpe-sl-seq').isVisible()).toBe(true);

    await page.unroute(LAB_WORKER);
    await page.getByTestId('charts-error').getByRole('button', { name: 'Retry' }).click();
    await chartsCaughtUp(page);
    expect(await page.getByTestId('charts-error').count()).toBe(0);
    expect(await page.getByTestId('chart-sweep-distance').count()).toBe(1);
  });
});

describe('error boundaries', () => {
  it('a chart given malformed data shows a short message in its place; the other charts and the tables stay', async () => {
    const page = await suite.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    // In the charts workers (a pool; each answers one part of the charts: src/state/workerPool.ts),
    // the prefetch-distance sweep loses its series.
    await page.route(
      LAB_WORKER,
      withPrelude(`if (self.name === 'lab-charts') {
        const post = self.postMessage.bind(self);
        self.postMessage = (message, transfer) => {
          const charts = message && message.value && message.value.charts;
          const line = Array.isArray(charts) && charts.find((c) => c && c.id === 'sweep-distance');
          if (line) line.series = null;
          post(message, transfer);
        };
      }`),
    );
    await page.goto(suite.url + SL);
    await tablesShowCurrentUrl(page);
    await chartsCaughtUp(page);
    const partErrors = page.getByTestId('part-error');
    await partErrors.first().waitFor();
    expect(await partErrors.count()).toBe(1);
    expect(await partErrors.textContent()).toMatch(/^The chart “.+” could not be shown\./);
    // The other charts are drawn (the model-vs-paper chart and the remaining sweeps).
    expect(await page.locator('[data-testid^=chart-] svg').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('table-mpe-sl-seq').isVisible()).toBe(true);
    expect(consoleErrors.join('\n')).toMatch(/TypeError/);
  });

  it('a panel whose code cannot be loaded shows a short message; the results and the other panels stay', async () => {
    const pageReplacement = findModelInfo('page-replacement')!;
    const page = await suite.newPage();
    await page.route('**/assets/TracePanel-*.js', (route) => route.abort());
    await page.goto(suite.url + hashOf(serializeScenario(defaultScenario(pageReplacement))));
    await tablesShowCurrentUrl(page);
    const partError = page.getByTestId('part-error');
    await partError.waitFor();
    expect(await partError.textContent()).toMatch(/^The step-by-step trace could not be shown\./);
    expect(await page.getByTestId('trace-panel').count()).toBe(0);
    // The long-run panel, the next one, is there.
    await page
      .getByRole('heading', { name: /long run/i })
      .first()
      .waitFor();
  });
});

describe('Content-Security-Policy', () => {
  it('the built page carries the policy, and no model page reports a violation', async () => {
    const page = await suite.newPage();
    const violations = await watchCsp(page);
    await page.goto(suite.url);
    await page.getByRole('heading', { name: 'The papers' }).waitFor();
    const policy = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");

    for (const info of MODEL_INFOS) {
      await page.goto(suite.url + hashOf(serializeScenario(defaultScenario(info))));
      await tablesShowCurrentUrl(page);
      await chartsCaughtUp(page);
      // Let the lazy panels load too.
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);

    // The policy is enforced and the listener hears it: an inline script is refused. An
    // allowed one would have run as it was appended; the refusal's event comes after.
    const ran = await page.evaluate(
      () =>
        new Promise<boolean>((done) => {
          document.addEventListener(
            'securitypolicyviolation',
            () => done('inlineScriptRan' in window),
            { once: true },
          );
          const script = document.createElement('script');
          script.textContent = 'window.inlineScriptRan = true;';
          document.head.append(script);
        }),
    );
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((v) => v.startsWith('script-src'))).toBe(true);
  });
});
