import { useEffect, useState } from 'react';
import { useLang } from '../i18n/LangContext';

export type ModelTextModule = typeof import('./modelText');

let loaded: ModelTextModule | undefined;

/**
 * ./modelText.ts for a component of the first page's bundle (a table's head): loaded only
 * when the page is not in English, so English pages carry none of it; undefined until then
 * (the English shows meanwhile).
 */
export function useModelText(): ModelTextModule | undefined {
  const lang = useLang();
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (lang === 'en' || module) return;
    let live = true;
    void import('./modelText').then((m) => {
      loaded = m;
      if (live) setModule(m);
    });
    return () => {
      live = false;
    };
  }, [lang, module]);
  return lang === 'en' ? undefined : module;
}
