/**
 * The docs' picture of a page in Spanish (issue #35): the page-replacement model at 1280×900
 * with `lang=es`, once its tables, charts and parameter panel have loaded. Writes
 * docs/screenshot-spanish.png.
 *
 *   npx vite build && npx tsx scripts/spanish-screenshot.ts [out.png]
 */
import { screenshotEach } from './lib/browser';

const LINK = '#/page-replacement?lang=es';
const OUT = process.argv[2] ?? 'docs/screenshot-spanish.png';

await screenshotEach([{ width: 1280, height: 900 }], async (page, _shot, url) => {
  await page.goto(`${url}${LINK}`);
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=results]');
    const h = r?.getAttribute('data-rendered-hash');
    return (
      !!h &&
      r?.getAttribute('data-status') === 'ready' &&
      r.getAttribute('data-rendered-charts-hash') === h
    );
  });
  await page.locator('.panel [data-param]').first().waitFor();
  await page.screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
});
