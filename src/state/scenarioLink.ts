import { serializeScenario, type Scenario } from '../scenario';

/**
 * The scenario as a location hash, `#/<model>?k=v&…&v=N`: what `navigate` writes, what
 * `location.hash` reads back, and what the results carry in `data-rendered-hash`.
 */
export function scenarioHash(scenario: Scenario): string {
  const link = serializeScenario(scenario);
  const at = link.indexOf('#');
  return at >= 0 ? link.slice(at) : `#${link}`;
}

/** The full link to share: this page's address with the scenario's hash. */
export function absoluteLink(scenario: Scenario): string {
  return `${location.origin}${location.pathname}${location.search}${scenarioHash(scenario)}`;
}
