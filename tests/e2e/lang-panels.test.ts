/**
 * The models' own panels in Spanish (issue #35): opened with `lang=es`, each live panel, the
 * trace panels and the results of a short run read in Spanish, with none of their English
 * phrases left. Every wait is for a state; timings are never asserted.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { browserSuite, presetHash } from './suite';

const suite = browserSuite();

/** A page of the app in Spanish: `#/model` or a preset's link, with `lang=es`. */
async function spanish(hash: string): Promise<Page> {
  const page = await suite.newPage();
  await page.goto(`${suite.url}${hash}${hash.includes('?') ? '&' : '?'}lang=es`);
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  return page;
}

/** The panel's text (and its labels) has each Spanish phrase and none of the English ones. */
async function reads(page: Page, testId: string, spanishText: string[], english: string[]) {
  const panel = page.getByTestId(testId);
  for (const s of spanishText) await panel.getByText(s, { exact: false }).first().waitFor();
  const text = await panel.evaluate(
    (el) =>
      `${(el as HTMLElement).innerText} ${[...el.querySelectorAll('[aria-label]')]
        .map((e) => e.getAttribute('aria-label'))
        .join(' ')}`,
  );
  const left = english.filter((e) => new RegExp(`\\b${e}\\b`).test(text));
  expect(left).toEqual([]);
}

/** Waits until a run has finished: results shown and the status region empty. */
const finished = (page: Page, results: string, status: string) =>
  page.waitForFunction(
    ([r, s]) =>
      document.querySelector(`[data-testid=${r}]`) !== null &&
      !document.querySelector(`[data-testid=${s}]`)?.textContent,
    [results, status],
  );

describe('the models’ panels in Spanish', () => {
  it('directory search and cross-boundary: the live panels before a run', async () => {
    const page = await spanish('#/directory-search');
    await reads(
      page,
      'live-panel',
      ['En directo: esta máquina', 'Cronometrar las búsquedas en esta máquina', 'Cancelar'],
      ['Live', 'this machine', 'Time the searches', 'Cancel', 'The same searches', 'browser'],
    );
    await page.goto(`${suite.url}#/cross-boundary?lang=es`);
    await reads(
      page,
      'cb-live',
      ['Ejecutar en esta máquina', 'Aislada entre orígenes', 'Tiempo por llamada', 'artículo: '],
      ['Run on this machine', 'Cross-origin isolated:', 'Per-call time', 'paper:', 'Iterations'],
    );
    await page.close();
  });

  it('hyperthreads: the cothread check runs, its table and charts in Spanish', async () => {
    const page = await spanish('#/hyperthreads');
    const panel = page.getByTestId('ht-live-panel');
    await panel
      .getByRole('heading', { name: 'En directo: esta máquina — núcleos e hilos' })
      .waitFor();
    await panel.getByLabel('Ejecución').selectOption('check');
    await page.getByTestId('ht-live-run').click();
    await finished(page, 'ht-live-table', 'ht-live-status');
    await reads(
      page,
      'ht-live-panel',
      [
        'Ejecutar otra vez',
        'Trabajos (workers)',
        'Limitado por el cálculo: rendimiento (×)',
        'Esta máquina: rendimiento',
      ],
      ['Compute-bound', 'Memory-bound', 'throughput', 'Run again', 'What a browser', 'Jobs'],
    );
    await page.close();
  });

  it('page replacement: the trace, the trace file, a long run and a memory check', async () => {
    const page = await spanish(presetHash(pageReplacementModel, 'replacement-belady'));
    await page.getByTestId('trace-stepper').waitFor();
    await reads(
      page,
      'trace-panel',
      [
        'Recorre la traza paso a paso',
        'Paso a paso: FIFO con 3 marcos',
        'Paso 1 de 12: página 1, fallo',
        'marco 1',
      ],
      ['Step', 'page', 'miss', 'Next', 'frames?', 'Frames after'],
    );
    await reads(
      page,
      'trace-file',
      ['Tu propia cadena de referencias', 'Ahora: ninguna cadena explícita', 'Archivo de traza'],
      ['Your own', 'Now:', 'Trace file', 'Use the pasted string', 'references'],
    );

    await page.getByTestId('long-run-panel').getByLabel('Referencias').selectOption('100000');
    await page.getByTestId('long-run').click();
    await finished(page, 'long-results', 'long-status');
    await reads(
      page,
      'long-run-panel',
      ['Ejecuciones largas', 'Tasa de aciertos (%)', '100.000 referencias', 'Fallos'],
      ['Long runs', 'Run every policy', 'Hit rate', 'Misses', 'references', 'frames'],
    );

    const memory = page.getByTestId('memory-live-panel');
    await memory.getByLabel('Tamaños').selectOption('check');
    await page.getByTestId('memory-live-run').click();
    await finished(page, 'memory-live-results', 'memory-live-status');
    await reads(
      page,
      'memory-live-panel',
      [
        'Escalones encontrados en esta máquina',
        'Resolución del temporizador aquí',
        'Medir otra vez',
      ],
      ['Live', 'Measure', 'Timer resolution', 'Steps found', 'Working set', 'What a browser'],
    );
    await page.close();
  });
});
