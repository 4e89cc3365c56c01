/**
 * The message catalogues and their formatting (FormatJS): ICU messages, compiled at build time
 * (vite.config.ts), formatted here with `intl-messageformat`'s `formatToParts`, numbers,
 * plurals and dates through the language's `Intl` formatters. English, the source: the site's
 * shell in the first page's bundle, the other pages' messages with them (./pageMessages.ts);
 * Spanish is a chunk of its own, loaded only when a page asks for it.
 * A message missing from a catalogue falls back to English (tests/unit/i18n-catalog.test.ts
 * keeps Spanish complete).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import {
  formatToParts,
  type Formats,
  type Formatters,
  type FormatXMLElementFn,
  type PrimitiveType,
} from 'intl-messageformat/lib/src/formatters.js';
import en from './messages/en.json?only=shell.,lang.,format.,common.&icu';
import type enSource from './messages/en.json';
import { LOCALE, type Lang } from './lang';

/** Every message's id, from the English catalogue. */
export type MessageId = keyof typeof enSource;

type Catalogue = Record<string, string | MessageFormatElement[]>;

const catalogues: Partial<Record<Lang, Catalogue>> = { en };

/** More English messages, from a page's chunk (the catalogue of the other languages is whole). */
export function addEnglish(part: Catalogue): void {
  Object.assign(en, part);
}

type Said = { id: string; values: Record<string, string> };
/** A sentence's message; `parts`, its values that are messages of their own (a worker's name). */
type Sentence = (Said & { parts?: Record<string, Said> }) | null;
/** A run's English error sentence as a message (./errorSentences.ts, loaded with Spanish). */
let sentenceOf: ((english: string) => Sentence) | null = null;
export const errorSentence = (english: string): Sentence => sentenceOf?.(english) ?? null;

/** The catalogues not in the first page's bundle, each loaded on first use. */
const LOADERS: Record<Exclude<Lang, 'en'>, () => Promise<{ default: Catalogue }>> = {
  es: () =>
    Promise.all([import('./messages/es.json?icu'), import('./errorSentences')]).then(
      ([messages, sentences]) => {
        sentenceOf = sentences.errorSaid;
        return messages;
      },
    ),
};

export const hasCatalogue = (lang: Lang): boolean => catalogues[lang] !== undefined;

/** Loads a language's catalogue (at once for English, or one already loaded). */
export async function loadCatalogue(lang: Lang): Promise<void> {
  if (lang === 'en' || catalogues[lang]) return;
  catalogues[lang] = (await LOADERS[lang]()).default;
}

/** `Intl` formatters, one per locale and options (building one is slow). */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(
  kind: string,
  args: unknown[],
  make: () => T,
): T {
  const key = `${kind}|${JSON.stringify(args)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = make()));
  return f as T;
}
const FORMATTERS: Formatters = {
  getNumberFormat: (...a) => cached('n', a, () => new Intl.NumberFormat(...a)),
  getDateTimeFormat: (...a) => cached('d', a, () => new Intl.DateTimeFormat(...a)),
  getPluralRules: (...a) => cached('p', a, () => new Intl.PluralRules(...a)),
};
const FORMATS: Formats = { number: {}, date: {}, time: {} };

export type Values<T = never> = Record<string, PrimitiveType | T | FormatXMLElementFn<T>>;

/** A message's parts: its text, and the values (elements) given for rich arguments and tags. */
export function messageParts<T>(lang: Lang, id: MessageId, values?: Values<T>): (string | T)[] {
  const message = catalogues[lang]?.[id] ?? en[id];
  if (message === undefined) return [id];
  if (typeof message === 'string') return [message];
  return formatToParts<T>(message, LOCALE[lang], FORMATTERS, FORMATS, values).map((p) => p.value);
}

/**
 * The page's words for a piece of the app's data (a model's title, a preset's, what a paper
 * measures): `data.<id>` in the language's catalogue (Spanish only: English is the data
 * itself, `english`), else `english`.
 */
export function dataText(lang: Lang, id: string, english: string): string {
  const m = lang === 'en' ? undefined : catalogues[lang]?.[`data.${id}`];
  return typeof m === 'string' ? m : english;
}

/** A message as text. */
export function message(lang: Lang, id: MessageId, values?: Values): string {
  return messageParts(lang, id, values).join('');
}
