/**
 * Compare and embed (issue #11): pin A, change B, and see both in the difference table and on
 * a chart; the compare link reproduces both; swap and stop. An embed link, made from the page's
 * own snippet, inside an iframe on another site's page: the results, no site chrome, a link
 * back, read-only or editable parameters; axe-core clean in both.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { MODEL_INFOS } from '../../src/models/registry';
import { defaultScenario, presetScenario, serializeScenario } from '../../src/scenario';
import { seriousAxeViolations } from './axe';
import { courseSite } from './courseSite';
import { browserSuite, hashOf, SL } from './suite';

const suite = browserSuite();

const CLIFF = hashOf(
  serializeScenario(presetScenario(pageReplacementModel, 'replacement-loop-cliff')),
);

/** B's tables and charts on screen for the URL's B, and A's computed (when comparing). */
async function compareReady(page: Page | Frame): Promise<void> {
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=results]');
    const b = location.hash.split('&compare=')[0]!.replace(/&(view|controls)=[^&]*/g, '');
    const rendered = r?.getAttribute('data-rendered-hash');
    if (r?.getAttribute('data-status') !== 'ready' || rendered !== b) return false;
    if (r.getAttribute('data-rendered-charts-hash') !== rendered) return false;
    if (!location.hash.includes('&compare=')) return true;
    const panel = document.querySelector('[data-testid=compare-panel]');
    return (
      panel?.getAttribute('data-a-ready') === 'true' &&
      !!panel.querySelector('[data-testid^=difference-]') &&
      !['', 'pending'].includes(r.getAttribute('data-overlaid') ?? '')
    );
  });
}

/** The difference table's cells of one row and column: A, B and B − A as shown. */
async function differenceCells(page: Page, table: string, row: string, column: number) {
  return page.evaluate(
    ([table, row, column]) => {
      const tr = [...document.querySelectorAll(`[data-testid=difference-${table}] tbody tr`)].find(
        (r) => r.querySelector('th')?.textContent?.trim() === row,
      );
      const tds = [...(tr?.querySelectorAll('td') ?? [])].map((td) => td.textContent?.trim());
      return { a: tds[column * 3], b: tds[column * 3 + 1], delta: tds[column * 3 + 2] };
    },
    [table, row, column] as const,
  );
}

/** One cell of B's own table (the model's value), as shown. */
async function modelCell(page: Page, table: string, row: string, column: number) {
  return page.evaluate(
    ([table, row, column]) => {
      const tr = [...document.querySelectorAll(`[data-testid=table-${table}] tbody tr`)].find((r) =>
        r.querySelector('th')?.textContent?.trim().startsWith(row),
      );
      return tr?.querySelectorAll('td')[column]?.textContent?.trim();
    },
    [table, row, column] as const,
  );
}

async function legend(page: Page, chart: string): Promise<string[]> {
  return page.locator(`[data-testid=chart-${chart}] .legend li`).allTextContents();
}

describe('compare', () => {
  it('pin A, change B: both in the difference table and on a chart; the link holds both', async () => {
    const page = await suite.newPage([], { viewport: { width: 1280, height: 900 } });
    await page.goto(suite.url + CLIFF);
    await compareReady(page);
    expect(await page.getByTestId('compare-panel').count()).toBe(0);
    const elapsedA = await modelCell(page, 'replacement', 'FIFO', 3);

    await page.getByTestId('pin').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash.includes('&compare=1'));
    await compareReady(page);
    expect(await page.getByTestId('compare-same').textContent()).toMatch(/same scenario/);
    const difference = page.getByTestId('difference-replacement');
    expect(await difference.locator('caption').textContent()).toContain('no cell differs');

    // B: a slower disc, typed into its exact-value field.
    const disc = page.getByLabel('Disc positioning per miss, exact value in ms');
    await disc.fill('');
    await disc.pressSequentially('40');
    // Both keys taken (B is 4 after the first): B at 40, A kept beside it.
    await page.waitForFunction(
      () =>
        /[?&]discPositionMs=40&/.test(location.hash) &&
        /&a\.discPositionMs=[\d.]+/.test(location.hash),
    );
    await compareReady(page);
    expect(await page.getByTestId('param-differences').textContent()).toMatch(
      /Disc positioning per miss: A [\d.]+ ms, B 40 ms/,
    );
    // The FIFO row's elapsed time: A is what the page showed before, B what it shows now.
    const cells = await differenceCells(page, 'replacement', 'FIFO', 3);
    expect(cells.a).toBe(elapsedA);
    expect(cells.b).toBe(await modelCell(page, 'replacement', 'FIFO', 3));
    expect(cells.b).not.toBe(cells.a);
    expect(cells.delta).toMatch(/^\+/);
    expect(await difference.locator('caption').textContent()).toMatch(/\d+ cells? differ/);
    // The same cells as CSV: A and B as shown (to the table's rounding), B − A their difference.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('difference-csv').click(),
    ]);
    expect(file.suggestedFilename()).toBe('page-replacement-a-vs-b.csv');
    const csv = readFileSync((await file.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('table,row,column,unit,a,b,delta,delta_pct');
    const [, , , , a, b, delta] = csv
      .find((l) => l.startsWith('replacement,FIFO,elapsed_ms,'))!
      .split(',');
    const shownNumber = (text: string | undefined) => Number(text!.replace(/,/g, ''));
    expect(Number(a)).toBeCloseTo(shownNumber(cells.a), 0);
    expect(Number(b)).toBeCloseTo(shownNumber(cells.b), 0);
    expect(Number(delta)).toBeCloseTo(Number(b) - Number(a), 0);
    // The elapsed-time chart has both sides' curves, each its own legend entry.
    const entries = await legend(page, 'elapsed');
    expect(entries.some((e) => e.startsWith('A · FIFO'))).toBe(true);
    expect(entries.some((e) => e.startsWith('B · FIFO'))).toBe(true);
    expect(new Set(entries).size).toBe(entries.length);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The compare link, opened afresh, shows the same A and B.
    const link = await page.evaluate(() => location.href);
    const again = await suite.newPage();
    await again.goto(link);
    await compareReady(again);
    expect(await differenceCells(again, 'replacement', 'FIFO', 3)).toEqual(cells);

    // Swap: B is now what A was; stop comparing: the link has no A left.
    await again.getByTestId('swap').click();
    await again.waitForFunction(() => /&a\.discPositionMs=40(&|$)/.test(location.hash));
    await compareReady(again);
    expect(await modelCell(again, 'replacement', 'FIFO', 3)).toBe(elapsedA);
    await again.getByTestId('unpin').click();
    await again.waitForFunction(() => !location.hash.includes('compare'));
    await compareReady(again);
    expect(await again.getByTestId('compare-panel').count()).toBe(0);
    expect((await legend(again, 'elapsed')).some((e) => e.startsWith('A ·'))).toBe(false);
  });

  it('a compare link with a bad A value says so and compares with B’s value', async () => {
    const page = await suite.open(`${CLIFF}&compare=1&a.memoryKB=lots`);
    await compareReady(page);
    expect(await page.getByRole('alert').first().textContent()).toContain('a.memoryKB');
    expect(await page.getByTestId('compare-same').count()).toBe(1);
  });
});

describe('embed', () => {
  const site = courseSite();
  const coursePage = (page: Page, html: string) => site.open(page, html);

  async function appFrame(page: Page): Promise<Frame> {
    await page.waitForFunction(() => document.querySelector('iframe') !== null);
    const handle = await page.locator('iframe').elementHandle();
    const frame = await handle!.contentFrame();
    if (!frame) throw new Error('no frame');
    await frame.waitForLoadState();
    await frame.waitForSelector('[data-testid=results]');
    await compareReady(frame);
    return frame;
  }

  it('the page’s snippet, pasted into another site, shows the results, a link back and read-only values', async () => {
    const page = await suite.open(SL, ['clipboard-read', 'clipboard-write']);
    await compareReady(page);
    await page.getByTestId('embed-toggle').click();
    expect(await page.getByTestId('embed-toggle').getAttribute('aria-expanded')).toBe('true');
    await page.getByLabel('Results and the parameter values (read-only)').check();
    const snippet = await page.getByTestId('embed-snippet').inputValue();
    expect(snippet).toMatch(
      /^<iframe src="[^"]*\/embed\/#[^"]*view=embed&amp;controls=read" title="Latency Lab: /,
    );
    await page.getByTestId('copy-embed').click();
    // The clipboard is written after the click returns: read it once the page says so.
    await page.getByRole('status').filter({ hasText: 'HTML copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const course = await suite.newPage();
    await coursePage(course, snippet);
    const frame = await appFrame(course);
    expect(await frame.locator('.site-head').count()).toBe(0);
    expect(await frame.locator('[data-testid=page-tools]').count()).toBe(0);
    expect(await frame.locator('[data-testid=table-mpe-sl-seq] tbody tr').count()).toBeGreaterThan(
      2,
    );
    expect(await frame.getByTestId('param-readout').textContent()).toContain('Records in file');
    expect(await frame.locator('input, select, textarea').count()).toBe(0);
    // The link back: the same scenario, shown normally, in a new tab.
    const back = frame.getByTestId('open-full');
    expect(await back.getAttribute('target')).toBe('_blank');
    expect(await back.getAttribute('href')).toBe(suite.url + SL);
    expect(await seriousAxeViolations(frame)).toEqual([]);
  });

  it('an embed with editable controls recomputes inside the iframe; the host page stays', async () => {
    const page = await suite.newPage();
    const src = `${suite.url}embed/${SL}&view=embed&controls=edit`;
    const host = await coursePage(
      page,
      `<iframe src="${src}" title="Latency Lab" width="100%" height="800"></iframe>`,
    );
    const frame = await appFrame(page);
    const before = await frame.evaluate(() => location.hash);
    const field = frame.getByLabel('Records in file, exact value in records');
    await field.fill('');
    await field.pressSequentially('5000');
    await frame.waitForFunction(
      (h) => location.hash !== h && location.hash.includes('records=5000&'),
      before,
    );
    await compareReady(frame);
    expect(await frame.evaluate(() => location.hash)).toContain('view=embed&controls=edit');
    expect(page.url()).toBe(host);
    expect(await seriousAxeViolations(frame)).toEqual([]);
  });

  it('inside another site’s frame the shared-memory live row says why it cannot run there', async () => {
    const page = await suite.newPage();
    const info = MODEL_INFOS.find((m) => m.id === 'cross-boundary')!;
    const src = `${suite.url}embed/${hashOf(serializeScenario(defaultScenario(info)))}`;
    await coursePage(
      page,
      `<iframe src="${src}" title="Latency Lab" width="100%" height="800"></iframe>`,
    );
    const frame = await appFrame(page);
    expect(await frame.evaluate(() => crossOriginIsolated)).toBe(false);
    await frame
      .getByText(/inside another site’s frame/)
      .first()
      .waitFor();
  });
});
