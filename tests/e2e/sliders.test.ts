/**
 * Sliders that fit their quantity, by pointer alone: dragging "Prefetch distance" from one
 * end to the other passes through the paper's 4 and 128 records; dragging any page-size
 * slider shows only powers of two, from the smallest to the largest.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, tablesReady as resultsReady } from './suite';

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
  // In the middle of the window: not under the explore strip along its foot.
  await slider.evaluate((el) => el.scrollIntoView({ block: 'center' }));
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
    const page = await suite.open('#/file-access?table=mpe-sl-postscript&v=2');
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
      const page = await suite.open(`#/${model}`);
      const values = await dragAcross(page, param);
      const distinct = [...new Set(values)];
      expect(distinct.length).toBeGreaterThanOrEqual(4);
      for (const v of distinct) expect(Number.isInteger(Math.log2(v)), `${v}`).toBe(true);
    });
});

/**
 * Waits until the tables for the page's link are on screen (a link that is not canonical), and the
 * parameter panel's controls, which load in a chunk of their own and may come after the tables: a
 * knob counted before then would be absent for the wrong reason.
 */
async function tablesReady(page: Page, table: string) {
  await page.getByTestId(`table-${table}`).first().waitFor();
  await resultsReady(page);
  // Attached, not visible: the first control may sit in a folded group.
  await page.locator('.panel [data-param]').first().waitFor({ state: 'attached' });
}

/** Arrow-key presses on the page's slider of `param` from `start` until `stop`: the values shown. */
async function keyedFrom(page: Page, param: string, start: number, stop: number) {
  const slider = page.locator(`.panel input[type="range"][data-param="${param}"]`).first();
  await slider.evaluate((el) => {
    const details = el.closest('details');
    if (details) details.open = true;
  });
  const box = slider.locator('xpath=following-sibling::input[contains(@class,"control-number")]');
  await box.fill(String(start));
  await page.waitForFunction(
    ([k, v]) => new URLSearchParams(location.hash.split('?')[1]).get(k!) === v,
    [param, String(start)],
  );
  const seen: number[] = [];
  await slider.focus();
  for (let k = 0; k < 200; k++) {
    await slider.press('ArrowRight');
    const v = Number(await box.inputValue());
    seen.push(v);
    if (v >= stop) break;
  }
  return seen;
}

describe('the paper’s values by pointer and by keys (issue #32)', () => {
  for (const [link, param, values] of [
    ['cross-boundary', 'rpcSidePaUs', [95]],
    ['cross-boundary?table=mpe-catalog-modes', 'modeSwitchToNativeUs', [137.7]],
    ['cross-boundary', 'iterations', [10_000, 1_000_000]],
    ['directory-search', 'users', [187, 1000]],
  ] as const)
    it(`${param}: ${values.join(' and ')} by a drag and by arrow keys`, async () => {
      const page = await suite.open(`#/${link}`);
      const dragged = await dragAcross(page, param);
      for (const v of values) expect(dragged, `${param} ${v} by pointer`).toContain(v);
      for (const v of values) {
        const keyed = await keyedFrom(page, param, Math.round(v * 0.8), v);
        expect(keyed, `${param} ${v} by keys`).toContain(v);
      }
    });

  it('an integer knob’s sweep ticks whole numbers only (no 1.5 cores)', async () => {
    const page = await suite.open('#/hyperthreads');
    const strip = page.getByTestId('explore-strip');
    await strip.locator('select').selectOption('coresPerProcessor');
    const chart = page.locator(
      '[data-testid="explore-chart"][data-knob="coresPerProcessor"] svg[role="img"]',
    );
    await chart.waitFor();
    const ticks = await chart.locator('g.tick text').allTextContents();
    // The y axis ticks times; the x axis 1, 2, 3, 4 cores and nothing between.
    const xs = await chart.locator('g[transform^="translate(0,"] g.tick text').allTextContents();
    expect(ticks.length).toBeGreaterThan(xs.length);
    expect(xs.length).toBeGreaterThanOrEqual(2);
    for (const t of xs) expect(Number.isInteger(Number(t)), t).toBe(true);
  });
});

describe('a random seed is a run, not a slider (issue #32)', () => {
  it('“New random run” by keyboard draws the next seed into the link; no seed slider or explore', async () => {
    const page = await suite.open('#/directory-search');
    const button = page.getByRole('button', { name: 'New random run' });
    await button.waitFor();
    expect(await page.locator('input[type="range"][data-param="seed"]').count()).toBe(0);
    const options = await page
      .getByTestId('explore-strip')
      .locator('select option')
      .allTextContents();
    expect(options.join('|')).not.toMatch(/seed/i);
    const seedOf = () =>
      page.evaluate(() => new URLSearchParams(location.hash.split('?')[1]).get('seed'));
    const before = (await seedOf()) ?? '1';
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (b) => (new URLSearchParams(location.hash.split('?')[1]).get('seed') ?? '1') !== b,
      before,
    );
    const first = await seedOf();
    // The same run from the same seed: back, then again.
    await page.goBack();
    await page.waitForFunction(
      (b) => (new URLSearchParams(location.hash.split('?')[1]).get('seed') ?? '1') === b,
      before,
    );
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (f) => new URLSearchParams(location.hash.split('?')[1]).get('seed') === f,
      first,
    );
  });
});

describe('a knob is shown only with the tables it moves (issue #32)', () => {
  it('DOCT knobs are absent on an MPE/iX table, and one in the link does not relabel it', async () => {
    const page = await suite.open('#/cross-boundary?table=mpe-catalog-modes&rpcSidePaUs=500');
    await tablesReady(page, 'mpe-catalog-modes');
    for (const k of ['doctFactor', 'rpcSidePaUs', 'iterations', 'modeSwitchToCompatUs'])
      expect(await page.locator(`.panel [data-param="${k}"]`).count(), k).toBe(0);
    expect(await page.locator('.panel [data-param="modeSwitchToNativeUs"]').count()).toBe(1);
    expect(await page.getByTestId('other-experiment-mpe-catalog-modes').count()).toBe(0);
    expect(await page.getByTestId('table-mpe-catalog-modes').textContent()).not.toContain(
      'Paper’s run',
    );
  });

  it('no CPUs knob with PostMark (one process); prefetch distance not with CATALOG', async () => {
    const page = await suite.open('#/file-cache?table=ufc-postmark');
    await tablesReady(page, 'ufc-postmark');
    expect(await page.locator('.panel [data-param="cpus"]').count()).toBe(0);
    await page.goto(`${suite.url}#/file-cache?table=ufc-sdet`);
    await page.locator('.panel [data-param="cpus"]').first().waitFor();
    await page.goto(`${suite.url}#/file-access?table=mpe-catalog-resident`);
    await tablesReady(page, 'mpe-catalog-resident');
    expect(await page.locator('.panel [data-param="prefetchDistanceRecords"]').count()).toBe(0);
  });
});
