import type { NumberParamSpec } from '../models/types';

/**
 * The seed of the next "New random run": drawn from the current one by a 32-bit integer hash
 * (the finaliser of MurmurHash3), so a run is a number in the link, and the sequence of runs a
 * teacher clicks through is the same in every browser. Never the current seed; within the
 * parameter's range.
 */
export function nextSeed(current: number, spec: Pick<NumberParamSpec, 'min' | 'max'>): number {
  const span = spec.max - spec.min + 1;
  let z = (Math.trunc(current) + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z = (z ^ (z >>> 16)) >>> 0;
  const next = spec.min + (z % span);
  return next === current ? spec.min + ((next - spec.min + 1) % span) : next;
}
