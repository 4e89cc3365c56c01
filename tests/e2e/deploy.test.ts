/**
 * A deploy under an open tab. Build A (dist/) is served; a page opens; then the host serves
 * only build B (A's chunks are gone from the network). With the service worker, the open tab
 * keeps working on A — a model page whose chunks it had not loaded, the Embed… dialog — and
 * offers "Reload to update", which brings the same link back on B. Without one, a chunk that
 * has gone reloads the page once, onto B, at the same link. Waits for states, never for time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findModelInfo } from '../../src/models/registry';
import { ROOT } from '../../scripts/lib/browser';
import { browserSuite, tablesShowCurrentUrl, presetHash, SL } from './suite';

const suite = browserSuite();
const A = process.env.LATENCY_LAB_DIST ?? join(ROOT, 'dist');
let B = '';
let served = A;
let server: Server;
let base = '';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain',
};

const COTHREADS = presetHash(findModelInfo('hyperthreads')!, 'vms-cothread');

beforeAll(async () => {
  B = mkdtempSync(join(tmpdir(), 'latency-lab-build-b-'));
  execFileSync('npx', ['vite', 'build', '--outDir', B, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    env: { ...process.env, VITE_BUILD_LABEL: 'B' },
    stdio: 'ignore',
  });
  // A static host: the files of whichever build is `served`, nothing else.
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(served, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(served) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (B) rmSync(B, { recursive: true, force: true });
});

const build = (page: Page) => page.evaluate(() => document.documentElement.dataset['build'] ?? 'A');
const noBrokenPart = async (page: Page) =>
  expect(await page.locator('main').innerText()).not.toMatch(
    /could not be shown|Something went wrong/,
  );

describe('a deploy under an open tab', () => {
  it('with the service worker: the tab keeps working, then Reload brings the link back on B', async () => {
    served = A;
    const page = await suite.newPage([], { serviceWorkers: 'allow' });
    await page.goto(base + SL);
    await tablesShowCurrentUrl(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload(); // now the worker's page
    await tablesShowCurrentUrl(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    served = B; // the deploy
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await page.getByTestId('update-bar').waitFor();
    if (process.env.UPDATE_SCREENSHOT)
      await page.screenshot({ path: join(ROOT, 'docs/screenshot-update.png') });

    // Still A, and everything A may load is still there.
    await page.evaluate((h) => (location.hash = h), COTHREADS);
    await tablesShowCurrentUrl(page);
    await page.getByTestId('embed-toggle').click();
    await page.getByTestId('embed-panel').waitFor();
    await noBrokenPart(page);
    expect(await build(page)).toBe('A');

    // The teacher chooses when: Reload, and the same link opens on B.
    await page.getByTestId('update-reload').click();
    await page.waitForFunction(() => document.documentElement.dataset['build'] === 'B');
    await tablesShowCurrentUrl(page);
    expect(await page.evaluate(() => location.hash)).toBe(COTHREADS);
    await noBrokenPart(page);
  });

  it('"Later" keeps the page as it is for the session', async () => {
    served = A;
    const page = await suite.newPage([], { serviceWorkers: 'allow' });
    await page.goto(base + SL);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    served = B;
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await page.getByTestId('update-later').click();
    await page.getByTestId('update-bar').waitFor({ state: 'detached' });
    expect(await build(page)).toBe('A');
  });

  it('without a service worker: a chunk that has gone reloads the page once, onto B', async () => {
    served = A;
    const page = await suite.newPage();
    await page.goto(base + SL);
    await tablesShowCurrentUrl(page);
    served = B;
    // The lessons' chunk was never loaded by this tab, and A's is gone from the host.
    await page.evaluate(() => (location.hash = '#/lessons'));
    await page.waitForFunction(() => document.documentElement.dataset['build'] === 'B');
    await page.getByRole('heading', { name: 'Lessons', level: 1 }).waitFor();
    expect(await page.evaluate(() => location.hash)).toBe('#/lessons');
  });
});
