import * as v from 'valibot';
import { showText } from './format';
import type {
  EnumParamSpec,
  ListParamSpec,
  NumberParamSpec,
  ParamSpec,
  ParamValue,
} from '../models/types';
import type { ListFlaw, ProblemValues } from './types';

/**
 * Per-parameter validators, built with valibot from the ParamSpec declaration — the single
 * source of truth for kinds, ranges, integrality and options. Message wording is ours (see
 * ./permalink.ts); valibot only says which rule failed.
 */
export type ParamSchema = v.GenericSchema<unknown, ParamValue>;

const schemas = new WeakMap<ParamSpec, ParamSchema>();

function numberSchema(spec: NumberParamSpec): ParamSchema {
  // Range before integrality: `-5` for an integer parameter is "out of range", `1.5` is "not whole".
  return spec.integer
    ? v.pipe(v.number(), v.finite(), v.minValue(spec.min), v.maxValue(spec.max), v.integer())
    : v.pipe(v.number(), v.finite(), v.minValue(spec.min), v.maxValue(spec.max));
}

function enumSchema(spec: EnumParamSpec): ParamSchema {
  return v.picklist(spec.options.map((o) => o.value));
}

/** Canonical list text: whole numbers joined by commas, no spaces, no leading zeros. */
const LIST = /^(?:0|[1-9]\d*)(?:,(?:0|[1-9]\d*))*$/;

function listSchema(spec: ListParamSpec): ParamSchema {
  return v.pipe(
    v.string(),
    v.check((s) => s === '' || LIST.test(s)),
    v.check((s) => s === '' || s.split(',').length <= spec.maxItems, 'length'),
    v.check(
      (s) => s === '' || s.split(',').every((x) => +x >= spec.itemMin && +x <= spec.itemMax),
      'range',
    ),
  );
}

/** Why a list is not one: in English (`why`), and as a code with its values for the page. */
export interface ListWhy {
  ok: false;
  why: string;
  flaw: ListFlaw;
  values: ProblemValues;
}

export type ListReading = { ok: true; value: string } | ListWhy;

/**
 * Reads list text as a person may type it (`3, 1,4 ,1`), returning the canonical value or
 * the reason it is not one. Used by the permalink codec and by the list control alike.
 */
export function readListText(spec: ListParamSpec, text: string): ListReading {
  const t = text.trim();
  if (t === '') return { ok: true, value: '' };
  const parts = t.split(/\s*,\s*/);
  if (!parts.every((x) => /^\d+$/.test(x)))
    return {
      ok: false,
      why: 'is not a comma-separated list of whole numbers',
      flaw: 'notList',
      values: {},
    };
  if (parts.length > spec.maxItems)
    return {
      ok: false,
      why: `has ${parts.length} items (at most ${spec.maxItems})`,
      flaw: 'tooMany',
      values: { count: parts.length, max: spec.maxItems },
    };
  const items = parts.map(Number);
  const bad = items.findIndex((x) => x < spec.itemMin || x > spec.itemMax);
  if (bad >= 0) {
    const item = showText(parts[bad] ?? '');
    return {
      ok: false,
      why: `item ${bad + 1} (${item}) is out of range`,
      flaw: 'itemRange',
      values: { item: bad + 1, value: item },
    };
  }
  return { ok: true, value: items.join(',') };
}

/** The valibot schema of one parameter (memoized per spec object). */
export function paramSchema(spec: ParamSpec): ParamSchema {
  let schema = schemas.get(spec);
  if (!schema) {
    schema =
      spec.kind === 'number'
        ? numberSchema(spec)
        : spec.kind === 'list'
          ? listSchema(spec)
          : enumSchema(spec);
    schemas.set(spec, schema);
  }
  return schema;
}

/** Which rule a value broke, in the words the messages are built from. */
export type Violation = 'type' | 'range' | 'integer' | 'option';

/** Null when `value` is valid for `spec`, else the first rule it breaks. */
export function checkParamValue(spec: ParamSpec, value: unknown): Violation | null {
  const result = v.safeParse(paramSchema(spec), value, { abortPipeEarly: true });
  if (result.success) return null;
  const type = result.issues[0].type;
  switch (type) {
    case 'finite':
    case 'min_value':
    case 'max_value':
      return 'range';
    case 'integer':
      return 'integer';
    case 'picklist':
      return 'option';
    case 'check':
      return result.issues[0].message === 'range' || result.issues[0].message === 'length'
        ? 'range'
        : 'type';
    default:
      return 'type';
  }
}

export function isValidParamValue(spec: ParamSpec, value: unknown): value is ParamValue {
  return checkParamValue(spec, value) === null;
}

/** Decimal notation as `String(n)` writes it (`12`, `-0.5`, `1e-7`, `1e+21`); no hex, no `Infinity`. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export type TextReading =
  { ok: true; value: number } | { ok: false; why: 'empty' | 'hex' | 'nonfinite' | 'nan' };

/** Reads the text of a number parameter. Overflow (`1e999`) reads as ±Infinity, then fails the range. */
export function readNumberText(text: string): TextReading {
  const t = text.trim();
  if (t === '') return { ok: false, why: 'empty' };
  if (/^[+-]?0x/i.test(t)) return { ok: false, why: 'hex' };
  if (/^[+-]?(?:inf|infinity|nan)$/i.test(t)) return { ok: false, why: 'nonfinite' };
  if (!DECIMAL.test(t)) return { ok: false, why: 'nan' };
  // `+ 0` turns -0 into 0, so `-0` and `0` are the same scenario.
  return { ok: true, value: Number(t) + 0 };
}
