import {
  CONTROLS_KEY,
  EMBED_PART_KEY,
  embedPartText,
  serializeForAddress,
  serializePinned,
  serializeScenario,
  VIEW_KEY,
  type LinkMode,
  type Scenario,
  type View,
} from '../scenario';
import { appBaseUrl, embedBaseUrl } from './entry';
import { withLang } from '../i18n/pageLang';

/** A bare view is the mode with only that view (most callers have no comparison). */
function asMode(mode: LinkMode | View | undefined): LinkMode {
  return typeof mode === 'string' ? { view: mode } : (mode ?? {});
}

/**
 * The scenario as a location hash, `#/<model>?k=v&…&v=N`: what `navigate` writes, what
 * `location.hash` reads back, and what the results carry in `data-rendered-hash`. The mode
 * follows `v` — a pinned scenario A (`compare=1&a.<key>=…`), then the view and an embed's
 * controls and part — so links and parameter changes keep it — and last the page's language
 * (`lang=es`; none in English, src/i18n/pageLang.ts).
 */
export function scenarioHash(
  scenario: Scenario,
  mode?: LinkMode | View,
  /**
   * The link to share, with every list in it. Without it, the address's: a list too long for
   * an address is kept in this browser and named (`refs=kept.<key>`, src/scenario/kept.ts).
   */
  full = false,
): string {
  let hash = bareHash(scenario, full);
  const { view, controls, part, pinned } = asMode(mode);
  if (pinned) hash += `&${serializePinned(scenario, pinned, undefined, !full)}`;
  if (view) hash += `&${VIEW_KEY}=${view}`;
  if (view === 'embed' && controls) hash += `&${CONTROLS_KEY}=${controls}`;
  if (view === 'embed' && part) hash += `&${EMBED_PART_KEY}=${embedPartText(part)}`;
  return withLang(hash);
}

/**
 * The scenario's hash without a mode, remembered by its parameters object: a model page
 * renders it several times a step (the page, the strip, the panels), and serializing checks
 * every value (issue 31: a tenth of a drag's main-thread time). The parameters of a scenario
 * are never changed in place (a step makes a new object), and the model id and version are
 * compared too.
 */
const HASHES = new WeakMap<object, { modelId: string; version: number; hash: string }>();
/** The same for the full links (to share), which differ only where a list is kept. */
const FULL_HASHES = new WeakMap<object, { modelId: string; version: number; hash: string }>();

function bareHash(scenario: Scenario, full: boolean): string {
  const cache = full ? FULL_HASHES : HASHES;
  const known = cache.get(scenario.params);
  if (known && known.modelId === scenario.modelId && known.version === scenario.version)
    return known.hash;
  const link = full ? serializeScenario(scenario) : serializeForAddress(scenario);
  const at = link.indexOf('#');
  const hash = at >= 0 ? link.slice(at) : `#${link}`;
  cache.set(scenario.params, { modelId: scenario.modelId, version: scenario.version, hash });
  return hash;
}

/** The home page's hash, keeping the view (an embed has no home page: the normal one). */
export function homeHash(view?: View): string {
  return withLang(view === 'projector' ? `#/?${VIEW_KEY}=${view}` : '#/');
}

/** The full link to share: the full app's address with the scenario's hash (and mode). */
export function absoluteLink(scenario: Scenario, mode?: LinkMode | View): string {
  return `${appBaseUrl()}${location.search}${scenarioHash(scenario, mode, true)}`;
}

/**
 * The link other sites frame: the embed entry's address (`…/embed/#/<model>?…`) with the
 * scenario's hash. The hash keeps `view=embed` (and the controls), as the route reads it.
 */
export function embedLink(scenario: Scenario, mode: Omit<LinkMode, 'view'>): string {
  return `${embedBaseUrl()}${scenarioHash(scenario, { ...mode, view: 'embed' }, true)}`;
}

/** The scenario's canonical link (`/#/<model>?…&v=N`), for pages that write their own links. */
export function scenarioLink(scenario: Scenario): string {
  return serializeScenario(scenario);
}
