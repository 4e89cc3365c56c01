import { useState } from 'react';
import { PAPERS } from '../../papers/papers';
import type { PaperAbout } from '../../papers/about';

/**
 * Which paper a model page is about, by its title, authors and year (never only its seed
 * file), with two sentences about it behind "About this paper" (loaded when opened): a student
 * who opens a shared link sees whose measurements these are, when, and what they measured.
 */
export function PaperCredit({ paper, version }: { paper: string; version?: number }) {
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
        {info ? (
          <>
            Paper: <cite>{info.title}</cite>, {info.authors}, {info.year}. {info.measures}
          </>
        ) : (
          <>Paper: one of the five papers</>
        )}
        {version !== undefined && <> · model version {version}</>}
      </p>
      {info && (
        <details className="paper-about" data-testid="paper-about" onToggle={onToggle}>
          <summary>About this paper</summary>
          <p aria-busy={about === null}>
            {about === null
              ? 'Loading…'
              : about === 'failed'
                ? 'This text could not be loaded; the link stays the same.'
                : `${about.about} `}
            {about !== null && about !== 'failed' && (
              <span className="paper-dating">{about.dating}</span>
            )}
          </p>
        </details>
      )}
    </div>
  );
}
