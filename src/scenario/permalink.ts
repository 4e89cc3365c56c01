import { MODEL_INFOS } from '../models/registry';
import type { ListParamSpec, ModelInfo, ParamSpec, ParamValue, ParamValues } from '../models/types';
import { formatAllowed, formatNumber, formatParamValue, quoteText, showText } from './format';
import { migrate } from './migrate';
import { presetParams, selectedPresetId } from './presets';
import type { EmbedControls, ParseResult, Problem, Scenario, View } from './types';
import { PACKED_PREFIX, maxPackedChars, packList, unpackList } from './packed';
import { checkParamValue, readListText, readNumberText } from './validate';

/**
 * Longer links are cut here (no hang on absurd input); the cut is reported. Room for a list
 * parameter's longest packed value (200,000 references of up to 20 bits: 667,000 characters).
 */
export const MAX_LINK_CHARS = 1_000_000;
/** A list whose readable text is longer than this is written in its packed form (./packed.ts). */
export const MAX_READABLE_LIST_CHARS = 1000;
/** Longer values (as written in the link, percent-encoded) are rejected unread. */
export const MAX_VALUE_CHARS = 64;
/** A list value may be longer: up to this many characters per item it may hold. */
export const MAX_LIST_CHARS_PER_ITEM = 8;
/** Past this a value is not even decoded (a list parameter's own limit may be higher). */
const MAX_ANY_VALUE_CHARS = 4000;

/** How much of a value is kept for messages when the value itself is too long to read. */
const HEAD_CHARS = 24;

/**
 * The decoded start of a too-long list value when it already shows it is no list of whole
 * numbers (a letter, a sign, markup…); null when it looks like one so far.
 */
function notAListHead(rawHead: string): string | null {
  const whole = rawHead.replace(/%[0-9a-f]?$/i, ''); // a cut percent-escape is not a flaw here
  const head = safeDecode(whole) ?? whole;
  if (head.startsWith(PACKED_PREFIX)) return null;
  return /[^\d,\s]/.test(head) ? head : null;
}

/** How long one parameter's value may be in a link. */
export function maxValueChars(spec: ParamSpec | undefined): number {
  if (spec?.kind !== 'list') return MAX_VALUE_CHARS;
  return Math.max(spec.maxItems * MAX_LIST_CHARS_PER_ITEM, maxPackedChars(spec));
}
/** At most this many problems are listed; the last one then says how many more there were. */
export const MAX_PROBLEMS = 25;
/** Query key of the model version. Reserved: no model may declare a parameter named `v`. */
export const VERSION_KEY = 'v';
/**
 * Query key of how the page is shown (`view=projector`), not what is computed: it never
 * reaches the scenario. Reserved like `v`; valid on every route, the home page included.
 */
export const VIEW_KEY = 'view';
/** The views a link may ask for; without `view` the page is shown normally. */
export const VIEWS: readonly View[] = ['projector', 'embed'];
/** Query key of an embedded page's controls (`controls=read|edit`). Reserved like `v`. */
export const CONTROLS_KEY = 'controls';
export const EMBED_CONTROLS: readonly EmbedControls[] = ['read', 'edit'];
/**
 * Query key that turns compare on (`compare=1`); scenario A's parameters follow as
 * `a.<key>=<value>`, only those that differ from B's. Reserved, with the `a.` prefix.
 */
export const COMPARE_KEY = 'compare';
export const PINNED_PREFIX = 'a.';

type Flaw = 'cut' | 'long' | 'malformed' | null;

/** One key of the query, first occurrence (later ones only counted). */
interface Entry {
  key: string;
  /** Percent-decoded value (the raw text when it could not be decoded; '' when too long). */
  text: string;
  flaw: Flaw;
  rawLength: number;
  /** The value's first characters as written (percent-encoded), kept even when it is too long. */
  head: string;
  count: number;
  /** Position in the query, so problems are listed in the order the link has them. */
  order: number;
}

interface OrderedProblem extends Problem {
  order: number;
}

type Report = (order: number, param: string | null, message: string) => void;

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function describeError(err: unknown): string {
  try {
    return showText(err instanceof Error ? err.message : String(err));
  } catch {
    return 'unknown error';
  }
}

/**
 * Reads a permalink: `/#/<model-id>?<param>=<value>&…&v=<version>`, given as a full URL
 * (`http://host:port/path/#/file-access?…`), or starting at `/#/` or `#/`.
 *
 * Never throws. Whatever the link says wrongly is reported as a Problem and replaced:
 * - a parameter the link omits comes from the preset its `presetParam` value names (if the
 *   model has one and the preset exists), else from the declared default;
 * - an invalid value (not a number, NaN/Infinity, hex, empty, out of range, fractional for an
 *   integer, not an option, broken percent-encoding, longer than MAX_VALUE_CHARS) falls back
 *   to that same value — never silently clamped;
 * - unknown parameters are ignored; a repeated key keeps its first value;
 * - `v` missing means the current version; a newer or unreadable `v` is reported and the link
 *   is shown with the current model; an older one goes through `migrate` and is reported.
 *
 * `scenario` is null only when the route is not a model: the home page (`#/`, no problem) or
 * an unknown model id (a problem listing the known ones). `models` is for tests.
 */
export function parsePermalink(
  input: string,
  models: readonly ModelInfo[] = MODEL_INFOS,
): ParseResult {
  const problems: OrderedProblem[] = [];
  const report: Report = (order, param, message) => problems.push({ order, param, message });
  try {
    const { scenario, view, linkVersion, compare, controls } = parse(input, models, report);
    return {
      scenario,
      problems: finish(problems),
      ...(view ? { view } : {}),
      ...(controls ? { controls } : {}),
      ...(compare ? { compare } : {}),
      ...(linkVersion !== undefined ? { linkVersion } : {}),
    };
  } catch (err) {
    report(Infinity, null, `this link could not be read (${describeError(err)}).`);
    return { scenario: null, problems: finish(problems) };
  }
}

/** Stable sort by position in the link; at most MAX_PROBLEMS. */
function finish(problems: OrderedProblem[]): Problem[] {
  const sorted = problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.order - b.p.order || a.i - b.i)
    .map(({ p }) => ({ param: p.param, message: p.message }));
  if (sorted.length <= MAX_PROBLEMS) return sorted;
  const more = sorted.length - (MAX_PROBLEMS - 1);
  return [
    ...sorted.slice(0, MAX_PROBLEMS - 1),
    { param: null, message: `…and ${formatNumber(more)} more problems in this link.` },
  ];
}

/** The route after `#` (or the whole text when it is a bare route), '' for the home page. */
function routeOf(text: string): string {
  const hash = text.indexOf('#');
  if (hash >= 0) return text.slice(hash + 1);
  // A URL without a fragment is the home page; anything else is taken as a bare route.
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return '';
  return text;
}

function parse(
  input: string,
  models: readonly ModelInfo[],
  report: Report,
): {
  scenario: Scenario | null;
  view?: View;
  linkVersion?: number;
  compare?: ParamValues;
  controls?: EmbedControls;
} {
  if (typeof input !== 'string') {
    report(0, null, 'a permalink must be text.');
    return { scenario: null };
  }
  let text = input.trim();
  let truncated = false;
  if (text.length > MAX_LINK_CHARS) {
    report(
      -1,
      null,
      `link is ${formatNumber(text.length)} characters long; only the first ` +
        `${formatNumber(MAX_LINK_CHARS)} are read and the rest is ignored.`,
    );
    text = text.slice(0, MAX_LINK_CHARS);
    truncated = true;
  }

  const route = routeOf(text);
  const q = route.indexOf('?');
  const path = q >= 0 ? route.slice(0, q) : route;
  const query = q >= 0 ? route.slice(q + 1) : '';
  const segments = path.split('/').filter((s) => s !== '');
  const rawId = segments[0];
  const id = rawId === undefined ? undefined : (safeDecode(rawId) ?? rawId);
  const model = id === undefined ? undefined : models.find((m) => m.id === id);
  // A list parameter's value may be longer than any other before it is even decoded.
  const limits = new Map((model?.params ?? []).map((s) => [s.key, maxValueChars(s)]));
  // A compare link's `a.<key>` has its parameter's limit too.
  const own = (key: string) =>
    key.startsWith(PINNED_PREFIX) ? key.slice(PINNED_PREFIX.length) : key;
  let entries = readQuery(query, truncated, (key) =>
    Math.max(MAX_ANY_VALUE_CHARS, limits.get(own(key)) ?? 0),
  );
  const view = readView(entries, report);
  entries.delete(VIEW_KEY);
  const controls = readControls(entries, view, report);
  entries.delete(CONTROLS_KEY);
  const pinnedEntries = takePinned(entries, report);
  if (id === undefined) return view ? { scenario: null, view } : { scenario: null }; // home
  if (!model) {
    const known = models.map((m) => m.id).join(', ');
    report(0, null, `unknown model '${showText(id)}' — known: ${known}.`);
    return { scenario: null };
  }
  if (segments.length > 1) {
    report(0, null, `'/${showText(segments.slice(1).join('/'))}' after the model name is ignored.`);
  }

  for (const e of entries.values()) {
    if (e.count > 1 && e.flaw !== 'cut') {
      report(e.order, e.key, `${showText(e.key)}: given ${e.count} times — the first one is used.`);
    }
  }

  const versionEntry = entries.get(VERSION_KEY);
  entries.delete(VERSION_KEY);
  const fromVersion = versionEntry ? readVersion(model, versionEntry, report) : model.version;
  if (fromVersion < model.version) entries = migrateEntries(model, fromVersion, entries);

  const params = readParams(model, entries, report);
  const declared = new Set(model.params.map((s) => s.key));
  let unknown = 0;
  for (const e of entries.values()) {
    if (!declared.has(e.key) && e.flaw !== 'cut') {
      // Suggestions cost an edit distance per declared key: only for problems that are listed.
      unknown += 1;
      report(e.order, e.key, unknownParamMessage(model, e.key, unknown <= MAX_PROBLEMS));
    }
  }
  const scenario = { modelId: model.id, params, version: model.version };
  const compare = pinnedEntries && readPinned(model, pinnedEntries, params, report);
  return {
    scenario,
    ...(view ? { view } : {}),
    ...(controls ? { controls } : {}),
    ...(compare ? { compare } : {}),
    ...(fromVersion < model.version ? { linkVersion: fromVersion } : {}),
  };
}

/** An embedded page's `controls`; reported and ignored when not an option or not embedded. */
function readControls(
  entries: ReadonlyMap<string, Entry>,
  view: View | undefined,
  report: Report,
): EmbedControls | undefined {
  const e = entries.get(CONTROLS_KEY);
  if (!e || e.flaw === 'cut') return undefined;
  const text = e.flaw === null ? e.text.trim() : '';
  const controls = EMBED_CONTROLS.find((c) => c === text);
  const shown =
    e.flaw === null ? quoteText(e.text) : `a ${formatNumber(e.rawLength)}-character value`;
  if (!controls) {
    report(
      e.order,
      CONTROLS_KEY,
      `${CONTROLS_KEY}: ${shown} is not an option — allowed ${EMBED_CONTROLS.join(', ')}; ` +
        `showing no controls.`,
    );
    return undefined;
  }
  if (view !== 'embed') {
    report(
      e.order,
      CONTROLS_KEY,
      `${CONTROLS_KEY}: only an embed link (view=embed) reads it — ignored.`,
    );
    return undefined;
  }
  return controls;
}

/**
 * Takes the compare keys out of the query: null when the link does not compare, else A's
 * entries by parameter key (the `a.` removed). `compare` other than 1 turns compare off.
 */
function takePinned(entries: Map<string, Entry>, report: Report): Map<string, Entry> | null {
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
    const shown =
      marker.flaw === null
        ? quoteText(marker.text)
        : `a ${formatNumber(marker.rawLength)}-character value`;
    report(
      marker.order,
      COMPARE_KEY,
      `${COMPARE_KEY}: ${shown} is not 1 — showing the scenario without a comparison.`,
    );
    return null;
  }
  return marker || pinned.size > 0 ? pinned : null;
}

/**
 * Scenario A of a compare link: B's parameters with the link's `a.<key>` values, each read
 * and checked like B's own (a bad one falls back to B's value, and says so). A link made with
 * an older model version has A's keys read as the current version's.
 */
function readPinned(
  model: ModelInfo,
  entries: ReadonlyMap<string, Entry>,
  b: ParamValues,
  report: Report,
): ParamValues {
  const reportA: Report = (order, param, message) =>
    report(order, param === null ? null : `${PINNED_PREFIX}${param}`, `${PINNED_PREFIX}${message}`);
  const pinned: ParamValues = {};
  for (const spec of model.params) {
    const fallback = b[spec.key] ?? spec.default;
    pinned[spec.key] = readParam(spec, entries.get(spec.key), fallback, reportA);
  }
  const declared = new Set(model.params.map((s) => s.key));
  let unknown = 0;
  for (const e of entries.values()) {
    if (!declared.has(e.key) && e.flaw !== 'cut') {
      unknown += 1;
      reportA(e.order, e.key, unknownParamMessage(model, e.key, unknown <= MAX_PROBLEMS));
    }
  }
  return pinned;
}

/** The `view` the link asks for; anything else is reported and the page is shown normally. */
function readView(entries: ReadonlyMap<string, Entry>, report: Report): View | undefined {
  const e = entries.get(VIEW_KEY);
  if (!e || e.flaw === 'cut') return undefined;
  const text = e.flaw === null ? e.text.trim() : '';
  const view = VIEWS.find((v) => v === text);
  if (view) return view;
  const shown =
    e.flaw === null ? quoteText(e.text) : `a ${formatNumber(e.rawLength)}-character value`;
  report(
    e.order,
    VIEW_KEY,
    `${VIEW_KEY}: ${shown} is not a view — allowed ${VIEWS.join(', ')}; showing the normal view.`,
  );
  return undefined;
}

function readQuery(
  query: string,
  truncated: boolean,
  limitFor: (key: string) => number,
): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  if (query === '') return entries;
  const pairs = query.split('&');
  pairs.forEach((pair, i) => {
    if (pair === '') return;
    const eq = pair.indexOf('=');
    const rawKey = eq >= 0 ? pair.slice(0, eq) : pair;
    const rawValue = eq >= 0 ? pair.slice(eq + 1) : '';
    const key = safeDecode(rawKey) ?? rawKey;
    const existing = entries.get(key);
    if (existing) {
      existing.count += 1;
      return;
    }
    // The link was cut inside the last pair (or right after it): its value cannot be trusted.
    const cut = truncated && i === pairs.length - 1;
    let flaw: Flaw = null;
    let text = '';
    if (cut) flaw = 'cut';
    else if (rawValue.length > limitFor(key)) flaw = 'long';
    else {
      const decoded = safeDecode(rawValue);
      if (decoded === null) flaw = 'malformed';
      text = decoded ?? rawValue;
    }
    entries.set(key, {
      key,
      text,
      flaw,
      rawLength: rawValue.length,
      head: rawValue.slice(0, HEAD_CHARS),
      count: 1,
      order: i + 1,
    });
  });
  return entries;
}

/** The version the link was made with; reports a newer, older or unreadable one. */
function readVersion(model: ModelInfo, e: Entry, report: Report): number {
  const current = model.version;
  const t = e.flaw === null ? e.text.trim() : null;
  if (t === null || !/^\d{1,9}$/.test(t) || Number(t) < 1) {
    const shown =
      e.flaw === 'long' ? `a ${formatNumber(e.rawLength)}-character value` : quoteText(e.text);
    report(
      e.order,
      VERSION_KEY,
      `${VERSION_KEY}: ${shown} is not a model version (a whole number from 1); ` +
        `showing with version ${current} of this model.`,
    );
    return current;
  }
  const n = Number(t);
  if (n > current) {
    report(
      e.order,
      VERSION_KEY,
      `link made by version ${n} of this model; showing with version ${current}, ` +
        `so results may differ from what version ${n} showed.`,
    );
    return current;
  }
  if (n < current) {
    report(
      e.order,
      VERSION_KEY,
      `link made by version ${n} of this model; showing with version ${current} — ` +
        `results may differ from what version ${n} produced.`,
    );
  }
  return n;
}

function migrateEntries(
  model: ModelInfo,
  fromVersion: number,
  entries: Map<string, Entry>,
): Map<string, Entry> {
  const raw = new Map<string, string>();
  for (const e of entries.values()) raw.set(e.key, e.text);
  const migrated = migrate(model.id, fromVersion, raw, model.version);
  const out = new Map<string, Entry>();
  let order = Number.MAX_SAFE_INTEGER - migrated.size;
  for (const [key, text] of migrated) {
    const old = entries.get(key);
    order += 1;
    if (old && old.text === text) out.set(key, old);
    else {
      const fresh = {
        key,
        text,
        flaw: null,
        rawLength: text.length,
        head: text.slice(0, HEAD_CHARS),
        count: 1,
      };
      out.set(key, { ...fresh, order: old?.order ?? order });
    }
  }
  return out;
}

/** Every declared parameter, in declaration order: the link's value if valid, else the fallback. */
function readParams(
  model: ModelInfo,
  entries: ReadonlyMap<string, Entry>,
  report: Report,
): ParamValues {
  const selector =
    model.presetParam === undefined
      ? undefined
      : model.params.find((s) => s.key === model.presetParam);
  // The preset parameter first: its value decides where the others fall back to.
  const selected = selector
    ? readParam(selector, entries.get(selector.key), selector.default, report)
    : undefined;
  const base = presetParams(model, selected === undefined ? undefined : String(selected));
  const params: ParamValues = {};
  for (const spec of model.params) {
    if (spec === selector && selected !== undefined) params[spec.key] = selected;
    else {
      const fallback = base[spec.key] ?? spec.default;
      params[spec.key] = readParam(spec, entries.get(spec.key), fallback, report);
    }
  }
  return params;
}

function readParam(
  spec: ParamSpec,
  e: Entry | undefined,
  fallback: ParamValue,
  report: Report,
): ParamValue {
  if (!e) return fallback;
  const reject = (what: string): ParamValue => {
    report(
      e.order,
      spec.key,
      `${spec.key}: ${what} — allowed ${formatAllowed(spec)}; ` +
        `using ${formatParamValue(spec, fallback)}.`,
    );
    return fallback;
  };
  // A list that is not one whatever its length says so first, rather than "too long" or "cut".
  if (spec.kind === 'list' && (e.flaw === 'cut' || e.flaw === 'long')) {
    const head = notAListHead(e.head);
    if (head !== null)
      return reject(`${quoteText(head)}… is not a comma-separated list of whole numbers`);
  }
  if (e.flaw === 'cut') return reject('value cut off where the link was cut');
  const limit = maxValueChars(spec);
  if (e.flaw === 'long' || e.rawLength > limit) {
    return reject(`value is ${formatNumber(e.rawLength)} characters long (at most ${limit})`);
  }
  const shown = quoteText(e.text);
  if (e.flaw === 'malformed') return reject(`${shown} has broken percent-encoding`);
  // An empty list is a value (`refs=`: no explicit string); anything else empty is not.
  if (e.text.trim() === '' && spec.kind !== 'list') return reject('value is empty');

  if (spec.kind === 'enum') {
    return checkParamValue(spec, e.text) === null ? e.text : reject(`${shown} is not an option`);
  }
  if (spec.kind === 'list' && e.text.startsWith(PACKED_PREFIX)) {
    // A page re-reads its link on every step: a long list is unpacked once.
    if (lastUnpacked.spec === spec && lastUnpacked.text === e.text) return lastUnpacked.value;
    const packed = unpackList(spec, e.text);
    if (!packed.ok) return reject(`packed list ${quoteText(e.text)} ${packed.why}`);
    lastUnpacked = { spec, text: e.text, value: packed.items.join(',') };
    return lastUnpacked.value;
  }
  if (spec.kind === 'list') {
    const list = readListText(spec, e.text);
    return list.ok ? list.value : reject(`${shown} ${list.why}`);
  }
  const reading = readNumberText(e.text);
  if (!reading.ok) {
    if (reading.why === 'hex') return reject(`${shown} is hexadecimal, not a decimal number`);
    if (reading.why === 'nonfinite') return reject(`${shown} is not a finite number`);
    return reject(`${shown} is not a number`);
  }
  const violation = checkParamValue(spec, reading.value);
  if (violation === null) return reading.value;
  if (violation === 'integer') return reject(`${shown} is not a whole number`);
  return reject(`${shown} is out of range`);
}

let lastUnpacked: { spec: ParamSpec | null; text: string; value: string } = {
  spec: null,
  text: '',
  value: '',
};

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** The declared key a mistyped one was probably meant to be. */
function closestKey(model: ModelInfo, key: string): string | undefined {
  if (key.length > MAX_VALUE_CHARS) return undefined;
  const lower = key.toLowerCase();
  let best: { key: string; d: number } | undefined;
  for (const spec of model.params) {
    const d = editDistance(lower, spec.key.toLowerCase());
    if (!best || d < best.d) best = { key: spec.key, d };
  }
  if (!best) return undefined;
  return best.d <= Math.max(2, Math.floor(key.length / 4)) ? best.key : undefined;
}

function unknownParamMessage(model: ModelInfo, key: string, suggest: boolean): string {
  const guess = suggest ? closestKey(model, key) : undefined;
  const hint = guess ? ` (did you mean ${guess}?)` : '';
  return `${showText(key)}: not a parameter of ${model.id} — ignored${hint}.`;
}

const encode = encodeURIComponent;

/** The last list packed, so a page that rewrites its link on every slider step packs it once. */
let lastPacked = { value: '', text: '' };

/** Commas stay readable in a list (`refs=3,1,4`): they are safe in a query string. */
const encodeList = (text: string) => encode(text).replace(/%2C/g, ',');

/** A list value as a link writes it, encoded: readable (`3,1,4`) when short, else packed. */
function listText(value: string): string {
  if (value.length <= MAX_READABLE_LIST_CHARS) return encodeList(value);
  if (lastPacked.value !== value) {
    const canonical = /^\d+(?:,\d+)*$/.test(value);
    const packed = canonical ? packList(value.split(',').map(Number)) : value;
    lastPacked = { value, text: encodeList(packed.length < value.length ? packed : value) };
  }
  return lastPacked.text;
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
  lastPacked = { value, text };
  if (text.startsWith(PACKED_PREFIX)) lastUnpacked = { spec, text, value };
}

/**
 * Writes a complete, self-contained link: `/#/<model>?k=v&…&v=N` with EVERY declared
 * parameter in declaration order (missing ones filled as parsePermalink would), numbers as
 * `String(n)` (the shortest text that reads back to the same double), then `v` last.
 * `parsePermalink(serializeScenario(s))` gives `s` back, with no problems, for any valid `s`.
 */
export function serializeScenario(s: Scenario, models: readonly ModelInfo[] = MODEL_INFOS): string {
  const model = models.find((m) => m.id === s.modelId);
  const pairs: string[] = [];
  if (model) {
    const base = presetParams(model, selectedPresetId(model, s.params));
    for (const spec of model.params) {
      const value = s.params[spec.key] ?? base[spec.key] ?? spec.default;
      const text = spec.kind === 'list' ? listText(String(value)) : encode(String(value));
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
): string {
  const model = models.find((m) => m.id === b.modelId);
  const pairs = [`${COMPARE_KEY}=1`];
  for (const spec of model?.params ?? []) {
    const value = pinned[spec.key];
    if (value === undefined || value === b.params[spec.key]) continue;
    const text = spec.kind === 'list' ? listText(String(value)) : encode(String(value));
    pairs.push(`${encode(PINNED_PREFIX + spec.key)}=${text}`);
  }
  return pairs.join('&');
}
