import { useMemo } from 'react';
import type { ModelInfo } from '../../models/types';
import { presetScenario, type Scenario, type View } from '../../scenario';
import { scenarioHash } from '../../state/scenarioLink';
import type { ScenarioNav } from '../../state/scenarioActions';
import { useT } from '../../i18n/LangContext';

/** The preset the scenario's paper table selects, for models that have a `presetParam`. */
function currentPresetId(model: ModelInfo, scenario: Scenario): string | undefined {
  if (!model.presetParam) return undefined;
  const selected = String(scenario.params[model.presetParam]);
  return model.presets.find((p) => p.id === selected)?.id;
}

/**
 * The paper's tables as links, the current one marked. In a lesson step a link stays in the
 * step (`nav`); in projector mode it keeps the view.
 */
export function PresetLinks({
  model,
  scenario,
  view,
  nav,
}: {
  model: ModelInfo;
  scenario: Scenario;
  view: View | undefined;
  nav: ScenarioNav | undefined;
}) {
  const t = useT();
  const hash = scenarioHash(scenario);
  const presetId = currentPresetId(model, scenario);
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
  return (
    <nav className="presets" aria-label={t('model.presets')}>
      <h2>{t('model.presets')}</h2>
      <ul>
        {presetLinks.map((p) => (
          <li key={p.id}>
            <a
              href={presetHref(p.id, p.hash)}
              className="preset"
              aria-current={p.hash === hash ? 'page' : p.id === presetId ? 'true' : undefined}
            >
              {t.data(`preset.${model.id}.${p.id}`, p.title)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
