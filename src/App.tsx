import { Fragment, lazy, Suspense, useEffect, useMemo, useState, type MouseEvent } from 'react';
import {
  GLOSSARY_HASH,
  LESSONS_HASH,
  PREDICTIONS_HASH,
  readScenarioLink,
  useRoute,
} from './state/useRoute';
import { navigate, useLocationHash } from './state/location';
import { LINK_WORKER_CHARS } from './state/linkParse';
import { homeHash, scenarioLink } from './state/scenarioLink';
import { labTablesChannel } from './state/labClient';
import { ErrorBoundary } from './views/ErrorBoundary';
import { ModelPage } from './views/model/ModelPage';
import { ShortcutsButton, ShortcutsDialog } from './views/ShortcutsDialog';
import { UpdateBar } from './views/UpdateBar';
import type { LessonHost } from './views/lesson';
import type { Entry } from './state/entry';
import { LangProvider } from './i18n/LangProvider';
import { useLang, useT } from './i18n/LangContext';
import { langForHash, langOfHash, withLang } from './i18n/pageLang';
import { LangSwitch } from './views/LangSwitch';

/** The leave-out scoreboard: its own chunk, so the first load does not carry its data. */
const PredictionsPage = lazy(() => import('./views/PredictionsPage'));
const MachinePage = lazy(() => import('./views/machine/MachinePage'));
/** The home page: a link to a model (most links) does not load it. */
const HomePage = lazy(() => import('./views/HomePage').then((m) => ({ default: m.HomePage })));
/** The lessons (list and steps) and their files: their own chunks too. */
const Lessons = lazy(() => import('./views/lesson'));
/** The glossary of the papers' words: its own chunk (the terms' data is shared with Term). */
const GlossaryPage = lazy(() => import('./views/GlossaryPage'));
/** Class mode (a teacher's board, a student's page): its own chunk, used only with the server. */
const ClassPage = lazy(() => import('./views/class'));
/** What was wrong with a link: only a bad link loads it. */
const ProblemsBanner = lazy(() =>
  import('./views/ProblemsBanner').then((m) => ({ default: m.ProblemsBanner })),
);
/** Pages for a link to nothing: rare, so their own chunk. */
const NotFound = lazy(() => import('./views/NotFound').then((m) => ({ default: m.NotFound })));
const NotAnEmbed = lazy(() => import('./views/NotFound').then((m) => ({ default: m.NotAnEmbed })));
/** What the lesson page's chunk takes from here (see LessonHost): the codec, the model page. */
const LESSON_HOST: LessonHost = {
  parse: readScenarioLink,
  serialize: scenarioLink,
  tablesChannel: () => labTablesChannel('lesson'),
  renderModel: (model, scenario, view, nav) => (
    <ModelPage key={model.id} model={model} scenario={scenario} view={view} nav={nav} embedded />
  ),
};

/**
 * The app in the page's language (src/i18n/pageLang.ts): the link's `lang`, else the tab's,
 * else the visitor's choice. A page in Spanish whose address does not say so (a link inside
 * the app written without it) gets `lang=es` in place, so its address reproduces it.
 */
export function App({ entry = 'app' }: { entry?: Entry }) {
  const { hash } = useLocationHash();
  const lang = langForHash(hash);
  useEffect(() => {
    if (lang !== 'en' && langOfHash(hash) !== lang && hash.length <= LINK_WORKER_CHARS)
      navigate(withLang(hash, lang), { replace: true });
  }, [hash, lang]);
  return (
    <LangProvider lang={lang}>
      <AppPage entry={entry} />
    </LangProvider>
  );
}

function AppPage({ entry }: { entry: Entry }) {
  const t = useT();
  const lang = useLang();
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
        {t('shell.skip')}
      </a>
      {!embed && <SiteHeader view={view} page={route.page} />}
      <ShortcutsDialog />
      <UpdateBar />
      {showProblems && (
        <Suspense fallback={null}>
          <ProblemsBanner problems={problems} onDismiss={() => setDismissedKey(problemsKey)} />
        </Suspense>
      )}
      {routed.readingChars !== null && route.page !== 'loading' && (
        <p className="link-reading" role="status" data-testid="link-reading">
          {t('shell.readingLink', { chars: routed.readingChars })}
        </p>
      )}
      {/* Another language renders the page anew: no text or number of the old one is kept. */}
      <Fragment key={lang}>
        <ErrorBoundary resetKey={hash}>
          <RoutePage route={route} entry={entry} mode={mode} />
        </ErrorBoundary>
      </Fragment>
      {!embed && (
        <footer className="site-foot">
          <a
            href={withLang(GLOSSARY_HASH)}
            aria-current={route.page === 'glossary' ? 'page' : undefined}
          >
            {t('shell.glossary')}
          </a>
        </footer>
      )}
    </>
  );
}

type Routed = ReturnType<typeof useRoute>;

/** The site's header: the brand, the site's pages, the shortcuts. */
function SiteHeader({
  view,
  page,
}: {
  view: Routed['mode']['view'];
  page: Routed['route']['page'];
}) {
  const t = useT();
  return (
    <header className="site-head">
      <a href={homeHash(view)} className="brand">
        {t('shell.brand')}
      </a>
      <span className="tagline">{t('shell.tagline')}</span>
      <nav aria-label={t('shell.nav')} className="site-nav">
        <a
          href={withLang(PREDICTIONS_HASH)}
          aria-current={page === 'predictions' ? 'page' : undefined}
        >
          {t('shell.predictions')}
        </a>
        <a href={withLang(LESSONS_HASH)} aria-current={page === 'lessons' ? 'page' : undefined}>
          {t('shell.lessons')}
        </a>
        <a href={withLang('#/machine')} aria-current={page === 'machine' ? 'page' : undefined}>
          {t('shell.machine')}
        </a>
      </nav>
      <LangSwitch />
      <ShortcutsButton />
    </header>
  );
}

/** The page the route names, each lazy page behind its own loading state. */
function RoutePage({
  route,
  entry,
  mode,
}: {
  route: Routed['route'];
  entry: Entry;
  mode: Routed['mode'];
}) {
  const view = mode.view;
  const t = useT();
  return route.page === 'loading' ? (
    <main id="main" aria-busy="true" data-testid="link-reading">
      <p role="status">{t('shell.readingLink', { chars: route.chars })}</p>
    </main>
  ) : entry === 'embed' && route.page !== 'model' ? (
    <Suspense fallback={null}>
      <NotAnEmbed />
    </Suspense>
  ) : route.page === 'model' ? (
    <ModelPage key={route.model.id} model={route.model} scenario={route.scenario} mode={mode} />
  ) : route.page === 'predictions' ? (
    <Suspense
      fallback={
        <main id="main" className="predictions" aria-busy="true">
          <p>{t('shell.loadingScoreboard')}</p>
        </main>
      }
    >
      <PredictionsPage />
    </Suspense>
  ) : route.page === 'machine' ? (
    <Suspense fallback={<main id="main" aria-busy="true" />}>
      <MachinePage />
    </Suspense>
  ) : route.page === 'lessons' || route.page === 'lesson' ? (
    <Suspense
      fallback={
        <main id="main" className="lesson-page" aria-busy="true">
          <p>{t('shell.loadingLesson')}</p>
        </main>
      }
    >
      <Lessons {...route} view={view} host={LESSON_HOST} />
    </Suspense>
  ) : route.page === 'class' ? (
    <Suspense
      fallback={
        <main id="main" className="class-page" aria-busy="true">
          <p>{t('shell.loadingClass')}</p>
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
    <Suspense fallback={null}>
      <NotFound hash={route.hash} />
    </Suspense>
  ) : (
    <Suspense fallback={<main id="main" aria-busy="true" />}>
      <HomePage view={view} />
    </Suspense>
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
