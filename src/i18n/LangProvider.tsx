import { useEffect, useReducer, useRef, type ReactNode } from 'react';
import { setNumberLocale } from '../format';
import { hasCatalogue, loadCatalogue, message } from './catalog';
import { LangContext } from './LangContext';
import { LOCALE, type Lang } from './lang';

/**
 * The page in `lang`: the context below it, `<html lang>`, and the numbers of src/format in
 * that locale. A language whose catalogue is not loaded yet (the first switch to Spanish) is
 * shown once it is; until then the page stays in the language it was in. (App.tsx renders the
 * page's content anew on a change, so nothing keeps text or numbers of the other language;
 * the site's header stays, with the switch and its focus.)
 */
export function LangProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const shownRef = useRef<Lang>(hasCatalogue(lang) ? lang : 'en');
  if (hasCatalogue(lang)) shownRef.current = lang;
  const shown = shownRef.current;
  useEffect(() => {
    if (!hasCatalogue(lang)) void loadCatalogue(lang).then(loaded, () => undefined);
  }, [lang]);
  useEffect(() => {
    document.documentElement.lang = shown;
  }, [shown]);
  setNumberLocale(LOCALE[shown], { unbounded: message(shown, 'format.unbounded') });
  return <LangContext.Provider value={shown}>{children}</LangContext.Provider>;
}
