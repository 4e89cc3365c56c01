import { lazy, Suspense, useState } from 'react';
import type { ModelInfo } from '../../models/types';
import type { Scenario } from '../../scenario';
import type { ScenarioResults } from '../../state/useScenarioResults';
import type { ChangeParam } from '../Controls';
import './regimeMap.css';
import './exploreText';
import { useT } from '../../i18n/LangContext';

/** The panel's code (its controls, the worker requests, the chart) loads when first opened. */
const RegimeMapPanel = lazy(() =>
  import('./RegimeMapPanel').then((m) => ({ default: m.RegimeMapPanel })),
);

/**
 * The model page's regime map, collapsed under the results: two knobs at once, the headline
 * quantity or which option wins in each cell. Once opened it stays mounted, so that closing it
 * does not stop a map being computed.
 */
export function RegimeMapSection(props: {
  model: ModelInfo;
  scenario: Scenario;
  results: ScenarioResults;
  onChange: ChangeParam;
}) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="regime-section"
      data-testid="regime-section"
      onToggle={(e) => {
        if (!e.currentTarget.open) return;
        setOpened(true);
        // The map opens under its heading, brought to the top of the window (below the
        // toolbar, by the page's scroll padding): never under the explore sheet at the foot.
        e.currentTarget.scrollIntoView({ block: 'start' });
      }}
    >
      <summary>
        <h2>{t('explore.map.heading')}</h2>
      </summary>
      {opened && (
        <Suspense fallback={<p className="status-line">{t('explore.map.loading')}</p>}>
          <RegimeMapPanel key={props.model.id} {...props} />
        </Suspense>
      )}
    </details>
  );
}
