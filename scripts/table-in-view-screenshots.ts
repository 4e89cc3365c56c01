/**
 * Pictures of the paper's table under the hand (issue #31), taken while a knob is being
 * dragged: the explored table scrolled to the top, the mouse held down on the knob's slider
 * (the parameters' on a wide window, the explore sheet's on a phone) a few steps along. At
 * 1280×900, 1920×1080, projector 1024×768 and a 390×844 phone. Writes PNGs to a folder
 * outside the repository (default /tmp/table-in-view), to look at, not to commit.
 *
 *   npx vite build --outDir /tmp/dist-x && LATENCY_LAB_DIST=/tmp/dist-x \
 *     npx tsx scripts/table-in-view-screenshots.ts [out-dir] [model-link]
 *
 * `--all [out-dir] [only]` instead takes every page (each registered model with its strip's
 * own knob moved three steps by keyboard, home, lessons, a lesson, the
 * glossary, the predictions, your machine, a class's teacher and student pages on the real
 * class server, a link to no page) in English and Spanish at the same four sizes, and prints
 * what a look would find first: text cut by its box, anything wider than the window, controls
 * under 24 px on the phone. `only` keeps the shots whose name contains it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchChromium, screenshotEach, tablesReady } from './lib/browser';
import { startClassServer } from './lib/classServer';
import { MODEL_INFOS } from '../src/models/registry';

const OUT = process.argv[2] ?? '/tmp/table-in-view';
const LINK = process.argv[3] ?? '#/file-access?table=mpe-sl-seq';
const KNOB = process.argv[4] ?? 'prefetchDistanceRecords';
const SHOTS = [
  { name: '1280x900', width: 1280, height: 900, view: '' },
  { name: '1920x1080', width: 1920, height: 1080, view: '' },
  { name: 'projector-1024x768', width: 1024, height: 768, view: 'view=projector' },
  { name: 'phone-390x844', width: 390, height: 844, view: '' },
];

async function oneModel() {
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
}

/** Each model page, its strip's own knob moved (the registry's models, none named here). */
const MODELS = MODEL_INFOS.map((m) => m.id);
const PAGES = ['home:', 'lessons:lessons', 'lesson:lesson/mpe-ix?step=1', 'glossary:glossary'];
const MORE = ['predictions:predictions', 'machine:machine', 'notfound:nope'];

/** What a look finds first on the page as it is on screen. */
const findings = async (page: Page, phone: boolean) => {
  // tsx names the functions below with a helper the page does not have.
  await page.evaluate('window.__name = (f) => f');
  return page.evaluate((phone) => {
    const out: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const root = document.scrollingElement!;
    if (root.scrollWidth > innerWidth + 1)
      out.push(`page wider than the window: ${root.scrollWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.bottom < 0 || r.top > innerHeight) continue;
      const cs = getComputedStyle(el);
      const clips = cs.overflowX !== 'visible' || cs.textOverflow === 'ellipsis';
      if (
        clips &&
        el.scrollWidth > el.clientWidth + 1 &&
        cs.overflowX !== 'auto' &&
        cs.overflowX !== 'scroll'
      )
        out.push(`cut: ${name(el)} ${el.scrollWidth}>${el.clientWidth}`);
      if (
        r.right > innerWidth + 1 &&
        cs.position !== 'fixed' &&
        !el.closest('[style*="overflow"], .table-scroller')
      )
        out.push(`past the right edge: ${name(el)} right ${Math.round(r.right)}`);
      if (
        phone &&
        el.matches('button, select, input:not([type=hidden]), a[href], summary, [role=button]') &&
        !el.closest('p, li, td, dd') &&
        (r.width < 24 || r.height < 24)
      )
        out.push(`small control: ${name(el)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    for (const t of document.querySelectorAll('svg text')) {
      const svg = t.closest('svg')!.getBoundingClientRect();
      const r = t.getBoundingClientRect();
      if (
        r.width &&
        (r.left < svg.left - 1 ||
          r.right > svg.right + 1 ||
          r.top < svg.top - 1 ||
          r.bottom > svg.bottom + 1)
      )
        out.push(`svg text outside its chart: "${t.textContent}"`);
    }
    return [...new Set(out)].slice(0, 60);
  }, phone);
};

async function allPages(out: string, only?: string) {
  mkdirSync(out, { recursive: true });
  const server = await startClassServer();
  const browser = await launchChromium();
  const report: Record<string, string[]> = {};
  const sizes = [...SHOTS].sort((a, b) =>
    a.name.startsWith('projector') ? -1 : b.name.startsWith('projector') ? 1 : 0,
  );
  try {
    for (const lang of ['es', 'en'])
      for (const shot of sizes) {
        const context = await browser.newContext({
          viewport: { width: shot.width, height: shot.height },
          serviceWorkers: 'block',
        });
        context.setDefaultTimeout(180_000);
        const page = await context.newPage();
        const q = (link: string) =>
          `${server.url}#/${link}${link.includes('?') ? '&' : '?'}lang=${lang}${shot.view ? '&' + shot.view : ''}`;
        const take = async (what: string, go: () => Promise<void>) => {
          const file = `${lang}-${shot.name}-${what}`;
          if (only && !file.includes(only)) return;
          await page.goto('about:blank');
          await go();
          await page.waitForFunction((l) => document.documentElement.lang === l, lang);
          await page.screenshot({ path: `${out}/${file}.png` });
          report[file] = await findings(page, shot.width < 600);
          console.log(
            `wrote ${out}/${file}.png ${report[file]!.length ? '\n  ' + report[file]!.join('\n  ') : ''}`,
          );
        };
        for (const link of MODELS)
          await take(link, async () => {
            await page.goto(q(link));
            const knob = await page.getByTestId('explore-strip').locator('select').inputValue();
            await page
              .locator(`[data-testid=explore-chart][data-knob=${knob}] svg[role=img]`)
              .waitFor({ state: 'attached' });
            const slider = page.getByTestId('explore-knob').locator('input[type=range]');
            await slider.focus();
            for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight');
            await tablesReady(page);
            await page.locator('[data-testid=explore-chart] svg[role=img]').first().waitFor();
          });
        for (const entry of [...PAGES, ...MORE]) {
          const [what, link] = entry.split(':') as [string, string];
          await take(what, async () => {
            await page.goto(q(link));
            await page.locator('main h1, main h2').first().waitFor();
          });
        }
        let code = '';
        await take('class-teacher', async () => {
          await page.goto(q('lesson/mpe-ix?step=1'));
          await page.getByTestId('class-start').click();
          await page.getByTestId('class-joined').waitFor();
          code = /#\/class\/([a-z0-9]+)\/teach/.exec(page.url())?.[1] ?? '';
        });
        if (code)
          await take('class-student', async () => {
            await page.goto(q(`class/${code}`));
            await page.getByTestId('class-name').fill('Ana');
            await page.getByTestId('class-join').click();
            await page.getByTestId('class-value').first().waitFor();
          });
        await context.close();
      }
  } finally {
    writeFileSync(`${out}/findings.json`, JSON.stringify(report, null, 1));
    await browser.close();
    await server.stop();
  }
}

if (process.argv[2] === '--all') await allPages(process.argv[3] ?? '/tmp/look35', process.argv[4]);
else await oneModel();
