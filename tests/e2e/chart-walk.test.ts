/**
 * Charts you can walk and hear (issue #35, src/charts/ChartWalk.tsx): a line chart, a sweep,
 * a timeline, the explore strip's sweep and the bar charts are each one tab stop; Left/Right move point by
 * point and PageDown series by series, each point read out with its axes' names and units
 * through Chart2Music's live region (checked in the accessibility tree, by role and name, not
 * by a class); Shift+End plays the series (the walk's status says so and runs to its end).
 * axe still finds nothing serious with a chart walked.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from './axe';
import { browserSuite, chartsCaughtUp, tablesReady } from './suite';

const suite = browserSuite(undefined, { width: 1280, height: 900 });

/** The live region as the accessibility tree has it (earlier, hidden lines are not in it). */
const liveRegion = (walk: Locator) => walk.getByRole('status').ariaSnapshot();

/**
 * Waits for the live region to say something other than `before` and returns what it says
 * (its line without the padding Chart2Music adds so that a repeat is spoken again).
 */
async function nextAnnouncement(walk: Locator, before: string): Promise<string> {
  const region = await walk.getByRole('status').elementHandle();
  const said = await walk.page().waitForFunction(
    ([el, prev]) => {
      const shown = [...(el as HTMLElement).children].filter(
        (c) => (c as HTMLElement).style.display !== 'none',
      );
      const t = (shown.at(-1)?.getAttribute('data-original-text') ?? '').trim();
      return t !== '' && t !== prev ? t : null;
    },
    [region, before] as const,
  );
  const text = (await said.jsonValue()) as string;
  // What a screen reader is given: the same words, in the tree under the status role.
  const plain = (t: string) => t.replace(/\u00a0/g, ' ').replace(/[\\"]/g, '');
  expect(plain(await liveRegion(walk))).toContain(plain(text).slice(0, 20));
  return text;
}

/**
 * Tabs into the chart from the control just before it, checks it is one tab stop, then walks:
 * the summary on entry, a point with both axes' names and units, the next and back again,
 * the next series, and a play to the end.
 */
async function walkAndPlay(
  page: Page,
  walk: Locator,
  before: Locator,
  expectPoint: RegExp,
): Promise<void> {
  const host = walk.getByRole('application');
  await before.focus();
  // Forward from the control before it (the strip has its cells between): the chart's stop.
  for (let k = 0; k < 12 && !(await host.evaluate((el) => el === document.activeElement)); k++)
    await page.keyboard.press('Tab');
  expect(await host.evaluate((el) => el === document.activeElement)).toBe(true);
  // Entered: Chart2Music loads and says what the chart is.
  await walk.locator('[data-walk=ready]').waitFor();
  const summary = await nextAnnouncement(walk, '');
  expect(summary).toMatch(/Sonified/);

  await page.keyboard.press('ArrowRight');
  const second = await nextAnnouncement(walk, summary);
  expect(second).toMatch(expectPoint);
  expect(await walk.getByTestId('chart-walk-status').textContent()).toMatch(/point 2 of \d+/);
  // A sighted keyboard user sees where the walk is: a mark on the drawing.
  await walk.getByTestId('walk-ring').waitFor();
  await page.keyboard.press('ArrowRight');
  const third = await nextAnnouncement(walk, second);
  expect(third).toMatch(expectPoint);
  await page.keyboard.press('ArrowLeft');
  expect(await nextAnnouncement(walk, third)).toBe(second);

  // The next series, when there is one: its name is said with its point.
  const series = await host.evaluate((el) => el.getAttribute('data-series-count'));
  if (Number(series) > 1) {
    await page.keyboard.press('PageDown');
    const other = await nextAnnouncement(walk, second);
    expect(other).not.toBe(second);
  }

  // Play: the status follows the tones to the series' end.
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  const status = walk.getByTestId('chart-walk-status');
  await page.waitForFunction(
    (el) => /^Play(ing|ed) /.test(el?.textContent ?? ''),
    await status.elementHandle(),
  );
  await page.waitForFunction(
    (el) => /^Played .*point (\d+) of \1\.$/.test(el?.textContent ?? ''),
    await status.elementHandle(),
  );
  expect(await status.getAttribute('data-playing')).toBe('false');

  // One tab stop: the next Tab leaves the chart.
  await page.keyboard.press('Tab');
  expect(await walk.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  await walk.getByTestId('walk-ring').waitFor({ state: 'detached' });
}

/** `link` opened (in `page`, or a new one), its tables and charts drawn. */
async function openModel(link: string, page?: Page) {
  if (page) await page.goto(suite.url + link);
  else page = await suite.open(link);
  await tablesReady(page);
  await chartsCaughtUp(page);
  return page;
}

describe('charts you can walk and hear', () => {
  it('a line chart: each point read with its units, series by series, played', async () => {
    const page = await openModel('#/file-access?table=mpe-sl-seq');
    const figure = page.getByTestId('chart-sweep-distance');
    const walk = figure.getByTestId('chart-walk');
    await walkAndPlay(
      page,
      walk,
      figure.getByRole('button', { name: /as PNG/ }),
      /^prefetch distance [\d,.]+ records?, elapsed [\d,.]+ ms\b/i,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('a timeline: each segment read as its start, length and kind', async () => {
    const page = await openModel('#/file-access?table=mpe-sl-seq');
    const figure = page.getByTestId('chart-timeline');
    await walkAndPlay(
      page,
      figure.getByTestId('chart-walk'),
      figure.getByRole('button', { name: /as PNG/ }),
      /^start [\d,.]+ ms, lasting [\d,.]+ ms, [a-z]/,
    );
  });

  it('the explore strip’s sweep: walked and played', async () => {
    const page = await openModel('#/page-replacement');
    const strip = page.getByTestId('explore-strip');
    const chart = strip.getByTestId('explore-chart');
    await chart.locator('svg[role=img]').waitFor();
    const walk = chart.getByTestId('chart-walk');
    const knob = await chart.getAttribute('data-knob');
    expect(knob).toBeTruthy();
    await walkAndPlay(
      page,
      walk,
      strip.getByTestId('explore-knob').locator('input[type=range]'),
      /, [a-z].* [\d,.]+/i,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
  it('bars: model against paper, stacked parts and a tornado, each bar read with its units', async () => {
    const page = await openModel('#/file-access?table=mpe-sl-seq');
    const vs = page.getByTestId('chart-model-vs-paper');
    await walkAndPlay(
      page,
      vs.getByTestId('chart-walk'),
      vs.getByRole('button', { name: /as PNG/ }),
      /^bar \d+, value [\d,.]+ (ms|s), \S/,
    );

    await openModel('#/cross-boundary?table=doct-ipc', page);
    const parts = page.locator('[data-testid^="chart-"][data-testid$="-parts-bars"]').first();
    await walkAndPlay(
      page,
      parts.getByTestId('chart-walk'),
      parts.getByRole('button', { name: /as PNG/ }),
      /^bar \d+, [a-z][^,]* [\d,.]+ \S+, \S/i,
    );

    const section = page.getByTestId('sensitivity-section');
    await section.locator(':scope > summary').click();
    const tornado = page.getByTestId('chart-tornado-doct-ipc');
    await tornado.getByTestId('chart-walk').waitFor();
    await walkAndPlay(
      page,
      tornado.getByTestId('chart-walk'),
      tornado.getByRole('button', { name: /as PNG/ }),
      /^bar \d+, elasticity [−+-]?[\d,.]+ % per 1 %, .+ at .+, rows /,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
