import { useT } from '../i18n/LangContext';

/**
 * What the full app shows instead of itself inside another site's frame, when the host sent no
 * `frame-ancestors` header to stop it (src/main.tsx decides): a sentence and a link that opens
 * the same address in a tab of its own. No app UI, so a hidden frame has nothing to click.
 */
export function FramedNotice({ href }: { href: string }) {
  const t = useT();
  return (
    <main id="main" className="framed-notice" data-testid="framed-notice">
      <p>
        {t('shell.framed')}{' '}
        <a href={href} target="_blank" rel="noopener noreferrer">
          {t('shell.framedOpen')} <span aria-hidden="true">↗</span>
          <span className="visually-hidden"> {t('shell.newTab')}</span>
        </a>
      </p>
    </main>
  );
}
