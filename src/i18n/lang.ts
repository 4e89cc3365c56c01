/**
 * The app's languages: English (the source) and Spanish. Which one a page shows comes from the
 * link (`lang=es`), else the visitor's remembered choice, else English. Pure: views and data
 * loaders (lessons, glossary) take a `Lang`; the provider and the catalogues are beside it.
 */
export const LANGS = ['en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export function isLang(x: unknown): x is Lang {
  return typeof x === 'string' && (LANGS as readonly string[]).includes(x);
}

/** BCP 47 tags for `<html lang>` and `Intl` (numbers, units, lists). */
export const LOCALE: Record<Lang, string> = { en: 'en-US', es: 'es-ES' };
