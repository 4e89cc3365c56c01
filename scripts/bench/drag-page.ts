/**
 * A model page opened for its headline drag, as scripts/bench/step-trace.ts and profile.ts take
 * it: `vite preview` of dist/, the step marks on, the charts drawn, the drag slider found and
 * the page's CPU throttled `throttle`×, once the page has warmed its model. `step(k)` moves the slider to the k-th of 36 positions
 * towards its far end and waits for that step's tables (false when the step changed nothing).
 */
import { loadavg } from 'node:os';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { ModelInfo } from '../../src/models/types';
import { defaultScenario, serializeScenario } from '../../src/scenario';
import { launchChromium, startPreview } from '../lib/browser';

// Runs in the page (a string: tsx would add __name helpers to a function).
const STEP = `(async ({ selector, value }) => {
  const input = document.querySelector(selector);
  const results = document.querySelector('[data-testid=results]');
  const before = results.getAttribute('data-rendered-hash');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, String(value));
  input.dispatchEvent(new Event('input', { bubbles: true }));
  const target = performance.getEntriesByName('ll:input', 'mark').at(-1)?.detail?.hash;
  performance.clearMarks();
  if (target === undefined || target === before) return false;
  for (let i = 0; i < 2000 && results.getAttribute('data-rendered-hash') !== target; i++)
    await new Promise((r) => setTimeout(r, 1));
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
  return true;
})`;

export interface DragPage {
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  step(k: number): Promise<boolean>;
}

/** Runs `use` on `info`'s page ready for its drag; the browser and server close after it. */
export async function withDragPage(
  info: ModelInfo,
  throttle: number,
  use: (d: DragPage) => Promise<void>,
): Promise<void> {
  if (!info.dragParam) throw new Error(`${info.id} has no drag (dragParam)`);
  console.log(
    `Load average (1, 5, 15 min): ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  const server = await startPreview();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.addInitScript({ content: 'globalThis.__latencyLabMarks = true;' });
    const link = serializeScenario(defaultScenario(info));
    await page.goto(server.url + link.slice(link.indexOf('#')));
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid=results]');
      return r?.getAttribute('data-rendered-charts-hash') === location.hash;
    });
    // As `npm run bench`: the drag starts once the page has warmed its model's code.
    await page.waitForFunction(
      (id) =>
        performance
          .getEntriesByName('ll:warmed', 'mark')
          .some((m) => (m as PerformanceMark).detail?.modelId === id),
      info.id,
    );
    const selector = `input[type=range][data-param="${info.dragParam}"]`;
    await page.locator(selector).first().waitFor();
    const { min, max, now } = await page.$eval(selector, (el) => {
      const i = el as HTMLInputElement;
      return { min: Number(i.min), max: Number(i.max), now: Number(i.value) };
    });
    const far = max - now >= now - min ? max : min;
    const cdp = await page.context().newCDPSession(page);
    if (throttle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const step = async (k: number) =>
      (await page.evaluate(
        `${STEP}(${JSON.stringify({ selector, value: now + ((far - now) * k) / 36 })})`,
      )) as boolean;
    await use({ browser, page, cdp, step });
  } finally {
    await browser.close();
    await server.close();
  }
}
