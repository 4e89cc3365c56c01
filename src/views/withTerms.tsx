import type { ReactNode } from 'react';
import { GLOSSARY_EN, type Glossary } from '../papers/glossary';
import { Term } from './Term';

export { glossaryFor, glossaryNow } from '../papers/glossary';

/**
 * A plain text (a parameter's doc, a table's title, a lesson step) with the first occurrence
 * of each term of `glossary` (the page's language's; English by default) in it made a <Term>:
 * hover, focus or tap shows its definition. Text naming no term comes back as the same string.
 */
export function withTerms(text: string, glossary: Glossary = GLOSSARY_EN): ReactNode {
  const parts = glossary.findTerms(text);
  if (parts.length === 1 && parts[0]!.termId === undefined) return text;
  return parts.map((p, i) =>
    p.termId === undefined ? (
      p.text
    ) : (
      <Term key={`${i}-${p.termId}`} id={p.termId} glossary={glossary}>
        {p.text}
      </Term>
    ),
  );
}
