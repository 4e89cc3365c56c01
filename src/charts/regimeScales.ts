import { format } from 'd3-format';
import { scaleLinear, scaleLog, type ScaleContinuousNumeric } from 'd3-scale';
import type { MapAxis } from '../compare/regimeMap';
import { formatValue } from '../format';

/**
 * The regime map's scales (RegimeMapPlot.tsx): each grid value at the centre of its cell on a
 * linear or log axis, and a colour for a value — viridis (even steps of lightness, readable
 * with the common colour-vision deficiencies and in grey), on a log scale when the values
 * span orders of magnitude.
 */
export const VIRIDIS = [
  '#440154',
  '#472d7b',
  '#3b528b',
  '#2c728e',
  '#21918c',
  '#28ae80',
  '#5ec962',
  '#addc30',
  '#fde725',
];

/** Values spanning this ratio or more get a log colour scale. */
export const LOG_COLOUR_RATIO = 50;

type Scale = ScaleContinuousNumeric<number, number>;

/** A grid axis: the values' cell edges (midway between neighbours, in the axis's own space). */
export function cellEdges(axis: Pick<MapAxis, 'scale' | 'values'>): number[] {
  const log = axis.scale === 'log' && axis.values.every((v) => v > 0);
  const t = log ? Math.log : (v: number) => v;
  const inv = log ? Math.exp : (v: number) => v;
  const s = axis.values.map(t);
  if (s.length === 1) return [inv(s[0]! - 0.5), inv(s[0]! + 0.5)];
  const mids = s.slice(1).map((v, i) => (v + s[i]!) / 2);
  const first = s[0]! - (mids[0]! - s[0]!);
  const last = s.at(-1)! + (s.at(-1)! - mids.at(-1)!);
  return [first, ...mids, last].map(inv);
}

/** An axis's position scale over its cells' full extent, `0 … length`. */
export function axisScale(axis: Pick<MapAxis, 'scale' | 'values'>, length: number): Scale {
  const edges = cellEdges(axis);
  const domain = [edges[0]!, edges.at(-1)!];
  return axis.scale === 'log' && domain[0]! > 0
    ? scaleLog().domain(domain).range([0, length])
    : scaleLinear().domain(domain).range([0, length]);
}

/** A number for a tick or a cell: 1.5, 250, 12,000, 3.2M. */
export function compact(v: number): string {
  return Math.abs(v) >= 1e5 ? format('.3~s')(v) : formatValue(v);
}

/** Tick values: the powers of ten across three decades or more, else some grid values. */
export function axisTicks(axis: Pick<MapAxis, 'scale' | 'values'>, max = 6): number[] {
  const vs = axis.values;
  const lo = vs[0]!;
  const hi = vs.at(-1)!;
  if (axis.scale === 'log' && lo > 0 && hi / lo >= 1000) {
    const decades: number[] = [];
    for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++)
      decades.push(10 ** e);
    const step = Math.ceil(decades.length / max);
    return decades.filter((_, i) => i % step === 0);
  }
  const step = Math.max(1, Math.ceil((vs.length - 1) / (max - 1)));
  const picked = vs.map((_, i) => i).filter((i) => i % step === 0);
  const end = vs.length - 1;
  // The last value always; it replaces the one before when the two would crowd.
  if (picked.at(-1) !== end) {
    if (end - picked.at(-1)! < step / 2 && picked.length > 1) picked.pop();
    picked.push(end);
  }
  return picked.map((i) => vs[i]!);
}

export interface ColourScale {
  colour: (v: number) => string;
  /** The legend's scale of the values (same kind as the colours'). */
  scale: Scale;
  log: boolean;
  domain: [number, number];
}

/** Colours for values from `lo` to `hi`: log when they span LOG_COLOUR_RATIO or more. */
export function colourScale(values: readonly number[]): ColourScale | null {
  const finite = values.filter((v) => Number.isFinite(v));
  if (!finite.length) return null;
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  const log = lo > 0 && hi / lo >= LOG_COLOUR_RATIO;
  const k = VIRIDIS.length - 1;
  const at = (i: number) =>
    log ? lo * (hi / lo) ** (i / k) : lo === hi ? lo + i / k : lo + ((hi - lo) * i) / k;
  const stops = VIRIDIS.map((_, i) => at(i));
  const scale: Scale = log
    ? scaleLog().domain([lo, hi]).range([0, 1])
    : scaleLinear()
        .domain([lo, lo === hi ? lo + 1 : hi])
        .range([0, 1]);
  const ramp = (log ? scaleLog<string>() : scaleLinear<string>())
    .domain(stops)
    .range(VIRIDIS)
    .clamp(true);
  return { colour: (v) => ramp(v), scale, log, domain: [lo, hi] };
}
