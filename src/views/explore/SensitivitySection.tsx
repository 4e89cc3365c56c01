import { lazy, Suspense, useState } from 'react';
import type { ModelInfo } from '../../models/types';
import type { Scenario } from '../../scenario';
import './exploreText';
import { useT } from '../../i18n/LangContext';

/** The panel's code (the worker request, the tornado chart) loads when first opened. */
const SensitivityPanel = lazy(() =>
  import('./SensitivityPanel').then((m) => ({ default: m.SensitivityPanel })),
);

/**
 * "Which parameters matter most", collapsed under the results: per table, the elasticity of
 * its headline cells to each parameter, as a tornado chart. Computed only while open.
 */
export function SensitivitySection({ model, scenario }: { model: ModelInfo; scenario: Scenario }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <details
      className="sensitivity-section"
      data-testid="sensitivity-section"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>
        <h2>{t('explore.sens.heading')}</h2>
      </summary>
      {open && (
        <Suspense fallback={<p className="status-line">{t('common.loading')}</p>}>
          <SensitivityPanel key={model.id} modelId={model.id} params={scenario.params} />
        </Suspense>
      )}
    </details>
  );
}
