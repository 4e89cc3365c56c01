import { useEffect, useState } from 'react';
import { useLang } from '../i18n/LangContext';

type TermsModule = typeof import('./withTerms');

/** The glossary's code and terms, once loaded (shared by every TermText on the page). */
let terms: TermsModule | null = null;
let loading: Promise<TermsModule> | null = null;
const load = () =>
  (loading ??= import('./withTerms').then((m) => {
    terms = m;
    return m;
  }));

/**
 * A text whose glossary terms become <Term>s once the glossary of the page's language has
 * loaded — after the first paint, in a chunk of its own, so the initial bundle does not carry
 * 60 definitions for the table titles. Until then (or if it cannot load) the text is shown
 * plain, the same words.
 */
export function TermText({ text }: { text: string }) {
  const lang = useLang();
  const glossary = terms?.glossaryNow(lang);
  const [, setReady] = useState(0);
  useEffect(() => {
    if (glossary) return;
    let live = true;
    load()
      .then((m) => m.glossaryFor(lang))
      .then(
        () => live && setReady((n) => n + 1),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [glossary, lang]);
  return <>{terms && glossary ? terms.withTerms(text, glossary) : text}</>;
}
