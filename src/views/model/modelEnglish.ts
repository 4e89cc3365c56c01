import { use, type ReactNode } from 'react';
import { useLang } from '../../i18n/LangContext';

/**
 * The model page's English (src/i18n/parts/model.ts: `model.`, `results.`) is a chunk of its
 * own, so the first page's bundle does not carry it: the first model page in English fetches
 * it, and what is under `ModelEnglish` waits for it (a Suspense boundary above shows the
 * page's frame meanwhile). Lazy parts of the page import the part themselves.
 */
let loading: Promise<void> | null = null;
let ready = false;

function loadModelEnglish(): Promise<void> {
  loading ??= import('../../i18n/parts/model').then(
    () => {
      ready = true;
    },
    (err: unknown) => {
      // A failed fetch is tried again at the next render (the error boundary's retry).
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Its children once the English is there; at once in another language, whose catalogue is
 * whole.
 */
export function ModelEnglish({ children }: { children: ReactNode }): ReactNode {
  const english = useLang() === 'en';
  if (!ready && english) use(loadModelEnglish());
  return children;
}
