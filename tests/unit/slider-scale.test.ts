/**
 * Sliders that fit their quantity (src/scenario/sliderScale.ts): page sizes step through powers
 * of two only; a log slider stops on the paper's values, so a drag reaches them; and the
 * arrow keys never stick, on a mark or anywhere else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_INFOS } from '../../src/models/registry';
import type { NumberParamSpec } from '../../src/models/types';
import {
  isPowerOfTwo,
  LOG_POSITIONS,
  positionToValue,
  sliderAttributes,
  valueToPosition,
} from '../../src/scenario/sliderScale';

const numberParams = MODEL_INFOS.flatMap((m) =>
  m.params.flatMap((p) => (p.kind === 'number' ? [{ model: m.id, spec: p }] : [])),
);
const spec = (model: string, key: string) =>
  numberParams.find((p) => p.model === model && p.spec.key === key)!.spec;

/** Every value the slider can show, position by position. */
function everyValue(s: NumberParamSpec): number[] {
  const { min, max, step } = sliderAttributes(s);
  const out: number[] = [];
  let current = s.default;
  for (let p = min; p <= max; p += step) {
    current = positionToValue(p, s, current);
    out.push(current);
  }
  return out;
}

describe('slider scales', () => {
  it('steps every page-size slider through powers of two, ends included', () => {
    const pages = numberParams.filter((p) => /page/i.test(p.spec.key) && p.spec.unit === 'B');
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (const { model, spec: s } of pages) {
      expect(s.scale, `${model}.${s.key}`).toBe('pow2');
      const values = everyValue(s);
      expect(values.every(isPowerOfTwo), `${model}.${s.key}: ${values.join(' ')}`).toBe(true);
      expect(values[0]).toBe(s.min);
      expect(values.at(-1)).toBe(s.max);
      expect(new Set(values).size).toBe(values.length);
      // The default sits on its own position, and every power round-trips.
      for (const v of values) expect(positionToValue(valueToPosition(v, s), s, v)).toBe(v);
    }
  });

  it('puts the paper’s prefetch distances, 4 and 128, within reach of a drag', () => {
    const s = spec('file-access', 'prefetchDistanceRecords');
    expect(s.scale).toBe('log');
    const values = everyValue(s);
    expect(values).toContain(4);
    expect(values).toContain(128);
    // Reachable at the speed of a pointer: every 3rd position still stops on each.
    for (const offset of [0, 1, 2]) {
      let current = s.default;
      const seen = new Set<number>();
      for (let p = offset; p <= LOG_POSITIONS; p += 3)
        seen.add((current = positionToValue(p, s, current)));
      expect(seen.has(4) && seen.has(128), `offset ${offset}`).toBe(true);
    }
  });

  it('never sticks under the arrow keys: a step moves the value the way it went', () => {
    const logs = numberParams.filter((p) => p.spec.scale === 'log' || p.spec.scale === 'pow2');
    fc.assert(
      fc.property(
        fc.constantFrom(...logs),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        ({ spec: s }, where, up) => {
          const { min, max } = sliderAttributes(s);
          const from = positionToValue(Math.round(min + where * (max - min)), s, s.default);
          const at = valueToPosition(from, s);
          const to = positionToValue(at + (up ? 1 : -1), s, from);
          if (up && from < s.max && at < max) expect(to).toBeGreaterThan(from);
          if (!up && from > s.min && at > min) expect(to).toBeLessThan(from);
        },
      ),
      { seed: 20261125, numRuns: 400 },
    );
  });
  it('leaves a paper’s mark by arrow keys and never snaps back to it', () => {
    // Found by dragging: from 128, → → → went 128, 130, 128, 130…
    const s = spec('file-access', 'prefetchDistanceRecords');
    for (const [start, dir] of [
      [128, 1],
      [128, -1],
      [4, 1],
      [4, -1],
    ] as const) {
      let current: number = start;
      for (let k = 0; k < 12; k++) {
        const next = positionToValue(valueToPosition(current, s) + dir, s, current);
        if (dir > 0) expect(next, `${start} step ${k}`).toBeGreaterThan(current);
        else expect(next, `${start} step ${k}`).toBeLessThan(current);
        current = next;
        if (current <= s.min || current >= s.max) break;
      }
    }
  });
});
