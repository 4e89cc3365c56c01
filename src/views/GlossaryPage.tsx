import '../i18n/pageMessages';
import { useEffect } from 'react';
import type { GlossaryTerm } from '../papers/glossary';
import { useLang, useT } from '../i18n/LangContext';
import { withLang } from '../i18n/pageLang';
import { paperNames } from './Term';
import { useGlossary } from './useGlossary';

/** `#/glossary/<id>`: the page, scrolled to that term (a `#term-…` anchor would be a route). */
export const glossaryHash = (id?: string) => withLang(id ? `#/glossary/${id}` : '#/glossary');

const initial = (t: GlossaryTerm) => t.term[0]!.toUpperCase();

/**
 * Every glossary term, alphabetically: its definition, other spellings, and the paper it
 * comes from. A letter index on top; each term has a link of its own.
 */
export default function GlossaryPage({ term }: { term?: string | undefined }) {
  // The terms in the page's language: none while its glossary loads.
  const glossary = useGlossary(useLang());
  const GLOSSARY_TERMS = glossary?.terms ?? [];
  const tr = useT();
  const docTitle = tr('glossary.docTitle');
  const brand = tr('shell.brand');
  useEffect(() => {
    document.title = docTitle;
    return () => {
      document.title = brand;
    };
  }, [docTitle, brand]);
  useEffect(() => {
    if (!term) return;
    const el = document.getElementById(`term-${term}`);
    el?.scrollIntoView({ block: 'start' });
    el?.focus({ preventScroll: true });
  }, [term, glossary]);
  const letters = [...new Set(GLOSSARY_TERMS.map(initial))];
  return (
    <main
      id="main"
      className="glossary-page"
      data-testid="glossary-page"
      aria-busy={glossary === null}
    >
      <h1>{tr('glossary.title')}</h1>
      <p>{tr('glossary.lede')}</p>
      <nav aria-label={tr('glossary.letters')}>
        <ul className="glossary-letters">
          {letters.map((l) => (
            <li key={l}>
              <a href={glossaryHash(GLOSSARY_TERMS.find((t) => initial(t) === l)!.id)}>{l}</a>
            </li>
          ))}
        </ul>
      </nav>
      <dl className="glossary-list" data-testid="glossary-list">
        {GLOSSARY_TERMS.map((t) => {
          const also = t.match.filter((m) => !t.term.includes(m));
          return (
            <div key={t.id} data-term={t.id}>
              <dt id={`term-${t.id}`} tabIndex={-1}>
                {t.term}
                <a href={glossaryHash(t.id)} aria-label={tr('glossary.link', { term: t.term })}>
                  #
                </a>
              </dt>
              <dd>{t.definition}</dd>
              {also.length > 0 && (
                <dd className="glossary-also">
                  {tr('glossary.also', { spellings: also.join(', ') })}
                </dd>
              )}
              <dd className="glossary-source">
                {tr(t.textbook ? 'glossary.textbook' : 'glossary.from', { papers: paperNames(t) })}
              </dd>
            </div>
          );
        })}
      </dl>
    </main>
  );
}
