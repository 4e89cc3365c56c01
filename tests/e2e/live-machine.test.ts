/**
 * The two “Live: this machine” panels of the memory and hyperthreads pages in headless
 * Chromium, each in its short version: progress shows, the chart is drawn, cancel stops the
 * run, and “copy my results” gives JSON with the machine's facts. Timings are this machine's
 * and are never asserted — only that they are there and positive.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hyperthreadsModel } from '../../src/models/hyperthreads';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { seriousAxeViolations } from './axe';
import { browserSuite, presetHash } from './suite';

const suite = browserSuite();

/** Records every text the status region shows, so a short run's progress is not missed. */
async function watchStatus(page: Page, testId: string): Promise<void> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const el = document.querySelector(`[data-testid=${id}]`)!;
    new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, testId);
}
const statuses = (page: Page) =>
  page.evaluate(() => (window as unknown as { seen: string[] }).seen);

/** Cancels a run once it has reported progress, and waits until the panel says it stopped. */
async function cancelWhenRunning(page: Page, prefix: string, progressText: RegExp) {
  await page.getByTestId(`${prefix}-status`).filter({ hasText: progressText }).waitFor();
  await page.getByTestId(`${prefix}-cancel`).click();
  await page.getByTestId(`${prefix}-status`).filter({ hasText: 'Cancelled' }).waitFor();
  expect(await page.getByTestId(`${prefix}-run`).isEnabled()).toBe(true);
  expect(await page.getByTestId(`${prefix}-cancel`).isEnabled()).toBe(false);
}

describe('live panels: this machine', () => {
  it('memory cliff: a short sweep draws the curve and the steps; cancel stops a long one; results copy as JSON', async () => {
    const page = await suite.open(presetHash(pageReplacementModel, 'replacement-loop-cliff'), [
      'clipboard-read',
      'clipboard-write',
    ]);
    const panel = page.getByTestId('memory-live-panel');
    await panel.getByRole('heading', { name: /Live: this machine/ }).waitFor();
    expect(await page.getByTestId('memory-live-isolation').getAttribute('data-isolated')).toBe(
      'true',
    );

    await panel.getByLabel('Sizes').selectOption('check');
    await watchStatus(page, 'memory-live-status');
    await page.getByTestId('memory-live-run').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=memory-live-results]') !== null &&
        !document.querySelector('[data-testid=memory-live-status]')?.textContent,
    );
    expect((await statuses(page)).some((s) => /Chasing pointers… point \d+ of \d+/.test(s))).toBe(
      true,
    );
    const results = page.getByTestId('memory-live-results');
    expect(await results.getAttribute('data-points')).toBe(
      await results.getAttribute('data-sizes'),
    );
    const chart = page.getByTestId('chart-memory-live-latency');
    // Two curves (dense and per page), one dot per size on each.
    const label = (await chart.locator('svg.chart-svg').getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/Time per load \(ns, log scale\)/);
    expect(label).toContain('Dense: one element every 64 B');
    expect(label).toContain('Per page: one element every 4 KB');
    expect(await chart.locator('svg.chart-svg .series-mark').count()).toBe(
      2 * Number(await results.getAttribute('data-points')),
    );
    await page.getByTestId('chart-memory-live-model-cliff').waitFor();
    expect(await page.getByTestId('memory-live-timer').textContent()).toMatch(
      /Timer resolution here: [\d.,]+ µs/,
    );
    await page.getByTestId('memory-live-levels').waitFor();

    await page.getByTestId('memory-live-copy').click();
    await panel.getByText('Copied').waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      userAgent: string;
      hardwareConcurrency: number;
      dense: { bytes: number; nsPerLoad: number }[];
    };
    expect(copied.userAgent).toMatch(/Chrom/);
    expect(copied.hardwareConcurrency).toBeGreaterThan(0);
    expect(copied.dense.length).toBeGreaterThan(3);
    expect(copied.dense.every((p) => p.nsPerLoad > 0)).toBe(true);
    expect(await seriousAxeViolations(page, '[data-testid=memory-live-panel]')).toEqual([]);
    await panel.screenshot({ path: '/tmp/memory-live.png' });

    // Cancel the default sweep (4 KB … 64 MB) once it is under way.
    await panel.getByLabel('Page size (per-page chain)').selectOption('16384');
    await panel.getByLabel('Sizes').selectOption('default');
    await page.getByTestId('memory-live-run').click();
    await cancelWhenRunning(page, 'memory-live', /point [2-9]/);
    // Whatever it had measured stays on screen, marked as partial.
    const after = page.getByTestId('memory-live-results');
    if ((await after.getAttribute('data-cancelled')) === 'true')
      expect(Number(await after.getAttribute('data-points'))).toBeLessThan(
        Number(await after.getAttribute('data-sizes')),
      );
  });

  it('cores and threads: the short test charts throughput for both workloads; cancel stops a run', async () => {
    const page = await suite.open(presetHash(hyperthreadsModel, 'vms-cothread'), [
      'clipboard-read',
      'clipboard-write',
    ]);
    const panel = page.getByTestId('ht-live-panel');
    await panel.getByRole('heading', { name: /Live: this machine/ }).waitFor();
    const cores = Number(await page.getByTestId('ht-live-cores').textContent());
    expect(cores).toBeGreaterThan(0);

    await panel.getByLabel('Run', { exact: true }).selectOption('check');
    await watchStatus(page, 'ht-live-status');
    await page.getByTestId('ht-live-run').click();
    await page.waitForSelector('[data-testid=ht-live-results][data-busy=false]');
    expect((await statuses(page)).some((s) => /round \d+ of 4/.test(s))).toBe(true);
    for (const n of [1, 2])
      for (const w of ['compute', 'memory']) {
        const x = Number(await page.getByTestId(`ht-live-x-${w}-${n}`).textContent());
        expect(x, `${w} at ${n}`).toBeGreaterThan(0);
      }
    const chart = page.getByTestId('chart-ht-live-throughput');
    const label = (await chart.locator('svg.chart-svg').getAttribute('aria-label')) ?? '';
    expect(label).toContain('Compute-bound:');
    expect(label).toContain('Memory-bound:');
    expect(await chart.locator('svg.chart-svg .series-mark').count()).toBe(4);
    await page.getByTestId('chart-ht-live-job-time').waitFor();

    await page.getByTestId('ht-live-copy').click();
    await panel.getByText('Copied').waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      hardwareConcurrency: number;
      rounds: { workers: number; jobMs: number[] }[];
    };
    expect(copied.hardwareConcurrency).toBe(cores);
    expect(copied.rounds.map((r) => r.workers)).toEqual([1, 2, 1, 2]);
    expect(copied.rounds.every((r) => r.jobMs.every((ms) => ms > 0))).toBe(true);
    expect(await seriousAxeViolations(page, '[data-testid=ht-live-panel]')).toEqual([]);
    await panel.screenshot({ path: '/tmp/hyperthreads-live.png' });

    await panel.getByLabel('Run', { exact: true }).selectOption('full');
    await page.getByTestId('ht-live-run').click();
    await cancelWhenRunning(page, 'ht-live', /Running… round \d+ of/);
  });
});
