import { PAPERS } from '../../papers/papers';

/**
 * Which paper a model page is about, by its title, authors and year (never only its seed
 * file), with two sentences about it behind "About this paper": a student who opens a shared
 * link sees whose measurements these are, when, and what they measured.
 */
export function PaperCredit({ paper, version }: { paper: string; version?: number }) {
  const info = PAPERS.find((p) => p.file === paper);
  return (
    <div className="paper-ref" data-testid="paper-credit">
      <p>
        {info ? (
          <>
            Paper: <cite>{info.title}</cite>, {info.authors}, {info.year}. {info.measures}
          </>
        ) : (
          <>
            Paper: <code>{paper}</code>
          </>
        )}
        {version !== undefined && <> · model version {version}</>}{' '}
        <span className="paper-file">
          (text: <code>{paper}</code>)
        </span>
      </p>
      {info && (
        <details className="paper-about" data-testid="paper-about">
          <summary>About this paper</summary>
          <p>
            {info.about} <span className="paper-dating">{info.dating}</span>
          </p>
        </details>
      )}
    </div>
  );
}
