/** The page's language, for any component below the app's provider (English without one). */
import { createContext, Fragment, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_LANG, type Lang } from './lang';
import { dataText, message, messageParts, type MessageId, type Values } from './catalog';

export const LangContext = createContext<Lang>(DEFAULT_LANG);

export function useLang(): Lang {
  return useContext(LangContext);
}

/** A message's values that may be elements, and tags (`<a>…</a>`) given as functions. */
export type RichValues = Values<ReactNode>;

/** The page's messages: `t(id, values)` as text, `t.rich(id, values)` with elements in it. */
export interface Translate {
  (id: MessageId, values?: Values): string;
  rich(id: MessageId, values: RichValues): ReactNode;
  /** A piece of the app's data in the page's language (catalog.ts, `dataText`). */
  data(id: string, english: string): string;
  lang: Lang;
}

export function translator(lang: Lang): Translate {
  const t = ((id: MessageId, values?: Values) => message(lang, id, values)) as Translate;
  t.rich = (id, values) =>
    messageParts<ReactNode>(lang, id, values).map((part, i) => <Fragment key={i}>{part}</Fragment>);
  t.data = (id, english) => dataText(lang, id, english);
  t.lang = lang;
  return t;
}

/** The messages in the page's language. */
export function useT(): Translate {
  const lang = useLang();
  return useMemo(() => translator(lang), [lang]);
}
