// The model's parameters read from a link's entries: version, migration, validation, and a
// "did you mean" for unknown keys.
import type { ModelInfo, ParamSpec, ParamValue, ParamValues } from '../models/types';
import { formatAllowed, formatNumber, formatParamValue, quoteText, showText } from './format';
import {
  HEAD_CHARS,
  MAX_PROBLEMS,
  MAX_VALUE_CHARS,
  VERSION_KEY,
  givenOf,
  maxValueChars,
  notAListHead,
  type Entry,
  type Report,
} from './linkQuery';
import { listCache } from './listCache';
import { migrate } from './migrate';
import { PACKED_PREFIX, unpackList } from './packed';
import { KEEP_LIST_CHARS, KEPT_PREFIX, keptMissing, keptText } from './kept';
import { presetParams } from './presets';
import { checkParamValue, readListText, readNumberText } from './validate';
import type { ParamFlaw, ProblemValues, Said } from './types';

/** The version the link was made with; reports a newer, older or unreadable one. */
export function readVersion(model: ModelInfo, e: Entry, report: Report): number {
  const current = model.version;
  const t = e.flaw === null ? e.text.trim() : null;
  if (t === null || !/^\d{1,9}$/.test(t) || Number(t) < 1) {
    const given = givenOf(e, true);
    report(e.order, VERSION_KEY, {
      code: 'version.invalid',
      values: { param: VERSION_KEY, ...given.values, current },
      message:
        `${VERSION_KEY}: ${given.shown} is not a model version (a whole number from 1); ` +
        `showing with version ${current} of this model.`,
    });
    return current;
  }
  const n = Number(t);
  if (n > current) {
    report(e.order, VERSION_KEY, {
      code: 'version.newer',
      values: { given: n, current },
      message:
        `link made by version ${n} of this model; showing with version ${current}, ` +
        `so results may differ from what version ${n} showed.`,
    });
    return current;
  }
  if (n < current) {
    report(e.order, VERSION_KEY, {
      code: 'version.older',
      values: { given: n, current },
      message:
        `link made by version ${n} of this model; showing with version ${current} — ` +
        `results may differ from what version ${n} produced.`,
    });
  }
  return n;
}

export function migrateEntries(
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
export function readParams(
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

export function readParam(
  spec: ParamSpec,
  e: Entry | undefined,
  fallback: ParamValue,
  report: Report,
): ParamValue {
  if (!e) return fallback;
  const reject = (what: string, flaw: ParamFlaw, values: ProblemValues = {}): ParamValue => {
    const allowed = formatAllowed(spec);
    const used = formatParamValue(spec, fallback);
    report(e.order, spec.key, {
      code: `param.${flaw}`,
      values: { ...values, param: spec.key, allowed, used },
      message: `${spec.key}: ${what} — allowed ${allowed}; using ${used}.`,
    });
    return fallback;
  };
  // A list that is not one whatever its length says so first, rather than "too long" or "cut".
  if (spec.kind === 'list' && (e.flaw === 'cut' || e.flaw === 'long')) {
    const head = notAListHead(e.head);
    if (head !== null)
      return reject(
        `${quoteText(head)}… is not a comma-separated list of whole numbers`,
        'notListHead',
        { given: quoteText(head) },
      );
  }
  if (e.flaw === 'cut') return reject('value cut off where the link was cut', 'cut');
  const limit = maxValueChars(spec);
  if (e.flaw === 'long' || e.rawLength > limit) {
    return reject(
      `value is ${formatNumber(e.rawLength)} characters long (at most ${limit})`,
      'long',
      { length: e.rawLength, limit },
    );
  }
  const shown = quoteText(e.text);
  const given = { given: shown };
  if (e.flaw === 'malformed')
    return reject(`${shown} has broken percent-encoding`, 'malformed', given);
  // An empty list is a value (`refs=`: no explicit string); anything else empty is not.
  if (e.text.trim() === '' && spec.kind !== 'list') return reject('value is empty', 'empty');

  if (spec.kind === 'enum') {
    return checkParamValue(spec, e.text) === null
      ? e.text
      : reject(`${shown} is not an option`, 'notOption', given);
  }
  if (spec.kind === 'list') {
    // A long list kept in this browser, named by its key (./kept.ts): read as its text.
    const kept = e.text.startsWith(KEPT_PREFIX) ? keptText(e.text) : e.text;
    if (kept === null)
      return reject(keptMissing(shown), 'keptMissing', { ...given, keep: KEEP_LIST_CHARS });
    if (kept.startsWith(PACKED_PREFIX)) {
      // A page re-reads its link on every step: a long list is unpacked once.
      const last = listCache.unpacked;
      if (last.spec === spec && last.text === kept) return last.value;
      const packed = unpackList(spec, kept);
      if (!packed.ok)
        return reject(`packed list ${quoteText(kept)} ${packed.why}`, `list.${packed.flaw}`, {
          ...packed.values,
          given: quoteText(kept),
        });
      listCache.unpacked = { spec, text: kept, value: packed.items.join(',') };
      return listCache.unpacked.value;
    }
    const list = readListText(spec, kept);
    return list.ok
      ? list.value
      : reject(`${quoteText(kept)} ${list.why}`, `list.${list.flaw}`, {
          ...list.values,
          given: quoteText(kept),
        });
  }
  const reading = readNumberText(e.text);
  if (!reading.ok) {
    if (reading.why === 'hex')
      return reject(`${shown} is hexadecimal, not a decimal number`, 'hex', given);
    if (reading.why === 'nonfinite')
      return reject(`${shown} is not a finite number`, 'nonfinite', given);
    return reject(`${shown} is not a number`, 'notNumber', given);
  }
  const violation = checkParamValue(spec, reading.value);
  if (violation === null) return reading.value;
  if (violation === 'integer') return reject(`${shown} is not a whole number`, 'notWhole', given);
  return reject(`${shown} is out of range`, 'outOfRange', given);
}

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

/**
 * Reports every key of `entries` the model does not declare (a link cut inside a key says so
 * elsewhere). Suggestions cost an edit distance per declared key: only for problems listed.
 */
export function reportUnknownKeys(
  model: ModelInfo,
  entries: ReadonlyMap<string, Entry>,
  report: Report,
): void {
  const declared = new Set(model.params.map((s) => s.key));
  let unknown = 0;
  for (const e of entries.values()) {
    if (declared.has(e.key) || e.flaw === 'cut') continue;
    unknown += 1;
    report(e.order, e.key, unknownParam(model, e.key, unknown <= MAX_PROBLEMS));
  }
}

/** A key the model does not declare, said with the declared key it is probably meant to be. */
export function unknownParam(model: ModelInfo, key: string, suggest: boolean): Said {
  const guess = suggest ? closestKey(model, key) : undefined;
  const hint = guess ? ` (did you mean ${guess}?)` : '';
  const param = showText(key);
  return {
    code: 'param.unknown',
    values: { param, model: model.id, guess: guess ?? '', hint: guess ? 'yes' : 'no' },
    message: `${param}: not a parameter of ${model.id} — ignored${hint}.`,
  };
}
