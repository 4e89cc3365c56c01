/**
 * The docs' picture of the regime map: the cross-boundary model at 1280×900, its regime map
 * opened and computed on the page (shared memory against RPC over the number of calls and the
 * start-up time of shared memory), the explore strip hidden. Writes docs/screenshot-regime-map.png.
 *
 *   npx vite build --outDir /tmp/dist-x && LATENCY_LAB_DIST=/tmp/dist-x npx tsx scripts/regime-screenshot.ts
 *
 * (Without LATENCY_LAB_DIST it serves dist/, as `npm run preview` does.)
 */
import { screenshotEach } from './lib/browser';

// This scenario away from the paper's experiment, so that the two marks stand apart.
const LINK = '#/cross-boundary?table=doct-ipc&iterations=20000&smStartupS=60';
const OUT = process.argv[2] ?? 'docs/screenshot-regime-map.png';

await screenshotEach([{ width: 1280, height: 900 }], async (page, _shot, url) => {
  await page.goto(`${url}${LINK}`);
  // The explore strip would cover the map's foot: out of this picture.
  // (Through the CSSOM: the page's CSP refuses an inline style sheet.)
  await page.getByTestId('explore-strip').evaluate((el) => (el.style.display = 'none'));
  const section = page.getByTestId('regime-section');
  await section.locator(':scope > summary').click();
  const panel = page.getByTestId('regime-panel');
  await panel.getByLabel('Across (x)').selectOption('smStartupS');
  await panel.getByLabel('Up (y)').selectOption('iterations');
  await panel.getByLabel('Cells per side').selectOption('24');
  await page.getByTestId('regime-compute').click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=regime-panel]')?.getAttribute('data-status') === 'done',
  );
  // The map and its legend fill the window, the page's heading for it just above.
  await page.mouse.move(1270, 10);
  await section
    .locator(':scope > summary')
    .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 110));
  await page.screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
});
