import type { MouseEvent } from 'react';
import { useLang, useT } from '../i18n/LangContext';
import { LANGS, type Lang } from '../i18n/lang';
import type { MessageId } from '../i18n/catalog';
import { chooseLang, withLang } from '../i18n/pageLang';
import { locationSnapshot, navigate, useLocationHash } from '../state/location';

/**
 * The language switch in the site's header: each language a link to this page and scenario in
 * it (its own name, in its own language). Choosing one remembers it; the address changes in
 * place (no history step), and focus stays on the switch.
 */
/** Each language's name, in that language. */
const NAME: Record<Lang, MessageId> = { en: 'lang.en', es: 'lang.es' };

export function LangSwitch() {
  const t = useT();
  const lang = useLang();
  const { hash } = useLocationHash();
  const choose = (e: MouseEvent, next: Lang) => {
    e.preventDefault();
    chooseLang(next);
    navigate(withLang(locationSnapshot().hash, next), { replace: true });
  };
  return (
    <ul className="lang-switch" role="list" aria-label={t('lang.switch')} data-testid="lang-switch">
      {LANGS.map((l) => (
        <li key={l}>
          <a
            href={withLang(hash, l)}
            lang={l}
            hrefLang={l}
            aria-current={l === lang ? 'true' : undefined}
            onClick={(e) => choose(e, l)}
            data-testid={`lang-${l}`}
          >
            {t(NAME[l])}
          </a>
        </li>
      ))}
    </ul>
  );
}
