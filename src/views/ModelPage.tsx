import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { ModelInfo } from '../models/types';
import {
  paramsDifferingFromPreset,
  parsePermalink,
  presetScenario,
  type LinkMode,
  type Scenario,
  type View,
} from '../scenario';
import { useLocationHash } from '../state/location';
import { ChartScale, DownloadName } from '../charts/useWidth';
import { absoluteLink, scenarioHash } from '../state/scenarioLink';
import { setView, useScenarioActions, useUndoKeys, type ScenarioNav } from '../state/useRoute';
import { useScenarioResults } from '../state/useScenarioResults';
import { CopyLink } from './CopyLink';
import { ModelExtras } from './extras';
import { Results } from './Results';

/** Lazy: the results-document buttons stay out of the initial bundle. */
const ResultsJson = lazy(() => import('./ResultsJson').then((m) => ({ default: m.ResultsJson })));

/** Only for a link made with an older model version: its own chunk. */
const VersionChange = lazy(() =>
  import('./VersionChange').then((m) => ({ default: m.VersionChange })),
);

/** The controls come after the results, so their code loads after the page's. */
const Controls = lazy(() => import('./Controls').then((m) => ({ default: m.Controls })));

/** Compare mode's parameter differences and difference tables: only for a compare link. */
const ComparePanel = lazy(() =>
  import('./ComparePanel').then((m) => ({ default: m.ComparePanel })),
);

/** The embed snippet builder, once asked for. */
const EmbedPanel = lazy(() => import('./EmbedPanel').then((m) => ({ default: m.EmbedPanel })));

/** An embed's read-only parameter values (`controls=read`). */
const ParamReadout = lazy(() =>
  import('./ParamReadout').then((m) => ({ default: m.ParamReadout })),
);

/** Charts in projector mode: type, lines and marks this many times their usual size. */
const PROJECTOR_CHART_SCALE = 1.6;

/** The preset the scenario's paper table selects, for models that have a `presetParam`. */
function currentPresetId(model: ModelInfo, scenario: Scenario): string | undefined {
  if (!model.presetParam) return undefined;
  const selected = String(scenario.params[model.presetParam]);
  return model.presets.find((p) => p.id === selected)?.id;
}

/**
 * A model's page, results first: the title, the paper tables, the tools (copy link, undo,
 * redo, reset, projector), the tables and charts, then the parameters. The parameters follow
 * the page's own scroll (no inner scroll box); in the tab order they come after the results.
 */
export function ModelPage({
  model,
  scenario,
  view: viewProp,
  mode: modeProp,
  nav,
  embedded = false,
}: {
  model: ModelInfo;
  scenario: Scenario;
  view?: View | undefined;
  /** The link's view, an embed's controls and a pinned scenario A (overrides `view`). */
  mode?: LinkMode | undefined;
  /** Inside another page's <main> (a lesson step): a <div>, its title an <h2>, no page title. */
  embedded?: boolean;
  /** A lesson step's: changes stay in the step's link, and Reset returns to its scenario. */
  nav?: ScenarioNav | undefined;
}) {
  const mode: LinkMode = modeProp ?? { view: viewProp };
  const view = mode.view;
  const hash = scenarioHash(scenario);
  const results = useScenarioResults(scenario);
  // Compare mode: scenario A, pinned, computed on channels of its own.
  const pinnedParams = mode.pinned;
  const pinnedScenario = useMemo(
    () => (pinnedParams ? { ...scenario, params: pinnedParams } : null),
    // A new object on every parse; its link identifies it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pinnedParams && scenarioHash({ ...scenario, params: pinnedParams })],
  );
  const pinnedResults = useScenarioResults(pinnedScenario, 'pinned');
  const [embedOpen, setEmbedOpen] = useState(false);
  // The model's own panels follow a drag at low priority, so the tables come first.
  const panelsScenario = useDeferredValue(scenario);
  const { setParam, reset, undo, redo, canUndo, canRedo, pin, unpin, swap } = useScenarioActions(
    model,
    scenario,
    mode,
    nav,
  );
  useUndoKeys(undo, redo);
  // The version the address bar's link was made with, when older than the model's.
  const { hash: locationHash } = useLocationHash();
  const linkVersion = useMemo(() => parsePermalink(locationHash).linkVersion, [locationHash]);
  const presetId = currentPresetId(model, scenario);
  const base = nav?.base.params;
  const differing = useMemo(
    () =>
      base
        ? model.params.filter((p) => base[p.key] !== scenario.params[p.key]).map((p) => p.key)
        : paramsDifferingFromPreset(model, scenario.params),
    [model, scenario.params, base],
  );
  const presetLinks = useMemo(
    () => model.presets.map((p) => ({ ...p, hash: scenarioHash(presetScenario(model, p.id)) })),
    [model],
  );
  const presetHref = (id: string, plain: string) =>
    nav
      ? nav.hashOf(presetScenario(model, id), view)
      : view
        ? scenarioHash(presetScenario(model, id), view)
        : plain;
  useEffect(() => {
    if (embedded) return;
    document.title = `${model.title} — Latency Lab`;
    return () => {
      document.title = 'Latency Lab';
    };
  }, [model.title, embedded]);
  const labelOf = (key: string) => model.params.find((p) => p.key === key)?.label ?? key;
  const projector = view === 'projector';
  const Root = embedded ? 'div' : 'main';
  const Title = embedded ? 'h2' : 'h1';

  if (view === 'embed' && !embedded) {
    return (
      <EmbeddedModel
        model={model}
        scenario={scenario}
        mode={mode}
        results={results}
        pinnedResults={pinnedScenario ? pinnedResults : null}
        panelsScenario={panelsScenario}
        setParam={setParam}
      />
    );
  }

  return (
    <Root id={embedded ? undefined : 'main'} className="model-page">
      <header className="model-head">
        <Title>{model.title}</Title>
        <p className="summary-text">{model.summary}</p>
        <p className="paper-ref">
          Paper: <code>{model.paper}</code> · model version {model.version}
        </p>
      </header>

      <nav className="presets" aria-label="Paper tables">
        <h2>Paper tables</h2>
        <ul>
          {presetLinks.map((p) => (
            <li key={p.id}>
              <a
                href={presetHref(p.id, p.hash)}
                className="preset"
                aria-current={p.hash === hash ? 'page' : p.id === presetId ? 'true' : undefined}
              >
                {p.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="page-tools" data-testid="page-tools">
        <CopyLink link={absoluteLink(scenario, mode)} />
        <Suspense fallback={null}>
          <ResultsJson scenario={scenario} results={results} />
        </Suspense>
        <div className="tool-group" role="group" aria-label="Parameter changes">
          <button
            type="button"
            onClick={undo}
            disabled={!canUndo}
            aria-keyshortcuts="Control+Z Meta+Z"
            title="Undo the last parameter change (Ctrl+Z, ⌘Z)"
            data-testid="undo"
          >
            Undo
          </button>
          <button
            type="button"
            onClick={redo}
            disabled={!canRedo}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
            title="Redo (Shift+Ctrl+Z, ⇧⌘Z)"
            data-testid="redo"
          >
            Redo
          </button>
          <button
            type="button"
            onClick={reset}
            disabled={differing.length === 0}
            data-testid="reset"
          >
            {nav ? 'Back to this step’s values' : 'Reset to the paper’s values'}
          </button>
        </div>
        <button
          type="button"
          className="projector-toggle"
          aria-pressed={projector}
          onClick={() => setView(location.hash, projector ? undefined : 'projector')}
          data-testid="projector-toggle"
        >
          Projector mode
        </button>
        {!embedded && (
          <div className="tool-group" role="group" aria-label="Compare">
            {pinnedParams ? (
              <>
                <button type="button" onClick={swap} data-testid="swap">
                  Swap A and B
                </button>
                <button type="button" onClick={unpin} data-testid="unpin">
                  Stop comparing
                </button>
              </>
            ) : (
              <button
                type="button"
                onClick={pin}
                data-testid="pin"
                title="Keep this scenario as A; the controls then change B"
              >
                Pin as A to compare
              </button>
            )}
          </div>
        )}
        {!embedded && (
          <button
            type="button"
            aria-expanded={embedOpen}
            aria-controls="embed-panel"
            onClick={() => setEmbedOpen((o) => !o)}
            data-testid="embed-toggle"
          >
            Embed…
          </button>
        )}
      </div>
      {embedOpen && !embedded && (
        <div id="embed-panel">
          <Suspense fallback={<p className="status-line">Loading…</p>}>
            <EmbedPanel scenario={scenario} mode={mode} title={model.title} />
          </Suspense>
        </div>
      )}

      <div className="workspace">
        <section className="output" aria-labelledby="results-heading">
          {pinnedParams && (
            <Suspense fallback={<p className="status-line">Loading the comparison…</p>}>
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
            Model beside the paper{pinnedParams ? ': B (the controls)' : ''}
          </h2>
          {differing.length > 0 && (
            <p className="calm-note" data-testid="differs-note">
              {nav
                ? `You changed this step’s scenario (${differing.map(labelOf).join(', ')}); “Back to this step’s values” undoes that. `
                : `You changed the experiment (${differing.map(labelOf).join(', ')}). `}
              Paper values, where a table has them, are for the paper’s setup: the error then
              compares different experiments.
            </p>
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
          <ChartScale.Provider value={projector ? PROJECTOR_CHART_SCALE : 1}>
            <DownloadName.Provider value={model.id}>
              <Results results={results} pinned={pinnedScenario ? pinnedResults : null} />
              <ModelExtras model={model} scenario={panelsScenario} />
            </DownloadName.Provider>
          </ChartScale.Provider>
        </section>

        <section className="panel" aria-labelledby="params-heading">
          <h2 id="params-heading">Parameters</h2>
          <Suspense fallback={<p className="status-line">Loading the controls…</p>}>
            <Controls model={model} values={scenario.params} onChange={setParam} />
          </Suspense>
        </section>
      </div>
    </Root>
  );
}

/**
 * The page inside another site's iframe (`view=embed`): the title, a link back to the full
 * app, the results (and a comparison, if the link pins one), and the parameters as the link
 * says — none, their values (`controls=read`) or the controls (`controls=edit`).
 */
function EmbeddedModel({
  model,
  scenario,
  mode,
  results,
  pinnedResults,
  panelsScenario,
  setParam,
}: {
  model: ModelInfo;
  scenario: Scenario;
  mode: LinkMode;
  results: ReturnType<typeof useScenarioResults>;
  pinnedResults: ReturnType<typeof useScenarioResults> | null;
  panelsScenario: Scenario;
  setParam: ReturnType<typeof useScenarioActions>['setParam'];
}) {
  useEffect(() => {
    document.title = `${model.title} — Latency Lab`;
  }, [model.title]);
  // Back to the full app: the same scenario and comparison, shown normally, in a new tab.
  const full = absoluteLink(scenario, { pinned: mode.pinned });
  return (
    <main id="main" className="model-page embed-page" data-testid="embed-page">
      <header className="embed-head">
        <h1>{model.title}</h1>
        <a href={full} target="_blank" rel="noopener" className="open-full" data-testid="open-full">
          Open in Latency Lab <span aria-hidden="true">↗</span>
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </header>
      {mode.pinned && pinnedResults && (
        <Suspense fallback={<p className="status-line">Loading the comparison…</p>}>
          <ComparePanel
            model={model}
            pinned={mode.pinned}
            params={scenario.params}
            a={pinnedResults}
            b={results}
          />
        </Suspense>
      )}
      <section className="output" aria-label="Results">
        <DownloadName.Provider value={model.id}>
          <Results results={results} pinned={pinnedResults} />
          <ModelExtras model={model} scenario={panelsScenario} />
        </DownloadName.Provider>
      </section>
      {mode.controls && (
        <section className="panel" aria-labelledby="params-heading">
          <h2 id="params-heading">Parameters</h2>
          <Suspense fallback={<p className="status-line">Loading the parameters…</p>}>
            {mode.controls === 'edit' ? (
              <Controls model={model} values={scenario.params} onChange={setParam} />
            ) : (
              <ParamReadout model={model} values={scenario.params} />
            )}
          </Suspense>
        </section>
      )}
    </main>
  );
}
