/**
 * The README's pictures of the explore view: the file-access page with a knob moved a few
 * steps (the strip's chart, the headline cells and what changed, on one screen), at 1280×900,
 * on a 390×844 phone and in projector mode at 1920×1080. Writes docs/screenshot-explore*.png.
 *
 *   npx vite build --outDir /tmp/dist-x && LATENCY_LAB_DIST=/tmp/dist-x npx tsx scripts/explore-screenshots.ts
 */
import { screenshotEach } from './lib/browser';

const LINK = '#/file-access?table=mpe-sl-seq';
const SHOTS = [
  { file: 'docs/screenshot-explore.png', width: 1280, height: 900, view: '' },
  { file: 'docs/screenshot-explore-phone.png', width: 390, height: 844, view: '' },
  {
    file: 'docs/screenshot-explore-projector.png',
    width: 1920,
    height: 1080,
    view: '&view=projector',
  },
];

await screenshotEach(SHOTS, async (page, shot, url) => {
  await page.goto(`${url}${LINK}${shot.view}`);
  const strip = page.getByTestId('explore-strip');
  await strip.waitFor();
  // On a phone the strip is a sheet of the knob and its cells; its chart stays in the page.
  await page.locator('[data-testid=explore-chart] svg[role=img]').waitFor({ state: 'attached' });
  // The file system's read-ahead, four pages shorter: one gesture, and the reason it costs.
  await strip.locator('select').selectOption('readAheadPages');
  await page
    .locator('[data-testid=explore-chart][data-knob=readAheadPages]')
    .waitFor({ state: 'attached' });
  const slider = page.getByTestId('explore-knob').locator('input[type="range"]');
  for (let i = 0; i < 4; i++) await slider.press('ArrowLeft');
  await page.getByTestId('explore-why').waitFor({ state: 'attached' });
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=results]');
    // The view is not part of the scenario the charts were drawn for.
    const scenario = location.hash.replace(/&view=[^&]*/, '');
    return r?.getAttribute('data-rendered-charts-hash') === scenario;
  });
  await page.screenshot({ path: shot.file });
  console.log(`wrote ${shot.file}`);
});
