import { lazy, Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import type { ModelInfo } from '../models/types';
import {
  paramsDifferingFromPreset,
  parsePermalink,
  presetScenario,
  type Scenario,
  type View,
} from '../scenario';
import { useLocationHash } from '../state/location';
import { ChartScale, DownloadName } from '../charts/useWidth';
import { absoluteLink, scenarioHash } from '../state/scenarioLink';
import { setView, useScenarioActions, useUndoKeys } from '../state/useRoute';
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
  view,
  embedded = false,
}: {
  model: ModelInfo;
  scenario: Scenario;
  view?: View | undefined;
  /** Inside another page's <main> (a lesson step): a <div>, its title an <h2>, no page title. */
  embedded?: boolean;
}) {
  const hash = scenarioHash(scenario);
  const results = useScenarioResults(scenario);
  // The model's own panels follow a drag at low priority, so the tables come first.
  const panelsScenario = useDeferredValue(scenario);
  const { setParam, reset, undo, redo, canUndo, canRedo } = useScenarioActions(
    model,
    scenario,
    view,
  );
  useUndoKeys(undo, redo);
  // The version the address bar's link was made with, when older than the model's.
  const { hash: locationHash } = useLocationHash();
  const linkVersion = useMemo(() => parsePermalink(locationHash).linkVersion, [locationHash]);
  const presetId = currentPresetId(model, scenario);
  const differing = useMemo(
    () => paramsDifferingFromPreset(model, scenario.params),
    [model, scenario.params],
  );
  const presetLinks = useMemo(
    () => model.presets.map((p) => ({ ...p, hash: scenarioHash(presetScenario(model, p.id)) })),
    [model],
  );
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
                href={view ? scenarioHash(presetScenario(model, p.id), view) : p.hash}
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
        <CopyLink link={absoluteLink(scenario, view)} />
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
            Reset to the paper’s values
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
      </div>

      <div className="workspace">
        <section className="output" aria-labelledby="results-heading">
          <h2 id="results-heading">Model beside the paper</h2>
          {differing.length > 0 && (
            <p className="calm-note" data-testid="differs-note">
              You changed the experiment ({differing.map(labelOf).join(', ')}). Paper values, where
              a table has them, are for the paper’s setup: the error then compares different
              experiments.
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
              <Results results={results} />
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
