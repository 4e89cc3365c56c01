// The page options a link may carry beside its parameters: view, embed controls, compare.
import type { ModelInfo, ParamValues } from '../models/types';
import {
  COMPARE_KEY,
  CONTROLS_KEY,
  EMBED_CONTROLS,
  PINNED_PREFIX,
  VIEW_KEY,
  VIEWS,
  givenOf,
  type Entry,
  type Report,
} from './linkQuery';
import { readParam, reportUnknownKeys } from './linkParams';
import { readEmbedOnly } from './embedPart';
import type { EmbedControls, View } from './types';

/** An embedded page's `controls`; reported and ignored when not an option or not embedded. */
export const readControls = (
  entries: ReadonlyMap<string, Entry>,
  view: View | undefined,
  report: Report,
): EmbedControls | undefined =>
  readEmbedOnly(
    entries,
    CONTROLS_KEY,
    view,
    report,
    (text) => EMBED_CONTROLS.find((c) => c === text.trim()),
    {
      code: 'controls.invalid',
      text: `is not an option — allowed ${EMBED_CONTROLS.join(', ')}; showing no controls.`,
    },
  );

/**
 * Takes the compare keys out of the query: null when the link does not compare, else A's
 * entries by parameter key (the `a.` removed). `compare` other than 1 turns compare off.
 */
export function takePinned(entries: Map<string, Entry>, report: Report): Map<string, Entry> | null {
  const marker = entries.get(COMPARE_KEY);
  entries.delete(COMPARE_KEY);
  const pinned = new Map<string, Entry>();
  for (const [key, e] of entries) {
    if (!key.startsWith(PINNED_PREFIX)) continue;
    entries.delete(key);
    const own = key.slice(PINNED_PREFIX.length);
    pinned.set(own, { ...e, key: own });
  }
  if (marker && marker.flaw !== 'cut' && !(marker.flaw === null && marker.text.trim() === '1')) {
    const given = givenOf(marker);
    report(marker.order, COMPARE_KEY, {
      code: 'compare.notOne',
      values: { param: COMPARE_KEY, ...given.values },
      message: `${COMPARE_KEY}: ${given.shown} is not 1 — showing the scenario without a comparison.`,
    });
    return null;
  }
  return marker || pinned.size > 0 ? pinned : null;
}

/**
 * Scenario A of a compare link: B's parameters with the link's `a.<key>` values, each read
 * and checked like B's own (a bad one falls back to B's value, and says so). A link made with
 * an older model version has A's keys read as the current version's.
 */
export function readPinned(
  model: ModelInfo,
  entries: ReadonlyMap<string, Entry>,
  b: ParamValues,
  report: Report,
): ParamValues {
  // A's problems name A's keys (`a.records`): their message starts with the key, as B's do.
  const reportA: Report = (order, param, said) =>
    report(order, param === null ? null : `${PINNED_PREFIX}${param}`, {
      code: said.code,
      values: { ...said.values, param: `${PINNED_PREFIX}${said.values.param ?? ''}` },
      message: `${PINNED_PREFIX}${said.message}`,
    });
  const pinned: ParamValues = {};
  for (const spec of model.params) {
    const fallback = b[spec.key] ?? spec.default;
    pinned[spec.key] = readParam(spec, entries.get(spec.key), fallback, reportA);
  }
  reportUnknownKeys(model, entries, reportA);
  return pinned;
}

/** The `view` the link asks for; anything else is reported and the page is shown normally. */
export function readView(entries: ReadonlyMap<string, Entry>, report: Report): View | undefined {
  const e = entries.get(VIEW_KEY);
  if (!e || e.flaw === 'cut') return undefined;
  const text = e.flaw === null ? e.text.trim() : '';
  const view = VIEWS.find((v) => v === text);
  if (view) return view;
  const given = givenOf(e);
  report(e.order, VIEW_KEY, {
    code: 'view.invalid',
    values: { param: VIEW_KEY, ...given.values, allowed: VIEWS.join(', ') },
    message: `${VIEW_KEY}: ${given.shown} is not a view — allowed ${VIEWS.join(', ')}; showing the normal view.`,
  });
  return undefined;
}
