/**
 * The directory-search model's physics over its declared parameter space (seeded property
 * tests): every search time positive; no search gets faster when an instruction costs more;
 * the savings move smoothly with the number of profile entries and of user ids — a step of
 * more than 10 % from a move of 1 % (or one entry) only where the model names the threshold,
 * a page holding only a handful of user ids — and every knob moves some output.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import model from '../../src/models/directory-search';
import { presetParams } from '../../src/scenario';
import type { ModelTable, ParamValues } from '../../src/models/types';
import { deadKnobs, numeric, scenarioIn, valueIn, withValue } from './invariant-helpers';

const spec = (key: string) => numeric(model.params).find((s) => s.key === key)!;
/** Directories small enough for many runs (up to 600 ids); the physics is the same above. */
const small = (v: Record<string, number>) => ({ ...v, users: Math.min(v.users!, 600) });
const scenario = scenarioIn(model, small);

const COSTS = [
  'usPerInstruction',
  'pageCheckInstructions',
  'pageInInstructions',
  'entryCompareInstructions',
  'profileSkipInstructions',
  'binaryProbeInstructions',
];

const searchTable = (tables: ModelTable[]) => tables.find((t) => t.id === 'vmsp-directory-search')!;
const savingTable = (tables: ModelTable[]) => tables[0]!;

/** Average and slowest search per order and method. */
function searchTimes(params: ParamValues) {
  const out = new Map<string, number>();
  for (const r of searchTable(model.tables(params)).rows) {
    out.set(`${r.label} avg`, r.values.avg_us!);
    out.set(`${r.label} max`, r.values.max_us!);
  }
  return out;
}

/** The two savings per search, the search times and the notes of the saving table. */
function savings(params: ParamValues) {
  const tables = model.tables(params);
  const t = savingTable(tables);
  const times = new Map(searchTable(tables).rows.map((r) => [r.label, r.values.avg_us!]));
  return {
    sorted: t.rows[0]!.values.saving_us_per_search!,
    binary: t.rows[1]!.values.saving_us_per_search!,
    unsorted: times.get('Unsorted, linear')!,
    times,
    notes: (t.notes ?? []).join(' '),
  };
}

/** The threshold the model names: a page with only a handful of user ids in it. */
const NAMED = /holds only \d+ user ids?/;

/**
 * A search time jumps when it moves by more than 10 %. A saving is a difference of two times
 * and may sit near zero, where its own percentage means nothing: it jumps when it moves by
 * more than 10 % of the unsorted search it is saved from.
 */
const jump = (a: number, b: number, scale: number) => Math.abs(b - a) > 0.1 * scale;

/** `minimum`: below it one entry is more than the 1 % move the invariant speaks of. */
function checkSmooth(params: ParamValues, key: 'profiles' | 'users', minimum?: number) {
  const v = Number(params[key]);
  const moved = Math.min(spec(key).max, v + Math.max(1, Math.round(0.01 * v)));
  if (moved === v || (minimum !== undefined && v < minimum)) return;
  const a = savings(params);
  const b = savings(withValue(params, key, moved));
  const named = NAMED.test(a.notes) || NAMED.test(b.notes);
  for (const k of ['sorted', 'binary'] as const) {
    // A saving is unsorted − this search: a jump is measured against the longer of the two
    // searches (a binary search of 1,000 instructions a probe can take far longer than the
    // unsorted one, and a 1 % move then shifts its saving by more than the unsorted time).
    const scale = Math.max(a.unsorted, b.unsorted, a.unsorted - a[k], b.unsorted - b[k]);
    if (jump(a[k], b[k], scale))
      expect(
        named,
        `${key} ${v} → ${moved}: ${k} saving ${a[k].toFixed(1)} → ${b[k].toFixed(1)} µs (longer search ${scale.toFixed(1)} µs), no threshold named`,
      ).toBe(true);
  }
  for (const [row, x] of a.times) {
    // Binary search of an unsorted directory averages over the few ids it happens to find.
    if (row === 'Unsorted, binary') continue;
    const y = b.times.get(row)!;
    if (jump(x, y, Math.max(x, y)))
      expect(named, `${key} ${v} → ${moved}: ${row} ${x.toFixed(1)} → ${y.toFixed(1)} µs`).toBe(
        true,
      );
  }
}

describe('directory-search: invariants over the declared ranges', () => {
  it('every search time is finite and > 0', () => {
    fc.assert(
      fc.property(scenario, (params) => {
        const bad = [...searchTimes(params)].filter(([, v]) => !(Number.isFinite(v) && v > 0));
        expect(bad, JSON.stringify(params)).toEqual([]);
      }),
      { seed: 42, numRuns: 40 },
    );
  });

  it('no search gets faster when an instruction (or the time per instruction) costs more', () => {
    for (const key of COSTS)
      fc.assert(
        fc.property(scenario, valueIn(spec(key)), valueIn(spec(key)), (params, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const before = searchTimes(withValue(params, key, lo));
          const after = searchTimes(withValue(params, key, hi));
          for (const [k, v] of before)
            expect(after.get(k)!, `${key} ${lo} → ${hi}: ${k}`).toBeGreaterThanOrEqual(
              v * (1 - 1e-12),
            );
        }),
        { seed: 42, numRuns: 8 },
      );
  });

  it('the issue’s reproducer: the saving moves smoothly with the profile entries (0 … 168, one page)', () => {
    const base = presetParams(model, 'vmsp-directory');
    for (let profiles = 0; profiles < 168; profiles++)
      checkSmooth({ ...base, profiles }, 'profiles');
  });

  it('a 1 % move of the profiles or the user ids never jumps, except at a named threshold (uniform workload)', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom('profiles' as const, 'users' as const), (params, key) =>
        // From 100 up, one entry is at most the 1 % move the invariant speaks of; a directory
        // of at least 100 ids, so a search is more than the one entry moved; and no more
        // profiles than ids (a shop's few profiles): with many more, 1 % of the profiles pushes
        // a large share of the ids across a page boundary, which the per-user chart marks.
        {
          const users = Math.max(100, Number(params.users));
          const profiles = Math.min(Number(params.profiles), users);
          const at = { ...params, workload: 'uniform', users, profiles };
          checkSmooth({ ...at, [key]: Math.max(100, Number(at[key])) }, key, 100);
        },
      ),
      { seed: 42, numRuns: 30, endOnFailure: true },
    );
  });

  it('every numeric knob changes some output in some preset (the profile cost once there are profiles)', () => {
    // A profile entry's skip costs nothing in a directory without profiles: physics, not a dead knob.
    expect(deadKnobs(model, { profileSkipInstructions: { profiles: 20 } })).toEqual([]);
  });
});
