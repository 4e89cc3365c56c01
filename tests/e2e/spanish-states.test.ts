/**
 * Spanish beyond the first view (issue #35): spanish-pages.test.ts reads each page as it opens;
 * a student does more. Each state here is driven on a Spanish page (`lang=es`, then the
 * language remembered without it) — a knob moved, compare mode, an embed, projector mode with
 * its shortcuts, a lesson walked with predictions and the reveal, the predictions page after
 * them, a live run on Your machine, a trace pasted (good and bad), the regime map computed and
 * walked, a chart walked by keyboard and its data table, a glossary tip, a copied link — and
 * everything a student may see or hear is read: the body's text, live regions, `aria-label`,
 * `title`, `alt` and `placeholder`, the document's title. The detector is spanish-pages'
 * (./english.ts); names and units, code and quotations of the papers stay.
 *
 * `STILL_ENGLISH` (./spanish-states.still.json) holds, per state, lines still in English that
 * belong to another area's work in progress (the trace's refusal: the link's problem codes,
 * branch codes35); a line not listed fails. Remove a line once that work is merged.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findModelInfo } from '../../src/models/registry';
import { englishEverywhere } from './english';
import {
  browserSuite,
  chartsCaughtUp,
  presetHash,
  SL,
  tablesReady,
  tablesShowCurrentUrl,
} from './suite';

const suite = browserSuite(undefined, { width: 1280, height: 900 });

const CLIFF = presetHash(findModelInfo('page-replacement')!, 'replacement-loop-cliff');
const es = (hash: string) => `${hash}${hash.includes('?') ? '&' : '?'}lang=es`;

/** Opens a link in Spanish and waits for the page to say it is Spanish. */
async function openEs(link: string, permissions: string[] = []): Promise<Page> {
  const page = await suite.open(es(link), permissions);
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  return page;
}

/** The mpe-ix lesson's first step in Spanish, both predictions typed and the answer revealed. */
async function predictedAndRevealed(): Promise<Page> {
  const page = await openEs('#/lesson/mpe-ix?step=1');
  const fields = page.getByTestId('lesson-prediction');
  await fields.nth(1).waitFor();
  await fields.nth(0).fill('150');
  await fields.nth(1).fill('45');
  await page.locator('td.model').first().waitFor({ state: 'attached' });
  await page.getByTestId('lesson-reveal').click();
  await page.getByTestId('lesson-answer').nth(1).waitFor();
  return page;
}

/** The model page's parts settled: tables, charts, the parameter panel, the strip's sweep. */
async function modelSettled(page: Page) {
  await tablesReady(page);
  await chartsCaughtUp(page);
  await page.locator('.panel [data-param]').first().waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid=explore-chart]')].every(
      (c) => c.getAttribute('aria-busy') === 'false',
    ),
  );
}

/** A knob moved one step with the keyboard, and the page caught up with it. */
async function moveKnob(page: Page, param: string, key = 'ArrowRight') {
  const slider = page.locator(`input[type=range][data-param="${param}"]`).first();
  await slider.waitFor({ state: 'attached' });
  const before = await page.evaluate(() => location.hash);
  await slider.focus();
  await page.keyboard.press(key);
  await page.waitForFunction((b) => location.hash !== b, before);
  await tablesShowCurrentUrl(page);
}

/** Compare mode caught up: A and B drawn, the differences shown (compare.test.ts's wait). */
async function compareReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=results]');
    const b = location.hash.split('&compare=')[0]!.replace(/&(view|controls|lang)=[^&]*/g, '');
    const rendered = (r?.getAttribute('data-rendered-hash') ?? '').replace(/&lang=[^&]*/g, '');
    if (r?.getAttribute('data-status') !== 'ready' || rendered !== b) return false;
    const panel = document.querySelector('[data-testid=compare-panel]');
    return (
      panel?.getAttribute('data-a-ready') === 'true' &&
      !!panel.querySelector('[data-testid^=difference-]') &&
      !['', 'pending'].includes(r.getAttribute('data-overlaid') ?? '')
    );
  });
}

interface State {
  name: string;
  /**
   * Drives a page into the state; returns it there. `seen(page)` reads the page on the way, for
   * a state that passes (a run's progress before its cancel).
   */
  reach(seen: (page: Page) => Promise<void>): Promise<Page>;
}

/** A model page's live panel (`<id>-run`, `-cancel`, `-status`), its run's worker script. */
const LIVE_PANELS = [
  { model: 'directory-search', id: 'live', worker: '**/assets/directory-search-live.worker-*.js' },
  { model: 'hyperthreads', id: 'ht-live', worker: '**/assets/hyperthreads-live.worker-*.js' },
  {
    model: 'page-replacement',
    id: 'memory-live',
    worker: '**/assets/page-replacement-live.worker-*.js',
  },
  { model: 'cross-boundary', id: 'cb-live', worker: '**/assets/cross-boundary-*.worker-*.js' },
];

/** A live run: its progress read, then cancelled; and a run whose worker cannot be loaded. */
const LIVE_STATES: State[] = LIVE_PANELS.flatMap(({ model, id, worker }) => [
  {
    name: `a live run's progress and cancel (${model})`,
    async reach(seen) {
      const page = await openEs(`#/${model}`);
      await tablesReady(page);
      await page.getByTestId(`${id}-run`).click();
      await page.locator(`[data-testid=${id}-status] progress`).waitFor();
      await seen(page);
      await page.getByTestId(`${id}-cancel`).click();
      await page.locator(`[data-testid=${id}-status][data-running=false]`).waitFor();
      return page;
    },
  },
  {
    name: `a live run that failed (${model})`,
    async reach() {
      const page = await suite.newPage();
      await page.route(worker, (route) => route.fulfill({ status: 500, body: 'injected fault' }));
      await page.goto(suite.url + es(`#/${model}`));
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      await tablesReady(page);
      await page.getByTestId(`${id}-run`).click();
      await page.locator(`[data-testid=${id}-run]:not([disabled])`).waitFor();
      await page.locator('.error-box[role=alert]').first().waitFor();
      // The failed worker named in Spanish (the detector knows no such words).
      const alert = await page.locator('.error-box[role=alert]').first().textContent();
      expect(alert).toMatch(/«[^»]+»: no se pudo cargar$/);
      expect(alert).not.toMatch(/measurement|sweep|\bjob\b|benchmark|callee/);
      return page;
    },
  },
]);

const STATES: State[] = [
  {
    name: 'a knob moved (file-access)',
    async reach() {
      const page = await openEs(SL);
      await modelSettled(page);
      await moveKnob(page, 'prefetchDistanceRecords');
      await moveKnob(page, 'logicalPageBytes');
      await modelSettled(page);
      await page.getByTestId('change-summary').first().waitFor();
      return page;
    },
  },
  {
    name: 'a knob moved (page-replacement), the strip walked',
    async reach() {
      const page = await openEs(CLIFF);
      await modelSettled(page);
      await moveKnob(page, 'pageBytes');
      await modelSettled(page);
      return page;
    },
  },
  {
    name: 'compare mode, a knob moved',
    async reach() {
      const page = await openEs(CLIFF);
      await modelSettled(page);
      await page.getByTestId('pin').click();
      await page.getByTestId('compare-panel').waitFor();
      await compareReady(page);
      const slider = page.locator('input[type=range][data-param="pageBytes"]').first();
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await page.getByTestId('param-differences').waitFor();
      await compareReady(page);
      return page;
    },
  },
  {
    name: 'an embed with its controls',
    async reach() {
      const page = await openEs(`${SL}&view=embed&controls=edit`);
      await tablesReady(page);
      await page.locator('[data-param]').first().waitFor();
      await moveKnob(page, 'prefetchDistanceRecords');
      return page;
    },
  },
  {
    name: 'the embed builder, its snippet copied',
    async reach() {
      const page = await openEs(SL, ['clipboard-read', 'clipboard-write']);
      await tablesReady(page);
      await page.getByTestId('embed-toggle').click();
      await page.getByTestId('embed-snippet').waitFor();
      await page.getByTestId('copy-embed').click();
      await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t !== ''));
      await page.locator('[role=status]:not(:empty)').first().waitFor();
      return page;
    },
  },
  {
    name: 'projector mode and its shortcuts',
    async reach() {
      const page = await openEs('#/hyperthreads?view=projector');
      await tablesReady(page);
      await page.getByTestId('explore-strip').waitFor();
      await page.locator('body').press('?');
      await page.getByTestId('shortcuts-dialog').waitFor();
      return page;
    },
  },
  {
    name: 'a lesson: predictions and the reveal',
    async reach() {
      return predictedAndRevealed();
    },
  },
  {
    name: 'a lesson: its last step revealed, the why',
    async reach() {
      const page = await openEs('#/lesson/mpe-ix?step=4&reveal=1');
      await page.getByTestId('lesson-why').waitFor();
      await page.getByTestId('lesson-next').click();
      await page.waitForFunction(() => location.hash.includes('step=5'));
      await page.locator('td.model').first().waitFor({ state: 'attached' });
      return page;
    },
  },
  {
    name: 'predictions after a lesson, the language remembered',
    async reach() {
      const page = await predictedAndRevealed();
      await page.goto(`${suite.url}#/predictions`);
      await page.getByTestId('leave-out-scoreboard').waitFor();
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      // Every fold opened: its note, its naive baseline's rule, its cells.
      for (const fold of await page.locator('details.fold').all())
        await fold.locator(':scope > summary').click();
      return page;
    },
  },
  {
    name: 'your machine after a run',
    async reach() {
      const page = await openEs('#/machine?size=test');
      await page.getByTestId('machine-run-directory').click();
      await page
        .locator('[data-testid=machine-panel-directory]:is([data-phase=done],[data-phase=failed])')
        .waitFor();
      await page.waitForFunction(
        () => !document.querySelector('[data-testid=machine-score]')?.textContent?.endsWith('…'),
      );
      return page;
    },
  },
  {
    name: 'your machine where IndexedDB cannot be opened',
    async reach() {
      const page = await suite.newPage();
      // The browser refuses the database (a private window): its own words are a name here.
      await page.addInitScript(() => {
        IDBFactory.prototype.open = () => {
          throw new DOMException('SecurityError', 'SecurityError');
        };
      });
      await page.goto(suite.url + es('#/machine?size=test'));
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      await page.locator('.machine-note').filter({ hasText: 'SecurityError' }).waitFor();
      expect(await page.locator('.machine-note').textContent()).toContain('no está disponible');
      return page;
    },
  },
  {
    name: 'your machine, every claim run',
    async reach() {
      const page = await openEs('#/machine?size=test');
      for (const id of ['memory', 'crossBoundary', 'cothreads']) {
        await page.getByTestId(`machine-run-${id}`).click();
        await page
          .locator(`[data-testid=machine-panel-${id}]:is([data-phase=done],[data-phase=failed])`)
          .waitFor();
      }
      // Each claim's limits, folded under it.
      for (const d of await page.locator('[data-testid^=machine-panel-] details').all())
        await d.locator(':scope > summary').click();
      return page;
    },
  },
  {
    name: 'a trace pasted, then a bad one',
    async reach() {
      const page = await openEs(CLIFF);
      await tablesReady(page);
      await page.getByTestId('trace-file').waitFor();
      const current = page.getByTestId('trace-file-current');
      const before = await current.textContent();
      await page.getByTestId('trace-file-paste').fill('1 2 3 1 2 3 4 5');
      await page.getByTestId('trace-file').getByRole('button').last().click();
      await page.waitForFunction(() => location.hash.includes('refs='));
      await tablesShowCurrentUrl(page);
      // The panel follows the tables at low priority: wait until it names the pasted string.
      await page.waitForFunction(
        (b) => document.querySelector('[data-testid=trace-file-current]')?.textContent !== b,
        before,
      );
      await page.getByTestId('trace-file-input').setInputFiles({
        name: 'bad.trace',
        mimeType: 'text/plain',
        buffer: Buffer.from('1 2 x 4'),
      });
      await page.getByTestId('trace-file-error').waitFor();
      return page;
    },
  },
  {
    name: 'the regime map computed and walked',
    async reach() {
      const page = await openEs('#/file-access');
      await tablesReady(page);
      await page.getByTestId('regime-section').locator(':scope > summary').click();
      await page.getByTestId('regime-panel').waitFor();
      await page.getByTestId('regime-compute').click();
      await page.locator('[data-testid=regime-panel][data-status=done]').waitFor();
      const plot = page.getByTestId('regime-panel').getByRole('application').first();
      await plot.focus();
      await page.getByTestId('regime-panel').locator('[data-walk=ready]').waitFor();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await page.getByTestId('regime-readout').waitFor();
      return page;
    },
  },
  {
    name: 'a chart walked by keyboard, its data table shown',
    async reach() {
      const page = await openEs('#/hyperthreads');
      await modelSettled(page);
      const walk = page.getByTestId('chart-walk').first();
      await walk.getByRole('application').focus();
      await walk.locator('[data-walk=ready]').waitFor();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('PageDown');
      await page.getByTestId('chart-table-toggle').first().click();
      return page;
    },
  },
  ...LIVE_STATES,
  {
    name: 'a model page whose lab worker could not be loaded',
    async reach() {
      const page = await suite.newPage();
      await page.route('**/assets/lab.worker-*.js', (route) =>
        route.fulfill({ status: 500, body: 'injected fault' }),
      );
      await page.goto(suite.url + es(SL));
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      await page.getByTestId('tables-error').waitFor();
      await page.getByTestId('charts-error').waitFor();
      // The workers named in Spanish (the detector knows no such words).
      expect(await page.getByTestId('tables-error').textContent()).toContain('«tablas»');
      expect(await page.getByTestId('charts-error').textContent()).toContain('«gráficos»');
      return page;
    },
  },
  {
    name: 'an embedded table whose lab worker could not be loaded',
    async reach() {
      const page = await suite.newPage();
      await page.route('**/assets/lab.worker-*.js', (route) =>
        route.fulfill({ status: 500, body: 'injected fault' }),
      );
      await page.goto(`${suite.url}embed/${es(`${SL}&view=embed&embed=table:mpe-sl-seq`)}`);
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      const failed = page.getByTestId('embed-part').locator('[role=alert]');
      await failed.waitFor();
      expect(await failed.textContent()).toContain('«tablas»');
      return page;
    },
  },
  {
    name: 'a model page whose live panel could not be loaded',
    async reach() {
      const page = await suite.newPage();
      await page.route('**/assets/LivePanel-*.js', (route) =>
        route.fulfill({ status: 500, body: 'injected fault' }),
      );
      await page.goto(suite.url + es('#/directory-search'));
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      await tablesReady(page);
      await page.getByTestId('part-error').waitFor();
      expect(await page.getByTestId('part-error').textContent()).toContain(
        'No se pudo mostrar la medición en directo.',
      );
      return page;
    },
  },
  {
    name: 'a model page: results copied as JSON, a table and a chart downloaded, a link copied',
    async reach() {
      const page = await openEs(SL, ['clipboard-read', 'clipboard-write']);
      await modelSettled(page);
      const json = page.getByTestId('results-json');
      await page.waitForFunction(
        () => !document.querySelector<HTMLButtonElement>('[data-testid=results-json]')?.disabled,
      );
      await json.click();
      await page.locator('.copy-status:not(:empty)').first().waitFor();
      const table = page.waitForEvent('download');
      await page.locator('.table-downloads button').first().click();
      await table;
      const chart = page.waitForEvent('download');
      await page.locator('.chart-downloads button').first().click();
      await chart;
      await page.getByTestId('copy-link').first().click();
      await page.locator('.copy-link [role=status]:not(:empty)').first().waitFor();
      return page;
    },
  },
  {
    // The strip's sweep has no data table of its own (its chart is walked and played instead).
    name: 'the explore strip: its sweep walked by keyboard',
    async reach() {
      const page = await openEs('#/file-access');
      await modelSettled(page);
      const walk = page.getByTestId('explore-chart').getByTestId('chart-walk').first();
      await walk.getByRole('application').focus();
      await walk.locator('[data-walk=ready]').waitFor();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('PageDown');
      await walk
        .getByTestId('chart-walk-status')
        .filter({ hasText: /\d/ })
        .waitFor({ state: 'attached' });
      return page;
    },
  },
  {
    name: 'the lessons list',
    async reach() {
      const page = await openEs('#/lessons');
      await page.locator('a[href^="#/lesson/"]').first().waitFor();
      return page;
    },
  },
  {
    name: 'a lesson’s end, its predictions kept',
    async reach(seen) {
      const page = await predictedAndRevealed();
      await seen(page);
      for (;;) {
        const next = page.getByTestId('lesson-next');
        if ((await next.count()) === 0 || (await next.isDisabled())) break;
        const step = await page.evaluate(() => location.hash);
        await next.click();
        await page.waitForFunction((s) => location.hash !== s, step);
        await page.locator('[data-testid=lesson-text]').first().waitFor();
      }
      await page.locator('[data-testid=lesson-reveal][aria-pressed=false]').click();
      await page.locator('[data-testid=lesson-reveal][aria-pressed=true]').waitFor();
      await page.locator('td.model').first().waitFor({ state: 'attached' });
      return page;
    },
  },
  {
    name: 'a glossary tip, a link copied',
    async reach() {
      const page = await openEs('#/lesson/mpe-ix?step=1', ['clipboard-read', 'clipboard-write']);
      const term = page.getByTestId('lesson-text').locator('button.term').first();
      await term.waitFor();
      await term.click();
      await page.locator('[role=tooltip]').first().waitFor();
      await page.getByTestId('copy-link').first().click();
      await page.locator('.copy-link [role=status]:not(:empty)').first().waitFor();
      return page;
    },
  },
];

/** Lines still in English per state, other areas' work in progress: it only shrinks. */
const STILL_ENGLISH = JSON.parse(
  readFileSync(new URL('./spanish-states.still.json', import.meta.url), 'utf8'),
) as Record<string, string[]>;

describe('Spanish after the first view', () => {
  for (const state of STATES)
    it(`${state.name}: no English left but names`, async () => {
      const seen: string[] = [];
      const page = await state.reach(async (p) => void seen.push(...(await englishEverywhere(p))));
      const found = [...new Set([...seen, ...(await englishEverywhere(page))])].sort();
      if (process.env.PRINT_ENGLISH) console.log(JSON.stringify({ [state.name]: found }, null, 2));
      // Another area's line may already be translated (once merged): a subset, not equality.
      const still = new Set(STILL_ENGLISH[state.name] ?? []);
      expect(found.filter((line) => !still.has(line))).toEqual([]);
      await page.close();
    });
});
