import { appBaseUrl } from '../state/entry';
import { LESSONS_HASH, PREDICTIONS_HASH } from '../state/useRoute';

/** The embed entry with a link to no model page: say so, and link to the full app. */
export function NotAnEmbed() {
  return (
    <main id="main" className="embed-page" data-testid="not-an-embed">
      <p>
        This embed link names no model.{' '}
        <a href={`${appBaseUrl()}${location.hash}`} target="_blank" rel="noopener">
          Open in Latency Lab <span aria-hidden="true">↗</span>
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </main>
  );
}

/** A link to no page: say so, and offer the ways in (the banner above names the problem). */
export function NotFound({ hash }: { hash: string }) {
  return (
    <main id="main" className="not-found" data-testid="not-found">
      <h1>No such page</h1>
      <p>
        Latency Lab has no page at <code>{hash.length > 80 ? `${hash.slice(0, 80)}…` : hash}</code>.
        A link may have been cut short or mistyped.
      </p>
      <ul>
        <li>
          <a href="#/">The papers and their models</a>
        </li>
        <li>
          <a href={LESSONS_HASH}>Lessons</a>
        </li>
        <li>
          <a href={PREDICTIONS_HASH}>How well do the models predict?</a>
        </li>
      </ul>
    </main>
  );
}
