import { useState } from 'react';
import { PAPERS } from '../../papers/papers';
import type { PaperAbout } from '../../papers/about';
import { useT, type Translate } from '../../i18n/LangContext';

/**
 * Which paper a model page is about, by its title, authors and year (never only its seed
 * file), with two sentences about it behind "About this paper" (loaded when opened): a student
 * who opens a shared link sees whose measurements these are, when, and what they measured.
 */
export function PaperCredit({ paper, version }: { paper: string; version?: number }) {
  const t = useT();
  const info = PAPERS.find((p) => p.file === paper);
  const [about, setAbout] = useState<PaperAbout | 'failed' | null>(null);
  const onToggle = (e: React.SyntheticEvent<HTMLDetailsElement>) => {
    if (!e.currentTarget.open || about) return;
    import('../../papers/about').then(
      (m) => setAbout(m.PAPER_ABOUT[paper] ?? 'failed'),
      () => setAbout('failed'),
    );
  };
  return (
    <div className="paper-ref" data-testid="paper-credit">
      <p>
        {info
          ? t.rich('model.paper', {
              cite: (c) => <cite>{c}</cite>,
              title: info.title,
              authors: info.authors,
              year: localYear(t, info.year),
              measures: t.data(`paper.${info.file.slice(0, 3)}`, info.measures),
            })
          : t('model.paperUnknown')}
        {version !== undefined && <> · {t('model.version', { version })}</>}
      </p>
      {info && (
        <details className="paper-about" data-testid="paper-about" onToggle={onToggle}>
          <summary>{t('model.about')}</summary>
          <p aria-busy={about === null}>
            {about === null
              ? t('common.loading')
              : about === 'failed'
                ? t('model.aboutFailed')
                : `${t.data(`about.${paper.slice(0, 3)}`, about.about)} `}
            {about !== null && about !== 'failed' && (
              <span className="paper-dating">
                {t.data(`dating.${paper.slice(0, 3)}`, about.dating)}
              </span>
            )}
          </p>
        </details>
      )}
    </div>
  );
}

/** A paper's date in the page's words: "after 1992", "October 2006"; "c. 2007" reads alike. */
function localYear(t: Translate, year: string): string {
  if (t.lang === 'en') return year;
  const after = /^after (\d+)$/.exec(year);
  if (after) return t('model.yearAfter', { year: after[1] ?? '' });
  const october = /^October (\d+)$/.exec(year);
  return october ? t('model.yearOctober', { year: october[1] ?? '' }) : year;
}
