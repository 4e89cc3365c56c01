/**
 * The file-cache model's physics over its declared parameter space (seeded property tests):
 * every time positive; more of a cost (latency, call, translation) never faster and more
 * bandwidth never slower; more file cache never fewer hits (global LRU is a stack algorithm);
 * the benchmark scaling is Gunther's full law, whose coherency term bends the gain back at
 * large machines, and whose 64-way intervals carry that term's uncertainty (it can only pull a
 * gain down, so the interval reaches further below than above); no jump from a 1 % move of a
 * continuous knob; and the knob the explore strip shows first moves the headline table.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import model, { simulateStealback } from '../../src/models/file-cache';
import { evaluateTables } from '../../src/compare/compare';
import { presetParams } from '../../src/scenario';
import type { ParamValues } from '../../src/models/types';
import {
  chartValues,
  differs,
  numeric,
  scenarioIn,
  tableCells,
  TIME_UNITS,
  valueIn,
  withValue,
} from './invariant-helpers';

const PRESETS = model.presets.map((p) => p.id);
const NUMBERS = numeric(model.params);
const spec = (key: string) => NUMBERS.find((s) => s.key === key)!;
/** Stealback runs kept short: the physics does not depend on the run's length. */
const small = (v: Record<string, number>) => ({
  ...v,
  steps: Math.min(v.steps!, 5000),
  scanFilePages: Math.min(v.scanFilePages!, 20_000),
});
const scenario = scenarioIn(model, small);

const mixed = (params: ParamValues) => model.tables(params).find((t) => t.id === 'ufc-mixed-mode')!;
/** v2 and v3 µs per block of the mixed-mode table's first row (the scenario). */
const blockTimes = (params: ParamValues) => {
  const v = mixed(params).rows[0]!.values;
  return { v2: v.v2_us!, v3: v.v3_us! };
};

describe('file-cache: invariants over the declared ranges', () => {
  it('every time is finite and > 0, and every interval bound is > 0', () => {
    fc.assert(
      fc.property(scenario, (params) => {
        const bad: string[] = [];
        for (const t of model.tables(params))
          for (const r of t.rows) {
            for (const c of t.columns) {
              const v = r.values[c.key];
              if (v !== undefined && TIME_UNITS.has(c.unit) && !(Number.isFinite(v) && v > 0))
                bad.push(`${t.id} · ${r.label} · ${c.key} = ${v}`);
            }
            for (const [k, [lo, hi]] of Object.entries(r.intervals ?? {}))
              if (!(lo > 0 && hi >= lo)) bad.push(`${t.id} · ${r.label} · ${k}: (${lo}, ${hi})`);
          }
        expect(bad).toEqual([]);
      }),
      { seed: 42, numRuns: 150 },
    );
  });

  it('more of a cost never makes a block faster; more bandwidth never slower', () => {
    const costs = ['discWriteLatencyMs', 'syscallUs', 'translationUs'];
    const rates = ['discWriteMBps', 'memCopyMBps'];
    for (const key of [...costs, ...rates])
      fc.assert(
        fc.property(scenario, valueIn(spec(key)), valueIn(spec(key)), (params, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const x = blockTimes(withValue(params, key, lo));
          const y = blockTimes(withValue(params, key, hi));
          for (const v of ['v2', 'v3'] as const)
            if (costs.includes(key))
              expect(y[v], `${key} ${lo} → ${hi} ${v}`).toBeGreaterThanOrEqual(x[v]);
            else expect(y[v], `${key} ${lo} → ${hi} ${v}`).toBeLessThanOrEqual(x[v]);
        }),
        { seed: 42, numRuns: 100 },
      );
  });

  it('more file cache never fewer hits without stealback (global LRU is a stack algorithm)', () => {
    fc.assert(
      fc.property(
        scenario,
        valueIn(spec('cachePages')),
        valueIn(spec('cachePages')),
        (params, a, b) => {
          const p = model.paramsOf(params);
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const x = simulateStealback({ ...p, cachePages: lo }, false);
          const y = simulateStealback({ ...p, cachePages: hi }, false);
          expect(y.wsHits + y.scanHits, `${lo} → ${hi} pages`).toBeGreaterThanOrEqual(
            x.wsHits + x.scanHits,
          );
        },
      ),
      { seed: 42, numRuns: 100 },
    );
  });

  it('the issue’s reproducer: the 64-way cells are not all predicted high (the coherency term bends the gain back)', () => {
    const errors: number[] = [];
    for (const id of ['ufc-sdet', 'ufc-iozone-scale', 'ufc-unmount']) {
      const t = evaluateTables(model, { table: id }).tables[0]!;
      for (const r of t.rows.filter((x) => x.label.includes('64-way')))
        for (const e of Object.values(r.errorPct)) if (e !== null) errors.push(e);
    }
    expect(errors).toHaveLength(8);
    expect(
      errors.every((e) => e > 0),
      `64-way errors ${errors.map((e) => e.toFixed(1)).join(', ')} %`,
    ).toBe(false);
  });

  it('throughput is Gunther’s full law: with coherency every lock table’s v2 and v3 peak and then fall (retrograde)', () => {
    for (const id of ['ufc-sdet', 'ufc-iozone-scale']) {
      const chart = model
        .charts({ table: id, coherencyPpm: 1000 })
        .find((c) => c.id === 'ufc-bench-throughput');
      if (chart?.kind !== 'line') throw new Error('no throughput chart');
      for (const s of chart.series) {
        const ys = s.points.map((p) => p.y);
        const peak = ys.indexOf(Math.max(...ys));
        expect(peak, `${id} ${s.name}`).toBeGreaterThan(0);
        expect(peak, `${id} ${s.name}`).toBeLessThan(ys.length - 1);
      }
    }
  });

  it('the 64-way interval carries κ: it reaches further below the prediction than above (κ ≥ 0 only pulls a gain down)', () => {
    for (const id of ['ufc-sdet', 'ufc-iozone-scale']) {
      const t = model.tables({ table: id })[0]!;
      for (const r of t.rows.filter((x) => x.label.includes('64-way')))
        for (const [k, [lo, hi]] of Object.entries(r.intervals!)) {
          const m = r.values[k]!;
          expect(
            Math.log(m / lo),
            `${id} ${r.label} ${k}: (${lo.toFixed(2)}, ${hi.toFixed(2)}) around ${m.toFixed(2)}`,
          ).toBeGreaterThan(Math.log(hi / m));
        }
    }
  });

  it('a 1 % move of a continuous knob moves no cell by more than 10 %', () => {
    const continuous = NUMBERS.filter(
      (s) => !s.integer && s.key !== 'scanSharePct' && s.key !== 'seqlimitSystemPct',
    );
    fc.assert(
      fc.property(scenario, fc.constantFrom(...continuous), (params, s) => {
        const v = Number(params[s.key]);
        if (v === 0) return;
        const moved = Math.min(s.max, v * 1.01);
        const a = tableCells(model.tables(params));
        const b = tableCells(model.tables(withValue(params, s.key, moved)));
        for (const [k, { v: x }] of a) {
          if (k.startsWith('ufc-stealback')) continue; // whole pages, seeded: see the stealback test
          const y = b.get(k)?.v;
          if (y === undefined || x === 0) continue;
          expect(Math.abs(y / x - 1), `${s.key} ${v} → ${moved}: ${k} ${x} → ${y}`).toBeLessThan(
            0.1,
          );
        }
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('the explore strip’s first knob moves the headline table of the default page', () => {
    const base = presetParams(model);
    const s = spec(model.dragParam!);
    const head = (params: ParamValues) => {
      const t = model.tables(params)[0]!;
      return new Map([...tableCells([t])].map(([k, { v }]) => [k, v]));
    };
    const v = Number(base[s.key]);
    const other = v * 2 <= s.max ? v * 2 : (v + s.min) / 2;
    expect(
      differs(head(base), head(withValue(base, s.key, s.integer ? Math.round(other) : other))),
      s.key,
    ).toBe(true);
  });

  it('every numeric knob changes some output in some preset', () => {
    const dead: string[] = [];
    for (const s of NUMBERS) {
      const moved = PRESETS.some((id) => {
        const base = presetParams(model, id);
        const out = (params: ParamValues) => {
          const m = chartValues(model.charts(params));
          for (const [k, { v }] of tableCells(model.tables(params))) m.set(k, v);
          return m;
        };
        // Half, double, a hundredth, a thousandth and ten times (within the range): a threshold knob (a limit the run
        // never reaches) moves nothing one way and something the other.
        const v = Number(base[s.key]);
        const a = out(base);
        return [v / 2, v * 2, v / 100, v / 1000, v * 10]
          .map((x) => Math.min(s.max, Math.max(s.min, s.integer ? Math.round(x) : x)))
          .some((x) => x !== v && differs(a, out(withValue(base, s.key, x))));
      });
      if (!moved) dead.push(s.key);
    }
    expect(dead).toEqual([]);
  });
});
