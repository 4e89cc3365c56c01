import { useDeferredValue, type ComponentProps } from 'react';
import { ModelExtras } from '../extras';
import { RegimeMapSection } from './RegimeMapSection';
import { SensitivitySection } from './SensitivitySection';

/**
 * What is under a model page's charts, in one chunk (none of it in the initial bundle): the
 * model's own panels, a render behind the scenario so that a drag's tables come first (the
 * deferred render is theirs alone: the page around them is not drawn again at each step,
 * issue #31), then, while exploring, the collapsed sections "Which parameters matter most"
 * (elasticities, a tornado chart) and the regime map, each of which loads its panel when
 * opened. One chunk rather than several keeps the initial bundle from carrying more lazy
 * imports.
 */
export function BelowResults({
  explore,
  ...props
}: ComponentProps<typeof RegimeMapSection> & { explore: boolean }) {
  const panelsScenario = useDeferredValue(props.scenario);
  return (
    <>
      <ModelExtras model={props.model} scenario={panelsScenario} together />
      {explore && (
        <>
          <SensitivitySection model={props.model} scenario={props.scenario} />
          <RegimeMapSection {...props} />
        </>
      )}
    </>
  );
}
