/**
 * Framing only where it is meant (src/hosting/headers.ts, served by `vite preview` as by a
 * host reading dist/_headers): the full app and the embed entry load and the service worker
 * registers; from another origin the page's own snippet (sandboxed) frames the embed entry,
 * whose link back opens the full app outside the sandbox; framing the full app is refused by
 * the header, and where no header came, by the app itself. An old `view=embed` link still opens.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { headersFile } from '../../src/hosting/headers';
import { seriousAxeViolations } from './axe';
import { ROOT } from '../../scripts/lib/browser';
import { courseSite } from './courseSite';
import { browserSuite, SL, tablesShowCurrentUrl } from './suite';

const suite = browserSuite();

const site = courseSite();

/** Opens a course page holding `html`; resolves with the iframe's frame once it committed. */
async function coursePage(page: Page, html: string): Promise<Frame> {
  await site.open(page, html);
  const handle = await page.waitForSelector('iframe');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no frame');
  return frame;
}

describe('hosting', () => {
  it('the build writes the header rules as _headers, and preview sends them per path', async () => {
    const outDir = process.env.LATENCY_LAB_DIST ?? `${ROOT}dist`;
    expect(readFileSync(`${outDir}/_headers`, 'utf8')).toBe(headersFile());
    const csp = async (path: string) =>
      (await fetch(suite.url + path)).headers.get('content-security-policy') ?? '';
    expect(await csp('')).toMatch(/frame-ancestors 'none'$/);
    expect(await csp('embed/')).toMatch(/frame-ancestors \*$/);
  });

  it('the full app and the embed entry load; the service worker registers and serves embed/', async () => {
    const page = await suite.open(SL, [], { serviceWorkers: 'allow' });
    await tablesShowCurrentUrl(page);
    expect(await page.locator('.site-head').count()).toBe(1);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    // Installed and active, the build precached; it does not claim this first page, the next
    // load is its (src/serviceWorker.ts).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Through the worker now: embed/ is the embed entry (precached), not the app's index.html.
    await page.goto(`${suite.url}embed/${SL}`);
    await tablesShowCurrentUrl(page);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.entry)).toBe('embed');
    expect(await page.getByTestId('embed-page').count()).toBe(1);
    expect(await page.locator('.site-head').count()).toBe(0);
  });

  it('another site frames the page’s own snippet; its link back opens the full app unsandboxed', async () => {
    const page = await suite.open(SL);
    await tablesShowCurrentUrl(page);
    await page.getByTestId('embed-toggle').click();
    await page.getByLabel('Results and the parameter values (read-only)').check();
    const snippet = await page.getByTestId('embed-snippet').inputValue();
    expect(snippet).toContain(`src="${suite.url}embed/#/file-access?`);
    expect(snippet).toMatch(/ sandbox="[^"]*allow-scripts[^"]*"/);
    expect(snippet).toContain(' referrerpolicy="no-referrer"');

    const host = await suite.newPage();
    const frame = await coursePage(host, snippet);
    await tablesShowCurrentUrl(frame);
    expect(await frame.getByTestId('param-readout').textContent()).toContain('Records in file');
    expect(await frame.locator('.site-head').count()).toBe(0);
    // The sandbox lets the download buttons work (allow-downloads).
    const [csv] = await Promise.all([
      host.waitForEvent('download'),
      frame
        .getByRole('button', { name: /as CSV/ })
        .first()
        .click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    // The model's worker ran inside the sandbox; the link back leaves it for a tab of its own.
    const [full] = await Promise.all([
      host.context().waitForEvent('page'),
      frame.getByTestId('open-full').click(),
    ]);
    await full.waitForURL(`${suite.url}${SL}`);
    await tablesShowCurrentUrl(full);
    expect(await full.locator('.site-head').count()).toBe(1);
    expect(await full.getByTestId('framed-notice').count()).toBe(0);
  });

  it('framing the full app is refused by the header', async () => {
    const page = await suite.newPage();
    const refused = page.waitForEvent('console', (m) =>
      m.text().includes("frame-ancestors 'none'"),
    );
    const frame = await coursePage(page, `<iframe src="${suite.url}${SL}" title="Lab"></iframe>`);
    await refused;
    expect(await frame.locator('#root').count()).toBe(0);
  });

  it('where no header came, the full app refuses to run framed, and an old embed link moves', async () => {
    const page = await suite.newPage();
    // A host that sends no headers: the same build, every CSP header stripped (the meta stays).
    await page.context().route(`${suite.url}**`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
    const frame = await coursePage(page, `<iframe src="${suite.url}${SL}" title="Lab"></iframe>`);
    const notice = frame.getByTestId('framed-notice');
    await notice.waitFor();
    expect(await notice.getByRole('link').getAttribute('href')).toBe(`${suite.url}${SL}`);
    expect(await frame.locator('[data-testid=results], .site-head, input').count()).toBe(0);
    expect(await seriousAxeViolations(frame)).toEqual([]);

    // A snippet from before the embed entry: the full app's address with view=embed.
    const old = await coursePage(
      page,
      `<iframe src="${suite.url}${SL}&view=embed&controls=read" title="Lab"></iframe>`,
    );
    await old.waitForURL(`${suite.url}embed/${SL}&view=embed&controls=read`);
    await tablesShowCurrentUrl(old);
    expect(await old.getByTestId('param-readout').count()).toBe(1);
  });

  it('an old view=embed link opened on its own moves to the embed entry', async () => {
    const page = await suite.open(`${SL}&view=embed&controls=read`);
    await page.waitForURL(`${suite.url}embed/${SL}&view=embed&controls=read`);
    await tablesShowCurrentUrl(page);
    expect(await page.getByTestId('embed-page').count()).toBe(1);
    expect(await page.getByTestId('param-readout').count()).toBe(1);
    expect(await page.locator('.site-head').count()).toBe(0);
  });
});
