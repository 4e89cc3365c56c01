/**
 * The Spanish lessons and glossary are translations of the English ones, never their own data.
 * Every text field of the English is translated (no step, ask or term missing, none empty, none
 * left in English but an explicit list of names and paper labels); the merged lesson's
 * structure (scenarios, cells, units, scales) is the English lesson's; and every number the
 * English text cites is in the Spanish text, written the Spanish way (decimal comma, a
 * non-breaking space between thousands from five digits on), so a translation cannot change a
 * figure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LESSON_FILES, TEXT_FIELDS, lessonFor, lessonsFor } from '../../src/lessons/files';
import { LESSON_ENTRIES, PAPERS } from '../../src/papers/papers';
import { GLOSSARY_EN, glossaryFor, glossaryNow } from '../../src/papers/glossary';
import { GLOSSARY_ES } from '../../src/papers/glossaryEs';
import { readLessonShape } from '../../src/scenario/lessonShape';

const ES_DIR = join(__dirname, '../../src/lessons/es');
const esTextOf = (id: string): unknown =>
  JSON.parse(readFileSync(join(ES_DIR, `${id}.json`), 'utf8'));

/** Text fields kept as in English on purpose: the paper's own labels and symbols. */
const SAME_IN_SPANISH = new Set(['v3 ÷ v2']);

/** Every text field of a lesson, by path (`steps.2.asks.0.label`). */
function textFields(x: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (Array.isArray(x))
    x.forEach((v, i) => textFields(v, `${path}${i}.`).forEach((s, p) => out.set(p, s)));
  else if (typeof x === 'object' && x !== null)
    for (const [k, v] of Object.entries(x)) {
      if (typeof v === 'string') {
        if (TEXT_FIELDS.has(k)) out.set(`${path}${k}`, v);
      } else textFields(v, `${path}${k}.`).forEach((s, p) => out.set(p, s));
    }
  return out;
}

/** Every leaf of a value, by path: strings, numbers and booleans. */
function leaves(x: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof x === 'object' && x !== null)
    for (const [k, v] of Object.entries(x))
      leaves(v, `${path}${k}.`).forEach((s, p) => out.set(p, s));
  else out.set(path.replace(/\.$/, ''), x);
  return out;
}

/** A lesson without its text fields: what a translation must not change. */
function structure(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(structure);
  if (typeof x !== 'object' || x === null) return x;
  return Object.fromEntries(
    Object.entries(x)
      .filter(([k, v]) => !(typeof v === 'string' && TEXT_FIELDS.has(k)))
      .map(([k, v]) => [k, structure(v)]),
  );
}

/** The numbers an English text cites (1,200 → 1200; 2.60 stays 2.60). */
export const englishNumbers = (text: string): string[] =>
  [...text.matchAll(/\d+(?:,\d{3})*(?:\.\d+)?/g)].map((m) => m[0].replace(/,/g, ''));

/**
 * The numbers a Spanish text cites, written as `Intl.NumberFormat('es-ES')` writes them (so a
 * lesson's figures read like the tables beside it): a decimal comma, a point between thousands
 * from five digits on (89.867 → 89867; 7040; 2,60 → 2.60).
 */
export const spanishNumbers = (text: string): string[] =>
  [...text.matchAll(/\d+(?:\.\d{3}(?!\d))*(?:,\d+)?/g)].map((m) =>
    m[0].replace(/\./g, '').replace(',', '.'),
  );

/** A figure written the English way, or grouped otherwise than es-ES's Intl groups it. */
export function spanishNumberProblems(text: string): string[] {
  const problems: string[] = [];
  // Three digits after a comma read as English thousands (a Spanish decimal has 1, 2 or 4+).
  for (const m of text.matchAll(/\d+(?:,\d{3})+(?!\d)/g))
    problems.push(`“${m[0]}” reads as an English thousands separator`);
  for (const m of text.matchAll(/\d+\.\d+/g)) {
    const grouped = /^\d{1,3}(?:\.\d{3})+$/.test(m[0]);
    if (!grouped) problems.push(`“${m[0]}” has a decimal point`);
    else if (m[0].replace(/\./g, '').length < 5)
      problems.push(`“${m[0]}”: four digits take no thousands point (7040)`);
  }
  for (const m of text.matchAll(/\d[ \u00a0\u202f]\d{3}(?!\d)/g))
    problems.push(`“${m[0]}” separates thousands with a space, not a point`);
  for (const m of text.matchAll(/(?<![\d.])\d{5,}/g))
    problems.push(`“${m[0]}” has five digits or more without a thousands point`);
  return problems;
}

/** The English numbers a Spanish text lacks (each as often as the English cites it). */
export function missingNumbers(english: string, spanish: string): string[] {
  const left = spanishNumbers(spanish);
  const missing: string[] = [];
  for (const n of englishNumbers(english)) {
    const i = left.indexOf(n);
    if (i < 0) missing.push(n);
    else left.splice(i, 1);
  }
  return missing;
}

describe('the number checks', () => {
  it('read figures the English and the Spanish way', () => {
    expect(englishNumbers('89,867 records, 13.6–74.4 s, 4 KB')).toEqual([
      '89867',
      '13.6',
      '74.4',
      '4',
    ]);
    expect(spanishNumbers('89.867 registros, 13,6–74,4 s, 4 KB')).toEqual([
      '89867',
      '13.6',
      '74.4',
      '4',
    ]);
  });
  it('are the way es-ES’s Intl writes the numbers in the tables beside the text', () => {
    const es = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });
    for (const n of [89867, 7040, 10000, 13.6, 0.77, 68.19])
      expect(spanishNumbers(es.format(n)), es.format(n)).toEqual([String(n)]);
    expect(
      spanishNumberProblems([89867, 7040, 10000, 2.6].map((n) => es.format(n)).join(' ')),
    ).toEqual([]);
  });
  it('catch a changed, dropped or English-written figure', () => {
    expect(missingNumbers('about 119 ms of disc', 'unos 118 ms de disco')).toEqual(['119']);
    expect(missingNumbers('28.0 and 54.5 s', '28,0 s')).toEqual(['54.5']);
    expect(missingNumbers('49.5 s', '49,5 s')).toEqual([]);
    expect(spanishNumberProblems('89,867 registros')).not.toEqual([]);
    expect(spanishNumberProblems('49.5 s')).not.toEqual([]);
    expect(spanishNumberProblems('10 000 referencias')).not.toEqual([]);
    expect(spanishNumberProblems('10000 referencias')).not.toEqual([]);
    expect(spanishNumberProblems('7.040 registros')).not.toEqual([]);
    expect(spanishNumberProblems('10.000 referencias, 7040 registros, 28,0 s')).toEqual([]);
  });
});

describe('Spanish lessons', () => {
  it('translate every lesson, and nothing else', () => {
    const ids = readdirSync(ES_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(ids.sort()).toEqual(LESSON_ENTRIES.map((e) => e.id).sort());
  });

  for (const { id } of LESSON_ENTRIES) {
    describe(id, () => {
      const english = LESSON_FILES[id];
      const text = esTextOf(id);

      it('holds only text fields, each standing for one of the English lesson’s', () => {
        const en = textFields(english);
        for (const [path, value] of leaves(text)) {
          expect(typeof value, path).toBe('string');
          expect(en.has(path), `${path} is not a text field of the English lesson`).toBe(true);
        }
      });

      it('translates every text field: none missing, empty or left in English', () => {
        const es = textFields(text);
        for (const [path, en] of textFields(english)) {
          const tr = es.get(path);
          expect(tr?.trim(), `${path} is not translated`).toBeTruthy();
          if (!SAME_IN_SPANISH.has(en)) expect(tr, `${path} is still English`).not.toBe(en);
        }
      });

      it('cites every number of the English text, written the Spanish way', () => {
        const es = textFields(text);
        for (const [path, en] of textFields(english)) {
          const tr = es.get(path) ?? '';
          expect(missingNumbers(en, tr), `${path}: ${tr}`).toEqual([]);
          expect(spanishNumberProblems(tr), path).toEqual([]);
        }
      });

      it('merges onto the English lesson: the same structure, and it reads with no problem', async () => {
        const merged = await lessonFor(id, 'es');
        expect(structure(merged)).toEqual(structure(english));
        expect(textFields(merged)).toEqual(textFields(text));
        const read = readLessonShape(merged, { expectedId: id, papers: PAPERS.map((p) => p.file) });
        expect(read.problems).toEqual([]);
      });
    });
  }

  it('leaves the English lessons as they are', async () => {
    expect(await lessonsFor('en')).toBe(LESSON_FILES);
  });
});

/** Terms whose name is the same in Spanish: the papers' own names, calls and acronyms. */
const SAME_NAME = new Set([
  'freadseek',
  'ksam',
  'delta',
  'mmap',
  'stealback',
  'filecache-max',
  'sdet',
  'iozone',
  'postmark',
  'vnode',
  'pa-risc',
  'itanium',
  'cothread',
  'montecito',
  'dmkudr',
  'trans',
  'lru',
  'opt',
  'zipf',
]);

describe('Spanish glossary', () => {
  it('translates every term, and nothing else', () => {
    expect(Object.keys(GLOSSARY_ES).sort()).toEqual(GLOSSARY_EN.terms.map((t) => t.id).sort());
  });

  it('gives every term a name and a definition in Spanish, its figures written the Spanish way', () => {
    for (const en of GLOSSARY_EN.terms) {
      const es = GLOSSARY_ES[en.id]!;
      expect(es.term.trim(), en.id).not.toBe('');
      if (!SAME_NAME.has(en.id)) {
        expect(es.term, `${en.id}: the name is still English`).not.toBe(en.term);
        // The English name is kept beside the Spanish one, for whoever looks for it.
        const english = en.term.replace(/ \(.*\)$/, '');
        expect(es.term, `${en.id}: the English name`).toContain(english.split(' and ')[0]);
      }
      expect(es.definition, `${en.id}: the definition is still English`).not.toBe(en.definition);
      expect(es.definition.length, en.id).toBeGreaterThan(40);
      expect(es.definition, en.id).toMatch(/[.»]$/);
      expect(missingNumbers(en.definition, es.definition), en.id).toEqual([]);
      expect(spanishNumberProblems(es.definition), en.id).toEqual([]);
    }
  });

  it('merges onto the English terms: the same ids, papers and English spellings', async () => {
    const es = await glossaryFor('es');
    expect(glossaryNow('es')).toBe(es);
    expect(es.terms.map((t) => t.id).sort()).toEqual(GLOSSARY_EN.terms.map((t) => t.id).sort());
    for (const t of es.terms) {
      const en = GLOSSARY_EN.byId.get(t.id)!;
      expect(t.papers, t.id).toEqual(en.papers);
      expect(t.textbook, t.id).toBe(en.textbook);
      expect(t.definition, t.id).toBe(GLOSSARY_ES[t.id]!.definition);
      for (const m of en.match) expect(t.match, t.id).toContain(m);
    }
    const names = es.terms.map((t) => t.term);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })),
    );
  });

  it('finds every spelling, Spanish or English, as its own term in Spanish text', async () => {
    const es = await glossaryFor('es');
    const terms = (text: string) =>
      es
        .findTerms(text)
        .filter((p) => p.termId !== undefined)
        .map((p) => [p.text, p.termId]);
    for (const t of es.terms)
      for (const m of t.match) expect(terms(`(${m})`), `${t.id}: ${m}`).toEqual([[m, t.id]]);
    expect(terms('Cada página ausente provoca un fallo de página. Los fallos de página…')).toEqual([
      ['fallo de página', 'page-fault'],
    ]);
    expect(terms('Los fallos de página de FREAD, con la precarga')).toEqual([
      ['fallos de página', 'page-fault'],
      ['FREAD', 'fread'],
      ['precarga', 'prefetch'],
    ]);
    // Whole words only: "marco" is no frame inside "enmarcado".
    expect(terms('enmarcado, núcleos')).toEqual([['núcleos', 'core']]);
  });

  it('links glossary terms in every step of every Spanish lesson', async () => {
    const es = await glossaryFor('es');
    const lessons = await lessonsFor('es');
    for (const { id } of LESSON_ENTRIES) {
      const steps = (lessons[id] as { steps: { text: string }[] }).steps;
      const found = steps.flatMap((s) => es.findTerms(s.text).filter((p) => p.termId));
      expect(found.length, id).toBeGreaterThanOrEqual(steps.length);
    }
  });
});
