import type { NumberParamSpec, ParamSpec, ParamValue } from '../models/types';

/**
 * Numbers as people read them in messages, the CLI help and the UI: integers grouped by
 * thousands (`89,867`), everything else exactly as `String(n)` writes it (`0.3214`).
 */
export function formatNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toLocaleString('en-US');
  return String(n);
}

function unitSuffix(unit: string): string {
  if (unit === '') return '';
  if (unit === '%') return '%';
  return ` ${unit}`;
}

/**
 * The unit for a count of one (`1 call`, `1 CPU`, `1 entry`): the rule of format/index.ts
 * `unitFor`, kept here because scenario/ imports nothing of format/ (a test holds them equal).
 */
export function singularUnit(unit: string, n: number): string {
  if (Math.abs(n) !== 1 || ['s', 'ms', 'µs', 'us', 'ns'].includes(unit)) return unit;
  if (!/^[A-Za-z]+s$/.test(unit) || unit.length < 3) return unit;
  if (unit.endsWith('ies')) return `${unit.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(unit)) return unit.slice(0, -2);
  return unit.slice(0, -1);
}

/** A value with its unit: `4 records`, `1 record`, `22.4 ms`, `100%`, `7` (unit ''). */
export function formatWithUnit(n: number, unit: string): string {
  return `${formatNumber(n)}${unitSuffix(singularUnit(unit, n))}`;
}

/** The allowed range of a number parameter with its unit, e.g. `0–100,000 records`. */
export function formatRange(spec: NumberParamSpec): string {
  const sep = spec.min < 0 ? ' to ' : '–';
  return `${formatNumber(spec.min)}${sep}${formatNumber(spec.max)}${unitSuffix(spec.unit)}`;
}

/** What may be written for a parameter: its range, or its options (`one of a, b, c`). */
export function formatAllowed(spec: ParamSpec): string {
  if (spec.kind === 'number') return formatRange(spec);
  if (spec.kind === 'list')
    return `up to ${formatNumber(spec.maxItems)} comma-separated whole numbers, each ${formatNumber(spec.itemMin)}–${formatNumber(spec.itemMax)}`;
  return `one of ${spec.options.map((o) => o.value).join(', ')}`;
}

/** A parameter value as shown in a message: numbers with their unit, option values as they are. */
export function formatParamValue(spec: ParamSpec, value: ParamValue): string {
  if (spec.kind === 'number' && typeof value === 'number') return formatWithUnit(value, spec.unit);
  if (spec.kind === 'list') return value === '' ? 'an empty list' : showText(String(value));
  return String(value);
}

const MAX_SHOWN = 40;

/**
 * Text taken from a link, made safe to show inside a one-line message: control characters
 * and line separators escaped, and cut to a readable length.
 */
export function showText(text: string): string {
  let cut = text;
  if (text.length > MAX_SHOWN) {
    // Do not split a surrogate pair.
    const end = /[\ud800-\udbff]/.test(text.charAt(MAX_SHOWN - 1)) ? MAX_SHOWN - 1 : MAX_SHOWN;
    cut = `${text.slice(0, end)}…`;
  }
  // eslint-disable-next-line no-control-regex
  return cut.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** `showText` in double quotes: `"abc"`. */
export function quoteText(text: string): string {
  return `"${showText(text)}"`;
}
