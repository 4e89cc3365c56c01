import { resultsDocument, resultsJson } from '../compare/results';
import { serializeScenario, type Scenario } from '../scenario';
import { scenarioHash } from '../state/scenarioLink';
import type { ScenarioResults } from '../state/useScenarioResults';
import { CopyResults } from './CopyResults';
import '../i18n/parts/model';
import { useT } from '../i18n/LangContext';

/**
 * The scenario's tables as the results document the CLI prints (`explore '<link>' --format
 * json`): same serializer, same bytes. Offered only once the tables on screen are this
 * scenario's, intervals included, so what is copied is what is shown.
 */
export function ResultsJson({
  scenario,
  results,
}: {
  scenario: Scenario;
  results: ScenarioResults;
}) {
  const t = useT();
  // Not while the prediction intervals are still coming (values first): the CLI's bytes have them.
  const current =
    results.tables?.hash === scenarioHash(scenario) && !results.tables.value.intervalsLater
      ? results.tables.value
      : null;
  const json = () =>
    current
      ? resultsJson(resultsDocument(serializeScenario(scenario), scenario.params, current))
      : '';
  const download = () => {
    const url = URL.createObjectURL(new Blob([json()], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${scenario.modelId}-results.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="results-json">
      <CopyResults
        json={json}
        testId="results-json"
        label={t('results.copyJson')}
        disabled={current === null}
      />
      <button type="button" onClick={download} disabled={current === null}>
        {t('results.downloadJson')}
      </button>
    </div>
  );
}
