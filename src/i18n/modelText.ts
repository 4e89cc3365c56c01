import type { Translate } from './LangContext';
import { numberLocale } from '../format';

/**
 * A model's own words (its parameters, tables and charts) in the page's language, by the ids of
 * docs/i18n.md: `data.<model>.…` in es.json. Shared by the views (src/views/modelText.ts: the
 * parameters, tables and units) and the charts (src/charts/chartText.ts): one copy.
 *
 * A text with numbers in it (computed from the scenario: "360 KB = 90 frames of 4 KB") has its
 * Spanish under its id + `.n`, with `#1`, `#2`… where the English's numbers go; they are put
 * back in the page's locale. A translation missing, or asking for more numbers than the English
 * has (the English changed), leaves the English.
 */

/** The numbers of an English text (not a section's, `§1.3`, nor one inside a name, `v2`). */
const NUMBER = /(?<![\p{L}\p{N}_§./])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\p{L}\d])/gu;

export function numbersOf(english: string): string[] {
  return english.match(NUMBER) ?? [];
}

/** The English with its numbers as `#`: the shape a translation of it keeps. */
export function maskNumbers(english: string): string {
  return english.replace(NUMBER, '#');
}

/** A short, stable key for a long text (a note), from its shape without numbers: FNV-1a. */
export function textKey(english: string): string {
  let h = 0x811c9dc5;
  for (const ch of maskNumbers(english)) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** The id a text's translation is under: `id`, or `id.n` when the text has numbers in it. */
export function textId(id: string, english: string): string {
  return numbersOf(english).length > 0 ? `${id}.n` : id;
}

/** An English number (`89,867`, `0.72`) written in the page's locale, its decimals kept. */
function localNumber(english: string): string {
  const [, decimals = ''] = english.split('.');
  const value = Number(english.replace(/,/g, ''));
  if (!Number.isFinite(value)) return english;
  return new Intl.NumberFormat(numberLocale(), {
    minimumFractionDigits: decimals.length,
    maximumFractionDigits: decimals.length,
    ...(english.includes(',') ? {} : { useGrouping: false }),
  }).format(value);
}

/** A model's text (`english`) in the page's language, from `data.<id>` (see above). */
export function modelText(t: Translate, id: string, english: string): string {
  if (t.lang === 'en') return english;
  const numbers = numbersOf(english);
  if (numbers.length === 0) return t.data(id, english);
  const pattern = t.data(`${id}.n`, '');
  if (!pattern) return english;
  let stale = false;
  const out = pattern.replace(/#(\d+)/g, (_, k: string) => {
    const n = numbers[Number(k) - 1];
    if (n === undefined) stale = true;
    return n === undefined ? '' : localNumber(n);
  });
  return stale ? english : out;
}

/** A chart's title, axis (`x`, `y`), bar value (`value`) or caption (a note, by its shape). */
export const chartText = (
  t: Translate,
  model: string,
  chart: string,
  part: 'title' | 'x' | 'y' | 'value' | 'caption',
  english: string,
): string =>
  modelText(
    t,
    part === 'caption' ? `${model}.note.${textKey(english)}` : `${model}.chart.${chart}.${part}`,
    english,
  );

/** A series' or a timeline lane's name, a bar's label or one of its parts'. */
export const seriesName = (t: Translate, model: string, name: string): string =>
  modelText(t, `${model}.series.${maskNumbers(name)}`, name);

/** A unit as a word of the page's language (`records` → `registros`, `registro` for one). */
export function unitName(t: Translate, unit: string, count?: number): string {
  if (t.lang === 'en' || !unit) return unit;
  const one = count === 1 ? t.data(`unit.${unit}.one`, '') : '';
  return one || t.data(`unit.${unit}`, unit);
}

/**
 * A line chart's marker (`now: 64`, `4 cores`), its numbers masked; in compare mode a side's
 * (`A: now: 64`, `A and B: …`: src/compare/pinned.ts), its sides named in the page's words.
 */
export function markText(t: Translate, model: string, label: string): string {
  const side = /^(A and B|A|B): (.*)$/s.exec(label);
  if (side && t.lang !== 'en') {
    const sides = side[1] === 'A and B' ? ['A', 'B'] : [side[1]!];
    const named = new Intl.ListFormat(t.lang, { type: 'conjunction' }).format(sides);
    return `${named}: ${markText(t, model, side[2]!)}`;
  }
  return modelText(t, `${model}.mark.${maskNumbers(label)}`, label);
}

/** A line chart's paper point (the paper's row, `SM - PA Native client and server, 100K`). */
export const pointText = (t: Translate, model: string, label: string): string =>
  modelText(t, `${model}.point.${maskNumbers(label)}`, label);

/** A timeline's own name of a segment kind (`chart.<id>.kind.<kind>`). */
export const kindText = (
  t: Translate,
  model: string,
  chart: string,
  kind: string,
  english: string,
): string => modelText(t, `${model}.chart.${chart}.kind.${kind}`, english);

/** A parameter's label by its key (`param.<key>.label`): views/modelText's `paramLabel`. */
export const paramName = (t: Translate, model: string, spec: { key: string; label: string }) =>
  modelText(t, `${model}.param.${spec.key}.label`, spec.label);
