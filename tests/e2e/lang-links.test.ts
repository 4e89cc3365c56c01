/**
 * A hostile link opened in Spanish (issue #35): what the page says is wrong with it is Spanish,
 * from each problem's code, not the codec's English sentence. One link per kind of problem: a
 * bad view, a value that is no number, one out of range, an unknown key, an older version, a
 * lesson step's changes, a comparison and a reference string. Every wait is for a state.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './suite';

const suite = browserSuite();

/** A link that names only its table: every other parameter is the preset's. */
const SL = '#/file-access?table=mpe-sl-seq';

/** The banner's text once the page is Spanish (the banner is its own chunk). */
async function bannerText(page: Page): Promise<string> {
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  const banner = page.getByTestId('problems');
  await banner.getByText('Este enlace tenía problemas').waitFor();
  return (await banner.textContent()) ?? '';
}

const CASES: { name: string; link: string; spanish: string[]; english: string[] }[] = [
  {
    name: 'a view that is none',
    link: `${SL}&view=cinema`,
    spanish: ['view: "cinema" no es una vista', 'se muestra la vista normal'],
    english: ['is not a view', 'showing the normal view'],
  },
  {
    name: 'a value that is no number',
    link: `${SL}&records=abc`,
    spanish: ['records: "abc" no es un número — se admite 1–2.000.000 registros; se usa'],
    english: ['is not a number', 'allowed', 'records; using'],
  },
  {
    name: 'a value out of range, and one that is hexadecimal',
    link: `${SL}&recordBytes=-1&seed=0x10`,
    spanish: ['"-1" está fuera de rango', '"0x10" es hexadecimal, no un número decimal'],
    english: ['is out of range', 'is hexadecimal', 'not a decimal number'],
  },
  {
    name: 'an unknown key, a repeated one, and text after the model',
    link: '#/file-access/extra?table=mpe-sl-seq&recrods=5&table=mpe-sl-seq',
    spanish: [
      'recrods: no es un parámetro de file-access; se ignora (¿querías decir records?)',
      'aparece 2 veces; se usa la primera',
      'se ignora “/extra” tras el nombre del modelo',
    ],
    english: ['not a parameter of', 'did you mean', 'the first one is used', 'is ignored'],
  },
  {
    name: 'a link made by an older version',
    link: '#/page-replacement?memoryKB=64&v=1',
    spanish: ['enlace hecho con la versión 1 de este modelo; se muestra con la versión 3'],
    english: ['link made by version', 'results may differ'],
  },
  {
    name: 'a comparison whose A has bad values',
    link: `${SL}&compare=1&a.records=zz&a.table=nada`,
    spanish: [
      'a.records: "zz" no es un número',
      'a.table: "nada" no es una opción — se admite uno de',
    ],
    english: ['is not a number', 'is not an option', 'allowed one of'],
  },
  {
    name: 'a reference string that is none, packed or not',
    link: '#/page-replacement?refs=3,x,4&a.refs=packed.@@&compare=1',
    spanish: [
      'refs: "3,x,4" no es una lista de números enteros separados por comas',
      'hasta 200.000 números enteros separados por comas',
      'la lista empaquetada "packed.@@" no es base64url válido',
      'se usa una lista vacía',
    ],
    english: ['is not a comma-separated list', 'packed list', 'an empty list', 'up to'],
  },
];

describe('a link’s problems in Spanish', () => {
  for (const c of CASES) {
    it(`${c.name}: said in Spanish, not in English`, async () => {
      const page = await suite.open(`${c.link}&lang=es`);
      const said = await bannerText(page);
      for (const s of c.spanish) expect(said).toContain(s);
      for (const e of c.english) expect(said).not.toContain(e);
      await page.close();
    });
  }

  it('a lesson step’s changed parameters: their problems in Spanish', async () => {
    const page = await suite.open('#/lesson/mpe-ix?step=1&records=abc&lang=es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    const note = page.getByTestId('lesson-change-problems');
    await note.waitFor();
    const said = (await note.textContent()) ?? '';
    expect(said).toContain('"abc" no es un número — se admite 1–2.000.000 registros');
    expect(said).not.toContain('is not a number');
    await page.close();
  });

  it('a pasted reference string that is none: the trace panel says why in Spanish', async () => {
    const page = await suite.open('#/page-replacement?lang=es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await page.getByTestId('trace-file-paste').fill('1 2\n3 x 4');
    await page.getByRole('button', { name: 'Usar la cadena pegada' }).click();
    const error = page.getByTestId('trace-file-error');
    await error.waitFor();
    const said = (await error.textContent()) ?? '';
    expect(said).toContain('No se usó el texto pegado: línea 2: "x" no es un número de página');
    expect(said).not.toContain('is not a page number');
    await page.close();
  });

  it('a number typed into a parameter’s box that is none, and a list: refused in Spanish', async () => {
    const page = await suite.open(`${SL}&lang=es`);
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await page.getByLabel('Registros en el archivo, valor exacto en registros').fill('muchos');
    await page.getByText('“muchos” no es un número; usa 1–2.000.000 registros.').waitFor();
    await page.getByLabel('Registros en el archivo, valor exacto en registros').fill('0');
    await page.getByText('Fuera de rango: usa 1–2.000.000 registros.').waitFor();
    expect(await page.getByText('is not a number').count()).toBe(0);

    await page.goto(`${suite.url}#/page-replacement?lang=es`);
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    const list = page.getByLabel('Cadena de referencias explícita', { exact: true });
    await list.fill('3, x');
    await page
      .getByText(
        'Cadena de referencias explícita: no es una lista de números enteros separados por comas (se admite hasta 200.000 números enteros',
      )
      .waitFor();
    expect(await page.getByText('comma-separated').count()).toBe(0);
    await page.close();
  });

  it('the same link in English says the codec’s own sentences (the checks above can fail)', async () => {
    const page = await suite.open(`${SL}&records=abc&view=cinema`);
    const banner = page.getByTestId('problems');
    await banner.getByText('This link had problems').waitFor();
    const said = (await banner.textContent()) ?? '';
    expect(said).toContain('records: "abc" is not a number — allowed 1–2,000,000 records; using');
    expect(said).toContain(
      'view: "cinema" is not a view — allowed projector, embed; showing the normal view.',
    );
    await page.close();
  });
});
