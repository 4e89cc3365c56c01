import {
  lazy,
  memo,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
} from 'react';
import { ChartScale, DownloadName } from '../../charts/useWidth';
import type { ModelInfo } from '../../models/types';
import { paramsDifferingFromPreset, type LinkMode, type Scenario, type View } from '../../scenario';
import { useLocationHash } from '../../state/location';
import { knownReading, useLinkReadings } from '../../state/linkParse';
import { appBaseUrl } from '../../state/entry';
import { scenarioHash } from '../../state/scenarioLink';
import { useScenarioActions, useUndoKeys, type ScenarioNav } from '../../state/scenarioActions';
import { useChangeBase } from '../../state/useChangeBase';
import { useLiveScenario, useModelSession } from '../../state/useModelSession';
import type { ModelSession } from '../../state/modelSession';
import { useScenarioResults } from '../../state/useScenarioResults';
import { Results, useResultsSettled } from '../Results';
import {
  ChangeSummary,
  ComparePanel,
  Controls,
  ExploreStrip,
  BelowResults,
  VersionChange,
} from './lazyParts';
import { PageTools } from './PageTools';
import { PaperCredit } from './PaperCredit';
import { PresetLinks } from './PresetLinks';
import { useStuckHeight } from './useStuckHeight';
import { useT } from '../../i18n/LangContext';
import { modelText } from '../../i18n/modelText';
import '../../i18n/parts/model';

/** The page inside another site's iframe (view=embed): only embeds load it. */
const EmbeddedModel = lazy(() =>
  import('./EmbeddedModel').then((m) => ({ default: m.EmbeddedModel })),
);

/** Charts in projector mode: type, lines and marks this many times their usual size. */
const PROJECTOR_CHART_SCALE = 1.6;

const findTools = () => document.querySelector<HTMLElement>('#main > .page-tools');
const findStrip = () => document.querySelector<HTMLElement>('[data-testid=explore-strip]');

/**
 * A model's page, results first: the title, the paper tables, the tools (copy link, undo,
 * redo, reset, projector), the tables and charts, then the hand's column: the explore strip
 * and the parameters. On a wide window the two are panes side by side, the hand's column
 * sticky and scrolling by itself (ModelPage.css); notes that come with a change go under the
 * tables, so the table being explored never moves while a knob does. In the tab order the
 * parameters come after the results.
 */
export function ModelPage(props: ModelPageProps) {
  const { model, embedded = false } = props;
  const page = useModelPage(props);
  const { mode, view, session, pinnedScenario, pinnedResults, actions } = page;
  if (view === 'embed' && !embedded) {
    return (
      <Suspense fallback={<main id="main" aria-busy="true" />}>
        <LiveEmbeddedModel
          session={session}
          model={model}
          mode={mode}
          results={page.results}
          pinnedResults={pinnedScenario ? pinnedResults : null}
          panelsScenario={page.scenario}
          setParam={actions.setParam}
        />
      </Suspense>
    );
  }
  return <ModelPageView page={page} props={props} />;
}

/** The page itself (its English is in the first page's bundle: ../../i18n/parts/model). */
function ModelPageView({ page, props }: { page: ModelPageState; props: ModelPageProps }) {
  const { model, nav, embedded = false } = props;
  const { mode, view, scenario, results, session, actions } = page;
  const t = useT();
  const Root = embedded ? 'div' : 'main';
  return (
    <Root
      id={embedded ? undefined : 'main'}
      className={`model-page${page.explore ? ' has-explore' : ''}`}
    >
      <ModelHead model={model} scenario={scenario} embedded={embedded} />
      <PresetLinks model={model} scenario={scenario} view={view} nav={nav} />
      <PageTools
        model={model}
        scenario={scenario}
        mode={mode}
        results={results}
        actions={actions}
        changed={page.differing.length > 0}
        inStep={nav !== undefined}
        embedded={embedded}
      />
      <div className="workspace">
        <OutputPane page={page} model={model} nav={nav} />
        {/* The hand's column: the knob being explored with its cells and chart, then every
            parameter. On a wide screen it stays beside the tables and scrolls by itself; on a
            narrow one the explore strip is a sheet at the window's foot. */}
        <div className="side" data-testid="side">
          {page.explore && (
            <Suspense fallback={null}>
              <LiveExploreStrip
                session={session}
                model={model}
                shownParams={scenario.params}
                results={results}
                knob={page.knob}
                onKnob={page.setKnob}
                change={page.change}
                onChange={actions.setParam}
              />
            </Suspense>
          )}
          <section className="panel" aria-labelledby="params-heading">
            <h2 id="params-heading">{t('model.parameters')}</h2>
            <Suspense fallback={<p className="status-line">{t('model.loadingControls')}</p>}>
              <LiveControls
                session={session}
                model={model}
                onChange={actions.setParam}
                onExplore={page.explore ? page.setKnob : undefined}
              />
            </Suspense>
          </section>
        </div>
      </div>
    </Root>
  );
}

interface ModelPageProps {
  model: ModelInfo;
  scenario: Scenario;
  view?: View | undefined;
  /** The link's view, an embed's controls and a pinned scenario A (overrides `view`). */
  mode?: LinkMode | undefined;
  /** Inside another page's <main> (a lesson step): a <div>, its title an <h2>, no page title. */
  embedded?: boolean;
  /** A lesson step's: changes stay in the step's link, and Reset returns to its scenario. */
  nav?: ScenarioNav | undefined;
}

type ModelPageState = ReturnType<typeof useModelPage>;

/** The page's state: its session, compare's pinned A, the change, the actions, the knob. */
function useModelPage({
  model,
  scenario: linkScenario,
  view: viewProp,
  mode: modeProp,
  nav,
  embedded = false,
}: ModelPageProps) {
  const mode: LinkMode = modeProp ?? { view: viewProp };
  const view = mode.view;
  // The page's session owns its worker channel; its scenario is ahead of the link mid-gesture.
  const { scenario, results, session } = useModelSession(model, linkScenario, (s) =>
    nav ? nav.hashOf(s, view) : scenarioHash(s, mode),
  );
  // Compare mode: scenario A, pinned, computed on channels of its own.
  const pinnedParams = mode.pinned;
  const pinnedScenario = useMemo(
    () => (pinnedParams ? { ...scenario, params: pinnedParams } : null),
    // A new object on every parse; its link identifies it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pinnedParams && scenarioHash({ ...scenario, params: pinnedParams })],
  );
  const pinnedResults = useScenarioResults(pinnedScenario, 'pinned');
  // What changed and why: the tables before the current gesture, kept implicitly.
  const tablesNow = results.tables?.value.tables ?? null;
  const change = useChangeBase(
    scenario.params,
    tablesNow,
    results.tables?.hash === scenarioHash(scenario),
  );
  const actions = useScenarioActions(model, session, mode, nav);
  useUndoKeys(actions.undo, actions.redo);
  const linkVersion = useLinkVersion();
  const base = nav?.base.params;
  const differing = useMemo(
    () =>
      base
        ? model.params.filter((p) => base[p.key] !== scenario.params[p.key]).map((p) => p.key)
        : paramsDifferingFromPreset(model, scenario.params),
    [model, scenario.params, base],
  );
  const t = useT();
  usePageTitle(t.data(`model.${model.id}`, model.title), embedded);
  // The knob the explore strip shows: the model's own, until another is touched or chosen.
  const [knob, setKnob] = useState(model.dragParam ?? '');
  // Not in a lesson step (its answers are hidden until the reveal) nor in an embed.
  const explore = !embedded;
  // The bars that stay on screen, measured for the page's scroll padding and the hand's column.
  useStuckHeight('--tools-h', findTools, !embedded && view !== 'embed');
  useStuckHeight('--strip-h', findStrip, explore && view !== 'embed');
  return {
    mode,
    view,
    scenario,
    results,
    session,
    pinnedParams,
    pinnedScenario,
    pinnedResults,
    tablesNow,
    change,
    actions,
    linkVersion,
    differing,
    knob,
    setKnob,
    explore,
  };
}

/** The version the address bar's link was made with, when older than the model's. */
function useLinkVersion() {
  const { hash: locationHash } = useLocationHash();
  // The route's own reading (src/state/linkParse.ts): a long link is not read a second time.
  const landed = useLinkReadings();
  return useMemo(
    () => knownReading(locationHash)?.linkVersion,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `landed`: a reading came
    [locationHash, landed],
  );
}

/** The window's title while the page is open (not a lesson step's). */
function usePageTitle(title: string, embedded: boolean) {
  useEffect(() => {
    if (embedded) return;
    document.title = `${title} — Latency Lab`;
    return () => {
      document.title = 'Latency Lab';
    };
  }, [title, embedded]);
}

/** The model's title, summary and paper; on paper, the scenario's link. */
function ModelHead({
  model,
  scenario,
  embedded,
}: {
  model: ModelInfo;
  scenario: Scenario;
  embedded: boolean;
}) {
  const Title = embedded ? 'h2' : 'h1';
  const t = useT();
  return (
    <header className="model-head">
      <Title>{t.data(`model.${model.id}`, model.title)}</Title>
      <p className="summary-text">{modelText(t, `${model.id}.summary`, model.summary)}</p>
      <PaperCredit paper={model.paper} version={model.version} />
      {!embedded && (
        <p className="print-only" data-testid="print-link">
          {t('model.thisScenario', { link: appBaseUrl() + scenarioHash(scenario) })}
        </p>
      )}
    </header>
  );
}

/** What the results pane and the notes under its tables read. */
interface PaneProps {
  page: ModelPageState;
  model: ModelInfo;
  nav: ScenarioNav | undefined;
}

/** The results pane: compare's panel, the tables, the notes under them, the charts, the map. */
function OutputPane({ page, model, nav }: PaneProps) {
  const { scenario, results, pinnedParams, pinnedScenario, pinnedResults } = page;
  const t = useT();
  return (
    <section className="output" aria-labelledby="results-heading">
      {pinnedParams && (
        <Suspense fallback={<p className="status-line">{t('model.loadingComparison')}</p>}>
          <ComparePanel
            model={model}
            pinned={pinnedParams}
            params={scenario.params}
            a={pinnedResults}
            b={results}
          />
        </Suspense>
      )}
      <h2 id="results-heading">
        {pinnedParams ? t('model.besidePaperB') : t('model.besidePaper')}
      </h2>
      <ChartScale.Provider value={page.view === 'projector' ? PROJECTOR_CHART_SCALE : 1}>
        <DownloadName.Provider value={model.id}>
          <Results
            results={results}
            pinned={pinnedScenario ? pinnedResults : null}
            // Notes that come with a change go under the tables, never above them: the
            // table being explored keeps its place while a knob moves.
            afterTables={<ChangeNotes page={page} model={model} nav={nav} />}
          />
          <UnderCharts page={page} model={model} />
        </DownloadName.Provider>
      </ChartScale.Provider>
    </section>
  );
}

/**
 * Under the charts: the model's panels and the regime map, once the results have settled (the
 * charts drawn, the intervals in). The page grows downward in order, so a fold here never moves
 * as it is clicked.
 */
function UnderCharts({ page, model }: { page: ModelPageState; model: ModelInfo }) {
  const { scenario, results } = page;
  if (!useResultsSettled(results)) return null;
  // One boundary: the panels and the sections under them appear when all their code is in.
  return (
    <Suspense fallback={null}>
      <BelowResults
        model={model}
        scenario={scenario}
        results={results}
        onChange={page.actions.setParam}
        explore={page.explore}
      />
    </Suspense>
  );
}

/** Under the tables: that the experiment differs, what changed and why, a version change. */
function ChangeNotes({ page, model, nav }: PaneProps) {
  const { differing, change, scenario, results, linkVersion } = page;
  const t = useT();
  const labelOf = (key: string) => {
    const label = model.params.find((p) => p.key === key)?.label;
    return label === undefined ? key : t.data(`${model.id}.param.${key}.label`, label);
  };
  const params = differing.map(labelOf).join(', ');
  return (
    <>
      {differing.length > 0 && (
        <p className="calm-note" data-testid="differs-note">
          {nav ? t('model.differsStep', { params }) : t('model.differs', { params })}
        </p>
      )}
      {change && (
        <Suspense fallback={null}>
          <DeferredChangeSummary
            model={model}
            change={change}
            tables={page.tablesNow}
            params={scenario.params}
          />
        </Suspense>
      )}
      {linkVersion !== undefined && (
        <Suspense fallback={null}>
          <VersionChange
            model={model}
            scenario={scenario}
            linkVersion={linkVersion}
            tables={results.tables?.value.tables ?? null}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * What changed and why, a render behind the tables: a step's tables are committed first, the
 * story (a few milliseconds of its own) right after them (issue #31). It sits under the
 * tables, so it never moves them.
 */
function DeferredChangeSummary(props: ComponentProps<typeof ChangeSummary>) {
  const change = useDeferredValue(props.change);
  const tables = useDeferredValue(props.tables);
  const params = useDeferredValue(props.params);
  return <StoryOf model={props.model} change={change} tables={tables} params={params} />;
}
/** Drawn again only when what it tells changes (not in the tables' own render). */
const StoryOf = memo(ChangeSummary);

/**
 * The parameters, following the scenario in hand: a step re-renders them at once, the rest of
 * the page once the step's tables are there (src/state/modelSession.ts).
 */
function LiveControls({
  session,
  ...props
}: { session: ModelSession } & Omit<ComponentProps<typeof Controls>, 'values'>) {
  const live = useLiveScenario(session);
  return <Controls {...props} values={live.params} />;
}

/** The explore strip, its knob and its chart's "now" following the scenario in hand. */
function LiveExploreStrip({
  session,
  ...props
}: { session: ModelSession } & Omit<ComponentProps<typeof ExploreStrip>, 'scenario'>) {
  const live = useLiveScenario(session);
  return <ExploreStrip {...props} scenario={live} />;
}

/** An embed's page: its own controls, so it follows the scenario in hand. */
function LiveEmbeddedModel({
  session,
  panelsScenario: given,
  ...props
}: { session: ModelSession } & Omit<ComponentProps<typeof EmbeddedModel>, 'scenario'>) {
  const live = useLiveScenario(session);
  // The model's own panels follow a drag at low priority, so the tables come first.
  const panelsScenario = useDeferredValue(given);
  return <EmbeddedModel {...props} scenario={live} panelsScenario={panelsScenario} />;
}
