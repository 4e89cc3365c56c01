/**
 * The charts and the explore strip in Spanish (issue #35): on a model page with `lang=es`, a
 * chart's data sentence, its data table toggle and table, its walk (the group's name, the
 * walk's status line and Chart2Music's own words in its live region, read from the
 * accessibility tree), the model-vs-paper chart, the explore strip and the sections under the
 * results are Spanish, with none of their English phrases. Every wait is for a state.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, chartsCaughtUp, tablesReady } from './suite';

const suite = browserSuite();

/** English phrases of the charts' and the explore strip's own words (not a model's data). */
const ENGLISH = [
  'Show the data table',
  'Hide the data table',
  'Download chart',
  'ranges from',
  'at the right end',
  'measured points from the paper',
  'Model vs paper',
  'Filled bars are the model',
  'Explore one knob',
  'The headline cells',
  'Which parameters matter most',
  'Regime map: two knobs at once',
  'walk the data with the arrow keys',
];

const text = (l: Locator) => l.evaluate((el) => (el as HTMLElement).innerText);
const englishIn = (s: string) => ENGLISH.filter((e) => s.includes(e));

async function openSpanish(page: Page, link: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${suite.url}${link}&lang=es`);
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  await tablesReady(page);
  await chartsCaughtUp(page);
}

describe('the charts in Spanish', () => {
  it('says a chart, its table and its walk in Spanish', async () => {
    const page = await suite.newPage();
    await openSpanish(page, '#/file-access?table=mpe-sl-seq');
    const figure = page.getByTestId('chart-sweep-distance');

    // The data sentence: Spanish words, numbers grouped as Spanish does (30.524, not 30,524).
    const summary = (await figure.getByTestId('chart-summary').textContent()) ?? '';
    expect(summary).toMatch(/ va de .* cuando /);
    expect(summary).toMatch(/\d\.\d{3}\b/);
    expect(summary).not.toMatch(/\d,\d{3}\b/);
    expect(englishIn(summary)).toEqual([]);

    // The data table toggle, and the table it shows.
    const toggle = figure.getByTestId('chart-table-toggle');
    expect(await toggle.textContent()).toBe('Mostrar la tabla de datos');
    await toggle.click();
    await toggle.filter({ hasText: 'Ocultar la tabla de datos' }).waitFor();
    expect(await figure.getByRole('region', { name: /^Datos de «/ }).count()).toBe(1);
    expect(englishIn(await text(figure))).toEqual([]);

    // The walk: its name, then a point and the status line, in Spanish.
    const walk = figure.getByTestId('chart-walk');
    const host = walk.getByRole('application');
    expect(await host.getAttribute('aria-label')).toMatch(/recorre los datos con las flechas/);
    await host.focus();
    await walk.locator('[data-walk=ready]').waitFor();
    const status = walk.getByTestId('chart-walk-status');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (el) => /^En «.+»: punto 2 de \d+\.$/.test(el?.textContent ?? ''),
      await status.elementHandle(),
    );
    // Chart2Music's own words in its live region, as the accessibility tree has them: its
    // Spanish, never its English ("Sonified").
    const live = await walk.getByRole('status').ariaSnapshot();
    expect(live).not.toMatch(/Sonified/);
    expect(englishIn(live)).toEqual([]);

    // The model-vs-paper chart: its title and caption.
    const bars = page.getByTestId('chart-model-vs-paper');
    expect(await text(bars)).toMatch(/Modelo frente al artículo/);
    expect(englishIn(await text(bars))).toEqual([]);
    await page.close();
  });

  it('shows the explore strip and the sections under the results in Spanish', async () => {
    const page = await suite.newPage();
    await openSpanish(page, '#/file-access?table=mpe-sl-seq');
    const strip = page.getByTestId('explore-strip');
    await strip.waitFor();
    expect(await strip.getAttribute('aria-label')).toBe('Explora un parámetro');
    await strip.getByTestId('explore-cells').locator('table').waitFor();
    const shown = await text(strip);
    expect(shown).toMatch(/Explorar/);
    expect(shown).toMatch(/Modelo/);
    expect(englishIn(shown)).toEqual([]);
    await page
      .getByTestId('sensitivity-section')
      .getByText('Qué parámetros importan más')
      .waitFor();
    await page.getByTestId('regime-section').getByText('Mapa de regímenes').waitFor();
    await page.close();
  });

  it('keeps the English page English', async () => {
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${suite.url}#/file-access?table=mpe-sl-seq`);
    await tablesReady(page);
    await chartsCaughtUp(page);
    const figure = page.getByTestId('chart-sweep-distance');
    expect(await figure.getByTestId('chart-table-toggle').textContent()).toBe(
      'Show the data table',
    );
    expect(await figure.getByTestId('chart-summary').textContent()).toMatch(/ ranges from /);
    expect(await page.getByTestId('explore-strip').getAttribute('aria-label')).toBe(
      'Explore one knob',
    );
    await page.close();
  });
});
