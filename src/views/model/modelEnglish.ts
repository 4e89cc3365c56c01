import { use, type ReactNode } from 'react';

/**
 * The model page's English (src/i18n/parts/model.ts: `model.`, `results.`) is a chunk of its
 * own, so the first page's bundle does not carry it: the first model page fetches it, and
 * what is under `ModelEnglish` waits for it (a Suspense boundary above shows the page's
 * frame meanwhile). Lazy parts of the page import the part themselves.
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

export function ModelEnglish({ children }: { children: ReactNode }): ReactNode {
  if (!ready) use(loadModelEnglish());
  return children;
}
