/**
 * What the class pages share to speak the page's language: numbers as the room reads them
 * (`Intl`, the page's locale), dates and times, and the class server's problems.
 *
 * The server answers a refusal with its English sentence (`error`, for API clients), a stable
 * code and the sentence's values (src/class/refusals.ts); the pages show the code's message
 * `class.server.<code>` with those values (tests/unit/class-refusals.test.ts keeps the two
 * in step).
 */
import '../../i18n/parts/classServer';
import { isProblemCode, type Problem } from '../../class/refusals';
import type { Translate } from '../../i18n/LangContext';
import { LOCALE, type Lang } from '../../i18n/lang';
import { numberLocale } from '../../format';

const formatters = new Map<string, Intl.NumberFormat>();
/**
 * A value to `digits` significant digits in the page's locale, ungrouped: `1230`, `0.5` in
 * English (as `+v.toPrecision(digits)` wrote them), `0,5` in Spanish.
 */
export function sig(v: number, digits = 3): string {
  const key = `${numberLocale()}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(), {
      maximumSignificantDigits: digits,
      useGrouping: false,
    });
    formatters.set(key, f);
  }
  return f.format(v);
}

/** The locale for dates and times: the browser's own in English (as before), else the page's. */
export const dateLocale = (lang: Lang): string | undefined =>
  lang === 'en' ? undefined : LOCALE[lang];

/**
 * A problem in the page's language: the message `class.server.<code>` with its values (numbers
 * through `Intl`, in the page's locale), or the server's English sentence for a code this page
 * does not know (a newer server's) or none.
 */
export function said(t: Translate, p: Problem): string {
  if (!isProblemCode(p.code)) return p.error;
  try {
    return t(`class.server.${p.code}`, p.values);
  } catch {
    // Values that do not fit the message (a server of another version): its own words.
    return p.error;
  }
}
