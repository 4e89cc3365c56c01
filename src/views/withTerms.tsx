import type { ReactNode } from 'react';
import { findTerms } from '../papers/glossary';
import { Term } from './Term';

/**
 * A plain text (a parameter's doc, a table's title, a lesson step) with the first occurrence
 * of each glossary term in it made a <Term>: hover, focus or tap shows its definition. Text
 * naming no term comes back as the same string.
 */
export function withTerms(text: string): ReactNode {
  const parts = findTerms(text);
  if (parts.length === 1 && parts[0]!.termId === undefined) return text;
  return parts.map((p, i) =>
    p.termId === undefined ? (
      p.text
    ) : (
      <Term key={`${i}-${p.termId}`} id={p.termId}>
        {p.text}
      </Term>
    ),
  );
}
