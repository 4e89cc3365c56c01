// The query of a permalink read into entries: limits, decoding, the first value of each key.
import { PACKED_PREFIX, maxPackedChars } from './packed';
import type { ParamSpec } from '../models/types';
import { formatNumber, quoteText } from './format';
import type { EmbedControls, ProblemValues, Said, View } from './types';

/**
 * Longer links are cut here (no hang on absurd input); the cut is reported. Room for a list
 * parameter's longest packed value (200,000 references of up to 20 bits: 667,000 characters).
 */
export const MAX_LINK_CHARS = 1_000_000;
/** A list whose readable text is longer than this is written in its packed form (./packed.ts). */
export const MAX_READABLE_LIST_CHARS = 1000;
/** Longer values (as written in the link, percent-encoded) are rejected unread. */
export const MAX_VALUE_CHARS = 64;
/** A list value may be longer: up to this many characters per item it may hold. */
export const MAX_LIST_CHARS_PER_ITEM = 8;
/** Past this a value is not even decoded (a list parameter's own limit may be higher). */
export const MAX_ANY_VALUE_CHARS = 4000;

/** How much of a value is kept for messages when the value itself is too long to read. */
export const HEAD_CHARS = 24;

/**
 * The decoded start of a too-long list value when it already shows it is no list of whole
 * numbers (a letter, a sign, markup…); null when it looks like one so far.
 */
export function notAListHead(rawHead: string): string | null {
  const whole = rawHead.replace(/%[0-9a-f]?$/i, ''); // a cut percent-escape is not a flaw here
  const head = safeDecode(whole) ?? whole;
  if (head.startsWith(PACKED_PREFIX)) return null;
  return /[^\d,\s]/.test(head) ? head : null;
}

/** How long one parameter's value may be in a link. */
export function maxValueChars(spec: ParamSpec | undefined): number {
  if (spec?.kind !== 'list') return MAX_VALUE_CHARS;
  return Math.max(spec.maxItems * MAX_LIST_CHARS_PER_ITEM, maxPackedChars(spec));
}
/** At most this many problems are listed; the last one then says how many more there were. */
export const MAX_PROBLEMS = 25;

/** Query key of the model version. Reserved: no model may declare a parameter named `v`. */
export const VERSION_KEY = 'v';
/**
 * Query key of how the page is shown (`view=projector`), not what is computed: it never
 * reaches the scenario. Reserved like `v`; valid on every route, the home page included.
 */
export const VIEW_KEY = 'view';
/** Query key of the page's language (`lang=es`, src/i18n/pageLang.ts). Reserved like `view`. */
export const LANG_KEY = 'lang';
/** The views a link may ask for; without `view` the page is shown normally. */
export const VIEWS: readonly View[] = ['projector', 'embed'];
/** Query key of an embedded page's controls (`controls=read|edit`). Reserved like `v`. */
export const CONTROLS_KEY = 'controls';
export const EMBED_CONTROLS: readonly EmbedControls[] = ['read', 'edit'];
/**
 * Query key that turns compare on (`compare=1`); scenario A's parameters follow as
 * `a.<key>=<value>`, only those that differ from B's. Reserved, with the `a.` prefix.
 */
export const COMPARE_KEY = 'compare';
export const PINNED_PREFIX = 'a.';

export type Flaw = 'cut' | 'long' | 'malformed' | null;

/** One key of the query, first occurrence (later ones only counted). */
export interface Entry {
  key: string;
  /** Percent-decoded value (the raw text when it could not be decoded; '' when too long). */
  text: string;
  flaw: Flaw;
  rawLength: number;
  /** The value's first characters as written (percent-encoded), kept even when it is too long. */
  head: string;
  count: number;
  /** Position in the query, so problems are listed in the order the link has them. */
  order: number;
}

export type Report = (order: number, param: string | null, said: Said) => void;

/**
 * A value as a message shows it: its text in quotes (`form: 'text'`), or its length when it
 * was too long to read (`form: 'long'`: "a 5,000-character value"). `quoteAny` quotes
 * whatever text was kept, flawed or not (the version's wording).
 */
export function givenOf(e: Entry, quoteAny = false): { shown: string; values: ProblemValues } {
  const text = quoteAny ? e.flaw !== 'long' : e.flaw === null;
  return text
    ? { shown: quoteText(e.text), values: { form: 'text', given: quoteText(e.text), length: 0 } }
    : {
        shown: `a ${formatNumber(e.rawLength)}-character value`,
        values: { form: 'long', given: '', length: e.rawLength },
      };
}

export function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The route after `#` (or the whole text when it is a bare route), '' for the home page. */
export function routeOf(text: string): string {
  const hash = text.indexOf('#');
  if (hash >= 0) return text.slice(hash + 1);
  // A URL without a fragment is the home page; anything else is taken as a bare route.
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return '';
  return text;
}

export function readQuery(
  query: string,
  truncated: boolean,
  limitFor: (key: string) => number,
): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  if (query === '') return entries;
  const pairs = query.split('&');
  pairs.forEach((pair, i) => {
    if (pair === '') return;
    const eq = pair.indexOf('=');
    const rawKey = eq >= 0 ? pair.slice(0, eq) : pair;
    const rawValue = eq >= 0 ? pair.slice(eq + 1) : '';
    const key = safeDecode(rawKey) ?? rawKey;
    const existing = entries.get(key);
    if (existing) {
      existing.count += 1;
      return;
    }
    // The link was cut inside the last pair (or right after it): its value cannot be trusted.
    const cut = truncated && i === pairs.length - 1;
    let flaw: Flaw = null;
    let text = '';
    if (cut) flaw = 'cut';
    else if (rawValue.length > limitFor(key)) flaw = 'long';
    else {
      const decoded = safeDecode(rawValue);
      if (decoded === null) flaw = 'malformed';
      text = decoded ?? rawValue;
    }
    entries.set(key, {
      key,
      text,
      flaw,
      rawLength: rawValue.length,
      head: rawValue.slice(0, HEAD_CHARS),
      count: 1,
      order: i + 1,
    });
  });
  return entries;
}
