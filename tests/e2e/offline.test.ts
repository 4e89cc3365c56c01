/**
 * Offline after a first visit: the service worker (vite-plugin-pwa / Workbox, vite.config.ts)
 * precaches the build; with the network gone, a reload still opens a model page and its worker
 * still computes the tables.
 */
import { describe, expect, it } from 'vitest';
import { directorySearchModel } from '../../src/models/directory-search';
import { defaultScenario, serializeScenario } from '../../src/scenario';
import { browserSuite, hashOf, tablesShowCurrentUrl, text, SL } from './suite';

const suite = browserSuite();
const VMSP = hashOf(serializeScenario(defaultScenario(directorySearchModel)));

describe('offline', () => {
  it('after a first visit the app loads and computes with the network off', async () => {
    const page = await suite.open(`${SL}`, [], { serviceWorkers: 'allow' });
    await tablesShowCurrentUrl(page);
    // The worker is installed and active, with the build precached; it claims this first
    // page (no worker controlled it), while a new build still never takes over an open one.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await page.context().setOffline(true);
    // The network is really gone: a request the worker has not cached fails.
    const fetched = await page.evaluate(() =>
      fetch('./not-in-the-build.txt').then(
        () => 'fetched',
        () => 'failed',
      ),
    );
    expect(fetched).toBe('failed');

    await page.reload();
    await tablesShowCurrentUrl(page);
    expect(await text(page, 'table-mpe-sl-seq')).toContain('Mapped');
    // Another model, whose code this visit never loaded, opens offline too.
    await page.goto(`${suite.url}${VMSP}`);
    await tablesShowCurrentUrl(page);
    expect(await page.locator('[data-testid^="table-"]').count()).toBeGreaterThan(0);
  });
});
