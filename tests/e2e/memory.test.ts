/**
 * The memory models in headless Chromium: the page-replacement cliff follows the frame count,
 * the trace steps with the keyboard, and the file-cache page shows its mechanism and the
 * measured tables. Build into your own folder and point LATENCY_LAB_DIST at it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fileCacheModel } from '../../src/models/file-cache';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { browserSuite, chartsCaughtUp, presetHash, tablesShowCurrentUrl } from './suite';

const suite = browserSuite();
const newPage = (permissions?: string[]) => suite.newPage(permissions);

async function settled(page: Page): Promise<void> {
  await tablesShowCurrentUrl(page);
  await chartsCaughtUp(page);
}

/** The model's value in a row of the compared table (first numeric cell = first column). */
async function modelCell(page: Page, tableId: string, row: string, col: number): Promise<number> {
  const cells = page
    .getByTestId(`table-${tableId}`)
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: row, exact: true }) })
    .locator('td.model');
  const t = (await cells.nth(col).textContent()) ?? '';
  return Number(t.replace(/,/g, '').replace('\u2212', '-'));
}

describe('memory models in a browser', () => {
  it('a long run shows every policy with progress, and its counts match the table', async () => {
    const page = await newPage();
    // The cliff preset at a length the table also computes, so both must agree.
    await page.goto(
      suite.url +
        presetHash(pageReplacementModel, 'replacement-loop-cliff').replace(
          /refCount=\d+/,
          'refCount=100000',
        ),
    );
    await settled(page);
    const panel = page.getByTestId('long-run-panel');
    await panel.getByLabel('References').selectOption('100000');
    await panel.getByTestId('long-run').click();
    await panel.getByTestId('long-results').waitFor();
    for (const policy of ['FIFO', 'LRU', 'OPT', 'CLOCK', 'RAND']) {
      const long = Number(
        ((await panel.getByTestId(`long-misses-${policy}`).textContent()) ?? '').replace(/,/g, ''),
      );
      expect(long).toBe(await modelCell(page, 'replacement', policy, 1));
    }
  });

  it('changing the memory moves the replacement table and the cliff chart', async () => {
    const page = await suite.open(presetHash(pageReplacementModel, 'replacement-loop-cliff'));
    await settled(page);
    // A loop over 100 pages in 360 KB = 90 frames of 4 KB: LRU never hits; OPT does.
    expect(await modelCell(page, 'replacement', 'LRU', 0)).toBe(0);
    expect(await modelCell(page, 'replacement', 'OPT', 0)).toBeGreaterThan(0);
    const cliffBefore = await page.getByTestId('chart-cliff').innerHTML();

    await page.getByLabel('Memory, exact value in KB').fill('400');
    await page.waitForFunction(() => location.hash.includes('memoryKB=400&'));
    await settled(page);
    // Now the loop fits (400 KB = 100 frames): LRU misses only the 100 compulsory misses.
    expect(await page.getByTestId('table-replacement').textContent()).toContain(
      '400 KB = 100 frames of 4 KB',
    );
    expect(await modelCell(page, 'replacement', 'LRU', 1)).toBe(100);
    expect(await page.getByTestId('chart-cliff').innerHTML()).not.toBe(cliffBefore);
    await page.screenshot({ path: '/tmp/memory-page-replacement.png', fullPage: true });

    // One step down with the slider's keyboard: back off the cliff.
    const slider = page.getByLabel('Memory (KB)', { exact: true });
    await slider.focus();
    await slider.press('ArrowLeft');
    await page.waitForFunction(() => /memoryKB=([\d.]+)&/.exec(location.hash)?.[1] !== '400');
    await settled(page);
    expect(await modelCell(page, 'replacement', 'LRU', 0)).toBe(0);
  });

  it('Belady’s string: FIFO 9 misses with 3 frames, and the trace steps with the keyboard', async () => {
    const page = await suite.open(presetHash(pageReplacementModel, 'replacement-belady'));
    await settled(page);
    expect(await modelCell(page, 'replacement', 'FIFO', 1)).toBe(9);
    const stepper = page.getByTestId('trace-stepper');
    await stepper.waitFor();
    await stepper.focus();
    const status = page.getByTestId('trace-status');
    expect(await status.textContent()).toContain('Step 1 of 12: page 1, miss');
    await stepper.press('End');
    expect(await status.textContent()).toContain('Step 12 of 12');
    expect(await status.textContent()).toContain('Misses so far: 9');
    await stepper.press('ArrowLeft');
    expect(await status.textContent()).toContain('Step 11 of 12: page 4, miss, evicts page 2');
    await page.screenshot({ path: '/tmp/memory-trace.png', fullPage: true });

    await page.getByLabel('Memory, exact value in KB').fill('16');
    await page.waitForFunction(() => location.hash.includes('memoryKB=16&'));
    await settled(page);
    expect(await modelCell(page, 'replacement', 'FIFO', 1)).toBe(10);
    await page.getByText('Step through the trace').waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=trace-stepper] p')?.textContent?.includes('4 frames'),
    );
  });

  it('file cache: the 32× beside the paper, stealback charts, a regenerated benchmark table and a measured one', async () => {
    const page = await suite.open(presetHash(fileCacheModel, 'ufc-stealback'));
    await settled(page);
    expect(await page.getByTestId('chart-ufc-stealback-hit-rate').count()).toBe(1);
    const off = await modelCell(page, 'ufc-stealback', 'Stealback off (global LRU)', 0);
    const on = await modelCell(page, 'ufc-stealback', 'Stealback on', 0);
    expect(on).toBeGreaterThan(off);
    await page.screenshot({ path: '/tmp/memory-file-cache.png', fullPage: true });

    await page.getByLabel('Paper table', { exact: true }).selectOption('ufc-sdet');
    await page.waitForFunction(() => location.hash.includes('table=ufc-sdet'));
    await settled(page);
    const sdet = (await page.getByTestId('table-ufc-sdet').textContent()) ?? '';
    expect(sdet).toContain('IA 64-way');
    expect(sdet).toContain('prediction');
    expect(await modelCell(page, 'ufc-sdet', 'IA 8-way', 0)).toBeGreaterThan(1);
    expect(await page.getByTestId('chart-ufc-bench-throughput').count()).toBe(1);
    await page.screenshot({ path: '/tmp/memory-file-cache-sdet.png', fullPage: true });

    await page.getByLabel('Paper table', { exact: true }).selectOption('ufc-mount');
    await page.waitForFunction(() => location.hash.includes('table=ufc-mount'));
    await settled(page);
    expect((await page.getByTestId('table-ufc-mount').textContent()) ?? '').toContain(
      'Measured reference only',
    );
  });
});
