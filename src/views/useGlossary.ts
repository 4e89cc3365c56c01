import { useEffect, useState } from 'react';
import type { Lang } from '../i18n/lang';
import { glossaryFor, glossaryNow, GLOSSARY_EN, type Glossary } from '../papers/glossary';

/**
 * The glossary in `lang` (src/papers/glossary.ts, glossaryFor): at once when already loaded
 * (English always), else null until its words arrive; if they cannot load, the English one.
 * Not for the first page's components: it imports the glossary (TermText loads it lazily).
 */
export function useGlossary(lang: Lang): Glossary | null {
  const [loaded, setLoaded] = useState<Glossary | null>(null);
  const now = glossaryNow(lang);
  useEffect(() => {
    if (glossaryNow(lang)) return;
    let live = true;
    glossaryFor(lang).then(
      (g) => live && setLoaded(g),
      () => live && setLoaded(GLOSSARY_EN),
    );
    return () => {
      live = false;
    };
  }, [lang]);
  return now ?? (loaded && (loaded.lang === lang || loaded === GLOSSARY_EN) ? loaded : null);
}
