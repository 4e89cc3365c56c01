import { createContext, useContext, type ReactNode } from 'react';
import { useT, type Translate } from '../i18n/LangContext';
import { useModelText, type ModelTextModule } from './useModelText';

/**
 * Whether a table's method notes (the interval method, the covariance, the source file and
 * section) are folded behind a "Method notes" toggle: in an embed, where a course page wants
 * the table, not how it was fitted. The page itself shows them.
 */
export const FoldMethodNotes = createContext(false);

/** The table's source and notes: as they are, or folded in a <details> in an embed. */
export function MethodNotes({
  table,
  source,
  children,
}: {
  table: string;
  source: string;
  children: ReactNode;
}) {
  const folded = useContext(FoldMethodNotes);
  const t = useT();
  const texts = useModelText();
  if (!folded) return <>{children}</>;
  return (
    <details className="method-notes" data-testid="method-notes">
      <summary>{t('common.methodNotes')}</summary>
      <p className="caption-source">
        {t('common.source', { source: localSource(t, texts, table, source) })}
      </p>
      {children}
    </details>
  );
}

/** A table caption's "Source: …": in an embed it moves into the method notes. */
export function CaptionSource({ table, source }: { table: string; source: string }) {
  const folded = useContext(FoldMethodNotes);
  const t = useT();
  const texts = useModelText();
  return folded ? null : (
    <span className="caption-source">
      {t('common.source', { source: localSource(t, texts, table, source) })}
    </span>
  );
}

/**
 * A table's source in the page's words: the model's part of it ("model (…)"), the words after a
 * paper's citation (`tableSource`); citations stay.
 */
function localSource(
  t: Translate,
  texts: ModelTextModule | undefined,
  table: string,
  source: string,
): string {
  if (t.lang === 'en') return source;
  if (source === 'model') return t('common.sourceModel');
  if (source === 'model only (no paper values)') return t('common.sourceModelOnly');
  const words = (s: string) => texts?.tableSource(t, table, s) ?? s;
  const after = /^model \((.*)\)$/.exec(source);
  return after ? t('common.sourceModelAfter', { source: words(after[1] ?? '') }) : words(source);
}
