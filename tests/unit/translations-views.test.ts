/**
 * The pages take the Spanish data from the page's language (useLang()): the glossary page
 * lists the Spanish terms and a text links its Spanish words to their terms, once that
 * language's chunk has loaded; English stays English.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LangContext } from '../../src/i18n/LangContext';
import type { Lang } from '../../src/i18n/lang';
import { glossaryFor } from '../../src/papers/glossary';
import GlossaryPage from '../../src/views/GlossaryPage';
import { withTerms } from '../../src/views/withTerms';

const render = (lang: Lang, page: ReactElement) =>
  renderToStaticMarkup(createElement(LangContext.Provider, { value: lang }, page));

describe('Spanish pages', () => {
  it('the glossary page lists the terms of the page’s language', async () => {
    await glossaryFor('es');
    const es = render('es', createElement(GlossaryPage, {}));
    expect(es).toContain('fallo de página (page fault)');
    expect(es).toContain('Lo que ocurre cuando un programa toca memoria');
    expect(es).not.toContain('What happens when a program touches memory');
    const en = render('en', createElement(GlossaryPage, {}));
    expect(en).toContain('What happens when a program touches memory');
    expect(en).not.toContain('fallo de página');
  });

  it('a Spanish text links its Spanish words and the paper’s labels to their terms', async () => {
    const es = await glossaryFor('es');
    const html = renderToStaticMarkup(
      createElement(
        'p',
        null,
        withTerms('Cada página ausente provoca un fallo de página; FREAD lee 16 páginas.', es),
      ),
    );
    expect(html).toMatch(/data-term="page-fault"[^>]*>fallo de página</);
    expect(html).toMatch(/data-term="fread"[^>]*>FREAD</);
  });
});
