/**
 * The docs' picture of a chart being walked (issue #35): file-access's prefetch-distance
 * sweep at 1280×900, entered from the keyboard and moved a few points to the right, its
 * live region and walk status shown under it. Writes docs/screenshot-chart-walk.png.
 *
 *   npx vite build && npx tsx scripts/walk-screenshot.ts [out.png]
 */
import { chartsCaughtUp, screenshotEach } from './lib/browser';

const LINK = '#/file-access?table=mpe-sl-seq';
const OUT = process.argv[2] ?? 'docs/screenshot-chart-walk.png';

await screenshotEach([{ width: 1280, height: 900 }], async (page, _shot, url) => {
  await page.goto(`${url}${LINK}`);
  await chartsCaughtUp(page);
  const figure = page.getByTestId('chart-sweep-distance');
  await figure.getByRole('button', { name: /as PNG/ }).focus();
  await page.keyboard.press('Tab');
  await figure.locator('[data-walk=ready]').waitFor();
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
  await figure.getByTestId('chart-walk-status').filter({ hasText: 'point 6 of' }).waitFor();
  // The announcement is said after the note: wait for the point's words.
  await page.waitForFunction(() =>
    /records, elapsed/.test(
      [...document.querySelectorAll('[data-testid=chart-sweep-distance] [role=status] > div')]
        .at(-1)
        ?.getAttribute('data-original-text') ?? '',
    ),
  );
  await figure.screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
});
