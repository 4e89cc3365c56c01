import { PaperCredit } from './PaperCredit';
import { Suspense, useEffect } from 'react';
import { DownloadName } from '../../charts/useWidth';
import type { ModelInfo } from '../../models/types';
import type { LinkMode, Scenario } from '../../scenario';
import { absoluteLink } from '../../state/scenarioLink';
import type { useScenarioActions } from '../../state/scenarioActions';
import type { useScenarioResults } from '../../state/useScenarioResults';
import { usePostHeight } from '../embedHeight';
import { ModelExtras } from '../extras';
import { FoldMethodNotes } from '../MethodNotes';
import { Results } from '../Results';
import { EmbedPartView, missingPart } from './EmbedPartView';
import { ComparePanel, Controls, ParamReadout } from './lazyParts';
import '../../i18n/parts/model';
import '../../i18n/parts/embed';
import { useT } from '../../i18n/LangContext';

/**
 * The page inside another site's iframe (`view=embed`): the title, a link back to the full
 * app, the results (and a comparison, if the link pins one) — or only the one table or chart
 * the link names (`embed=table:<id>`, `embed=chart:<id>`) — and the parameters as the link
 * says — none, their values (`controls=read`) or the controls (`controls=edit`). The tables'
 * method notes are folded behind a toggle, and the page posts its height to the page that
 * frames it (./embedHeight.ts).
 */
export function EmbeddedModel({
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
  const t = useT();
  const title = t.data(`model.${model.id}`, model.title);
  useEffect(() => {
    document.title = `${title} — Latency Lab`;
  }, [title]);
  usePostHeight();
  // Back to the full app: the same scenario and comparison, shown normally, in a new tab.
  const full = absoluteLink(scenario, { pinned: mode.pinned });
  // A part the scenario does not show: said, and the whole page instead.
  const missing = mode.part ? missingPart(mode.part, results, t) : null;
  const part = missing ? undefined : mode.part;
  return (
    <main id="main" className="model-page embed-page" data-testid="embed-page">
      <header className="embed-head">
        <h1>{title}</h1>
        <PaperCredit paper={model.paper} />
        <a href={full} target="_blank" rel="noopener" className="open-full" data-testid="open-full">
          {t('embed.open')} <span aria-hidden="true">↗</span>
          <span className="visually-hidden"> {t('shell.newTab')}</span>
        </a>
      </header>
      {missing && (
        <p className="calm-note" role="status" data-testid="embed-part-missing">
          {missing}
        </p>
      )}
      <FoldMethodNotes.Provider value={true}>
        {part ? (
          <section
            className="output"
            aria-label={part.kind === 'table' ? t('embed.table') : t('embed.chart')}
          >
            <DownloadName.Provider value={model.id}>
              <EmbedPartView part={part} results={results} pinned={pinnedResults} />
            </DownloadName.Provider>
          </section>
        ) : (
          <>
            {mode.pinned && pinnedResults && (
              <Suspense fallback={<p className="status-line">{t('model.loadingComparison')}</p>}>
                <ComparePanel
                  model={model}
                  pinned={mode.pinned}
                  params={scenario.params}
                  a={pinnedResults}
                  b={results}
                />
              </Suspense>
            )}
            <section className="output" aria-label={t('embed.results')}>
              <DownloadName.Provider value={model.id}>
                <Results results={results} pinned={pinnedResults} />
                <ModelExtras model={model} scenario={panelsScenario} />
              </DownloadName.Provider>
            </section>
          </>
        )}
      </FoldMethodNotes.Provider>
      {mode.controls && (
        <section className="panel" aria-labelledby="params-heading">
          <h2 id="params-heading">{t('model.parameters')}</h2>
          <Suspense fallback={<p className="status-line">{t('embed.loadingParams')}</p>}>
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
