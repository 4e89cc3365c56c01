/**
 * The hyperthreads model page in headless Chromium against `vite preview` of the build
 * (LATENCY_LAB_DIST selects the folder). Drags the core count and checks the paper table,
 * the link and the charts follow.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hyperthreadsModel } from '../../src/models/hyperthreads';
import { browserSuite, tablesShowCurrentUrl, chartsCaughtUp, text, presetHash } from './suite';

const suite = browserSuite();
const COTHREAD = presetHash(hyperthreadsModel, 'vms-cothread');
const SAMPLE = presetHash(hyperthreadsModel, 'vms-sample-runs');

describe('hyperthreads model page', () => {
  it('dragging the core count changes the cothread table, the link and the charts', async () => {
    const page = await suite.open(COTHREAD);
    await tablesShowCurrentUrl(page);
    await chartsCaughtUp(page);
    const before = await text(page, 'table-vms-cothread');
    expect(before).toContain('Sanddune (1.6GHz / 12MB)');
    expect(before).toContain('10 copies on 4 cores');
    const chartBefore = await page.getByTestId('chart-jobs-sweep').innerHTML();

    const slider = page.getByLabel('Cores per processor', { exact: true });
    await slider.focus();
    await slider.press('ArrowRight');
    await tablesShowCurrentUrl(page);
    expect(await page.evaluate(() => location.hash)).toContain('coresPerProcessor=3&');
    const after = await text(page, 'table-vms-cothread');
    expect(after).toContain('10 copies on 6 cores');
    expect(after).not.toBe(before);
    await chartsCaughtUp(page);
    expect(await page.getByTestId('chart-jobs-sweep').innerHTML()).not.toBe(chartBefore);

    // Every chart the model gives is drawn, the timelines included.
    for (const id of ['jobs-sweep', 'stall-sweep', 'latency-sweep', 'core-timeline', 'os-timeline'])
      expect(await page.getByTestId(`chart-${id}`).count(), id).toBe(1);

    await page.goto(suite.url + COTHREAD);
    await tablesShowCurrentUrl(page);
    await chartsCaughtUp(page);
    mkdirSync('/tmp', { recursive: true });
    await page.screenshot({ path: '/tmp/hyperthreads.png', fullPage: true });
  });

  it('the sample-runs preset explains CPU-time accounting beside the table', async () => {
    const page = await suite.open(SAMPLE);
    await tablesShowCurrentUrl(page);
    const t = await text(page, 'table-vms-sample-runs');
    expect(t).toContain('Single core with CoThreads: Session 1');
    expect(t).toContain('charged only the share of its core it held');
  });

  it('a bad link names the problem and still shows the tables', async () => {
    const page = await suite.open('#/hyperthreads?threadsPerCore=99&jobs=many');
    const alert = page.getByTestId('problems');
    await alert.waitFor();
    const said = (await alert.textContent()) ?? '';
    expect(said).toContain('threadsPerCore');
    expect(said).toContain('jobs');
    await page.waitForSelector('[data-testid=results][data-status=ready]');
    expect(await text(page, 'table-vms-cothread')).toContain('8640');
  });
});
