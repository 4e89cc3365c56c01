import type { ComponentProps } from 'react';
import { RegimeMapSection } from './RegimeMapSection';
import { SensitivitySection } from './SensitivitySection';

/**
 * The collapsed sections under a model page's results, in one chunk: "Which parameters matter
 * most" (elasticities, a tornado chart) and the regime map. Each loads its panel when opened.
 * One chunk rather than two keeps the initial bundle from carrying a second lazy import.
 */
export function BelowResults(props: ComponentProps<typeof RegimeMapSection>) {
  return (
    <>
      <SensitivitySection model={props.model} scenario={props.scenario} />
      <RegimeMapSection {...props} />
    </>
  );
}
