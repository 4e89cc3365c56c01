/**
 * Issue #32: every knob's scale fits its range, and the paper's values are on every track and
 * reachable by pointer and by keys. Found on the old code: RPC side overhead was linear over
 * 0.1–10,000 µs and the mode switch over 0–5,000 µs (one pixel ≈ 70 µs), so 95 µs and
 * 137.7 µs were out of reach; so were 10,000 and 1,000,000 calls, and 187 and 1,000 users;
 * only prefetch distance had the paper's values marked; "1 CPUs", "1 calls".
 */
import { describe, expect, it } from 'vitest';
import { knobSweep } from '../../src/compare/knobSweep';
import { unitFor, withUnit } from '../../src/format';
import { loadModel, MODEL_INFOS } from '../../src/models/registry';
import type { ModelInfo, NumberParamSpec } from '../../src/models/types';
import { presetParams } from '../../src/scenario';
import { formatWithUnit, singularUnit } from '../../src/scenario/format';
import {
  LOG_POSITIONS,
  positionToValue,
  sliderAttributes,
  valueToPosition,
} from '../../src/scenario/sliderScale';

const knobs = MODEL_INFOS.flatMap((info) =>
  info.params.flatMap((p) => (p.kind === 'number' && !p.seed ? [{ info, spec: p }] : [])),
);
const knob = (model: string, key: string) =>
  knobs.find((k) => k.info.id === model && k.spec.key === key)!.spec;
const name = (info: ModelInfo, s: NumberParamSpec) => `${info.id}.${s.key}`;

/** The values a pointer drag shows, moving `stride` positions a pixel, one way then back. */
function dragged(s: NumberParamSpec, pixels: number): number[] {
  const { min, max } = sliderAttributes(s);
  const seen: number[] = [];
  let current = positionToValue(min, s, s.default);
  for (const dir of [1, -1]) {
    for (let k = 0; k <= pixels; k++) {
      const t = dir > 0 ? k / pixels : 1 - k / pixels;
      current = positionToValue(min + t * (max - min), s, current);
      seen.push(current);
    }
  }
  return seen;
}

/** The values arrow keys show from one end to the other (one slider step a press), and back. */
function keyed(s: NumberParamSpec): number[] {
  const { min, max, step } = sliderAttributes(s);
  const seen: number[] = [];
  for (const [start, dir] of [
    [s.min, 1],
    [s.max, -1],
  ] as const) {
    let current = start;
    seen.push(current);
    for (let k = 0; k < 200_000; k++) {
      const at = valueToPosition(current, s);
      const to = Math.min(max, Math.max(min, at + dir * step));
      if (to === at) break;
      current = positionToValue(to, s, current);
      seen.push(current);
    }
  }
  return seen;
}

describe('every knob’s scale fits its range', () => {
  it('a knob over three decades or more slides on a log (or power-of-two) scale', () => {
    const linear = knobs.filter(({ spec: s }) => {
      const span = s.max / Math.max(s.min, s.step);
      return span >= 1000 && s.unit !== '%' && s.scale !== 'log' && s.scale !== 'pow2';
    });
    expect(linear.map(({ info, spec }) => name(info, spec))).toEqual([]);
  });

  it('µs overheads, counts of calls, records and users are on log scales; 0 stays reachable', () => {
    for (const [model, key] of [
      ['cross-boundary', 'rpcSidePaUs'],
      ['cross-boundary', 'modeSwitchToNativeUs'],
      ['cross-boundary', 'modeSwitchToCompatUs'],
      ['cross-boundary', 'iterations'],
      ['file-access', 'records'],
      ['directory-search', 'users'],
    ] as const) {
      const s = knob(model, key);
      expect(s.scale, `${model}.${key}`).toBe('log');
      // The slider's first position is the range's lower end, 0 included.
      expect(positionToValue(0, s, s.default)).toBe(s.min);
      expect(positionToValue(LOG_POSITIONS, s, s.default)).toBe(s.max);
    }
  });

  it('an integer knob shows integers only, on the slider and along its sweep', async () => {
    for (const { info, spec: s } of knobs.filter((k) => k.spec.integer)) {
      for (const v of dragged(s, 300))
        expect(Number.isInteger(v), `${name(info, s)} ${v}`).toBe(true);
    }
    const ht = (await loadModel('hyperthreads'))!;
    const sweep = knobSweep(ht, presetParams(ht, 'vms-cothread'), 'coresPerProcessor')!;
    expect(sweep.xInteger).toBe(true);
    for (const s of sweep.series)
      for (const p of s.points) expect(Number.isInteger(p.x)).toBe(true);
  });

  it('a count of one is singular: 1 CPU, 1 call, 1 entry, 1 miss; 1 ms stays 1 ms', () => {
    expect(withUnit('1', 'CPUs')).toBe('1 CPU');
    expect(withUnit('1', 'calls')).toBe('1 call');
    expect(withUnit('1', 'entries')).toBe('1 entry');
    expect(withUnit('1', 'misses')).toBe('1 miss');
    expect(withUnit('2', 'calls')).toBe('2 calls');
    expect(withUnit('1', 'ms')).toBe('1 ms');
    expect(withUnit('1', 'MB/s')).toBe('1 MB/s');
    expect(formatWithUnit(1, 'CPUs')).toBe('1 CPU');
    expect(formatWithUnit(1_000, 'calls')).toBe('1,000 calls');
    // The page's rule and the CLI's are one rule.
    for (const { spec } of knobs) expect(singularUnit(spec.unit, 1)).toBe(unitFor(spec.unit, '1'));
  });
});

describe('the paper’s values on every track, reachable by pointer and by keys', () => {
  it('every knob marks every value a paper table’s experiment gives it', () => {
    for (const { info, spec: s } of knobs) {
      const marks = (s.marks ?? []).map((m) => m.value);
      for (const p of info.presets) {
        const v = presetParams(info, p.id)[s.key] as number;
        expect(marks, `${name(info, s)} on ${p.id}`).toContain(v);
      }
      for (const m of s.marks ?? []) expect(m.label.length, name(info, s)).toBeGreaterThan(0);
    }
  });

  it('a drag across any track, at any slider width, stops on every mark', () => {
    const missed: string[] = [];
    for (const { info, spec: s } of knobs)
      for (const pixels of [120, 250, 400]) {
        const seen = new Set(dragged(s, pixels));
        for (const m of s.marks ?? [])
          if (!seen.has(m.value)) missed.push(`${name(info, s)} ${m.value} at ${pixels} px`);
      }
    expect(missed).toEqual([]);
  });

  it('arrow keys, either way, stop on every mark', () => {
    const missed: string[] = [];
    for (const { info, spec: s } of knobs) {
      const seen = new Set(keyed(s));
      for (const m of s.marks ?? [])
        if (!seen.has(m.value)) missed.push(`${name(info, s)} ${m.value}`);
    }
    expect(missed).toEqual([]);
  });

  it('the reproducers: 95 and 137.7 µs, 10,000 and 1,000,000 calls, 187 and 1,000 users', () => {
    for (const [model, key, values] of [
      ['cross-boundary', 'rpcSidePaUs', [95]],
      ['cross-boundary', 'modeSwitchToNativeUs', [137.7]],
      ['cross-boundary', 'iterations', [10_000, 1_000_000]],
      ['directory-search', 'users', [187, 1000]],
    ] as const) {
      const s = knob(model, key);
      const byPointer = new Set(dragged(s, 250));
      const byKeys = new Set(keyed(s));
      for (const v of values) {
        expect(byPointer.has(v), `${key} ${v} by pointer`).toBe(true);
        expect(byKeys.has(v), `${key} ${v} by keys`).toBe(true);
      }
    }
  });
});
