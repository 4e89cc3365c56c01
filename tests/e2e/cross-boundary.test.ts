/**
 * The cross-boundary page in headless Chromium: cross-origin isolation under the production
 * preview (and the dev server), the paper tables, and the live panel at a small iteration count.
 * Timings of live measurements are never asserted — only that they run and are positive.
 */
import { createServer as netServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { crossBoundaryModel } from '../../src/models/cross-boundary';
import { presetScenario, serializeScenario } from '../../src/scenario';
import type { Page } from 'playwright-core';
import { ROOT } from '../../scripts/lib/browser';
import { browserSuite } from './suite';

const suite = browserSuite();
const newPage = (permissions?: string[]) => suite.newPage(permissions);

const link = (id: string) => {
  const l = serializeScenario(presetScenario(crossBoundaryModel, id));
  return l.slice(l.indexOf('#'));
};

/** Runs the live panel at 1,000 calls, until its four rows are there and it has stopped. */
async function runLive(page: Page) {
  await page.locator('#cb-live-iterations').selectOption('1000');
  await page.getByTestId('cb-live-run').click();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-testid=cb-live-row]').length === 4 &&
      document.querySelector('[data-testid=cb-live-status]')?.getAttribute('data-running') ===
        'false',
    undefined,
    { timeout: 240_000 },
  );
}

describe('cross-boundary in a browser', () => {
  it('is cross-origin isolated under the production preview and shows the DOCT table', async () => {
    const page = await suite.open(link('doct-ipc'));
    expect(await page.evaluate('globalThis.crossOriginIsolated')).toBe(true);
    await page.getByTestId('table-doct-ipc').waitFor();
    await page.getByTestId('table-doct-claims').waitFor();
    const text = (await page.getByTestId('table-doct-ipc').textContent()) ?? '';
    expect(text).toContain('SM - IPF client, DOCT/PA server');
  });

  it('every MPE preset renders its table', async () => {
    const page = await newPage();
    for (const id of [
      'mpe-catalog-modes',
      'mpe-ksam-modes',
      'mpe-ascii-modes',
      'mpe-ascii-clone',
    ]) {
      await page.goto(suite.url + link(id));
      await page.getByTestId(`table-${id}`).waitFor();
    }
  });

  it('the live panel runs at a small iteration count and adds four rows with positive numbers', async () => {
    const page = await suite.open(link('doct-ipc'));
    const panel = page.getByTestId('cb-live');
    await panel.waitFor();
    expect(await page.getByTestId('cb-live-isolated').getAttribute('data-isolated')).toBe('true');
    await runLive(page);
    const rows = await page.evaluate(
      `[...document.querySelectorAll('[data-testid=cb-live-row]')].map((r) => [r.getAttribute('data-row'), Number(r.getAttribute('data-per-call-us'))])`,
    );
    const byId = Object.fromEntries(rows as [string, number][]);
    expect(Object.keys(byId).sort()).toEqual(['comlink', 'direct', 'postMessage', 'sab']);
    for (const v of Object.values(byId)) expect(v).toBeGreaterThan(0);
    expect(await page.getByTestId('cb-live-resolution').textContent()).toMatch(/\d/);
    await page.getByTestId('chart-cross-boundary-live-vs-paper').waitFor();
    await page.screenshot({ path: '/tmp/cross-boundary.png', fullPage: true });
    await panel.screenshot({ path: '/tmp/cross-boundary-live.png' });
  });

  it('without COOP/COEP the SAB row says why it did not run, and the other rows still run', async () => {
    const page = await newPage();
    // Serve the same build with the isolation headers stripped.
    await page.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
    await page.goto(suite.url + link('doct-ipc'));
    await page.getByTestId('cb-live').waitFor();
    expect(await page.evaluate('globalThis.crossOriginIsolated')).toBe(false);
    expect(await page.getByTestId('cb-live-isolated').getAttribute('data-isolated')).toBe('false');
    await runLive(page);
    const sab = page.locator('[data-testid=cb-live-row][data-row=sab]');
    expect(await sab.textContent()).toMatch(/not cross-origin isolated/);
    for (const id of ['direct', 'postMessage', 'comlink']) {
      const v = await page
        .locator(`[data-testid=cb-live-row][data-row=${id}]`)
        .getAttribute('data-per-call-us');
      expect(Number(v)).toBeGreaterThan(0);
    }
  });

  it('a long run can be cancelled and the page says so', async () => {
    const page = await suite.open(link('doct-ipc'));
    await page.getByTestId('cb-live').waitFor();
    await page.locator('#cb-live-iterations').selectOption('1000000');
    await page.getByTestId('cb-live-run').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=cb-live-status] progress'),
    );
    await page.getByTestId('cb-live-cancel').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=cb-live-status]')?.getAttribute('data-running') ===
        'false',
      undefined,
      { timeout: 240_000 },
    );
    expect(await page.getByTestId('cb-live-status').textContent()).toContain('Cancelled');
  });
});

describe('cross-boundary under the dev server (npm start)', () => {
  let dev: ViteDevServer | undefined;
  afterAll(async () => {
    await dev?.close();
  });

  it('is cross-origin isolated', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = netServer();
      s.listen(0, '127.0.0.1', () => {
        const a = s.address();
        s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
      });
    });
    dev = await createServer({
      root: ROOT,
      logLevel: 'warn',
      server: { host: '127.0.0.1', port, strictPort: true, hmr: false },
    });
    await dev.listen();
    const page = await newPage();
    await page.goto(`http://127.0.0.1:${port}/${link('doct-ipc')}`);
    expect(await page.evaluate('globalThis.crossOriginIsolated')).toBe(true);
  });
});
