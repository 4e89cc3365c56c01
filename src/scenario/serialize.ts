// Writing links: every parameter in declaration order, lists readable or packed.
import { MODEL_INFOS } from '../models/registry';
import type { ListParamSpec, ModelInfo, ParamValues } from '../models/types';
import { COMPARE_KEY, MAX_READABLE_LIST_CHARS, PINNED_PREFIX, VERSION_KEY } from './linkQuery';
import { KEEP_LIST_CHARS, keepList } from './kept';
import { listCache } from './listCache';
import { PACKED_PREFIX, packList } from './packed';
import { presetParams, selectedPresetId } from './presets';
import type { Scenario } from './types';

const encode = encodeURIComponent;

/** Commas stay readable in a list (`refs=3,1,4`): they are safe in a query string. */
const encodeList = (text: string) => encode(text).replace(/%2C/g, ',');

/**
 * A list value as a link writes it, encoded: readable (`3,1,4`) when short, else packed; for
 * the address (`keep`), a packed text over KEEP_LIST_CHARS is kept in the browser and named
 * (`kept.<key>`, ./kept.ts).
 */
function listText(value: string, keep = false): string {
  if (value.length <= MAX_READABLE_LIST_CHARS) return encodeList(value);
  if (listCache.packed.value !== value) {
    const canonical = /^\d+(?:,\d+)*$/.test(value);
    const packed = canonical ? packList(value.split(',').map(Number)) : value;
    listCache.packed = { value, text: encodeList(packed.length < value.length ? packed : value) };
  }
  const text = listCache.packed.text;
  return keep && text.length > KEEP_LIST_CHARS ? keepList(text) : text;
}

/** What a link writes for a list value: readable when short, else packed (as serializeScenario). */
export function listLinkText(value: string): string {
  return listText(value);
}

/**
 * Primes both list caches with a value and its link text made elsewhere (the trace worker
 * packs what it read), so the page neither packs nor unpacks that list again. `value` must be
 * valid for `spec`: the worker's reader checked every item.
 */
export function rememberListText(spec: ListParamSpec, value: string, text: string): void {
  listCache.packed = { value, text };
  if (text.startsWith(PACKED_PREFIX)) listCache.unpacked = { spec, text, value };
}

/**
 * Writes a complete, self-contained link: `/#/<model>?k=v&…&v=N` with EVERY declared
 * parameter in declaration order (missing ones filled as parsePermalink would), numbers as
 * `String(n)` (the shortest text that reads back to the same double), then `v` last.
 * `parsePermalink(serializeScenario(s))` gives `s` back, with no problems, for any valid `s`.
 */
export function serializeScenario(s: Scenario, models: readonly ModelInfo[] = MODEL_INFOS): string {
  return writeScenario(s, models, false);
}

/**
 * The link for the page's address: `serializeScenario`'s, with a list too long for an address
 * kept in this browser and named (`refs=kept.<key>`, ./kept.ts). Not for sharing: a kept list
 * is read back only where it was kept.
 */
export function serializeForAddress(
  s: Scenario,
  models: readonly ModelInfo[] = MODEL_INFOS,
): string {
  return writeScenario(s, models, true);
}

function writeScenario(s: Scenario, models: readonly ModelInfo[], keep: boolean): string {
  const model = models.find((m) => m.id === s.modelId);
  const pairs: string[] = [];
  if (model) {
    const base = presetParams(model, selectedPresetId(model, s.params));
    for (const spec of model.params) {
      const value = s.params[spec.key] ?? base[spec.key] ?? spec.default;
      const text = spec.kind === 'list' ? listText(String(value), keep) : encode(String(value));
      pairs.push(`${encode(spec.key)}=${text}`);
    }
  } else {
    for (const [key, value] of Object.entries(s.params)) {
      pairs.push(`${encode(key)}=${encode(String(value))}`);
    }
  }
  pairs.push(`${VERSION_KEY}=${encode(String(s.version))}`);
  return `/#/${encode(s.modelId)}?${pairs.join('&')}`;
}

/**
 * The query pairs of a compare link after B's (`compare=1&a.<key>=<value>…`): A's parameters
 * that differ from B's, written as `serializeScenario` writes them. `parsePermalink` of B's
 * link with these appended gives `pinned` back as `compare`.
 */
export function serializePinned(
  b: Scenario,
  pinned: ParamValues,
  models: readonly ModelInfo[] = MODEL_INFOS,
  /** For the address: a long list kept in the browser, as `serializeForAddress`. */
  keep = false,
): string {
  const model = models.find((m) => m.id === b.modelId);
  const pairs = [`${COMPARE_KEY}=1`];
  for (const spec of model?.params ?? []) {
    const value = pinned[spec.key];
    if (value === undefined || value === b.params[spec.key]) continue;
    const text = spec.kind === 'list' ? listText(String(value), keep) : encode(String(value));
    pairs.push(`${encode(PINNED_PREFIX + spec.key)}=${text}`);
  }
  return pairs.join('&');
}
