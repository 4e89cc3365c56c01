import { Suspense, lazy, useDeferredValue, useEffect, useMemo } from 'react';
import type { ModelInfo } from '../models/types';
import { paramsDifferingFromPreset, presetScenario, type Scenario } from '../scenario';
import { absoluteLink, scenarioHash } from '../state/scenarioLink';
import { useScenarioActions } from '../state/useRoute';
import { useScenarioResults } from '../state/useScenarioResults';
import { Controls } from './Controls';
import { CopyLink } from './CopyLink';
import { ModelExtras } from './extras';
import { Results } from './Results';

/** Lazy: the results-document buttons stay out of the initial bundle. */
const ResultsJson = lazy(() => import('./ResultsJson').then((m) => ({ default: m.ResultsJson })));

/** The preset the scenario's paper table selects, for models that have a `presetParam`. */
function currentPresetId(model: ModelInfo, scenario: Scenario): string | undefined {
  if (!model.presetParam) return undefined;
  const selected = String(scenario.params[model.presetParam]);
  return model.presets.find((p) => p.id === selected)?.id;
}

export function ModelPage({ model, scenario }: { model: ModelInfo; scenario: Scenario }) {
  const hash = scenarioHash(scenario);
  const results = useScenarioResults(scenario);
  // The model's own panels follow a drag at low priority, so the tables come first.
  const panelsScenario = useDeferredValue(scenario);
  const { setParam, reset } = useScenarioActions(model, scenario);
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
    document.title = `${model.title} — Latency Lab`;
    return () => {
      document.title = 'Latency Lab';
    };
  }, [model.title]);
  const labelOf = (key: string) => model.params.find((p) => p.key === key)?.label ?? key;

  return (
    <main id="main" className="model-page">
      <header className="model-head">
        <h1>{model.title}</h1>
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
                href={p.hash}
                className="preset"
                aria-current={p.hash === hash ? 'page' : p.id === presetId ? 'true' : undefined}
              >
                {p.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="workspace">
        <aside className="panel" aria-labelledby="params-heading">
          <div className="panel-head">
            <h2 id="params-heading">Parameters</h2>
            <button type="button" onClick={reset} disabled={differing.length === 0}>
              Reset to paper setup
            </button>
          </div>
          {differing.length > 0 && (
            <p className="calm-note" data-testid="differs-note">
              You changed the experiment ({differing.map(labelOf).join(', ')}). Paper values, where
              a table has them, are for the paper’s setup: the error then compares different
              experiments.
            </p>
          )}
          <Controls params={model.params} values={scenario.params} onChange={setParam} />
        </aside>

        <section className="output" aria-labelledby="results-heading">
          <div className="output-head">
            <h2 id="results-heading">Model beside the paper</h2>
            <CopyLink link={absoluteLink(scenario)} />
            <Suspense fallback={null}>
              <ResultsJson scenario={scenario} results={results} />
            </Suspense>
          </div>
          <Results results={results} />
          <ModelExtras model={model} scenario={panelsScenario} />
        </section>
      </div>
    </main>
  );
}
