/**
 * The cross-boundary model's physics over its whole declared parameter space (seeded
 * property tests): every time positive, every interval bound positive, more of a cost never
 * faster, no jump from a small move, and no knob on the page that changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import model from '../../src/models/cross-boundary';
import { findPaperTable } from '../../src/papers';
import { parsePermalink, presetParams } from '../../src/scenario';
import type { ParamSpec, ParamValues } from '../../src/models/types';
import {
  differs,
  numeric,
  outputs,
  scenarioIn,
  tableCells,
  TIME_UNITS,
  valueIn,
  withValue,
} from './invariant-helpers';

const PRESETS = model.presets.map((p) => p.id);
const NUMBERS = numeric(model.params);
const scenario = scenarioIn(model);

/** A table of whole runs (the paper's tables, your configuration), not of a run's parts. */
const isRun = (id: string) => findPaperTable(id) !== undefined || id === 'cross-boundary-config';

/** Time cells (s, ms, µs, ns) of the tables at `params`. */
function times(params: ParamValues) {
  const out = new Map<string, number>();
  for (const [k, { v, unit }] of tableCells(model.tables(params)))
    if (TIME_UNITS.has(unit)) out.set(k, v);
  return out;
}

describe('cross-boundary: invariants over the declared ranges', () => {
  it('every time is finite and ≥ 0, and > 0 for a whole run (the paper’s tables, your configuration)', () => {
    fc.assert(
      fc.property(scenario, (params) => {
        const bad: string[] = [];
        for (const t of model.tables(params)) {
          const run = isRun(t.id);
          for (const r of t.rows)
            for (const c of t.columns) {
              const v = r.values[c.key];
              if (v === undefined || !TIME_UNITS.has(c.unit)) continue;
              // A part of a call (no network hop on one machine) may be 0; a run never is.
              const partOk = Number.isFinite(v) && v >= 0;
              const runOk = !run || (c.key === 'startup_s' ? v >= 0 : v > 0);
              if (!partOk || !runOk) bad.push(`${t.id} · ${r.label} · ${c.key} = ${v}`);
            }
        }
        expect(bad).toEqual([]);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  // A run's time is > 0 at every point of the ranges (the floors in params.ts), so its interval
  // is too. A part that may be 0 (no mode switch at a 0 µs switch) may have a lower end of 0.
  it('every interval bound of a whole run is > 0 (a time is never negative, nor nothing)', () => {
    fc.assert(
      fc.property(scenario, (params) => {
        const bad: string[] = [];
        for (const t of model.tables(params)) {
          if (!isRun(t.id)) continue;
          for (const r of t.rows)
            for (const c of t.columns) {
              const iv = r.intervals?.[c.key];
              if (!iv || !TIME_UNITS.has(c.unit) || c.key === 'startup_s') continue;
              const [lo, hi] = iv;
              if (!(lo > 0 && hi >= lo && Number.isFinite(hi)))
                bad.push(`${t.id} · ${r.label} · ${c.key}: (${lo}, ${hi})`);
            }
        }
        expect(bad).toEqual([]);
      }),
      { seed: 42, numRuns: 150 },
    );
  });

  // Every numeric knob is a cost: µs per call, a crossing, the work, start-up, a slow-down
  // factor, the number of calls. More of any of them never makes a run faster.
  it('every time is non-decreasing in every cost, factor, work per call, start-up and iterations', () => {
    const knob = fc.constantFrom(...NUMBERS);
    fc.assert(
      fc.property(
        scenario,
        knob.chain((spec) => fc.tuple(fc.constant(spec), valueIn(spec), valueIn(spec))),
        (params, [spec, a, b]) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const tLo = times(withValue(params, spec.key, lo));
          const tHi = times(withValue(params, spec.key, hi));
          const bad: string[] = [];
          for (const [k, v] of tLo) {
            const w = tHi.get(k)!;
            if (w < v * (1 - 1e-12)) bad.push(`${k}: ${spec.key} ${lo} → ${hi}: ${v} → ${w}`);
          }
          expect(bad).toEqual([]);
        },
      ),
      { seed: 42, numRuns: 400 },
    );
  });

  // The model names no threshold: a 1 % move of one knob moves no cell by more than 10 %.
  it('no cell moves by more than 10 % when one knob moves by 1 %', () => {
    const knob = fc.constantFrom(...NUMBERS);
    fc.assert(
      fc.property(scenario, knob, (params, spec) => {
        const x = params[spec.key] as number;
        // 1 % of the value (of 0 there is no 1 %: any step from 0 is an infinite ratio).
        const y = Math.min(spec.max, x * 1.01);
        if (!(y > x)) return;
        const before = tableCells(model.tables(params));
        const after = tableCells(model.tables(withValue(params, spec.key, y)));
        const bad: string[] = [];
        for (const [k, { v }] of before) {
          const w = after.get(k)?.v;
          if (w === undefined || !(Math.abs(v) > 1e-12)) continue;
          if (Math.abs(w - v) / Math.abs(v) > 0.1)
            bad.push(`${k}: ${spec.key} ${x} → ${y}: ${v} → ${w}`);
        }
        expect(bad).toEqual([]);
      }),
      { seed: 42, numRuns: 400 },
    );
  });

  it('every knob shown for a table changes some table or chart value of it', () => {
    const dead: string[] = [];
    for (const id of PRESETS) {
      const base = presetParams(model, id);
      for (const spec of model.params as readonly ParamSpec[]) {
        if (spec.key === model.presetParam) continue;
        if (spec.shownFor && !spec.shownFor.includes(id)) continue;
        const values =
          spec.kind === 'number'
            ? [spec.min, spec.max]
            : spec.kind === 'enum'
              ? spec.options.map((o) => o.value)
              : [];
        const runs = values.map((v) => outputs(model, withValue(base, spec.key, v)));
        if (!runs.some((r) => differs(r, runs[0]!))) dead.push(`${id}: ${spec.key}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it('a version-1 link below a floor opens at it; other values are left to the parser', () => {
    const { scenario, problems } = parsePermalink(
      '#/cross-boundary?table=doct-ipc&smSidePaUs=0&smStartupS=0&directCallUs=0&networkHopUs=0&v=1',
    );
    expect(scenario?.params).toMatchObject({
      smSidePaUs: 0.1,
      smStartupS: 0.001,
      directCallUs: 0.001,
      networkHopUs: 0,
    });
    // Only the version notice: results may differ from what version 1 produced.
    expect(problems.map((p) => p.message).join(' ')).toMatch(/version 1/);
    expect(problems).toHaveLength(1);
    // A bad value is still reported, not repaired.
    const bad = parsePermalink('#/cross-boundary?table=doct-ipc&smSidePaUs=-1&v=1');
    expect(bad.problems.some((p) => p.param === 'smSidePaUs')).toBe(true);
  });
});
