import { PAPERS } from '../../papers/papers';

/**
 * Which paper a model page is about, by its title and authors (never only its seed file): a
 * student who opens a shared link sees whose measurements these are, and what they measured.
 */
export function PaperCredit({ paper, version }: { paper: string; version?: number }) {
  const info = PAPERS.find((p) => p.file === paper);
  return (
    <p className="paper-ref" data-testid="paper-credit">
      {info ? (
        <>
          Paper: <cite>{info.title}</cite>, {info.authors}. {info.measures}
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
  );
}
