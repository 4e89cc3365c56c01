/**
 * Every page in Spanish, with no English left in it (issue #35's acceptance): each page opened
 * with `lang=es` (home, every model page with its default table, a lesson, the glossary, the
 * predictions, your machine, a class link, a link to no page), its visible text (the header,
 * the navigation and the main part) and its aria-labels read once the page has settled, and
 * searched for common English words that are no Spanish words. Names stay: the papers' titles
 * and authors, the glossary's English terms (the Spanish ones name them in brackets), code and
 * the repository's files, and a quotation of a paper inside its quotation marks “…”.
 *
 * Other parts of the app are being translated: `STILL_ENGLISH` holds, per page, the lines
 * still found in English. It only shrinks: a line not listed fails, and a listed line no
 * longer found fails until it is removed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MODEL_INFOS } from '../../src/models/registry';
import { englishLines, ENGLISH, withoutNames } from './english';
import { browserSuite, chartsCaughtUp, tablesReady } from './suite';

const suite = browserSuite();

interface SpanishPage {
  name: string;
  hash: string;
  /** Waits until the page has settled (its data loaded, its lazy parts shown). */
  ready(page: Page): Promise<void>;
}

const PAGES: SpanishPage[] = [
  {
    name: 'home',
    hash: '#/?lang=es',
    ready: (p) => p.locator('#models-heading', { hasText: 'Los modelos' }).waitFor(),
  },
  ...MODEL_INFOS.map((m): SpanishPage => ({
    name: m.id,
    hash: `#/${m.id}?lang=es`,
    ready: async (p) => {
      await tablesReady(p);
      await chartsCaughtUp(p);
      // The parameter panel (it shows once its docs have loaded), the explore strip's sweep.
      await p.locator('.panel [data-param]').first().waitFor();
      await p.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid=explore-chart]')].every(
          (c) => c.getAttribute('aria-busy') === 'false',
        ),
      );
    },
  })),
  {
    name: 'lesson',
    hash: '#/lesson/mpe-ix?step=1&lang=es',
    ready: (p) => p.locator('td.model').first().waitFor({ state: 'attached' }),
  },
  {
    name: 'glossary',
    hash: '#/glossary?lang=es',
    ready: (p) => p.locator('main h1').first().waitFor(),
  },
  {
    name: 'predictions',
    hash: '#/predictions?lang=es',
    ready: (p) => p.getByTestId('leave-out-scoreboard').waitFor(),
  },
  {
    name: 'machine',
    hash: '#/machine?lang=es',
    ready: async (p) => {
      await p.locator('[data-testid^="machine-panel-"]').first().waitFor();
      // The ledger opened (its score said in place of "Abriendo el registro…").
      await p.waitForFunction(
        () => !document.querySelector('[data-testid=machine-score]')?.textContent?.endsWith('…'),
      );
    },
  },
  {
    name: 'class',
    hash: '#/class/abcdefghjk?lang=es',
    ready: (p) => p.getByTestId('class-no-server').waitFor(),
  },
  {
    name: 'not found',
    hash: '#/no-such-page?lang=es',
    ready: (p) => p.getByTestId('not-found').waitFor(),
  },
];

/**
 * Lines still in English, per page, while other parts are translated (./spanish-pages.still.json):
 * it only shrinks.
 */
const STILL_ENGLISH = JSON.parse(
  readFileSync(new URL('./spanish-pages.still.json', import.meta.url), 'utf8'),
) as Record<string, string[]>;

describe('every page in Spanish', () => {
  for (const spanish of PAGES)
    it(`${spanish.name}: no English left but names`, async () => {
      const page = await suite.newPage();
      await page.goto(`${suite.url}${spanish.hash}`);
      await page.waitForFunction(() => document.documentElement.lang === 'es');
      await spanish.ready(page);
      const found = await englishLines(page);
      if (process.env.PRINT_ENGLISH)
        console.log(JSON.stringify({ [spanish.name]: found }, null, 2));
      expect(found).toEqual(STILL_ENGLISH[spanish.name] ?? []);
      await page.close();
    });

  it('finds English where there is some (so the check above can fail)', () => {
    expect(ENGLISH.test(withoutNames('Records in file (records)'))).toBe(true);
    expect(ENGLISH.test(withoutNames('Registros en el archivo (registros)'))).toBe(false);
    expect(ENGLISH.test(withoutNames('fallo de página (page fault)'))).toBe(false);
    expect(ENGLISH.test(withoutNames('No hay ninguna página en #/no-such-page?lang=es.'))).toBe(
      false,
    );
    // A quotation of a paper stays in its language, the words around it do not.
    expect(ENGLISH.test(withoutNames('§5 (“a very sharp drop in performance”)'))).toBe(false);
    expect(ENGLISH.test(withoutNames('§5 and “a very sharp drop in performance”'))).toBe(true);
    expect(ENGLISH.test(withoutNames('(src/models/file-access/constants.ts dice)'))).toBe(false);
    expect(ENGLISH.test(withoutNames('con npm run class', ['npm run class']))).toBe(false);
    expect(ENGLISH.test(withoutNames('con npm run class'))).toBe(true);
  });
});
