/**
 * The regime map on the model page (src/views/explore/RegimeMapPanel.tsx): opened under the
 * results, computed on its worker pool a row at a time, drawn with one cell per grid point,
 * the paper's experiment and this scenario marked and named in the legend; a click on a cell
 * moves both knobs. Cancel, pressed while the map's worker cannot even have started (its
 * script held back by a route, as tests/e2e/faults.test.ts does), leaves a cancelled state,
 * no map and no progress; the next map is computed whole.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './axe';
import { browserSuite, chartsCaughtUp, tablesReady } from './suite';

const suite = browserSuite();

/** The built lab worker: the map's pool starts it too, on the first map. */
const LAB_WORKER = '**/assets/lab.worker-*.js';

/** The tables on screen are the current scenario's (the link need not be canonical). */
const status = (page: Page) =>
  page.getByTestId('regime-panel').getAttribute('data-status') as Promise<string | null>;

async function openPanel(page: Page, link: string) {
  await page.goto(`${suite.url}${link}`);
  await tablesReady(page);
  await page.getByTestId('regime-section').locator(':scope > summary').click();
  await page.getByTestId('regime-panel').waitFor();
}

async function computeAndWait(page: Page) {
  await page.getByTestId('regime-compute').click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=regime-panel]')?.getAttribute('data-status') === 'done',
  );
}

const MODELS = [
  { link: '#/cross-boundary?table=doct-ipc', x: 'workPerCallUs', y: 'iterations' },
  { link: '#/file-access?table=mpe-sl-seq', x: 'prefetchDistanceRecords', y: 'recordBytes' },
];

describe('the regime map', () => {
  for (const { link, x, y } of MODELS)
    it(`${link}: an 8 × 8 map with both marks, in words and as a table`, async () => {
      const page = await suite.newPage();
      await openPanel(page, link);
      const panel = page.getByTestId('regime-panel');
      // The defaults: the knob a student drags first, across; a second knob up.
      expect(await panel.getByLabel('Across (x)').inputValue()).toBe(x);
      expect(await panel.getByLabel('Up (y)').inputValue()).toBe(y);
      await panel.getByLabel('Cells per side').selectOption('8');
      await computeAndWait(page);
      expect(await page.getByTestId('regime-status').textContent()).toContain('Done: 8 rows');

      const cells = page.locator('[data-testid=regime-map-plot] rect.regime-cell');
      expect(await cells.count()).toBe(64);
      const fills = await cells.evaluateAll((els) => els.map((e) => getComputedStyle(e).fill));
      expect(new Set(fills).size, 'the cells are not all one colour').toBeGreaterThan(1);
      // Which wins, in words: at least two options win somewhere.
      const legend = (await page.getByTestId('regime-legend').textContent()) ?? '';
      expect(legend).toContain('The paper’s experiment');
      expect(legend).toContain('This scenario');
      const wins = [...legend.matchAll(/wins \((\d+) cells\)/g)].map((m) => Number(m[1]));
      expect(wins.filter((n) => n > 0).length).toBeGreaterThan(1);
      // Every cell is a win or a tie, and the legend says what a tie is.
      const tie = /Tie \(within 1 %[^)]*\) \((\d+) cells\)/.exec(legend);
      expect(tie, legend).not.toBeNull();
      expect(wins.reduce((a, b) => a + b, 0) + Number(tie![1])).toBe(64);
      for (const mark of ['regime-paper', 'regime-now'])
        expect(await page.getByTestId(mark).count(), mark).toBe(1);

      const svg = page.locator('[data-testid=regime-map-plot] svg[role=img]');
      const summary = (await svg.getAttribute('aria-label')) ?? '';
      expect(summary).toMatch(/^Regime map over .+, 64 cells: which is best/);
      expect(summary).toContain("The paper's experiment (");
      const rows = page.locator('.regime-data tbody tr');
      expect(await rows.count()).toBe(8);
      expect(await rows.first().locator('td').count()).toBe(8);

      // One option's value instead: a colour ramp with its unit, and the cells still differ.
      await panel.getByLabel('Show').selectOption('0');
      await page.locator('.regime-ramp').waitFor();
      expect(await page.locator('.regime-ramp').textContent()).toMatch(/\((s|ms)\)/);
      const values = await cells.evaluateAll((els) => els.map((e) => getComputedStyle(e).fill));
      expect(new Set(values).size).toBeGreaterThan(2);
    });

  it('the keyboard reads a cell out and moves through the map; Enter sets both knobs', async () => {
    const page = await suite.newPage();
    await openPanel(page, '#/cross-boundary?table=doct-ipc');
    await page.getByTestId('regime-panel').getByLabel('Cells per side').selectOption('8');
    await computeAndWait(page);
    // The map is one tab stop (src/charts/ChartWalk.tsx): the walk starts at the top row's
    // first cell; arrows move the walk, its outline and the readout.
    const host = page.locator('[data-testid=regime-map-plot] [role=application]');
    expect(await host.count()).toBe(1);
    expect(await page.locator('rect.regime-cell[tabindex]').count()).toBe(0);
    await host.focus();
    await page.locator('[data-testid=regime-map-plot] [data-walk=ready]').waitFor();
    const readout = page.getByTestId('regime-readout');
    await page.waitForFunction(() =>
      /^Work per call .*: .* (wins|tie)/.test(
        document.querySelector('[data-testid=regime-readout]')?.textContent ?? '',
      ),
    );
    const at0 = (await readout.textContent()) ?? '';
    expect(at0).toMatch(/ s\b/); // values with their unit
    const outline = page.locator('rect.regime-walk-at');
    expect([await outline.getAttribute('data-i'), await outline.getAttribute('data-j')]).toEqual([
      '0',
      '7',
    ]);
    await page.keyboard.press('ArrowRight');
    for (let k = 0; k < 6; k++) await page.keyboard.press('ArrowDown');
    await page.waitForFunction(
      () => document.querySelector('rect.regime-walk-at')?.getAttribute('data-j') === '1',
    );
    expect(await outline.getAttribute('data-i')).toBe('1');
    expect(await readout.textContent()).not.toBe(at0);
    // The walk's live region reads the cell with both knobs' names and units.
    await page.waitForFunction(() => {
      const cc = document.querySelector('[data-testid=regime-map-plot] [role=status]');
      const last = [...(cc?.children ?? [])].at(-1);
      return /^work per call [\d,.]+ µs, /i.test(last?.getAttribute('data-original-text') ?? '');
    });
    expect(
      await page.locator('[data-testid=regime-map-plot] [role=status]').ariaSnapshot(),
    ).toMatch(/(lowest|highest) /);
    // The walk, the readout and the tie legend pass axe-core.
    expect(await seriousAxeViolations(page, '[data-testid=regime-panel]')).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => {
      const q = new URLSearchParams(location.hash.split('?')[1]);
      return q.get('workPerCallUs') !== null && q.get('iterations') !== '1000000';
    });
    await tablesReady(page);
    await host.focus();
    // A row played: the walk's status follows it to its end.
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.waitForFunction(() =>
      /^Played .*point (\d+) of \1\.$/.test(
        document.querySelector('[data-testid=regime-map-plot] [data-testid=chart-walk-status]')
          ?.textContent ?? '',
      ),
    );
  });

  it('a click on a cell sets both knobs to its values', async () => {
    const page = await suite.newPage();
    await openPanel(page, '#/cross-boundary?table=doct-ipc');
    await page.getByTestId('regime-panel').getByLabel('Cells per side').selectOption('8');
    await computeAndWait(page);
    // The corner cell: the least work per call and a single call.
    await page.locator('rect.regime-cell[data-i="0"][data-j="0"]').click();
    await page.waitForFunction(() => {
      const q = new URLSearchParams(location.hash.split('?')[1]);
      return q.get('workPerCallUs') === '0.1' && q.get('iterations') === '1';
    });
    await tablesReady(page);
  });

  it('Cancel right after Compute: cancelled, no progress, no map; the next map is whole', async () => {
    const page = await suite.newPage();
    await openPanel(page, '#/cross-boundary?table=doct-ipc');
    await chartsCaughtUp(page);
    // Every lab worker the page needs so far has loaded; the map's own will wait for this.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked = 0;
    await page.route(LAB_WORKER, async (route) => {
      asked++;
      await held;
      await route.continue().catch(() => undefined); // the page may have stopped that worker
    });
    const panel = page.getByTestId('regime-panel');
    await panel.getByLabel('Cells per side').selectOption('8');
    await page.getByTestId('regime-compute').click();
    expect(await status(page)).toBe('planning');
    await page.getByTestId('regime-cancel').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=regime-panel]')?.getAttribute('data-status') ===
        'cancelled',
    );
    expect(await page.getByTestId('regime-status').textContent()).toBe(
      'Cancelled before the first row.',
    );
    expect(asked, 'the map asked for its worker').toBeGreaterThan(0);
    expect(await page.locator('[data-testid=regime-status] progress').count()).toBe(0);
    expect(await page.getByTestId('regime-map-plot').count()).toBe(0);
    expect(await page.getByTestId('regime-cancel').count()).toBe(0);

    // Let the worker load: the cancelled map stays cancelled, and a new one is computed whole.
    release();
    await page.unroute(LAB_WORKER);
    expect(await status(page)).toBe('cancelled');
    await computeAndWait(page);
    expect(await page.locator('rect.regime-cell').count()).toBe(64);
    expect(await page.getByTestId('regime-status').textContent()).toContain('Done: 8 rows');
  });
});
