/**
 * Which language a page shows: the link's `lang=es` (any route: it is read from the hash's
 * query), else the language this tab was already in (a link inside the app that does not say),
 * else the visitor's remembered choice (localStorage, written by the language switch), else
 * English. Never the browser's language: a link without `lang` shows English to someone who
 * never chose, so a link reproduces what its sender saw — and while a page is in Spanish, the
 * links the app writes carry `lang=es` (`withLang`).
 */
import { LANG_KEY } from '../scenario/linkQuery';
import { DEFAULT_LANG, isLang, type Lang } from './lang';

const STORAGE_KEY = 'latency-lab:lang';
/** The query key is the link codec's, reserved on every route (the codec skips it). */
const LANG_PAIR = new RegExp(`([?&])${LANG_KEY}=([^&#]*)`);

/** The language a hash asks for (`…?lang=es`, `…&lang=en`); undefined when it does not. */
export function langOfHash(hash: string): Lang | undefined {
  const m = LANG_PAIR.exec(hash);
  return m && isLang(m[2]) ? m[2] : undefined;
}

/**
 * The hash with its `lang` for a page in `lang`: English is the default, so an English page's
 * links carry none; any other is written last (`#/?lang=es`, `#/file-access?…&v=3&lang=es`).
 */
export function withLang(hash: string, lang: Lang = pageLang()): string {
  let bare = hash;
  while (LANG_PAIR.test(bare))
    bare = bare.replace(LANG_PAIR, (_, sep: string) => (sep === '?' ? '?' : '')).replace('?&', '?');
  if (bare.endsWith('?')) bare = bare.slice(0, -1);
  if (lang === DEFAULT_LANG) return bare;
  const base = bare === '' || bare === '#' ? '#/' : bare;
  return `${base}${base.includes('?') ? '&' : '?'}${LANG_KEY}=${lang}`;
}

/** The visitor's remembered choice (none in a private window that refuses storage). */
export function rememberedLang(): Lang | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLang(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers a choice made with the switch. */
export function rememberLang(lang: Lang): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // Storage refused: the link still carries the language.
  }
}

let current: Lang | undefined;

/** The language the page is in now (the app sets it as it renders; `withLang`'s default). */
export function pageLang(): Lang {
  return current ?? rememberedLang() ?? DEFAULT_LANG;
}

/**
 * The page's language for `hash`: the link's, else the page's until now, else remembered, else
 * English. Noted as the page's language (`pageLang`), for the links written while rendering.
 */
export function langForHash(hash: string): Lang {
  current = langOfHash(hash) ?? pageLang();
  return current;
}

/** A choice made with the switch: the page's language now, and remembered. */
export function chooseLang(lang: Lang): void {
  current = lang;
  rememberLang(lang);
}
