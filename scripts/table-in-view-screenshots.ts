/**
 * Pictures of the paper's table under the hand (issue #31), taken while a knob is being
 * dragged: the explored table scrolled to the top, the mouse held down on the knob's slider
 * (the parameters' on a wide window, the explore sheet's on a phone) a few steps along. At
 * 1280×900, 1920×1080, projector 1024×768 and a 390×844 phone. Writes PNGs to a folder
 * outside the repository (default /tmp/table-in-view), to look at, not to commit.
 *
 *   npx vite build --outDir /tmp/dist-x && LATENCY_LAB_DIST=/tmp/dist-x \
 *     npx tsx scripts/table-in-view-screenshots.ts [out-dir] [model-link]
 */
import { mkdirSync } from 'node:fs';
import { screenshotEach, tablesReady } from './lib/browser';

const OUT = process.argv[2] ?? '/tmp/table-in-view';
const LINK = process.argv[3] ?? '#/file-access?table=mpe-sl-seq';
const KNOB = process.argv[4] ?? 'prefetchDistanceRecords';
const SHOTS = [
  { name: '1280x900', width: 1280, height: 900, view: '' },
  { name: '1920x1080', width: 1920, height: 1080, view: '' },
  { name: 'projector-1024x768', width: 1024, height: 768, view: 'view=projector' },
  { name: 'phone-390x844', width: 390, height: 844, view: '' },
];

mkdirSync(OUT, { recursive: true });
await screenshotEach(SHOTS, async (page, shot, url) => {
  const join = LINK.includes('?') ? '&' : '?';
  await page.goto(`${url}${LINK}${shot.view ? join + shot.view : ''}`);
  await page.getByTestId('explore-strip').locator('select').selectOption(KNOB);
  await page
    .locator(`[data-testid=explore-chart][data-knob=${KNOB}] svg[role=img]`)
    .waitFor({ state: 'attached' });
  const phone = shot.width < 600;
  const slider = phone
    ? page.getByTestId('explore-knob').locator('input[type=range]')
    : page.locator(`.panel input[type=range][data-param=${KNOB}]`);
  await slider.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  if (!phone)
    await page.evaluate(() => {
      const t = document.querySelector('[data-testid=results] .tables > *')!;
      const tools = document.querySelector('.page-tools')!;
      const stuck = getComputedStyle(tools).position === 'sticky';
      window.scrollBy(
        0,
        t.getBoundingClientRect().top - (stuck ? tools.getBoundingClientRect().height : 0),
      );
    });
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.3, y);
  await page.mouse.down();
  for (let k = 1; k <= 4; k++) await page.mouse.move(box.x + box.width * (0.3 + k * 0.06), y);
  await tablesReady(page);
  await page.screenshot({ path: `${OUT}/${shot.name}.png` });
  await page.mouse.up();
  console.log(`wrote ${OUT}/${shot.name}.png`);
});
