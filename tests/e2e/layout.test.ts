/**
 * The results-first layout (issue #11): wide tables keep every column visible or reachable
 * with the first column pinned, the first table is near the top on a phone, the results come
 * before the controls in the tab order, projector mode through the link and the control,
 * undo/redo of parameter changes, reset, the copy-link confirmation, and axe-core on every
 * model page in both views.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MODEL_INFOS } from '../../src/models/registry';
import { defaultScenario, presetScenario, serializeScenario } from '../../src/scenario';
import { seriousAxeViolations } from './axe';
import {
  browserSuite,
  chartsCaughtUp as chartsReady,
  framesDrawn,
  hashOf,
  SL,
  tablesCompleteForUrl,
  tablesShowCurrentUrl,
} from './suite';

const suite = browserSuite();

const pageOf = (id: string) =>
  hashOf(serializeScenario(defaultScenario(MODEL_INFOS.find((m) => m.id === id)!)));

/** A page at `width`×`height`, gone to `link` on this server when given. */
async function pageAt(width: number, height: number, link?: string) {
  const page = await suite.newPage(['clipboard-read', 'clipboard-write'], {
    viewport: { width, height },
  });
  if (link !== undefined) await page.goto(suite.url + link);
  return page;
}

/**
 * Every URL the page takes from now on (hash changes and history writes), in order. A check
 * that a key did *nothing* reads this after a later action that does change the URL: had the
 * key moved the scenario, its URL would stand first.
 */
async function recordUrls(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { __urls: string[] }).__urls = log;
    const note = () => log.push(location.hash);
    addEventListener('hashchange', note);
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        note();
      };
    }
  });
  return () => page.evaluate(() => [...(window as unknown as { __urls: string[] }).__urls]);
}

/** Each table's header cells that are out of sight, and whether that is allowed. */
interface TableReport {
  table: string;
  hiddenHeads: string[];
  scrollable: boolean;
  firstColumnSticky: boolean;
  hint: string;
}

async function tableReports(page: Page): Promise<TableReport[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid^=table-]')].map((section) => {
      const scroller = section.querySelector<HTMLElement>('.table-scroll')!;
      const box = scroller.getBoundingClientRect();
      const hiddenHeads = [...scroller.querySelectorAll('thead th')]
        .filter((th) => {
          // Not drawn at all: allowed only where the Run head says it once instead (the
          // projector's legend for stacked cells, styles/projector.css).
          if (th.getClientRects().length === 0) {
            const legend = scroller.querySelector('thead th.row-head .head-legend');
            return !(legend?.getClientRects().length && legend.textContent === th.textContent);
          }
          const r = th.getBoundingClientRect();
          const inViewport = r.left >= 0 && r.right <= window.innerWidth + 0.5;
          const inScroller = r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
          return !(inViewport && inScroller);
        })
        .map((th) => th.textContent ?? '');
      const first = scroller.querySelector('thead th.row-head');
      return {
        table: section.dataset.testid ?? '',
        hiddenHeads,
        scrollable:
          scroller.scrollWidth > scroller.clientWidth &&
          getComputedStyle(scroller).overflowX !== 'hidden',
        firstColumnSticky:
          !!first &&
          getComputedStyle(first).position === 'sticky' &&
          [...scroller.querySelectorAll('tbody th.row-head')].every(
            (th) => getComputedStyle(th).position === 'sticky',
          ),
        hint: section.querySelector('[data-testid=scroll-hint]')?.textContent ?? '',
      };
    }),
  );
}

describe('layout: results first', () => {
  it('at 1280×900 and on a 1024×768 projector every column of every headline table is in view', async () => {
    // In both languages: "ejecución del artículo 17,9" is longer than "paper's run 17.9".
    for (const [width, height, view] of [
      [1280, 900, ''],
      [1280, 900, '&lang=es'],
      [1024, 768, '&view=projector'],
      [1024, 768, '&view=projector&lang=es'],
    ] as const) {
      const page = await pageAt(width, height);
      const language = async () => {
        await tablesCompleteForUrl(page);
        if (view.includes('lang=es'))
          await page.waitForFunction(() => document.documentElement.lang === 'es');
      };
      // Off the paper's experiment a cell says "paper’s run … Δ …", longer than "paper … error".
      const ht = MODEL_INFOS.find((m) => m.id === 'hyperthreads')!;
      const fiveJobs = presetScenario(ht, 'vms-cothread');
      const other = hashOf(
        serializeScenario({ ...fiveJobs, params: { ...fiveJobs.params, jobs: 5 } }),
      );
      await page.goto(suite.url + other + view);
      await language();
      const [offPaper] = await tableReports(page);
      expect(offPaper?.hiddenHeads, `${other} at ${width}${view}`).toEqual([]);
      // Stacked, its cells fit too: no column half under the table's edge.
      expect(offPaper?.scrollable, `${other} at ${width}${view}`).toBe(false);
      for (const model of MODEL_INFOS) {
        await page.goto(suite.url + pageOf(model.id) + view);
        await language();
        const [headline] = await tableReports(page);
        // Too wide side by side, a table stacks model, paper and error in one cell.
        expect(headline?.hiddenHeads, `${model.id} at ${width}${view}`).toEqual([]);
        if (view.includes('projector')) continue;
        // The parameters are in the page's own scroll: no inner scroll box.
        const panel = await page.evaluate(() => {
          const p = document.querySelector<HTMLElement>('.panel')!;
          return {
            overflowY: getComputedStyle(p).overflowY,
            fits: p.scrollHeight <= p.clientHeight + 1,
          };
        });
        expect(panel.overflowY, model.id).toBe('visible');
        expect(panel.fits, model.id).toBe(true);
      }
      await page.close();
    }
  });

  it('on a phone a table wider than the screen scrolls with its first column pinned and a hint', async () => {
    const page = await pageAt(390, 844);
    let scrolled = 0;
    for (const model of MODEL_INFOS) {
      await page.goto(suite.url + pageOf(model.id));
      await tablesCompleteForUrl(page);
      const reports = await tableReports(page);
      expect(reports.length, model.id).toBeGreaterThan(0);
      for (const r of reports) {
        if (r.hiddenHeads.length === 0) continue;
        scrolled += 1;
        expect(r.scrollable, `${model.id} ${r.table}`).toBe(true);
        expect(r.firstColumnSticky, `${model.id} ${r.table}`).toBe(true);
        // The hint names the column groups that are off to the right.
        expect(r.hint, `${model.id} ${r.table}`).toMatch(/Scroll → for more columns: \S/);
      }
    }
    // Some table is wider than the phone even stacked: the checks above ran on it.
    expect(scrolled).toBeGreaterThan(0);

    // Scrolling the widest table brings its last column into view; the first stays in place.
    await page.goto(suite.url + SL);
    await tablesCompleteForUrl(page);
    // The explore sheet folded, as a reader on a phone would, so it covers no button.
    await page.getByTestId('explore-strip').getByRole('button', { name: 'Hide' }).click();
    const scroller = page.locator('[data-testid=table-mpe-sl-seq] .table-scroll');
    const firstBefore = await scroller.locator('tbody th.row-head').first().boundingBox();
    // Each press scrolls a screen's width; on a phone the end may be more than one away.
    const position = () =>
      page.evaluate(() => {
        const s = document.querySelector('[data-testid=table-mpe-sl-seq] .table-scroll')!;
        return { left: s.scrollLeft, end: s.scrollLeft + s.clientWidth >= s.scrollWidth - 1 };
      });
    for (let press = 0; press < 8 && !(await position()).end; press++) {
      const before = (await position()).left;
      await page
        .locator('[data-testid=table-mpe-sl-seq] [data-testid=scroll-hint]')
        .getByRole('button', { name: /Scroll →/ })
        .click();
      await page.waitForFunction((before) => {
        const s = document.querySelector('[data-testid=table-mpe-sl-seq] .table-scroll')!;
        return s.scrollLeft > before + 1 || s.scrollLeft + s.clientWidth >= s.scrollWidth - 1;
      }, before);
      // The scroll is smooth: let it come to rest (six frames without a move) before the next
      // press, or the button may be gone by then (the end reached).
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            const s = document.querySelector('[data-testid=table-mpe-sl-seq] .table-scroll')!;
            let last = s.scrollLeft;
            let still = 0;
            const tick = () => {
              if (s.scrollLeft === last) still += 1;
              else [still, last] = [0, s.scrollLeft];
              if (still >= 6) done();
              else requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          }),
      );
    }
    expect((await position()).end).toBe(true);
    const firstAfter = await scroller.locator('tbody th.row-head').first().boundingBox();
    expect(firstAfter?.x).toBeCloseTo(firstBefore?.x ?? NaN, 0);
    const last = await scroller.locator('thead tr').first().locator('th').last().boundingBox();
    const box = await scroller.boundingBox();
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual(
      (box?.x ?? 0) + (box?.width ?? 0) + 1,
    );
    // Scrolled: a way back to the first columns.
    await page.getByRole('button', { name: '← first columns' }).first().waitFor();
  });

  it('on a 390×844 phone the first table starts within two screens, before the controls', async () => {
    const page = await pageAt(390, 844);
    for (const model of MODEL_INFOS) {
      await page.goto(suite.url + pageOf(model.id));
      await tablesCompleteForUrl(page);
      const { tableTop, controlsTop } = await page.evaluate(() => ({
        tableTop: document.querySelector('table')!.getBoundingClientRect().top + window.scrollY,
        controlsTop: document.querySelector('.panel')!.getBoundingClientRect().top + window.scrollY,
      }));
      expect(tableTop, model.id).toBeLessThan(2 * 844);
      expect(tableTop, model.id).toBeLessThan(controlsTop);
    }
  });

  it('the keyboard reaches Copy link and the results before any parameter control', async () => {
    const page = await pageAt(1280, 900, SL);
    await tablesCompleteForUrl(page);
    // The parameters' controls are a chunk of their own: with them there, the order means something.
    await page.locator('.panel .param-section h3').first().waitFor();
    await page.locator('body').focus();
    const order: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      order.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el) return '';
          if (el.closest('.panel')) return 'control';
          if (el.classList.contains('table-scroll')) return 'table';
          return el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 30) ?? '';
        }),
      );
      if (order.includes('table')) break;
    }
    // The parameters under their three headings, the fitted constants collapsed.
    expect(await page.locator('.panel .param-section h3').allTextContents()).toEqual([
      'Workload',
      'Machine',
      'Fitted and assumed constants',
    ]);
    const fitted = page.locator('details[data-section=fitted]');
    expect(await fitted.getAttribute('open')).toBeNull();
    expect(await page.getByLabel('FREADSEEK call (µs)', { exact: true }).isVisible()).toBe(false);
    await fitted.locator('summary').click();
    expect(await page.getByLabel('FREADSEEK call (µs)', { exact: true }).isVisible()).toBe(true);

    const copy = order.indexOf('copy-link');
    const table = order.indexOf('table');
    expect(copy).toBeGreaterThanOrEqual(0);
    expect(table).toBeGreaterThan(copy);
    expect(order.slice(0, table + 1)).not.toContain('control');
  });
});

describe('projector mode', () => {
  it('comes from the link, stays through parameter changes and in the copied link, and the control toggles it', async () => {
    const page = await pageAt(1280, 900, SL + '&view=projector');
    await tablesCompleteForUrl(page);
    await chartsReady(page);
    // No problem reported for the view.
    expect(await page.getByTestId('problems').count()).toBe(0);
    const applied = () =>
      page.evaluate(() => ({
        cls: document.documentElement.classList.contains('projector'),
        rootPx: parseFloat(getComputedStyle(document.documentElement).fontSize),
        chrome: getComputedStyle(document.querySelector('.site-head')!).display,
        // Rendered height of an axis tick label: what a projector shows.
        tickPx: document.querySelector('.chart-svg .axis .tick text')!.getBoundingClientRect()
          .height,
      }));
    const on = await applied();
    expect(on.cls).toBe(true);
    expect(on.rootPx).toBeGreaterThanOrEqual(22);
    expect(on.chrome).toBe('none');
    expect(on.tickPx).toBeGreaterThanOrEqual(18);
    expect(await page.getByTestId('projector-toggle').getAttribute('aria-pressed')).toBe('true');

    // A parameter change keeps the view.
    await page.getByLabel('Prefetch size, exact value in pages').fill('24');
    await page.waitForFunction(() => location.hash.includes('prefetchPages=24&'));
    await tablesCompleteForUrl(page);
    expect(await page.evaluate(() => location.hash)).toMatch(/&view=projector$/);
    await page.getByTestId('copy-link').click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(suite.url + (await page.evaluate(() => location.hash)));
    expect(copied).toContain('view=projector');

    // The control turns it off and on again; the scenario stays.
    await page.getByTestId('projector-toggle').click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('projector'));
    await chartsReady(page);
    // The charts redraw to their new width (a ResizeObserver) in the next frame.
    await framesDrawn(page);
    const off = await applied();
    expect(off.chrome).not.toBe('none');
    expect(off.tickPx).toBeLessThan(on.tickPx);
    expect(await page.evaluate(() => location.hash)).not.toContain('view=');
    expect(await page.evaluate(() => location.hash)).toContain('prefetchPages=24&');
    await page.getByTestId('projector-toggle').click();
    await page.waitForFunction(() => document.documentElement.classList.contains('projector'));
    expect(await page.evaluate(() => location.hash)).toMatch(/&view=projector$/);
  });

  it('a view the app does not know is reported and the page is shown normally', async () => {
    const page = await pageAt(1280, 900, SL + '&view=cinema');
    await tablesCompleteForUrl(page);
    expect(await page.getByTestId('problems').textContent()).toContain('view');
    expect(
      await page.evaluate(() => document.documentElement.classList.contains('projector')),
    ).toBe(false);
  });
});

describe('the footer', () => {
  // Its rules once came with the glossary's terms' style sheet only, so a page without terms
  // (the link to no page) showed its link against the window's left edge.
  it('on the link to no page, in both languages, at 1280×900 and on a phone, its link sits inside the page’s margin', async () => {
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const)
      for (const lang of ['', '?lang=es']) {
        const page = await pageAt(width, height, `#/nope${lang}`);
        const link = page.locator('footer.site-foot a');
        await link.waitFor();
        await page.getByTestId('problems').waitFor();
        const box = (await link.boundingBox())!;
        expect(box.x, `${width}×${height}${lang}`).toBeGreaterThanOrEqual(8);
        expect(box.height).toBeGreaterThanOrEqual(24);
        await page.close();
      }
  });
});

describe('the predictions in Spanish', () => {
  // Its number headings were kept on one line: with Spanish's longer words the scoreboard
  // was wider than the page at 1280 px, its last column out of sight.
  it('at 1280×900 the scoreboard shows every column without scrolling sideways', async () => {
    const page = await pageAt(1280, 900, '#/predictions?lang=es');
    const board = page.getByTestId('leave-out-scoreboard');
    await board.locator('tbody tr').first().waitFor();
    const widths = await board
      .locator('.table-scroll')
      .evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await page.close();
  });
});

describe('a Spanish page on a phone', () => {
  // A menu is as wide as its longest option: the memory panel's "Comprobación: 4 KB – 1 MB
  // (alrededor de un segundo)" made the page scroll sideways.
  it('page replacement at 390×844 is no wider than the window, its menus included', async () => {
    const page = await pageAt(390, 844, `${pageOf('page-replacement')}&lang=es`);
    await page.locator('select', { hasText: 'Comprobación' }).waitFor({ state: 'attached' });
    const [scroll, inner] = await page.evaluate(() => [
      document.scrollingElement!.scrollWidth,
      innerWidth,
    ]);
    expect(scroll).toBeLessThanOrEqual(inner);
    await page.close();
  });
});

describe('undo, redo, reset', () => {
  const hash = (page: Page) => page.evaluate(() => location.hash);
  const param = async (page: Page, key: string) =>
    new URLSearchParams((await hash(page)).split('?')[1]).get(key);

  it('undo and redo restore parameter values; a drag or a typed number is one step; Ctrl+Z and Shift+Ctrl+Z work', async () => {
    const page = await pageAt(1280, 900, SL);
    await tablesCompleteForUrl(page);
    expect(await page.getByTestId('undo').isDisabled()).toBe(true);
    expect(await page.getByTestId('redo').isDisabled()).toBe(true);
    const records0 = await param(page, 'records');

    // A typed number, one keystroke at a time: one step.
    const size = page.getByLabel('Prefetch size, exact value in pages');
    await size.fill('');
    await size.pressSequentially('24');
    await page.waitForFunction(() => location.hash.includes('prefetchPages=24&'));
    // A drag of the records slider, many positions: one step.
    const slider = page.getByLabel('Records in file (records)', { exact: true });
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(box.x + box.width * (0.5 - i * 0.02), box.y + box.height / 2);
    await page.mouse.up();
    await page.waitForFunction((r) => !location.hash.includes(`records=${r}&`), records0);
    await tablesCompleteForUrl(page);
    const records1 = await param(page, 'records');
    expect(records1).not.toBe(records0);

    // Undo the drag: the records come back, the prefetch size stays.
    await page.getByTestId('undo').click();
    await page.waitForFunction((r) => location.hash.includes(`records=${r}&`), records0);
    await tablesCompleteForUrl(page);
    expect(await param(page, 'prefetchPages')).toBe('24');
    expect(await page.getByLabel('Records in file, exact value in records').inputValue()).toBe(
      records0,
    );
    // Ctrl+Z with focus on a slider (not a text field): the typed 24 is undone in one step.
    await page.getByLabel('Prefetch distance (records)', { exact: true }).focus();
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => location.hash.includes('prefetchPages=8&'));
    await tablesCompleteForUrl(page);
    expect(await page.getByLabel('Prefetch size, exact value in pages').inputValue()).toBe('8');
    expect(await hash(page)).toBe(SL);
    expect(await page.getByTestId('undo').isDisabled()).toBe(true);

    // Redo twice: both changes come back, in order.
    await page.keyboard.press('Control+Shift+z');
    await page.waitForFunction(() => location.hash.includes('prefetchPages=24&'));
    expect(await param(page, 'records')).toBe(records0);
    await page.getByTestId('redo').click();
    await page.waitForFunction((r) => location.hash.includes(`records=${r}&`), records1);
    await tablesCompleteForUrl(page);
    expect(await page.getByTestId('redo').isDisabled()).toBe(true);

    // In a text field Ctrl+Z is the field's own: the scenario does not move.
    const before = await hash(page);
    await page.getByLabel('Records in file, exact value in records').focus();
    const urls = await recordUrls(page);
    await page.keyboard.press('Control+z');
    expect(await hash(page)).toBe(before);

    // Reset: the paper's values, and one more undo step. Every URL since Ctrl+Z is the one
    // before it (written again when the field lets go) or the reset's: the key moved nothing.
    await page.getByTestId('reset').click();
    await page.waitForFunction((sl) => location.hash === sl, SL);
    expect((await urls()).filter((u) => u !== SL && u !== before)).toEqual([]);
    await tablesCompleteForUrl(page);
    expect(await page.getByTestId('reset').isDisabled()).toBe(true);
    await page.getByTestId('undo').click();
    await page.waitForFunction((b) => location.hash === b, before);
  });

  it('undo and redo survive a reload, and undo never leaves the model page', async () => {
    const page = await pageAt(1280, 900, '');
    await page.goto(suite.url + SL);
    await tablesCompleteForUrl(page);
    await page.getByLabel('Prefetch size, exact value in pages').fill('16');
    await page.waitForFunction(() => location.hash.includes('prefetchPages=16&'));
    await page.reload();
    await tablesCompleteForUrl(page);
    await page.getByTestId('undo').click();
    await page.waitForFunction((sl) => location.hash === sl, SL);
    await tablesCompleteForUrl(page);
    // The entry before is the home page: Undo stops here; Redo goes forward again.
    expect(await page.getByTestId('undo').isDisabled()).toBe(true);
    const urls = await recordUrls(page);
    await page.keyboard.press('Control+z');
    expect(await hash(page)).toBe(SL);
    await page.getByTestId('redo').click();
    await page.waitForFunction(() => location.hash.includes('prefetchPages=16&'));
    // Ctrl+Z at the first entry went nowhere: every URL since is this one's or the redo's.
    const since = (await urls()).filter((u) => u !== SL);
    expect(since.length).toBeGreaterThan(0);
    expect(since.every((u) => u.includes('prefetchPages=16&'))).toBe(true);
  });

  it('undo keeps projector mode as it is now', async () => {
    const page = await pageAt(1280, 900, SL);
    await tablesCompleteForUrl(page);
    await page.getByLabel('Prefetch size, exact value in pages').fill('16');
    await page.waitForFunction(() => location.hash.includes('prefetchPages=16&'));
    await page.getByTestId('projector-toggle').click();
    await page.waitForFunction(() => location.hash.endsWith('&view=projector'));
    await page.getByTestId('undo').click();
    await page.waitForFunction(() => location.hash.includes('prefetchPages=8&'));
    expect(await hash(page)).toBe(SL + '&view=projector');
    expect(
      await page.evaluate(() => document.documentElement.classList.contains('projector')),
    ).toBe(true);
  });
});

describe('copy link', () => {
  it('says "Link copied"; where the clipboard is refused, shows the link selected to copy by hand', async () => {
    const page = await pageAt(1280, 900, SL);
    await tablesCompleteForUrl(page);
    await page.getByTestId('copy-link').click();
    const status = page.getByTestId('page-tools').getByRole('status');
    await status.filter({ hasText: 'Link copied' }).waitFor();

    const refused = await suite.newPage();
    await refused.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('NotAllowedError')) },
      });
    });
    await refused.goto(suite.url + SL);
    await tablesShowCurrentUrl(refused);
    await refused.getByTestId('copy-link').click();
    await refused
      .getByTestId('page-tools')
      .getByRole('status')
      .filter({ hasText: 'refused' })
      .waitFor();
    const field = refused.getByTestId('copy-link-field');
    expect(await field.inputValue()).toBe(suite.url + SL);
    expect(
      await refused.evaluate(() => {
        const f = document.activeElement as HTMLInputElement;
        return f.selectionEnd! - f.selectionStart!;
      }),
    ).toBe((suite.url + SL).length);
  });
});

describe('accessibility in both views', () => {
  // One test per model page (each loads it twice and runs axe twice): within the time limit
  // on a busy machine.
  it.each(MODEL_INFOS.map((m) => m.id))(
    'axe-core finds no serious or critical violation on %s, normal and projector',
    async (id) => {
      const page = await pageAt(1280, 900);
      for (const view of ['', '&view=projector']) {
        await page.goto(suite.url + pageOf(id) + view);
        await tablesCompleteForUrl(page);
        await chartsReady(page);
        // The parameters are loaded after the results: wait for them too.
        await page.locator('.panel .controls').waitFor();
        expect(await seriousAxeViolations(page), `${id}${view}`).toEqual([]);
      }
    },
  );
});

describe('the charts load after the page', () => {
  it('charts whose code cannot be loaded say so; the tables stay; Retry brings them', async () => {
    const page = await pageAt(1280, 900);
    const chartsCode = /\/ChartList-[^/]*\.js$/;
    await page.route(chartsCode, (route) => route.abort());
    await page.goto(suite.url + SL);
    await tablesCompleteForUrl(page);
    await page.getByTestId('charts-code-error').waitFor();
    expect(await page.getByTestId('table-mpe-sl-seq').isVisible()).toBe(true);
    // Not "caught up": no chart is on screen.
    expect(await page.getByTestId('results').getAttribute('data-rendered-charts-hash')).toBe('');
    await page.unroute(chartsCode);
    await page.getByTestId('charts-code-error').getByRole('button', { name: 'Retry' }).click();
    await chartsReady(page);
    expect(await page.getByTestId('charts-code-error').count()).toBe(0);
    expect(await page.getByTestId('chart-sweep-distance').count()).toBe(1);
  });
});
