/**
 * The values first (issue #12): while the prefetch distance moves, the file-access table shows
 * each step's values as soon as they are computed, and its prediction intervals follow once the
 * scenario holds still — computed on the sweep pool, never the tables' worker.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, tablesShowCurrentUrl, SL } from './suite';

const suite = browserSuite();

const intervalsDone = () => {
  const r = document.querySelector('[data-testid=results]');
  return (
    r?.getAttribute('data-rendered-hash') === location.hash &&
    r.getAttribute('data-intervals') === ''
  );
};

describe('values first, intervals later', () => {
  it('a prefetch-distance step shows its values, then every row gets its interval back', async () => {
    const page = await suite.open(SL);
    await tablesShowCurrentUrl(page);
    await page.waitForFunction(intervalsDone);
    const table = page.getByTestId('table-mpe-sl-seq');
    const rows = await table.locator('tbody tr').count();
    expect(await table.locator('.interval').count()).toBeGreaterThanOrEqual(2 * rows);

    const slider = page.getByLabel('Prefetch distance (records)', { exact: true });
    await slider.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    // The step's address first: until it is written, the first tables are the current URL's.
    await page.waitForFunction((sl) => location.hash !== sl, SL);
    await tablesShowCurrentUrl(page);
    await page.waitForFunction(intervalsDone);
    expect(await page.getByRole('status').first().textContent()).not.toMatch(/could not/);
    expect(await table.locator('.interval').count()).toBeGreaterThanOrEqual(2 * rows);
  });
});
