import { useEffect, useState } from 'react';
import type { Lang } from '../i18n/lang';
import { useLang } from '../i18n/LangContext';
import type { ModelInfo } from '../models/types';

/** A model's title and summary, as the home page shows them. */
export interface ModelText {
  title: string;
  summary: string;
}
type Texts = Readonly<Record<string, ModelText>>;

/** The English texts are each model's own (info.ts); another language's load on first use. */
const loaded = new Map<Lang, Texts>([['en', {}]]);
let loadingEs: Promise<Texts> | null = null;

/** Every model's title and summary in `lang`, by model id (a model without one: English). */
export function modelTextsFor(lang: Lang): Promise<Texts> {
  const known = loaded.get(lang);
  if (known) return Promise.resolve(known);
  loadingEs ??= import('./modelTextsEs').then(
    ({ MODEL_TEXTS_ES }) => {
      loaded.set('es', MODEL_TEXTS_ES);
      return MODEL_TEXTS_ES;
    },
    (e: unknown) => {
      loadingEs = null;
      throw e;
    },
  );
  return loadingEs;
}

/** `info`'s title and summary in the language of `texts` (its own, English, when absent). */
export function modelText(info: ModelInfo, texts: Texts): ModelText {
  return texts[info.id] ?? { title: info.title, summary: info.summary };
}

/**
 * A model's title and summary in `lang`: English at once, another language once its texts
 * have loaded (until then, or if they cannot load, English).
 */
export function useModelText(lang: Lang): (info: ModelInfo) => ModelText {
  const [texts, setTexts] = useState<{ lang: Lang; texts: Texts } | null>(null);
  useEffect(() => {
    if (loaded.has(lang)) return;
    let live = true;
    modelTextsFor(lang).then(
      (t) => live && setTexts({ lang, texts: t }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lang]);
  const now = loaded.get(lang) ?? (texts?.lang === lang ? texts.texts : {});
  return (info) => modelText(info, now);
}

/** A model's title in the page's language; `short`: its part before the colon ("File access"). */
export function ModelTitle({ info, short = false }: { info: ModelInfo; short?: boolean }) {
  const { title } = useModelText(useLang())(info);
  return <>{short ? title.split(':')[0]!.trim() : title}</>;
}
