/**
 * A model's own words in Spanish (issue #35): with `lang=es` the parameter panel's headings,
 * groups, labels (with their unit words), docs, options, ranges and buttons are Spanish, its
 * numbers written the Spanish way; in English the same panel reads as before.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './suite';

const suite = browserSuite();

const controlsText = (page: Page) =>
  page.locator('.controls').evaluate((el) => (el as HTMLElement).innerText);

describe('a model’s parameters in Spanish', () => {
  it('labels, groups, docs, options and ranges in Spanish, numbers too', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}#/file-access?lang=es`);
    const records = page.getByLabel('Registros en el archivo (registros)', { exact: true });
    await records.waitFor();
    await page
      .locator('.control-doc', { hasText: 'Número de registros de longitud fija' })
      .waitFor();
    const text = await controlsText(page);
    for (const spanish of [
      'Carga de trabajo',
      'Máquina',
      'Constantes ajustadas y supuestas',
      'Archivo',
      'Tamaño del registro (B)',
      'SL.PUB.SYS tiene 89.867.',
      'Tamaño de página lógica (B)',
      'Unidad de paginación y de transferencia de disco (4096 B en MPE/iX)',
      'Rango: 1–2.000.000 registros.',
      'Los valores del artículo, donde se detiene el control deslizante:',
      'Búsqueda del disco, bloques siguientes (ms)',
    ])
      expect(text).toContain(spanish);
    for (const english of [
      'Records in file',
      'Workload',
      'Fitted and assumed constants',
      'Range ',
      'New random run',
    ])
      expect(text).not.toContain(english);
    expect(await page.locator('.controls select option:checked').first().textContent()).toBe(
      'SL.PUB.SYS, lectura secuencial (§1.3)',
    );
    expect(
      await page.getByLabel('Registros en el archivo, valor exacto en registros').count(),
    ).toBe(1);
    expect(await records.getAttribute('aria-valuetext')).toBe('89.867 registros');
    await page.close();
  });

  it('in English as before', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}#/file-access`);
    await page.getByLabel('Records in file (records)', { exact: true }).waitFor();
    await page.locator('.control-doc', { hasText: 'Number of fixed-length records' }).waitFor();
    const text = await controlsText(page);
    expect(text).toContain('Fitted and assumed constants');
    expect(text).toContain('Range 1–2,000,000 records.');
    expect(text).toContain('SL.PUB.SYS has 89,867.');
    expect(await page.getByLabel('Records in file, exact value in records').count()).toBe(1);
    await page.close();
  });
});
