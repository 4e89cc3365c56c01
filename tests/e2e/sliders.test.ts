/**
 * Sliders that fit their quantity, by pointer alone: dragging "Prefetch distance" from one
 * end to the other passes through the paper's 4 and 128 records; dragging any page-size
 * slider shows only powers of two, from the smallest to the largest.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './suite';

const suite = browserSuite();

/** Drags the slider from its left end to its right end pixel by pixel; the values it showed. */
async function dragAcross(page: Page, param: string): Promise<number[]> {
  const slider = page.locator(`input[type="range"][data-param="${param}"]`).first();
  await slider.waitFor({ state: 'attached' });
  // A slider in a collapsed group is opened first, as a person would.
  await slider.evaluate((el) => {
    const details = el.closest('details');
    if (details) details.open = true;
  });
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  const box2 = slider.locator('xpath=following-sibling::input[contains(@class,"control-number")]');
  const y = box.y + box.height / 2;
  const values: number[] = [];
  await page.mouse.move(box.x + 1, y);
  await page.mouse.down();
  for (let x = box.x + 1; x <= box.x + box.width - 1; x += 1) {
    await page.mouse.move(x, y);
    values.push(Number(await box2.inputValue()));
  }
  await page.mouse.up();
  return values;
}

describe('sliders by pointer', () => {
  it('prefetch distance reaches the paper’s 4 and 128 records', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}#/file-access?table=mpe-sl-postscript&v=2`);
    const values = await dragAcross(page, 'prefetchDistanceRecords');
    expect(values).toContain(4);
    expect(values).toContain(128);
    expect(Math.min(...values)).toBe(0);
    expect(Math.max(...values)).toBe(100_000);
  });

  for (const [model, param] of [
    ['file-access', 'logicalPageBytes'],
    ['file-access', 'physicalPageBytes'],
    ['file-cache', 'pageBytes'],
    ['page-replacement', 'pageBytes'],
    ['directory-search', 'pageBytes'],
  ] as const)
    it(`every position of ${model}’s ${param} slider is a power of two`, async () => {
      const page = await suite.newPage();
      await page.goto(`${suite.url}#/${model}`);
      const values = await dragAcross(page, param);
      const distinct = [...new Set(values)];
      expect(distinct.length).toBeGreaterThanOrEqual(4);
      for (const v of distinct) expect(Number.isInteger(Math.log2(v)), `${v}`).toBe(true);
    });
});
