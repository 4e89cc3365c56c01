import type { NumberParamSpec } from '../models/types';

/** Positions on a log-scale slider; enough that one arrow key press is a small step. */
export const LOG_POSITIONS = 1000;

function decimalsOf(step: number): number {
  if (Number.isInteger(step)) return 0;
  const s = String(step);
  const e = s.indexOf('e-');
  if (e >= 0) return Number(s.slice(e + 2));
  return s.length - s.indexOf('.') - 1;
}

/** Rounds to the parameter's step and clamps to its range: 0.1 + 0.2 gives 0.3, not 0.30000000000000004. */
export function roundToStep(value: number, spec: NumberParamSpec): number {
  const clamped = Math.min(spec.max, Math.max(spec.min, value));
  const steps = Math.round((clamped - spec.min) / spec.step);
  const decimals = decimalsOf(spec.step);
  // Rounded to the step's decimals first: 0.1 + 99,999 × 0.1 is 10,000, not above it.
  let v = Number((spec.min + steps * spec.step).toFixed(decimals));
  if (v > spec.max) v = Number((v - spec.step).toFixed(decimals));
  return spec.integer ? Math.round(v) : v;
}

/**
 * Log sliders map position 0…LOG_POSITIONS to min…max geometrically. A range that starts at
 * or below zero is shifted so its lower end sits at one step above zero.
 */
function logBounds(spec: NumberParamSpec): { shift: number; lo: number; hi: number } {
  const shift = spec.min > 0 ? 0 : spec.step - spec.min;
  return { shift, lo: Math.log(spec.min + shift), hi: Math.log(spec.max + shift) };
}

export function isLog(spec: NumberParamSpec): boolean {
  return spec.scale === 'log' && spec.max > spec.min;
}

/** A slider through the powers of two in the range (page sizes). */
export function isPow2(spec: NumberParamSpec): boolean {
  return spec.scale === 'pow2' && spec.min > 0 && spec.max > spec.min;
}

export const isPowerOfTwo = (v: number) => v > 0 && Number.isInteger(Math.log2(v));

/** The powers of two within the range: their exponents, lowest and highest. */
function pow2Bounds(spec: NumberParamSpec): { lo: number; hi: number } {
  return { lo: Math.ceil(Math.log2(spec.min)), hi: Math.floor(Math.log2(spec.max)) };
}

/** The slider's `min`, `max` and `step` attributes. */
export function sliderAttributes(spec: NumberParamSpec): {
  min: number;
  max: number;
  step: number;
} {
  if (isPow2(spec)) {
    const { lo, hi } = pow2Bounds(spec);
    return { min: lo, max: hi, step: 1 };
  }
  return isLog(spec)
    ? { min: 0, max: LOG_POSITIONS, step: 1 }
    : { min: spec.min, max: spec.max, step: spec.step };
}

/** How near (in slider positions, of LOG_POSITIONS) a drag must pass a paper's value to stop on it. */
export const MARK_SNAP = 8;

export function valueToPosition(value: number, spec: NumberParamSpec): number {
  if (isPow2(spec)) {
    const { lo, hi } = pow2Bounds(spec);
    return Math.min(hi, Math.max(lo, Math.round(Math.log2(Math.max(value, 1)))));
  }
  if (!isLog(spec)) return value;
  const { shift, lo, hi } = logBounds(spec);
  const x = Math.log(Math.max(spec.min, Math.min(spec.max, value)) + shift);
  return Math.round(((x - lo) / (hi - lo)) * LOG_POSITIONS);
}

/**
 * The value for a slider position, rounded to the step. On a log slider neighbouring positions
 * can round to the same value near the low end; moving the slider then still moves the value
 * by one step in the direction of travel, so arrow keys never get stuck.
 */
/**
 * How near a position must pass a mark to stop on it: MARK_SNAP of LOG_POSITIONS on a log
 * slider; the same share of the range on a linear one (a linear slider's positions are values).
 */
function snapDistance(spec: NumberParamSpec): number {
  return isLog(spec) ? MARK_SNAP : ((spec.max - spec.min) * MARK_SNAP) / LOG_POSITIONS;
}

/**
 * The paper's value a move from `current` to `position` stops on, or null. Only a mark ahead
 * (in the direction of travel, by value) pulls: the one it sits on, or one behind, never pulls
 * it back, so arrow keys and a drag leave a mark as easily as they reach it. A small move (an
 * arrow key, a slow drag) stops on the first mark ahead, so no mark is ever stepped over, even
 * two marks a position apart; a long one (Home, End, a click far along the track) on the mark
 * nearest where it lands.
 */
function markStop(position: number, spec: NumberParamSpec, current: number): number | null {
  const from = valueToPosition(current, spec);
  const ahead = Math.sign(position - from);
  if (ahead === 0) return null;
  const snap = snapDistance(spec);
  const near = (spec.marks ?? [])
    .filter((m) => m.value >= spec.min && m.value <= spec.max && (m.value - current) * ahead > 0)
    .map((m) => ({ value: m.value, d: Math.abs(valueToPosition(m.value, spec) - position) }))
    .filter((m) => m.d <= snap);
  if (near.length === 0) return null;
  const small = Math.abs(position - from) <= snap;
  near.sort((a, b) => (small ? (a.value - b.value) * ahead : a.d - b.d));
  return near[0]!.value;
}

export function positionToValue(position: number, spec: NumberParamSpec, current: number): number {
  if (isPow2(spec)) {
    const { lo, hi } = pow2Bounds(spec);
    return 2 ** Math.min(hi, Math.max(lo, Math.round(position)));
  }
  const mark = markStop(position, spec, current);
  if (mark !== null) return mark;
  if (!isLog(spec)) return roundToStep(position, spec);
  const from = valueToPosition(current, spec);
  const { shift, lo, hi } = logBounds(spec);
  const v = roundToStep(Math.exp(lo + (position / LOG_POSITIONS) * (hi - lo)) - shift, spec);
  if (v === current && position !== from)
    return roundToStep(current + Math.sign(position - from) * spec.step, spec);
  return v;
}

/** Why a typed number was refused: `controls.typed.<why>` in the catalogues says it on a page. */
export type TypedFlaw = 'empty' | 'notNumber' | 'outOfRange';

export type ParsedNumber =
  { ok: true; value: number } | { ok: false; message: string; why: TypedFlaw };

/** What a person typed into the number box: accepted (rounded to the step) or explained. */
export function parseTypedNumber(text: string, spec: NumberParamSpec, range: string): ParsedNumber {
  const cleaned = text.replace(/[\s,_]/g, '').replace('\u2212', '-');
  if (cleaned === '') return { ok: false, message: `Enter a number, ${range}.`, why: 'empty' };
  const n = Number(cleaned);
  if (!Number.isFinite(n))
    return { ok: false, message: `“${text}” is not a number; use ${range}.`, why: 'notNumber' };
  if (n < spec.min || n > spec.max)
    return { ok: false, message: `Out of range: use ${range}.`, why: 'outOfRange' };
  return { ok: true, value: roundToStep(n, spec) };
}
