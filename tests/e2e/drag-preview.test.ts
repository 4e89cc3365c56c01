/**
 * The charts' drag preview (issue 31): while a pointer holds the prefetch-distance slider, the
 * file-access charts that catch up with the drag are the preview its caption names; once the
 * pointer is let go, the full charts (with the headline row's band) replace it, for the same
 * scenario. States are waited for, never times.
 */
import { describe, expect, it } from 'vitest';
import { findModelInfo } from '../../src/models/registry';
import { valueToPosition } from '../../src/scenario/sliderScale';
import { browserSuite, chartsCaughtUp, tablesShowCurrentUrl, SL } from './suite';

const suite = browserSuite();
const fileAccess = findModelInfo('file-access')!;
const SLIDER = '.panel input[type=range][data-param="prefetchDistanceRecords"]';

describe('the charts’ drag preview', () => {
  it('a held drag shows the preview; the release brings the full chart for the same scenario', async () => {
    const page = await suite.open(SL);
    await tablesShowCurrentUrl(page);
    await chartsCaughtUp(page);
    const caption = page.getByTestId('chart-sweep-size').locator('.chart-caption');
    expect(await caption.textContent()).not.toMatch(/^Drag preview/);

    const spec = fileAccess.params.find((p) => p.key === 'prefetchDistanceRecords')!;
    if (spec.kind !== 'number') throw new Error('prefetch distance is not a number');
    // The parameters' controls are a chunk of their own, which may come after the charts.
    await page.locator(SLIDER).waitFor({ state: 'attached' });
    await page.$eval(SLIDER, (el) =>
      el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })),
    );
    for (const v of [6, 9, 14]) {
      await page.$eval(
        SLIDER,
        (el, at) => {
          const input = el as HTMLInputElement;
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
            input,
            String(at),
          );
          input.dispatchEvent(new Event('input', { bubbles: true }));
        },
        valueToPosition(v, spec),
      );
    }
    // Still held: the charts that follow the drag are its preview, with no band.
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid=results]');
      const h = r?.getAttribute('data-rendered-hash');
      return (
        !!h &&
        h.includes('prefetchDistanceRecords=14') &&
        r?.getAttribute('data-rendered-charts-hash') === h
      );
    });
    expect(await caption.textContent()).toMatch(/^Drag preview/);
    const held = await page.evaluate(() => location.hash);
    expect(held).not.toContain('prefetchDistanceRecords=14');

    await page.$eval(SLIDER, (el) =>
      el.dispatchEvent(new PointerEvent('pointerup', { bubbles: true })),
    );
    await page.waitForFunction(() => location.hash.includes('prefetchDistanceRecords=14'));
    await tablesShowCurrentUrl(page);
    await page.waitForFunction(
      () =>
        !document
          .querySelector('[data-testid=chart-sweep-size] .chart-caption')
          ?.textContent?.startsWith('Drag preview'),
    );
    await chartsCaughtUp(page);
    expect(await caption.textContent()).toMatch(/^Dashed lines/);
  });
});
