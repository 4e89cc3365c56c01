import '../i18n/pageMessages';
import { useT } from '../i18n/LangContext';
import { withLang } from '../i18n/pageLang';
import { appBaseUrl } from '../state/entry';
import { LESSONS_HASH, PREDICTIONS_HASH } from '../state/useRoute';

/** The embed entry with a link to no model page: say so, and link to the full app. */
export function NotAnEmbed() {
  const t = useT();
  return (
    <main id="main" className="embed-page" data-testid="not-an-embed">
      <p>
        {t('notEmbed.body')}{' '}
        <a href={`${appBaseUrl()}${location.hash}`} target="_blank" rel="noopener">
          {t('notEmbed.open')} <span aria-hidden="true">↗</span>
          <span className="visually-hidden"> {t('shell.newTab')}</span>
        </a>
      </p>
    </main>
  );
}

/** A link to no page: say so, and offer the ways in (the banner above names the problem). */
export function NotFound({ hash }: { hash: string }) {
  const t = useT();
  return (
    <main id="main" className="not-found" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>
        {t.rich('notFound.body', {
          code: (chunks) => <code>{chunks}</code>,
          hash: hash.length > 80 ? `${hash.slice(0, 80)}…` : hash,
        })}
      </p>
      <ul>
        <li>
          <a href={withLang('#/')}>{t('notFound.home')}</a>
        </li>
        <li>
          <a href={withLang(LESSONS_HASH)}>{t('shell.lessons')}</a>
        </li>
        <li>
          <a href={withLang(PREDICTIONS_HASH)}>{t('shell.predictions')}</a>
        </li>
      </ul>
    </main>
  );
}
