/**
 * The glossary of the papers' words (./glossaryTerms.ts, ./glossaryTerms2.ts): every term in
 * alphabetical order, by id, and `findTerms`, which finds the terms a plain text names.
 */
import { TERMS_MPE_UFC, type GlossaryTerm } from './glossaryTerms';
import { TERMS_MORE } from './glossaryTerms2';

export type { GlossaryTerm } from './glossaryTerms';

/** Every term, alphabetically (as the glossary page lists them). */
export const GLOSSARY_TERMS: readonly GlossaryTerm[] = [...TERMS_MPE_UFC, ...TERMS_MORE].sort(
  (a, b) => a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }),
);

export const GLOSSARY_BY_ID: ReadonlyMap<string, GlossaryTerm> = new Map(
  GLOSSARY_TERMS.map((t) => [t.id, t]),
);

/** A stretch of text: plain, or naming a term (`text` as written, e.g. "page faults"). */
export type TextPart = { text: string; termId?: undefined } | { text: string; termId: string };

/** Every spelling a match string stands for: as written, capitalised, with `s`. */
function spellings(match: string): string[] {
  const out = [match];
  const first = match[0] ?? '';
  if (first !== first.toUpperCase()) out.push(first.toUpperCase() + match.slice(1));
  if (/[a-z]$/.test(match)) for (const s of [...out]) out.push(`${s}s`);
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spelling → term id; the longest spelling first in the pattern, so it wins at a position. */
const BY_SPELLING = new Map<string, string>();
for (const t of GLOSSARY_TERMS)
  for (const m of t.match) for (const s of spellings(m)) BY_SPELLING.set(s, t.id);
const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${[...BY_SPELLING.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})(?![\\p{L}\\p{N}_])`,
  'gu',
);

/** Texts already split (labels and titles repeat on every render), bounded. */
const cache = new Map<string, readonly TextPart[]>();
const CACHE_SIZE = 1000;

/**
 * Splits `text` at the first occurrence of each term it names (whole words only); later
 * occurrences of a term stay plain. Text naming no term is one plain part.
 */
export function findTerms(text: string): readonly TextPart[] {
  const known = cache.get(text);
  if (known) return known;
  const parts: TextPart[] = [];
  const seen = new Set<string>();
  let at = 0;
  for (const m of text.matchAll(PATTERN)) {
    const id = BY_SPELLING.get(m[0]);
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
}
