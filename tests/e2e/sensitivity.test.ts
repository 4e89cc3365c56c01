/**
 * "Which parameters matter most" (src/views/explore/SensitivityPanel.tsx): collapsed under the
 * results, computed on the worker pool when opened, drawn as a tornado chart (an image with
 * its words, and its data as a table), one table at a time; a scenario that leans on another
 * parameter ranks that parameter first. And the error rule: a scenario that is another
 * experiment than the paper's shows no error column, but Δ vs the paper's run.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './axe';
import { browserSuite, tablesFor, tablesReady } from './suite';

const suite = browserSuite();

async function openPanel(page: Page, link: string) {
  await page.goto(`${suite.url}${link}`);
  await tablesReady(page);
  const section = page.getByTestId('sensitivity-section');
  // Nothing is computed, nor its code loaded, until it is opened.
  expect(await section.getByTestId('sensitivity-panel').count()).toBe(0);
  await section.locator(':scope > summary').click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=sensitivity-panel]')?.getAttribute('data-status') ===
      'ready',
  );
  return page.getByTestId('sensitivity-panel');
}

const params = (page: Page) =>
  page
    .getByTestId('sensitivity-panel')
    .locator('svg[role="img"] g[data-param]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-param')));

describe('which parameters matter most', () => {
  it('cross-boundary: a tornado per table, in words and as a table, and accessible', async () => {
    const page = await suite.newPage();
    const panel = await openPanel(page, '#/cross-boundary?table=doct-ipc');
    const chart = panel.locator('[data-testid="chart-tornado-doct-ipc"]');
    const label = (await chart.locator('svg[role="img"]').getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Elasticity of 1M to each parameter/);
    const shown = await params(page);
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.length).toBeLessThanOrEqual(8);
    // Per-call costs lead at a million calls; start-up is last if shown at all.
    expect(shown.slice(0, 4)).toContain('rpcSidePaUs');
    expect(shown.indexOf('smStartupS')).not.toBe(0);
    await chart.getByTestId('chart-table-toggle').click();
    const rows = chart.locator('table tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(shown.length);
    expect(await rows.first().textContent()).toContain('+');
    // Another table of the scenario: its own chart.
    await panel.getByTestId('sensitivity-table').selectOption('doct-claims');
    await panel.locator('[data-testid="chart-tornado-doct-claims"]').waitFor();
    expect(await seriousAxeViolations(page, '[data-testid=sensitivity-section]')).toEqual([]);
  });

  it('a scenario that leans on one cost ranks that cost first', async () => {
    const page = await suite.newPage();
    await openPanel(page, '#/cross-boundary?table=doct-ipc&networkHopUs=50000');
    expect((await params(page))[0]).toBe('networkHopUs');
  });
});

describe('errors only against the same experiment', () => {
  it('8,930 B records: Δ vs the paper’s run, no error column', async () => {
    const page = await suite.open('#/file-access?table=mpe-sl-seq&recordBytes=8930');
    await tablesReady(page);
    const table = page.getByTestId('table-mpe-sl-seq');
    await table.getByTestId('other-experiment-mpe-sl-seq').waitFor();
    expect(await table.getByTestId('other-experiment-mpe-sl-seq').textContent()).toContain(
      'Record size',
    );
    const heads = (await table.locator('thead').textContent()) ?? '';
    expect(heads).toMatch(/paper’s run/);
    expect(heads).not.toMatch(/error/i);
    // Side by side (td.err) or stacked under the value (.stack-err), by the window's width.
    const cells = await table.locator('td.err, .stack-err').allTextContents();
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) expect(c === '—' || c.startsWith('Δ')).toBe(true);
    expect(await table.locator('.err-poor, .err-fair, .err-good').count()).toBe(0);
    // The paper's own experiment: errors, coloured.
    await page.goto(`${suite.url}#/file-access?table=mpe-sl-seq`);
    // The same page: `ready` is the 8,930 B scenario's until the paper's own is drawn.
    await tablesFor(page, 'recordBytes=256&');
    expect(await page.getByTestId('other-experiment-mpe-sl-seq').count()).toBe(0);
    expect(await page.getByTestId('table-mpe-sl-seq').locator('thead').textContent()).toMatch(
      /error/i,
    );
  });
});
