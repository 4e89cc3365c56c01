/**
 * Projector mode read from the back of a room, measured as drawn: at 1920×1080 and 1024×768,
 * on three models, chart text at least 20 px high on screen (the charts are scaled by their
 * viewBox: the rendered box counts, not the CSS value), series lines at least 3 px and axes
 * 2 px, a dark page with light text (every visible text ≥ 4.5:1 against what is behind it:
 * nothing dark on dark), and nothing sticky over the tables (the hand's column sticks beside
 * them). Every chart's series differ in colour, dash and
 * marker, and its legend shows the same. `?` opens the keyboard shortcuts; Escape closes them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, chartsCaughtUp, framesDrawn } from './suite';

const suite = browserSuite();

const MODELS = ['file-access', 'cross-boundary', 'hyperthreads'];
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1024, height: 768 },
];

/** Waits until the page's charts are the current link's, and drawn (ticks and series). */
async function chartsDrawn(page: Page) {
  await chartsCaughtUp(page);
  await page.waitForFunction(
    () =>
      document.querySelector('figure.chart .chart-svg .axis .tick text') !== null &&
      document.querySelector('figure.chart .chart-svg path[fill=none][stroke]') !== null,
  );
}

/** What the page shows, measured in the browser (sizes in screen pixels). */
function measure() {
  const rgb = (c: string) => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
    return m ? { r: +m[1]!, g: +m[2]!, b: +m[3]!, a: m[4] === undefined ? 1 : +m[4] } : null;
  };
  const lum = (c: { r: number; g: number; b: number }) => {
    const ch = [c.r, c.g, c.b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
  };
  const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  const root = rgb(getComputedStyle(document.documentElement).backgroundColor)!;
  /** The first opaque background at or above `el`; the page's when none is. */
  const behind = (el: Element | null) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0.5) return c;
    }
    return root;
  };

  const charts = [...document.querySelectorAll<SVGSVGElement>('figure.chart svg.chart-svg')]
    .filter(visible)
    .map((svg) => {
      const vb = svg.viewBox.baseVal;
      const scale = vb && vb.width > 0 ? svg.getBoundingClientRect().width / vb.width : 1;
      const px = (el: Element, prop: 'strokeWidth') =>
        parseFloat(getComputedStyle(el)[prop]) * scale;
      // A log axis leaves its minor ticks unlabelled (empty text, no box).
      const ticks = [...svg.querySelectorAll('.axis .tick text')].filter(
        (t) => t.textContent!.trim() !== '',
      );
      return {
        id: svg.closest('figure')?.getAttribute('data-testid') ?? '',
        tickHeights: ticks.map((t) => t.getBoundingClientRect().height),
        tickFonts: ticks.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale),
        series: [...svg.querySelectorAll('path[fill=none][stroke]')].map((p) =>
          px(p, 'strokeWidth'),
        ),
        axes: [...svg.querySelectorAll('.axis path.domain, .axis .tick line')].map((l) =>
          px(l, 'strokeWidth'),
        ),
      };
    });

  // Every visible text: HTML elements with text of their own, and SVG text.
  const poor: string[] = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') && el.localName !== 'text') continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== '');
    if (!own || !visible(el)) continue;
    const cs = getComputedStyle(el);
    const fg = rgb(el.localName === 'text' ? cs.fill : cs.color);
    if (!fg || fg.a < 0.5) continue;
    const bg = behind(el.localName === 'text' ? el.closest('svg') : el);
    const c = ratio(lum(fg), lum(bg));
    if (c < 4.5)
      poor.push(
        `${el.localName}.${el.getAttribute('class') ?? ''} "${el.textContent!.trim().slice(0, 30)}" ${c.toFixed(2)}`,
      );
  }

  const sticky = [...document.querySelectorAll('body *')]
    .filter((el) => getComputedStyle(el).position === 'sticky' && visible(el))
    .map((el) => `${el.localName}.${el.getAttribute('class') ?? ''}`);

  const body = getComputedStyle(document.body);
  return {
    charts,
    pageLum: lum(behind(document.body)),
    textLum: lum(rgb(body.color)!),
    bodyContrast: ratio(lum(behind(document.body)), lum(rgb(body.color)!)),
    poor,
    sticky,
  };
}

describe('projector mode, measured on screen', () => {
  for (const model of MODELS)
    for (const size of SIZES)
      it(`${model} at ${size.width}×${size.height}`, async () => {
        const page = await suite.newPage();
        await page.setViewportSize(size);
        await page.goto(`${suite.url}#/${model}?view=projector`);
        await chartsDrawn(page);
        // The explore card is a lazy part: measured once it is on the page and laid out.
        await page.getByTestId('explore-strip').waitFor();
        await framesDrawn(page);
        const m = await page.evaluate(measure);

        // The sweeps, the timelines and model vs paper, at least.
        expect(m.charts.length).toBeGreaterThanOrEqual(4);
        for (const c of m.charts) {
          expect(c.tickHeights.length, c.id).toBeGreaterThan(0);
          expect(Math.min(...c.tickHeights), `${c.id}: tick text height`).toBeGreaterThanOrEqual(
            20,
          );
          expect(Math.min(...c.tickFonts), `${c.id}: tick font size`).toBeGreaterThanOrEqual(20);
          expect(Math.min(...c.axes), `${c.id}: axis lines`).toBeGreaterThanOrEqual(2);
          if (c.series.length)
            expect(Math.min(...c.series), `${c.id}: series lines`).toBeGreaterThanOrEqual(3);
        }
        expect(m.charts.some((c) => c.series.length > 1)).toBe(true);

        expect(m.pageLum, 'a dark page').toBeLessThan(0.05);
        expect(m.textLum, 'light text').toBeGreaterThan(0.7);
        expect(m.bodyContrast).toBeGreaterThanOrEqual(4.5);
        expect(m.poor, 'text under 4.5:1 against its background').toEqual([]);
        // Nothing sticks over the tables; the hand's column sticks beside them (issue #31),
        // the explore card at its top.
        expect(m.sticky, 'sticky elements').toEqual(['div.side', 'section.explore-strip']);

        // The explore strip: still there, beside the tables, in the same dark theme.
        const strip = page.getByTestId('explore-strip');
        await strip.waitFor();
        const side = await page.getByTestId('side').boundingBox();
        const table = await page.locator('[data-testid=results] .tables > *').first().boundingBox();
        expect(side!.x, 'the hand’s column beside the tables').toBeGreaterThanOrEqual(
          table!.x + table!.width,
        );

        await page.screenshot({ path: `/tmp/projector-${model}-${size.width}.png` });
      });
});

describe('projector mode: no axis labels run together', () => {
  it('page-replacement’s memory sweep in the explore card (a log axis) at 1024×768', async () => {
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${suite.url}#/page-replacement?view=projector`);
    const labels = page.locator('.explore-strip .sweep-plot .axis .tick text');
    await labels.first().waitFor();
    // The x axis's labels, left to right: each ends before the next begins ("1", "100" and
    // "10k" drew over each other as "10010k").
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('.explore-strip .sweep-plot svg .axis')]
        .map((axis) =>
          [...axis.querySelectorAll('.tick text')]
            .filter((t) => t.textContent!.trim() !== '')
            .map((t) => t.getBoundingClientRect())
            .map((r) => ({ left: r.left, right: r.right, top: r.top })),
        )
        // The x axis: its labels share a line.
        .find((b) => b.length > 1 && b.every((r) => Math.abs(r.top - b[0]!.top) < 1)),
    );
    expect(boxes?.length).toBeGreaterThanOrEqual(2);
    const xs = [...boxes!].sort((a, b) => a.left - b.left);
    // Apart by at least a space of their 18 px type: labels that touch read as one number.
    for (let i = 1; i < xs.length; i++)
      expect(xs[i]!.left - xs[i - 1]!.right, `${JSON.stringify(xs)}: gap ${i}`).toBeGreaterThan(5);
  });
});

describe('projector mode on the other pages: nothing dark on dark', () => {
  for (const hash of ['#/', '#/lessons', '#/predictions'])
    it(hash, async () => {
      const page = await suite.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${suite.url}${hash}?view=projector`);
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('main[aria-busy=true]'));
      const m = await page.evaluate(measure);
      expect(m.pageLum).toBeLessThan(0.05);
      expect(m.poor).toEqual([]);
      expect(m.sticky).toEqual([]);
    });
});

describe('every chart tells its series apart, and its legend matches', () => {
  it('cross-boundary: the transports chart and “the paper’s points and this machine”', async () => {
    const page = await suite.open('#/cross-boundary');
    await chartsDrawn(page);
    await page.getByTestId('chart-cross-boundary-live-vs-paper').locator('svg.chart-svg').waitFor();
    const charts = await page.evaluate(() =>
      [...document.querySelectorAll('figure.chart')].map((fig) => {
        const series = [...fig.querySelectorAll('svg.chart-svg g[data-marker]')].map((g) => {
          const line = g.querySelector('path[fill=none]');
          return {
            colour: line ? getComputedStyle(line).stroke : '',
            dash: g.getAttribute('data-dash'),
            marker: g.getAttribute('data-marker'),
            drawnDash: line?.getAttribute('stroke-dasharray') ?? 'solid',
          };
        });
        const keys = [...fig.querySelectorAll('.legend li')]
          .map((li) => {
            const mark = li.querySelector('.legend-mark');
            const line = li.querySelector('line');
            return mark
              ? {
                  marker: mark.getAttribute('data-marker'),
                  dash: line?.getAttribute('stroke-dasharray') ?? 'solid',
                  colour: getComputedStyle(mark).fill,
                }
              : null;
          })
          .filter((k) => k !== null);
        return { id: fig.getAttribute('data-testid') ?? '', series, keys };
      }),
    );
    const live = charts.find((c) => c.id === 'chart-cross-boundary-live-vs-paper')!;
    expect(live.series.length).toBe(8);
    const multi = charts.filter((c) => c.series.length > 1);
    expect(multi.length).toBeGreaterThan(1);
    for (const c of multi) {
      const full = c.series.map((s) => `${s.colour}|${s.dash}|${s.marker}`);
      const grey = c.series.map((s) => `${s.dash}|${s.marker}`);
      expect(new Set(full).size, `${c.id}: colour, dash, marker`).toBe(c.series.length);
      expect(new Set(grey).size, `${c.id}: dash and marker`).toBe(c.series.length);
      // More than one colour: not "eight series in one blue dash".
      expect(new Set(c.series.map((s) => s.colour)).size, c.id).toBeGreaterThan(1);
      // The legend's keys are the series' own, in order.
      expect(
        c.keys.map((k) => `${k.colour}|${k.dash}|${k.marker}`),
        `${c.id}: legend`,
      ).toEqual(c.series.map((s) => `${s.colour}|${s.drawnDash}|${s.marker}`));
    }
  });
});

describe('the keyboard shortcuts', () => {
  it('? opens the list as a modal dialog; Escape closes it and focus goes back', async () => {
    const page = await suite.open('#/file-access');
    await chartsDrawn(page);
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(await dialog.isVisible()).toBe(false);

    const copy = page.getByRole('button', { name: 'Copy link' });
    await copy.focus();
    await page.keyboard.press('?');
    await dialog.waitFor();
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(
      true,
    );
    const text = (await dialog.textContent()) ?? '';
    for (const words of ['Undo', 'Redo', 'Page Up', 'Home', 'End', 'Reveal or hide the answer'])
      expect(text).toContain(words);
    // Focus is inside the dialog, not on the page behind it.
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await copy.evaluate((b) => b === document.activeElement)).toBe(true);

    // In a text box, ? is a character: no dialog.
    const box = page.locator('.control input[type=text]').first();
    await box.focus();
    await page.keyboard.press('?');
    expect(await page.evaluate(() => document.querySelector('dialog[open]'))).toBeNull();

    // The header's button opens it too, and Close gives focus back to the button.
    const button = page.getByTestId('shortcuts-button');
    await button.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it('works in projector mode, where the header is hidden', async () => {
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${suite.url}#/hyperthreads?view=projector`);
    await chartsDrawn(page);
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await page.screenshot({ path: '/tmp/projector-shortcuts.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
