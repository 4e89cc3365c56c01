import { useEffect, useState, type ReactNode } from 'react';

type WithTerms = (text: string) => ReactNode;

/** The glossary's code and terms, once loaded (shared by every TermText on the page). */
let withTerms: WithTerms | null = null;
let loading: Promise<void> | null = null;
const load = () =>
  (loading ??= import('./withTerms').then((m) => {
    withTerms = m.withTerms;
  }));

/**
 * A text whose glossary terms become <Term>s once the glossary has loaded — after the first
 * paint, in a chunk of its own, so the initial bundle does not carry 60 definitions for the
 * table titles. Until then (or if it cannot load) the text is shown plain, the same words.
 */
export function TermText({ text }: { text: string }) {
  const [, setReady] = useState(withTerms !== null);
  useEffect(() => {
    if (withTerms) return;
    let live = true;
    load().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return <>{withTerms ? withTerms(text) : text}</>;
}
