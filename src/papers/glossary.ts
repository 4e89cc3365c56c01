/**
 * The glossary of the papers' words (./glossaryTerms.ts, ./glossaryTerms2.ts): every term in
 * alphabetical order, by id, and `findTerms`, which finds the terms a plain text names; in
 * another language (glossaryFor), the same terms with that language's words (./glossaryEs.ts).
 */
import { TERMS_MPE_UFC, type GlossaryTerm } from './glossaryTerms';
import { TERMS_MORE } from './glossaryTerms2';
import type { TermText } from './glossaryEs';

export type { GlossaryTerm } from './glossaryTerms';

/**
 * The languages the glossary is written in: src/i18n/lang.ts's `Lang`, spelled here because
 * papers/ imports no other layer (a `Lang` passes where this is asked).
 */
export type GlossaryLang = 'en' | 'es';

/** A stretch of text: plain, or naming a term (`text` as written, e.g. "page faults"). */
export type TextPart = { text: string; termId?: undefined } | { text: string; termId: string };

/** One language's glossary: its terms in that language's order, and the finder of its words. */
export interface Glossary {
  lang: GlossaryLang;
  /** Every term, alphabetically (as the glossary page lists them). */
  terms: readonly GlossaryTerm[];
  byId: ReadonlyMap<string, GlossaryTerm>;
  /**
   * Splits `text` at the first occurrence of each term it names (whole words only); later
   * occurrences of a term stay plain. Text naming no term is one plain part.
   */
  findTerms: (text: string) => readonly TextPart[];
}

/** Every spelling a match string stands for: as written, capitalised, with `s`. */
function spellings(match: string): string[] {
  const out = [match];
  const first = match[0] ?? '';
  if (first !== first.toUpperCase()) out.push(first.toUpperCase() + match.slice(1));
  if (/\p{Ll}$/u.test(match)) for (const s of [...out]) out.push(`${s}s`);
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Texts already split, per glossary (labels and titles repeat on every render), bounded. */
const CACHE_SIZE = 1000;

/** The glossary of `terms` (in any order), sorted and matched as `lang` writes them. */
export function makeGlossary(lang: GlossaryLang, terms: readonly GlossaryTerm[]): Glossary {
  const sorted = [...terms].sort((a, b) =>
    a.term.localeCompare(b.term, lang, { sensitivity: 'base' }),
  );
  // Spelling → term id; the longest spelling first in the pattern, so it wins at a position.
  const bySpelling = new Map<string, string>();
  for (const t of sorted)
    for (const m of t.match) for (const s of spellings(m)) bySpelling.set(s, t.id);
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${[...bySpelling.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})(?![\\p{L}\\p{N}_])`,
    'gu',
  );
  const cache = new Map<string, readonly TextPart[]>();
  const findTerms = (text: string): readonly TextPart[] => {
    const known = cache.get(text);
    if (known) return known;
    const parts: TextPart[] = [];
    const seen = new Set<string>();
    let at = 0;
    for (const m of text.matchAll(pattern)) {
      const id = bySpelling.get(m[0]);
      if (id === undefined || seen.has(id)) continue;
      seen.add(id);
      if (m.index > at) parts.push({ text: text.slice(at, m.index) });
      parts.push({ text: m[0], termId: id });
      at = m.index + m[0].length;
    }
    if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at) });
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(text, parts);
    return parts;
  };
  return { lang, terms: sorted, byId: new Map(sorted.map((t) => [t.id, t])), findTerms };
}

/** The English glossary: the source every other language translates. */
export const GLOSSARY_EN: Glossary = makeGlossary('en', [...TERMS_MPE_UFC, ...TERMS_MORE]);

/** Every term, alphabetically (as the glossary page lists them). */
export const GLOSSARY_TERMS: readonly GlossaryTerm[] = GLOSSARY_EN.terms;

export const GLOSSARY_BY_ID: ReadonlyMap<string, GlossaryTerm> = GLOSSARY_EN.byId;

/** The English glossary's finder (see Glossary.findTerms). */
export const findTerms = GLOSSARY_EN.findTerms;

/**
 * The English terms with `texts`' words: each term's name and definition in the language, its
 * spellings in the language before the English ones (a Spanish text keeps FREAD, mmap(), the
 * paper's labels), its papers and the rest the English term's. A term without a text stays
 * English.
 */
export function translateTerms(
  terms: readonly GlossaryTerm[],
  texts: Readonly<Record<string, TermText>>,
): GlossaryTerm[] {
  return terms.map((t) => {
    const tr = texts[t.id];
    if (!tr) return t;
    return { ...t, term: tr.term, definition: tr.definition, match: [...tr.match, ...t.match] };
  });
}

const loaded = new Map<GlossaryLang, Glossary>([['en', GLOSSARY_EN]]);
const loading = new Map<GlossaryLang, Promise<Glossary>>();

/** The glossary in `lang`, if already loaded (English always is); else undefined. */
export function glossaryNow(lang: GlossaryLang): Glossary | undefined {
  return loaded.get(lang);
}

/** The glossary in `lang`; Spanish's words load in a chunk of their own on first use. */
export function glossaryFor(lang: GlossaryLang): Promise<Glossary> {
  const known = loaded.get(lang);
  if (known) return Promise.resolve(known);
  let pending = loading.get(lang);
  if (!pending) {
    pending = import('./glossaryEs').then(({ GLOSSARY_ES }) => {
      const glossary = makeGlossary(lang, translateTerms(GLOSSARY_EN.terms, GLOSSARY_ES));
      loaded.set(lang, glossary);
      return glossary;
    });
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}
