import { serializeScenario, VIEW_KEY, type Scenario, type View } from '../scenario';

/**
 * The scenario as a location hash, `#/<model>?k=v&…&v=N`: what `navigate` writes, what
 * `location.hash` reads back, and what the results carry in `data-rendered-hash`. A `view`
 * (projector mode) follows `v`, so links and parameter changes keep it.
 */
export function scenarioHash(scenario: Scenario, view?: View): string {
  const link = serializeScenario(scenario);
  const at = link.indexOf('#');
  const hash = at >= 0 ? link.slice(at) : `#${link}`;
  return view ? `${hash}&${VIEW_KEY}=${view}` : hash;
}

/** The home page's hash, keeping the view. */
export function homeHash(view?: View): string {
  return view ? `#/?${VIEW_KEY}=${view}` : '#/';
}

/** The full link to share: this page's address with the scenario's hash (and view). */
export function absoluteLink(scenario: Scenario, view?: View): string {
  return `${location.origin}${location.pathname}${location.search}${scenarioHash(scenario, view)}`;
}
