/**
 * The message catalogues (src/i18n/messages/, issue #35): Spanish has every message of
 * English and no other, none empty or left in English, each asking for the same arguments,
 * plurals, selects and tags; every message is valid ICU. Then the compiled catalogues as the
 * page formats them, numbers in each language's own way, and the language in the link.
 */
import { LEAVE_OUT_FOLDS } from '../../src/papers/leave-out-data';
import { maskNumbers, textId, textKey } from '../../src/i18n/modelText';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, messageShape } from '../../scripts/lib/icu';
import { dataText, loadCatalogue, message } from '../../src/i18n/catalog';
import { MODEL_INFOS } from '../../src/models/registry';
import { PAPERS } from '../../src/papers/papers';
import { homePicture } from '../../src/views/homePictures';
import '../../src/i18n/pageMessages';
import { langOfHash, withLang } from '../../src/i18n/pageLang';
import { parsePermalink } from '../../src/scenario';
import { lessonOfHash } from '../../src/state/lessonLink';
import {
  formatErrorPct,
  formatInterval,
  formatPct,
  formatValue,
  setNumberLocale,
} from '../../src/format';

const read = (lang: string) =>
  JSON.parse(
    readFileSync(new URL(`../../src/i18n/messages/${lang}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
const en = read('en');
/** Spanish's messages; its words for the app's data (`data.…`, below) apart. */
const esAll = read('es');
const isData = (id: string) => id.startsWith('data.');
const es = Object.fromEntries(Object.entries(esAll).filter(([id]) => !isData(id)));
const esData = Object.fromEntries(Object.entries(esAll).filter(([id]) => isData(id)));

/** Messages that read the same in Spanish: names, and words spelt alike (“Error”). */
const SAME_IN_SPANISH = new Set([
  'shell.brand',
  'lang.en',
  'lang.es',
  'predictions.error',
  'results.headError',
  // "Total", "(n series)" and "Error" (the same words in Spanish).
  'chart.table.total',
  'chart.summary.line',
  'explore.cells.error',
]);

describe('the Spanish catalogue', () => {
  it('has every English message and no other', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('has no empty message, and none left in English', () => {
    expect(Object.entries(es).filter(([, m]) => m.trim() === '')).toEqual([]);
    const same = Object.keys(en).filter((id) => es[id] === en[id] && !SAME_IN_SPANISH.has(id));
    expect(same).toEqual([]);
  });

  it('asks for the same arguments, plurals, selects and tags as English', () => {
    const differ = Object.keys(en)
      .filter((id) => es[id] !== undefined)
      .map((id) => ({ id, en: messageShape(en[id]!), es: messageShape(es[id]!) }))
      .filter((d) => JSON.stringify(d.en) !== JSON.stringify(d.es));
    expect(differ).toEqual([]);
  });

  it('is valid ICU, as is English (the build compiles both)', () => {
    expect(() => compileCatalogue(en)).not.toThrow();
    expect(() => compileCatalogue(es)).not.toThrow();
  });

  it('tells arguments, plurals and tags apart (so the check above can fail)', () => {
    expect(messageShape('{n, plural, one {# page} other {# pages}} in <b>{file}</b>')).toEqual([
      'b:tag',
      'file:argument',
      'n:plural',
    ]);
    expect(messageShape('{n, number} pages')).not.toEqual(messageShape('{n} pages'));
    expect(() => compileCatalogue({ bad: 'an {unclosed argument' })).toThrow(/bad/);
  });
});

describe('the Spanish words for the app’s data', () => {
  /** Every piece of data the converted pages show: model, preset and picture titles, papers. */
  const expected = [
    ...MODEL_INFOS.flatMap((m) => [
      `data.model.${m.id}`,
      ...m.presets.map((p) => `data.preset.${m.id}.${p.id}`),
      ...(homePicture(m.id) ? [`data.picture.${m.id}`] : []),
    ]),
    ...PAPERS.map((p) => `data.paper.${p.file.slice(0, 3)}`),
    // "About this paper" on a model page (src/papers/about.ts).
    ...PAPERS.flatMap((p) => [
      `data.about.${p.file.slice(0, 3)}`,
      `data.dating.${p.file.slice(0, 3)}`,
    ]),
    // What each leave-out fold held out, on the predictions page.
    ...new Set(
      LEAVE_OUT_FOLDS.map((f) => textId(`data.heldOut.${maskNumbers(f.heldOut)}`, f.heldOut)),
    ),
    // And its note, under the fold's summary.
    ...new Set(LEAVE_OUT_FOLDS.map((f) => textId(`data.foldNote.${textKey(f.note)}`, f.note))),
  ].sort();

  /** The models' own texts (`data.<model>.…`, `data.unit.…`): tests/unit/model-texts.test.ts. */
  const isModelText = (id: string) =>
    id.startsWith('data.unit.') || MODEL_INFOS.some((m) => id.startsWith(`data.${m.id}.`));

  it('names every model, preset, picture and paper, and nothing else', () => {
    expect(
      Object.keys(esData)
        .filter((id) => !isModelText(id))
        .sort(),
    ).toEqual(expected);
  });

  it('has no empty text, and none left in English', () => {
    const english = new Map<string, string>([
      ...MODEL_INFOS.flatMap((m): [string, string][] => [
        [`data.model.${m.id}`, m.title],
        ...m.presets.map((p): [string, string] => [`data.preset.${m.id}.${p.id}`, p.title]),
      ]),
      ...PAPERS.map((p): [string, string] => [`data.paper.${p.file.slice(0, 3)}`, p.measures]),
    ]);
    const bad = Object.entries(esData).filter(
      ([id, text]) => text.trim() === '' || text === english.get(id),
    );
    expect(bad).toEqual([]);
  });

  it('is what the page shows in Spanish, the data itself in English', async () => {
    await loadCatalogue('es');
    const m = MODEL_INFOS[0]!;
    expect(dataText('es', `model.${m.id}`, m.title)).toBe(esData[`data.model.${m.id}`]);
    expect(dataText('en', `model.${m.id}`, m.title)).toBe(m.title);
    expect(dataText('es', 'model.no-such-model', 'Fallback')).toBe('Fallback');
  });
});

describe('messages as the page formats them', () => {
  it('formats English and, once loaded, Spanish, with numbers in each language', async () => {
    expect(message('en', 'shell.readingLink', { chars: 123456 })).toBe(
      'Reading the link (123,456 characters)…',
    );
    await loadCatalogue('es');
    expect(message('es', 'shell.readingLink', { chars: 123456 })).toBe(
      'Leyendo el enlace (123.456 caracteres)…',
    );
    expect(message('es', 'glossary.link', { term: 'FREADSEEK' })).toBe('Enlace a «FREADSEEK»');
    expect(message('es', 'home.models')).toBe('Los modelos');
  });
});

describe('numbers in the page’s locale (src/format)', () => {
  it('writes English as before, and Spanish with a decimal comma', () => {
    setNumberLocale('en-US', { unbounded: 'unbounded' });
    expect([formatValue(12345.6), formatValue(2.345), formatValue(-0.5)]).toEqual([
      '12,346',
      '2.35',
      '\u22120.5',
    ]);
    expect([formatErrorPct(-18.84), formatPct(1.63), formatInterval([1.5, 2000], 1)]).toEqual([
      '\u221218.8 %',
      '1.6 %',
      '(1.5\u2013unbounded)',
    ]);
    setNumberLocale('es-ES', { unbounded: 'sin límite' });
    expect([formatValue(12345.6), formatValue(2.345), formatValue(-0.5)]).toEqual([
      '12.346',
      '2,35',
      '\u22120,5',
    ]);
    expect([formatErrorPct(-18.84), formatPct(1.63), formatInterval([1.5, 2000], 1)]).toEqual([
      '\u221218,8 %',
      '1,6 %',
      '(1,5\u2013sin límite)',
    ]);
    setNumberLocale('en-US', { unbounded: 'unbounded' });
  });
});

describe('the language in the link', () => {
  it('reads lang on any route and writes it last, none for English', () => {
    expect(langOfHash('#/file-access?records=5&lang=es')).toBe('es');
    expect(langOfHash('#/?lang=fr')).toBeUndefined();
    expect(langOfHash('#/glossary')).toBeUndefined();
    expect(withLang('#/', 'es')).toBe('#/?lang=es');
    expect(withLang('', 'es')).toBe('#/?lang=es');
    expect(withLang('#/x?lang=es&a=1&view=projector', 'es')).toBe('#/x?a=1&view=projector&lang=es');
    expect(withLang('#/x?a=1&lang=es', 'en')).toBe('#/x?a=1');
    expect(withLang('#/lessons?lang=es', 'en')).toBe('#/lessons');
  });

  it('is no parameter: the codec reports no problem, a lesson step no change', () => {
    expect(parsePermalink('#/file-access?lang=es').problems).toEqual([]);
    expect(parsePermalink('#/file-access?lang=es&nonsense=1').problems).toHaveLength(1);
    expect(lessonOfHash('#/lesson/mpe-ix?step=2&lang=es')).toEqual({
      lessonId: 'mpe-ix',
      step: 2,
      reveal: false,
    });
  });
});
