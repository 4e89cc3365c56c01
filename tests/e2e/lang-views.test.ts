/**
 * A model page's own parts in Spanish (issue #35): with `lang=es` the page's head, the paper
 * tables' links, the tools row, the tables' frame and summaries, compare's panel, the embed
 * builder, an older version's note, an embedded page and the predictions page's records are
 * Spanish, and no English sentence of theirs is left (every English message of the
 * `model.`, `results.`, `compare.`, `embed.` and `versions.` catalogue parts of two words or
 * more, as written, and the fixed words of those with arguments). Every wait is for a state.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fileAccessModel } from '../../src/models/file-access';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { ROOT } from '../../scripts/lib/browser';
import type { RecordedVersion } from '../../src/views/VersionChange';
import en from '../../src/i18n/messages/en.json';
import { browserSuite, presetHash, tablesReady } from './suite';

const suite = browserSuite();

const CLIFF = presetHash(pageReplacementModel, 'replacement-loop-cliff');
const SL = presetHash(fileAccessModel, 'mpe-sl-seq');

/**
 * The English of these parts: each whole message of two words or more, and each run of three
 * words or more between a message's arguments and tags (shorter runs, "of the", are anyone's).
 */
const ENGLISH = Object.entries(en)
  .filter(([id]) => /^(model|results|compare|embed|versions)\./.test(id))
  .flatMap(([, text]) => {
    if (!/[{<]/.test(text)) return [{ text, words: 2 }];
    return text
      .replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, '\u0000')
      .replace(/<[^>]*>/g, '\u0000')
      .split('\u0000')
      .map((run) => ({ text: run, words: 3 }));
  })
  .map(({ text, words }) => ({ text: text.replace(/^[\s,.;:·()]+|[\s,.;:·(]+$/g, ''), words }))
  .filter(({ text, words }) => (text.match(/\p{L}+/gu) ?? []).length >= words)
  .map(({ text }) => text)
  // A command quoted in <code> is the same in every language.
  .filter((text) => !/^(npx|npm) /.test(text));

/**
 * Each English phrase of these parts still in the page's text: the page's own, without the
 * other areas' parts (the charts, the explore strip, the parameters' panel) or the models'
 * own words (a table's notes), which are theirs to translate.
 */
const englishLeft = (page: Page) =>
  page.evaluate((phrases) => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const el of body.querySelectorAll('figure, [data-testid=explore-strip], .side, .notes'))
      el.remove();
    // innerText of a node out of the document is its textContent: hidden text counts too.
    const text = body.textContent!.replace(/\s+/g, ' ');
    return phrases.filter((p) => text.includes(p));
  }, ENGLISH);

const see = (page: Page, selector: string, text: string) =>
  page.locator(selector, { hasText: text }).first().waitFor();

describe('a model page’s parts in Spanish', () => {
  it('lists enough English to look for (so the checks below can fail)', () => {
    expect(ENGLISH).toContain('Pin as A to compare');
    expect(ENGLISH).toContain('Compare: A (pinned) and B (the controls)');
    expect(ENGLISH.some((s) => s.startsWith('prediction interval for a new measurement'))).toBe(
      true,
    );
    expect(ENGLISH.length).toBeGreaterThan(100);
  });

  it('the head, tools, tables, compare and the embed builder speak Spanish', async () => {
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${suite.url}${SL}&lang=es`);
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await tablesReady(page);
    await see(page, '#results-heading', 'El modelo junto al artículo');
    await see(page, 'nav.presets h2', 'Tablas del artículo');
    await see(page, '#params-heading', 'Parámetros');
    expect(await page.getByTestId('projector-toggle').textContent()).toBe('Modo proyector');
    expect(await page.getByTestId('undo').textContent()).toBe('Deshacer');
    expect(await page.getByTestId('pin').textContent()).toBe('Fijar como A para comparar');
    expect(await page.getByTestId('reset').textContent()).toBe('Volver a los valores del artículo');
    expect(await page.getByTestId('paper-credit').textContent()).toMatch(/^Artículo: /);
    // The first table's summary, and its CSV button's accessible name.
    await see(page, '[data-testid=table-mpe-sl-seq] .summary', 'celdas comparadas');
    await page
      .getByRole('button', { name: /^Descargar la tabla «.*» en CSV$/ })
      .first()
      .waitFor();
    await see(page, '.charts-heading', 'Gráficos');
    // The results document's buttons (their own chunk).
    await page.getByRole('button', { name: 'Descargar resultados (JSON)' }).waitFor();
    expect(await englishLeft(page)).toEqual([]);

    // The embed builder.
    await page.getByTestId('embed-toggle').click();
    await see(page, '[data-testid=embed-panel] legend', 'La página insertada muestra');
    await see(page, '[data-testid=embed-height]', 'Altura del marco');
    expect(await page.getByTestId('embed-preview').textContent()).toBe(
      'Abrir el enlace de inserción en una pestaña nueva',
    );
    expect(await englishLeft(page)).toEqual([]);
    await page.close();
  });

  it('compare’s panel: pinned A, a changed B, in Spanish', async () => {
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${suite.url}${CLIFF}&lang=es`);
    await tablesReady(page);
    await page.getByTestId('pin').click();
    await see(page, '#compare-heading', 'Comparar: A (fijado) y B (los controles)');
    await see(page, '[data-testid=compare-same]', 'A y B son, por ahora, el mismo escenario');
    const slider = page.locator('input[type=range]').first();
    await slider.focus();
    await slider.press('ArrowRight');
    await page.getByTestId('param-differences').waitFor();
    expect(await page.getByTestId('param-differences').textContent()).toMatch(/en A .*, en B /);
    await see(page, '#results-heading', 'El modelo junto al artículo: B (los controles)');
    await page
      .locator('[data-testid^=difference-] caption', { hasText: ': A y B' })
      .first()
      .waitFor();
    expect(await page.getByTestId('swap').textContent()).toBe('Intercambiar A y B');
    expect(await page.getByTestId('unpin').textContent()).toBe('Dejar de comparar');
    expect(await englishLeft(page)).toEqual([]);
    await page.close();
  });

  it('a link of an older version: the note and its table in Spanish', async () => {
    const recorded = JSON.parse(
      readFileSync(`${ROOT}public/recorded/file-access-v2.json`, 'utf8'),
    ) as RecordedVersion;
    const record = recorded.records.find((r) => r.preset === 'mpe-sl-postscript')!;
    const page = await suite.newPage();
    await page.goto(`${suite.url}${record.link.slice(1)}&lang=es`);
    const note = page.getByTestId('version-change');
    await note
      .getByRole('heading', { name: 'El modelo ha cambiado desde que se creó este enlace' })
      .waitFor();
    expect(await note.textContent()).toContain('Este enlace se creó con la versión 2');
    await note.getByTestId('version-summary').waitFor();
    await page.waitForFunction(
      () =>
        !/calculando/.test(document.querySelector('[data-testid=version-summary]')!.textContent!),
    );
    expect(await note.getByTestId('version-summary').textContent()).toMatch(
      /^\d+ celdas? (es igual|son iguales), \d+ con cambios/,
    );
    expect(await englishLeft(page)).toEqual([]);
    await page.close();
  });

  it('an embedded page, and the predictions page’s records', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}embed/${SL}&view=embed&controls=read&lang=es`);
    await page.getByTestId('embed-page').waitFor();
    await tablesReady(page);
    expect(await page.getByTestId('open-full').textContent()).toContain('Abrir en Latency Lab');
    await see(page, '#params-heading', 'Parámetros');
    expect(await englishLeft(page)).toEqual([]);

    await page.goto(`${suite.url}#/predictions?lang=es`);
    await see(page, '[data-testid=blind-record] h2', 'El registro a ciegas');
    await see(page, '[data-testid=table-folds] h2', 'Acceso a archivos, una tabla de cada cuatro');
    await see(page, '[data-testid=blind-cells] summary', 'Cada celda retenida');
    await see(page, '[data-testid=blind-findings] li', 'celdas retenidas de CPU');
    await see(page, '[data-testid=table-fold-findings] li', 'Anchura mediana del intervalo');
    expect(await englishLeft(page)).toEqual([]);
    await page.close();
  });
});
