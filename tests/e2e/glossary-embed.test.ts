/**
 * The glossary and one-part embeds. A term in a lesson step or a table title shows its
 * definition on hover or keyboard focus (1280×900) and on a tap (390×844, touch), a second tap
 * or Escape closes it; `#/glossary` lists every term. An embed of one table holds that table
 * alone (no chart), far shorter than the whole page; one of a chart holds that chart alone; an
 * unknown id says so and shows the whole page; method notes stay folded until opened; the
 * page's snippet for one table resizes its frame to fit.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Locator, Page } from 'playwright-core';
import { crossBoundaryModel } from '../../src/models/cross-boundary';
import { GLOSSARY_TERMS } from '../../src/papers/glossary';
import { EMBED_HEIGHT_PX } from '../../src/views/EmbedPanel';
import { seriousAxeViolations } from './axe';
import { courseSite } from './courseSite';
import { browserSuite, framesDrawn, SL, presetHash } from './suite';

const suite = browserSuite();
const site = courseSite();
const MODES = presetHash(crossBoundaryModel, 'mpe-catalog-modes');
const STEP = '#/lesson/mpe-ix?step=1';

/** A page at `width`×`height`, gone to `link` on this server when given. */
async function pageAt(width: number, height: number, link?: string) {
  const page = await suite.newPage([], { viewport: { width, height } });
  if (link !== undefined) await page.goto(suite.url + link);
  return page;
}

/** The tip a term describes itself by: its `aria-describedby`. */
async function tipOf(page: Page, term: Locator): Promise<Locator> {
  const id = await term.getAttribute('aria-describedby');
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

const shown = (tip: Locator) => tip.evaluate((el) => !(el as HTMLElement).hidden);
async function waitShown(page: Page, tip: Locator, want: boolean): Promise<void> {
  const el = await tip.elementHandle();
  await page.waitForFunction(([t, w]) => (t as HTMLElement).hidden === !w, [el, want] as const);
}

describe('glossary terms', () => {
  it('1280×900: hover and keyboard focus show the definition; Escape and leaving close it', async () => {
    const page = await pageAt(1280, 900, STEP);
    const term = page.getByTestId('lesson-text').locator('button.term[data-term=mapped-file]');
    await term.waitFor();
    expect(await term.textContent()).toBe('Memory Mapped');
    const tip = await tipOf(page, term);
    expect(await tip.getAttribute('role')).toBe('tooltip');
    expect(await shown(tip)).toBe(false);
    // The description is there for a screen reader even while hidden.
    expect(await tip.textContent()).toContain('page faults');
    expect(await tip.textContent()).toContain('Sieler');

    await term.hover();
    await waitShown(page, tip, true);
    expect(await tip.isVisible()).toBe(true);
    await page.mouse.move(5, 5);
    await waitShown(page, tip, false);

    await term.hover();
    await waitShown(page, tip, true);
    await page.keyboard.press('Escape');
    await waitShown(page, tip, false);
    expect(await term.getAttribute('aria-expanded')).toBe('false');

    // From the keyboard: focus shows it, Escape closes it.
    await page.mouse.move(5, 5);
    const fread = page.getByTestId('lesson-text').locator('button.term[data-term=fread]');
    await page.keyboard.press('Shift');
    await fread.focus();
    const fTip = await tipOf(page, fread);
    await waitShown(page, fTip, true);
    expect(await fTip.textContent()).toContain('FREADDIR');
    await page.keyboard.press('Escape');
    await waitShown(page, fTip, false);
    // The text the term sits in keeps its own words: no definition inside it.
    expect(await page.getByTestId('lesson-text').textContent()).not.toContain('Sieler');
  });

  it('a table title wraps its terms; a click pins the tip, a second click closes it', async () => {
    const page = await pageAt(1280, 900, MODES);
    const title = page.locator('[data-testid=table-mpe-catalog-modes] .caption-title');
    // The title is text first; its terms become buttons once the glossary's chunk is there.
    await title.locator('button.term[data-term=cm]').waitFor();
    expect(
      await title.locator('button.term').evaluateAll((b) => b.map((x) => x.textContent)),
    ).toEqual(['NM', 'OCT', 'CM']);
    expect(await title.textContent()).toBe(
      'CATALOG.PUB.SYS read from NM, OCT and CM programs (times in milliseconds)',
    );
    const cm = title.locator('button.term[data-term=cm]');
    const tip = await tipOf(page, cm);
    await cm.click();
    await waitShown(page, tip, true);
    expect(await tip.textContent()).toContain('Compatibility Mode');
    await page.mouse.move(5, 5); // pinned: leaving does not close it
    await framesDrawn(page); // the leave's update is scheduled, not immediate
    expect(await shown(tip)).toBe(true);
    await cm.click();
    await waitShown(page, tip, false);
    // A mouse hovers before it clicks: the click on a tip its hover opened pins it.
    await page.mouse.move(5, 5);
    await cm.hover();
    await waitShown(page, tip, true);
    await cm.click();
    await page.mouse.move(5, 5);
    await framesDrawn(page);
    expect(await shown(tip)).toBe(true);
    await cm.click();
    await waitShown(page, tip, false);
    // A parameter's doc names terms too (folded under the knob until opened: attached).
    const docTerms = page.locator('.panel .control-doc button.term');
    await docTerms.first().waitFor({ state: 'attached' }); // the controls' chunk may come last
    expect(await docTerms.count()).toBeGreaterThan(0);
  });

  it('390×844 phone: a tap shows the definition inside the screen, a second tap closes it', async () => {
    const page = await pageAt(390, 844, STEP);
    const term = page.getByTestId('lesson-text').locator('button.term[data-term=page-fault]');
    await term.waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const tap = async (what: Locator) => {
      await what.scrollIntoViewIfNeeded();
      const box = (await what.boundingBox())!;
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const tip = await tipOf(page, term);
    await tap(term);
    await waitShown(page, tip, true);
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await tap(term);
    await waitShown(page, tip, false);
    // Tapped open, a tap elsewhere closes it too.
    await tap(term);
    await waitShown(page, tip, true);
    await tap(page.getByTestId('lesson-step-title'));
    await waitShown(page, tip, false);
  });

  it('#/glossary lists every term alphabetically, each with its paper; linked from home and footer', async () => {
    const page = await pageAt(1280, 900, '#/');
    await page.locator('.home a[href="#/glossary"]').waitFor();
    await page.locator('footer.site-foot a[href="#/glossary"]').click();
    const list = page.getByTestId('glossary-list');
    await list.waitFor();
    const names = await list
      .locator('dt')
      .evaluateAll((dts) => dts.map((dt) => dt.childNodes[0]?.textContent ?? ''));
    expect(names).toEqual(GLOSSARY_TERMS.map((t) => t.term));
    expect(names).toContain('FREADSEEK');
    expect(names).toContain('stealback');
    expect(await list.locator('.glossary-source').count()).toBe(GLOSSARY_TERMS.length);
    // A term's own link opens the page at it.
    await page.goto(suite.url + '#/glossary/cothread');
    await page.waitForFunction(() => document.activeElement?.id === 'term-cothread');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

/** An embed page opened as its own page, at a short window (so the document is its content). */
async function openEmbed(page: Page, query: string, ready: string): Promise<number> {
  await page.goto(`${suite.url}embed/${SL}&view=embed${query}`);
  await page.waitForSelector(ready);
  return page.evaluate(() => document.documentElement.scrollHeight);
}

describe('embedding one table or one chart', () => {
  it('one table: that table alone, no chart, far shorter than the whole page; notes folded', async () => {
    const page = await pageAt(1280, 400);
    const whole = await openEmbed(
      page,
      '',
      '[data-testid=results][data-status=ready] [data-testid=chart-timeline] svg',
    );
    const one = await openEmbed(
      page,
      '&embed=table:mpe-sl-seq',
      '[data-testid=embed-part][data-ready=true] [data-testid=table-mpe-sl-seq]',
    );
    // In the page (<main>): a dialog elsewhere in the document may hold tables of its own.
    expect(await page.locator('main table').count()).toBe(1);
    expect(await page.locator('main figure.chart, main svg').count()).toBe(0);
    expect(await page.getByTestId('open-full').isVisible()).toBe(true);
    expect(await page.getByTestId('paper-credit').textContent()).toContain('Sieler');
    expect(one, `one table ${one} px against the whole page ${whole} px`).toBeLessThan(whole / 3);

    // Method notes: folded, with the source, until the toggle opens them.
    const notes = page.getByTestId('method-notes');
    expect(await notes.count()).toBe(1);
    expect(await notes.getAttribute('open')).toBeNull();
    expect(await page.locator('caption .caption-source').count()).toBe(0);
    const inside = notes.locator('.notes li').first();
    expect(await inside.isVisible()).toBe(false);
    expect(await notes.locator('.caption-source').textContent()).toContain(
      'S. Sieler, “MPE/iX and Performance: Not Incompatible”, §1.3',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await notes.locator('summary').click();
    expect(await inside.isVisible()).toBe(true);
  });

  it('one chart: that chart alone', async () => {
    const page = await pageAt(1280, 900);
    await openEmbed(
      page,
      '&embed=chart:timeline',
      '[data-testid=embed-part][data-ready=true] [data-testid=chart-timeline] svg',
    );
    expect(await page.locator('main figure.chart').count()).toBe(1);
    expect(await page.locator('main table').count()).toBe(0);
  });

  it('an id the scenario does not show: said in words, and the whole page instead', async () => {
    const page = await pageAt(1280, 900);
    await openEmbed(page, '&embed=chart:no-such-chart', '[data-testid=embed-part-missing]');
    const said = (await page.getByTestId('embed-part-missing').textContent()) ?? '';
    expect(said).toContain('“no-such-chart”');
    expect(said).toContain('timeline');
    expect(said).toContain('Showing the whole page instead.');
    await page.waitForSelector(
      '[data-testid=results][data-status=ready] [data-testid=table-mpe-sl-seq]',
    );
    // A malformed part is a link problem: the banner names it, and the whole page shows.
    await openEmbed(page, '&embed=graph:%3Cb%3E', '[data-testid=results][data-status=ready]');
    expect(await page.getByRole('alert').first().textContent()).toContain('embed:');
  });

  it('the page’s snippet for one table: its link, a smaller frame, resized to fit by the script', async () => {
    const page = await pageAt(1280, 900, SL);
    await page.waitForSelector(
      '[data-testid=results][data-status=ready] [data-testid=table-mpe-sl-seq]',
    );
    await page.getByTestId('embed-toggle').click();
    await page.getByTestId('embed-shows-table').check();
    await page.getByTestId('embed-table-id').selectOption('mpe-sl-seq');
    const snippet = await page.getByTestId('embed-snippet').inputValue();
    expect(snippet).toMatch(
      /^<iframe src="[^"]*\/embed\/#[^"]*view=embed&amp;embed=table:mpe-sl-seq" /,
    );
    const height = Number(/ height="(\d+)"/.exec(snippet)![1]);
    // Smaller than the whole page's frame (the title, the first table and a chart).
    expect(height).toBeLessThan(EMBED_HEIGHT_PX);
    expect(snippet).toContain('<script>');
    await page.getByTestId('embed-shows-chart').check();
    expect(await page.getByTestId('embed-snippet').inputValue()).toContain('embed=chart:');
    expect(await seriousAxeViolations(page, '[data-testid=embed-panel]')).toEqual([]);

    const course = await pageAt(1000, 800);
    await site.open(course, snippet);
    await course.waitForFunction(() => document.querySelector('iframe') !== null);
    const frame = (await (await course.locator('iframe').elementHandle())!.contentFrame()) as Frame;
    await frame.waitForSelector('[data-testid=embed-part][data-ready=true]');
    // The script set the frame's height from the page's message: its content's height.
    await course.waitForFunction(() => document.querySelector('iframe')!.style.height !== '');
    // Content that grows later (the intervals arrive) is posted again: wait for them to agree.
    const gap = async () => {
      const content = await frame.evaluate(
        () => document.getElementById('root')!.getBoundingClientRect().height,
      );
      const set = await course.evaluate(() =>
        parseFloat(document.querySelector('iframe')!.style.height),
      );
      return Math.abs(set - content);
    };
    await expect.poll(gap, { timeout: 60_000 }).toBeLessThan(40);
  });
});
