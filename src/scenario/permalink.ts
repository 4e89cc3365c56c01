import { MODEL_INFOS } from '../models/registry';
import type { ModelInfo, ParamValues } from '../models/types';
import { formatNumber, showText } from './format';
import {
  MAX_ANY_VALUE_CHARS,
  MAX_LINK_CHARS,
  MAX_PROBLEMS,
  CONTROLS_KEY,
  PINNED_PREFIX,
  LANG_KEY,
  VERSION_KEY,
  VIEW_KEY,
  maxValueChars,
  readQuery,
  routeOf,
  safeDecode,
  type Report,
} from './linkQuery';
import { readControls, readPinned, readView, takePinned } from './linkOptions';
import { EMBED_PART_KEY, readEmbedPart } from './embedPart';
import { migrateEntries, readParams, readVersion, reportUnknownKeys } from './linkParams';
import type { EmbedControls, EmbedPart, ParseResult, Problem, Scenario, View } from './types';

export {
  COMPARE_KEY,
  CONTROLS_KEY,
  EMBED_CONTROLS,
  MAX_LINK_CHARS,
  MAX_PROBLEMS,
  MAX_READABLE_LIST_CHARS,
  MAX_VALUE_CHARS,
  PINNED_PREFIX,
  VERSION_KEY,
  VIEW_KEY,
  VIEWS,
  maxValueChars,
} from './linkQuery';
export {
  listLinkText,
  rememberListText,
  serializeForAddress,
  serializePinned,
  serializeScenario,
} from './serialize';

interface OrderedProblem extends Problem {
  order: number;
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
  const report: Report = (order, param, said) => problems.push({ order, param, ...said });
  try {
    const { scenario, view, linkVersion, compare, controls, part } = parse(input, models, report);
    return {
      scenario,
      problems: finish(problems),
      ...(view ? { view } : {}),
      ...(controls ? { controls } : {}),
      ...(part ? { part } : {}),
      ...(compare ? { compare } : {}),
      ...(linkVersion !== undefined ? { linkVersion } : {}),
    };
  } catch (err) {
    const error = describeError(err);
    report(Infinity, null, {
      code: 'link.unreadable',
      values: { error },
      message: `this link could not be read (${error}).`,
    });
    return { scenario: null, problems: finish(problems) };
  }
}

/** Stable sort by position in the link; at most MAX_PROBLEMS. */
function finish(problems: OrderedProblem[]): Problem[] {
  const sorted = problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.order - b.p.order || a.i - b.i)
    .map(({ p }) => ({ param: p.param, message: p.message, code: p.code, values: p.values }));
  if (sorted.length <= MAX_PROBLEMS) return sorted;
  const more = sorted.length - (MAX_PROBLEMS - 1);
  return [
    ...sorted.slice(0, MAX_PROBLEMS - 1),
    {
      param: null,
      message: `…and ${formatNumber(more)} more problems in this link.`,
      code: 'link.more',
      values: { n: more },
    },
  ];
}

/** The link's text, trimmed and cut at MAX_LINK_CHARS (said so); null when it is not text. */
function linkText(input: string, report: Report): { text: string; truncated: boolean } | null {
  if (typeof input !== 'string') {
    report(0, null, { code: 'link.notText', values: {}, message: 'a permalink must be text.' });
    return null;
  }
  const text = input.trim();
  if (text.length > MAX_LINK_CHARS) {
    report(-1, null, {
      code: 'link.tooLong',
      values: { length: text.length, max: MAX_LINK_CHARS },
      message:
        `link is ${formatNumber(text.length)} characters long; only the first ` +
        `${formatNumber(MAX_LINK_CHARS)} are read and the rest is ignored.`,
    });
    return { text: text.slice(0, MAX_LINK_CHARS), truncated: true };
  }
  return { text, truncated: false };
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
  part?: EmbedPart;
} {
  const read = linkText(input, report);
  if (read === null) return { scenario: null };
  const { text, truncated } = read;

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
  entries.delete(LANG_KEY);
  const controls = readControls(entries, view, report);
  entries.delete(CONTROLS_KEY);
  const part = readEmbedPart(entries, view, report);
  entries.delete(EMBED_PART_KEY);
  const pinnedEntries = takePinned(entries, report);
  if (id === undefined) return view ? { scenario: null, view } : { scenario: null }; // home
  if (!model) {
    const known = models.map((m) => m.id).join(', ');
    const shown = showText(id);
    report(0, null, {
      code: 'link.unknownModel',
      values: { model: shown, known },
      message: `unknown model '${shown}' — known: ${known}.`,
    });
    return { scenario: null };
  }
  if (segments.length > 1) {
    const extra = showText(segments.slice(1).join('/'));
    report(0, null, {
      code: 'link.extraPath',
      values: { path: extra },
      message: `'/${extra}' after the model name is ignored.`,
    });
  }

  for (const e of entries.values()) {
    if (e.count > 1 && e.flaw !== 'cut') {
      const param = showText(e.key);
      report(e.order, e.key, {
        code: 'link.repeated',
        values: { param, count: e.count },
        message: `${param}: given ${e.count} times — the first one is used.`,
      });
    }
  }

  const versionEntry = entries.get(VERSION_KEY);
  entries.delete(VERSION_KEY);
  const fromVersion = versionEntry ? readVersion(model, versionEntry, report) : model.version;
  if (fromVersion < model.version) entries = migrateEntries(model, fromVersion, entries);

  const params = readParams(model, entries, report);
  reportUnknownKeys(model, entries, report);
  const scenario = { modelId: model.id, params, version: model.version };
  const compare = pinnedEntries && readPinned(model, pinnedEntries, params, report);
  return {
    scenario,
    ...(view ? { view } : {}),
    ...(controls ? { controls } : {}),
    ...(part ? { part } : {}),
    ...(compare ? { compare } : {}),
    ...(fromVersion < model.version ? { linkVersion: fromVersion } : {}),
  };
}
