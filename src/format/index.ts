/**
 * Number formatting for people: thousands separators, sensible precision, a real minus sign,
 * through `Intl` in the page's locale (`1,234.5` in English, `1234,5` and `12.345` in Spanish).
 * Shared by views/ and charts/; imports nothing: src/i18n's provider sets the locale.
 */

let locale = 'en-US';
/** The few words a number may be written as (src/i18n gives them in the page's language). */
let words = { unbounded: 'unbounded' };

/** The page's locale (a BCP 47 tag) and its words, set by the language provider. */
export function setNumberLocale(tag: string, localWords: typeof words): void {
  if (tag !== locale) formatters.clear();
  locale = tag;
  words = localWords;
}

/** The locale numbers are written in now. */
export const numberLocale = (): string => locale;

/** Formatters by fraction digits (`max` up to, or `fixed` exactly, without grouping). */
const formatters = new Map<string, Intl.NumberFormat>();
function fmt(digits: number, fixed = false): Intl.NumberFormat {
  const key = `${digits}${fixed ? 'f' : ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      locale,
      fixed
        ? { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }
        : { maximumFractionDigits: digits },
    );
    formatters.set(key, f);
  }
  return f;
}

const MINUS = '\u2212';

/** A measured or modelled quantity: whole numbers from 100 up, more digits below. */
export function formatValue(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  const digits = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  return fmt(digits).format(v).replace('-', MINUS);
}

/** A signed percentage, e.g. `+1.3 %`, `−18.8 %`, `0.0 %`. */
export function formatErrorPct(e: number | null | undefined): string {
  return formatSigned(e, '%');
}

/**
 * A cell's error or difference in the unit src/compare gives its column (ComparedColumn
 * .errorUnit): % of the paper's value, or percentage points for a quantity that is itself a
 * percentage — `+1.3 %`, `+7.6 pp` (never a percent of a percent).
 */
export function formatError(e: number | null | undefined, errorUnit: '%' | 'pp' = '%'): string {
  return formatSigned(e, errorUnit);
}

function formatSigned(e: number | null | undefined, unit: '%' | 'pp'): string {
  if (e === null || e === undefined || !Number.isFinite(e)) return '—';
  const rounded = Math.abs(e) >= 100 ? Math.round(e) : Math.round(e * 10) / 10;
  const digits = Math.abs(e) >= 100 ? 0 : 1;
  const body = fmt(digits, true).format(Math.abs(rounded));
  const sign = rounded > 0 ? '+' : rounded < 0 ? MINUS : '±';
  return `${sign}${body} ${unit}`;
}

/** How far off a cell is, for its colour (the number is always shown too). */
export function errorLevel(e: number | null | undefined): 'none' | 'good' | 'fair' | 'poor' {
  if (e === null || e === undefined || !Number.isFinite(e)) return 'none';
  const a = Math.abs(e);
  return a <= 5 ? 'good' : a <= 15 ? 'fair' : 'poor';
}

/** `Label (unit)`, or just the label for a pure count. */
export function labelWithUnit(label: string, unit: string): string {
  return unit ? `${label} (${unit})` : label;
}

/** Units of time and rates that end in s but are not plural words. */
const NOT_PLURAL = new Set(['s', 'ms', 'µs', 'us', 'ns']);

/**
 * The unit for a count of exactly one: `1 call`, `1 CPU`, `1 entry`, `1 miss`; a unit that is
 * not a plural word (ms, µs, MB/s, B, %) as it is. scenario/format.ts keeps the same rule.
 */
export function unitFor(unit: string, text: string): string {
  if ((text !== '1' && text !== '−1' && text !== '-1') || NOT_PLURAL.has(unit)) return unit;
  if (!/^[A-Za-z]+s$/.test(unit) || unit.length < 3) return unit;
  if (unit.endsWith('ies')) return `${unit.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(unit)) return unit.slice(0, -2);
  return unit.slice(0, -1);
}

/** `89,867 records`, `22.4 ms`, `1 call`, `7`: a value and its unit, for screen readers and notes. */
export function withUnit(text: string, unit: string): string {
  return unit ? `${text} ${unitFor(unit, text)}` : text;
}

/** Every digit the value has, grouped by thousands (a cached formatter: toLocaleString is slow). */
export function formatExact(v: number): string {
  return fmt(20).format(v);
}

/** An unsigned percentage for summaries, e.g. `1.6 %` (or percentage points: `7.6 pp`). */
export function formatPct(p: number, unit: '%' | 'pp' = '%'): string {
  if (!Number.isFinite(p)) return '—';
  const big = Math.abs(p) >= 100;
  // `+ 0`: a negative zero is written 0, as toFixed did.
  return `${fmt(big ? 0 : 1, true).format((big ? Math.round(p) : p) + 0)} ${unit}`;
}

/**
 * An upper bound more than this many times the value it brackets says nothing a reader can
 * use (a log-scale interval whose spread runs to hundreds): it is printed as "unbounded".
 * Three decades, not two: a small wait whose new measurement could be a few hundred times
 * longer (a prefetch that may or may not land) keeps its number, which is still read.
 */
export const UNBOUNDED_RATIO = 1000;

/** Whether `hi` is so far above a positive `value` that the interval is unbounded in practice. */
export const unboundedAbove = (value: number | undefined, hi: number): boolean =>
  value !== undefined && value > 0 && hi > UNBOUNDED_RATIO * value;

/**
 * A prediction interval as people read it: `(12,000–41,000)`, values formatted like cells.
 * Given the value it brackets, an upper bound beyond ×UNBOUNDED_RATIO reads "unbounded".
 */
export function formatInterval(iv: readonly [number, number], value?: number): string {
  const hi = unboundedAbove(value, iv[1]) ? words.unbounded : formatValue(iv[1]);
  return `(${formatValue(iv[0])}\u2013${hi})`;
}
