/**
 * The page-replacement model's physics over its declared parameter space (seeded property
 * tests): every time positive; elapsed never falls as a miss or a reference costs more; more
 * memory never more misses for the stack algorithms (LRU, OPT); FIFO, CLOCK and RAND may show
 * Belady's anomaly — that is physics, so it is allowed, but the table must name it; no jump
 * from a 1 % move of a cost; and every knob moves some output.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import model, { densePages, simulatePolicy } from '../../src/models/page-replacement';
import { referencePages } from '../../src/models/page-replacement/tables';
import { framesOf } from '../../src/models/page-replacement/params';
import { presetParams } from '../../src/scenario';
import type { ParamValues } from '../../src/models/types';
import { deadKnobs, numeric, scenarioIn, valueIn, withValue } from './invariant-helpers';

const PRESETS = model.presets.map((p) => p.id);
const spec = (key: string) => numeric(model.params).find((s) => s.key === key)!;

/** Keeps generated strings small enough for many runs: the physics does not depend on length. */
const small = (v: Record<string, number>) => ({
  ...v,
  // A record spanning many small pages multiplies the string: keep its page references few.
  refCount: Math.min(
    v.refCount!,
    Math.floor(40_000 / Math.ceil(v.itemBytes! / v.pageBytes! + 1)),
    4000,
  ),
  distinctItems: Math.min(v.distinctItems!, 3000),
  hotItems: Math.min(v.hotItems!, 3000),
  memoryKB: Math.min(v.memoryKB!, 6000),
});
const scenario = scenarioIn(model, small);

const elapsed = (params: ParamValues) => {
  const t = model.tables(params)[0]!;
  return new Map(t.rows.map((r) => [r.label, r.values.elapsed_ms!]));
};

describe('page-replacement: invariants over the declared ranges', () => {
  it('every elapsed time is finite and > 0 (a reference always costs something)', () => {
    // The corner of the cost ranges first: the cheapest reference and the cheapest miss.
    for (const id of PRESETS) {
      const corner = {
        ...presetParams(model, id),
        cpuPerRefUs: spec('cpuPerRefUs').min,
        discPositionMs: 0,
        discTransferMsPerKB: 0,
      };
      const bad = [...elapsed(corner)].filter(([, v]) => !(Number.isFinite(v) && v > 0));
      expect(bad, `${id} at the cheapest corner`).toEqual([]);
    }
    fc.assert(
      fc.property(scenario, (params) => {
        const bad = [...elapsed(params)].filter(([, v]) => !(Number.isFinite(v) && v > 0));
        expect(bad, JSON.stringify(params)).toEqual([]);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('elapsed never falls as a disc read or a reference’s CPU costs more', () => {
    for (const key of ['discPositionMs', 'discTransferMsPerKB', 'cpuPerRefUs'])
      fc.assert(
        fc.property(scenario, valueIn(spec(key)), valueIn(spec(key)), (params, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const before = elapsed(withValue(params, key, lo));
          const after = elapsed(withValue(params, key, hi));
          for (const [row, v] of before)
            expect(after.get(row)!, `${key} ${lo} → ${hi}, ${row}`).toBeGreaterThanOrEqual(v);
        }),
        { seed: 42, numRuns: 150 },
      );
  });

  it('a 1 % move of a cost moves elapsed by at most 1 % (it is linear in each)', () => {
    for (const key of ['discPositionMs', 'discTransferMsPerKB', 'cpuPerRefUs'])
      fc.assert(
        fc.property(scenario, (params) => {
          const v = Number(params[key]);
          const moved = Math.min(spec(key).max, v * 1.01);
          const a = elapsed(params);
          const b = elapsed(withValue(params, key, moved));
          for (const [row, x] of a)
            expect(Math.abs(b.get(row)! / x - 1), `${key} ${v} → ${moved}, ${row}`).toBeLessThan(
              0.0101,
            );
        }),
        { seed: 42, numRuns: 150 },
      );
  });

  it('more frames never more misses for LRU and OPT (stack algorithms), on any string', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 64 }), (params, extra) => {
        const refs = densePages(referencePages(model.paramsOf(params))).refs;
        const f = framesOf(model.paramsOf(params));
        for (const policy of ['LRU', 'OPT'] as const) {
          const a = simulatePolicy(policy, refs, f).misses;
          const b = simulatePolicy(policy, refs, f + extra).misses;
          expect(b, `${policy} ${f} → ${f + extra} frames`).toBeLessThanOrEqual(a);
        }
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('FIFO and CLOCK (Belady’s anomaly) and RAND (chance) may have more misses with one more frame: the table names it whenever it happens', () => {
    // The classic string shows it for FIFO: 9 misses in 3 frames, 10 in 4.
    const belady = { ...presetParams(model, 'replacement-belady'), memoryKB: 16 };
    const t = model.tables(belady)[0]!;
    expect(t.rows.find((r) => r.label === 'FIFO')!.values.misses).toBe(10);
    expect(t.notes!.join(' ')).toMatch(
      /FIFO misses 10 times with 4 frames but 9 with 3\..*Belady’s anomaly/,
    );
    // Anywhere else: a note exactly when a non-stack policy gets worse with the extra frame.
    fc.assert(
      fc.property(scenario, (params) => {
        const p = model.paramsOf(params);
        const frames = framesOf(p);
        if (frames < 2) return;
        const refs = densePages(referencePages(p)).refs;
        const notes = model.tables(params)[0]!.notes!.join(' ');
        for (const policy of ['FIFO', 'CLOCK', 'RAND'] as const) {
          const fewer = simulatePolicy(policy, refs, frames - 1, { seed: p.seed }).misses;
          const now = simulatePolicy(policy, refs, frames, { seed: p.seed }).misses;
          expect(notes.includes(`${policy} misses`), `${policy} ${fewer} → ${now}`).toBe(
            now > fewer,
          );
        }
        // FIFO's and CLOCK's extra misses are named as Belady's anomaly; RAND's as its luck.
        if (/(FIFO|CLOCK) misses/.test(notes)) expect(notes).toContain('Belady’s anomaly');
        if (notes.includes('RAND misses')) expect(notes).toContain('victims at random');
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('every numeric knob changes some output in some experiment', () => {
    expect(deadKnobs(model)).toEqual([]);
  });
});
