import { lazy, Suspense, useEffect, useMemo, useState, type MouseEvent } from 'react';
import {
  GLOSSARY_HASH,
  LESSONS_HASH,
  PREDICTIONS_HASH,
  readScenarioLink,
  useRoute,
} from './state/useRoute';
import { useLocationHash } from './state/location';
import { homeHash, scenarioLink } from './state/scenarioLink';
import { ErrorBoundary } from './views/ErrorBoundary';
import { HomePage } from './views/HomePage';
import { ModelPage } from './views/model/ModelPage';
import { ProblemsBanner } from './views/ProblemsBanner';
import { ShortcutsButton, ShortcutsDialog } from './views/ShortcutsDialog';
import { UpdateBar } from './views/UpdateBar';
import type { LessonHost } from './views/lesson';
import { appBaseUrl, type Entry } from './state/entry';

/** The leave-out scoreboard: its own chunk, so the first load does not carry its data. */
const PredictionsPage = lazy(() => import('./views/PredictionsPage'));
/** The lessons (list and steps) and their files: their own chunks too. */
const Lessons = lazy(() => import('./views/lesson'));
/** The glossary of the papers' words: its own chunk (the terms' data is shared with Term). */
const GlossaryPage = lazy(() => import('./views/GlossaryPage'));
/** Class mode (a teacher's board, a student's page): its own chunk, used only with the server. */
const ClassPage = lazy(() => import('./views/class'));
/** What the lesson page's chunk takes from here (see LessonHost): the codec, the model page. */
const LESSON_HOST: LessonHost = {
  parse: readScenarioLink,
  serialize: scenarioLink,
  renderModel: (model, scenario, view, nav) => (
    <ModelPage key={model.id} model={model} scenario={scenario} view={view} nav={nav} embedded />
  ),
};

export function App({ entry = 'app' }: { entry?: Entry }) {
  const routed = useRoute();
  const { route, problems, problemsKey } = routed;
  // The embed entry shows every model page as an embed, whatever the hash says.
  const mode = useMemo(
    () => (entry === 'embed' ? { ...routed.mode, view: 'embed' as const } : routed.mode),
    [entry, routed.mode],
  );
  const view = mode.view;
  const { hash } = useLocationHash();
  // Dismissing hides the banner for this link only; opening another link with problems shows it.
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const showProblems = problems.length > 0 && dismissedKey !== problemsKey;
  // A new page (home, or another model) starts at the top; a parameter change keeps the scroll.
  const pageKey =
    route.page === 'model'
      ? route.model.id
      : route.page === 'lesson'
        ? `lesson/${route.lessonId}/${route.step}`
        : route.page === 'class'
          ? `class/${route.code}/${route.role}`
          : route.page;
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollTo, which is no cleanup.
    window.scrollTo(0, 0);
  }, [pageKey]);
  // Projector mode styles the whole document (root font size, colours): a class on <html>.
  const projector = view === 'projector';
  useEffect(() => {
    document.documentElement.classList.toggle('projector', projector);
  }, [projector]);
  // Inside another site's iframe (view=embed on a model page): no site header.
  const embed = (view === 'embed' && route.page === 'model') || entry === 'embed';
  useEffect(() => {
    document.documentElement.classList.toggle('embed', embed);
  }, [embed]);

  return (
    <>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      {!embed && (
        <header className="site-head">
          <a href={homeHash(view)} className="brand">
            Latency Lab
          </a>
          <span className="tagline">performance papers as live models</span>
          <nav aria-label="Site" className="site-nav">
            <a
              href={PREDICTIONS_HASH}
              aria-current={route.page === 'predictions' ? 'page' : undefined}
            >
              How well do the models predict?
            </a>
            <a href={LESSONS_HASH} aria-current={route.page === 'lessons' ? 'page' : undefined}>
              Lessons
            </a>
          </nav>
          <ShortcutsButton />
        </header>
      )}
      <ShortcutsDialog />
      <UpdateBar />
      {showProblems && (
        <ProblemsBanner problems={problems} onDismiss={() => setDismissedKey(problemsKey)} />
      )}
      <ErrorBoundary resetKey={hash}>
        {entry === 'embed' && route.page !== 'model' ? (
          <NotAnEmbed />
        ) : route.page === 'model' ? (
          <ModelPage
            key={route.model.id}
            model={route.model}
            scenario={route.scenario}
            mode={mode}
          />
        ) : route.page === 'predictions' ? (
          <Suspense
            fallback={
              <main id="main" className="predictions" aria-busy="true">
                <p>Loading the scoreboard…</p>
              </main>
            }
          >
            <PredictionsPage />
          </Suspense>
        ) : route.page === 'lessons' || route.page === 'lesson' ? (
          <Suspense
            fallback={
              <main id="main" className="lesson-page" aria-busy="true">
                <p>Loading the lesson…</p>
              </main>
            }
          >
            <Lessons {...route} view={view} host={LESSON_HOST} />
          </Suspense>
        ) : route.page === 'class' ? (
          <Suspense
            fallback={
              <main id="main" className="class-page" aria-busy="true">
                <p>Loading the class…</p>
              </main>
            }
          >
            <ClassPage code={route.code} role={route.role} view={view} host={LESSON_HOST} />
          </Suspense>
        ) : route.page === 'glossary' ? (
          <Suspense fallback={<main id="main" aria-busy="true" />}>
            <GlossaryPage term={route.term} />
          </Suspense>
        ) : route.page === 'notfound' ? (
          <NotFound hash={route.hash} />
        ) : (
          <HomePage view={view} />
        )}
      </ErrorBoundary>
      {!embed && (
        <footer className="site-foot">
          <a href={GLOSSARY_HASH} aria-current={route.page === 'glossary' ? 'page' : undefined}>
            Glossary of the papers’ terms
          </a>
        </footer>
      )}
    </>
  );
}

/** The embed entry with a link to no model page: say so, and link to the full app. */
function NotAnEmbed() {
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
function NotFound({ hash }: { hash: string }) {
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

/** `#main` would be read as a route; move focus instead of navigating. */
function skipToMain(e: MouseEvent) {
  e.preventDefault();
  const main = document.getElementById('main');
  if (main) {
    main.tabIndex = -1;
    main.focus();
  }
}
