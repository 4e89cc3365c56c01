/**
 * Two invariants for every model in the registry, over its declared parameter space:
 *  - every value that is a time (s, ms, µs, ns) is finite and ≥ 0 (a saving or a gain, a signed
 *    difference of two runs, finite), and the headline time of a paper table (the run's result,
 *    `headlineColumn`) is > 0: a run never takes no time;
 *  - every interval of a time that is > 0 is positive at both ends and brackets its value;
 *  - every knob shown with a paper table changes some table or chart value of it, between
 *    its minimum, its preset value and its maximum (an enum: between its options).
 * The model-specific invariants (monotone costs, no cliffs) are in invariants-<model>.test.ts.
 */
import { isShown } from '../../src/views/paramSections';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareTable, evaluateTables } from '../../src/compare/compare';
import { headlineColumn } from '../../src/compare/knobSweep';
import { loadModel, MODEL_INFOS } from '../../src/models/registry';
import type { ModelDefinition, ParamSpec, ParamValues } from '../../src/models/types';
import { findPaperTable } from '../../src/papers';
import { presetParams } from '../../src/scenario';
import { chartValues, differs, numeric, pointIn, TIME_UNITS, withValue } from './invariant-helpers';

/**
 * Knobs found dead for a paper table (`model: preset: key`) in the other models, as of issue
 * #20: for the lead to decide whether each becomes live or is hidden with that table
 * (ParamSpec.shownFor; most are knobs of another workload, e.g. the Zipf exponent without a
 * Zipf workload, which would need hiding by value rather than by table). A knob not listed here
 * must be live; remove an entry once its knob is live or hidden.
 */
const KNOWN_DEAD = new Set<string>(
  Object.entries({
    // None: the trace's policy is hidden with a string too long to trace (#32), and
    // tests/unit/knob-shown.test.ts holds every shown knob to moving a cell of its table.
  } as Record<string, string[]>).flatMap(([table, keys]) => keys.map((k) => `${table}: ${k}`)),
);

/** Time columns that are a signed difference of two runs' times, not a run's time. */
const SIGNED = /saving|gain|improvement|difference/i;

/** Random points per model: the mechanisms that simulate event by event cost more per run. */
const RUNS: Record<string, number> = { 'file-access': 3, hyperthreads: 4 };

function timeProblems(model: ModelDefinition, params: ParamValues): string[] {
  const bad: string[] = [];
  // The values alone: a model whose intervals cannot wait (hyperthreads) would otherwise run
  // them too, a hundred runs at a corner of 256 hardware threads. Intervals have their test.
  const tables = model
    .tables(params, { intervals: false })
    .map((t) => compareTable(t, findPaperTable(t.id)));
  for (const t of tables) {
    const head = t.modelOnly ? '' : headlineColumn(t);
    for (const r of t.rows)
      for (const c of t.columns) {
        const v = r.model[c.key];
        if (v === undefined || !TIME_UNITS.has(c.unit)) continue;
        // A signed difference of two times (a saving, a gain) may be 0 or below: finite only.
        const signed = SIGNED.test(`${c.key} ${c.label}`);
        const ok = Number.isFinite(v) && (signed || (c.key === head ? v > 0 : v >= 0));
        if (!ok) bad.push(`${t.id} · ${r.label} · ${c.key} = ${v}`);
      }
  }
  return bad;
}

/** Intervals of a positive time that are not positive, or do not bracket their value. */
function intervalProblems(model: ModelDefinition, params: ParamValues): string[] {
  const bad: string[] = [];
  for (const t of evaluateTables(model, params).tables)
    for (const r of t.rows)
      for (const c of t.columns) {
        const v = r.model[c.key];
        const iv = r.intervals?.[c.key];
        if (!iv || v === undefined || !TIME_UNITS.has(c.unit)) continue;
        if (SIGNED.test(`${c.key} ${c.label}`)) continue;
        const [lo, hi] = iv;
        // A positive time's interval is positive; a time of exactly 0 (nothing to wait for)
        // may keep 0 as its lower end.
        const ok = (v > 0 ? lo > 0 : lo >= 0) && lo <= v && v <= hi && Number.isFinite(hi);
        if (!ok) bad.push(`${t.id} · ${r.label} · ${c.key} = ${v} (${lo}–${hi})`);
      }
  return bad;
}

function tableValues(model: ModelDefinition, params: ParamValues): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of model.tables(params, { intervals: false }))
    for (const r of t.rows)
      for (const [k, v] of Object.entries(r.values)) out.set(`${t.id} · ${r.label} · ${k}`, v);
  return out;
}

/** Whether moving `spec` over `values` changes a table value, else a chart value. */
function isLive(model: ModelDefinition, base: ParamValues, spec: ParamSpec): boolean {
  const values =
    spec.kind === 'number'
      ? [...new Set([spec.min, base[spec.key] as number, spec.max])]
      : spec.kind === 'enum'
        ? spec.options.map((o) => o.value)
        : [];
  if (values.length < 2) return true;
  const runs = values.map((v) => withValue(base, spec.key, v));
  const tables = runs.map((p) => tableValues(model, p));
  if (tables.some((t) => differs(t, tables[0]!))) return true;
  const charts = runs.map((p) => chartValues(model.charts(p)));
  return charts.some((c) => differs(c, charts[0]!));
}

describe('every model: times positive, every shown knob live', () => {
  for (const info of MODEL_INFOS) {
    it(
      `${info.id}: every time ≥ 0 and finite, a run’s headline time > 0, at random points`,
      {
        timeout: 300_000,
      },
      async () => {
        const model = (await loadModel(info.id))!;
        // The corners first: every numeric knob at its minimum, then at its maximum.
        for (const end of ['min', 'max'] as const)
          for (const preset of info.presets) {
            const corner = Object.fromEntries(numeric(info.params).map((s) => [s.key, s[end]]));
            const found = timeProblems(model, { ...presetParams(info, preset.id), ...corner });
            expect(found, `${preset.id}, every knob at its ${end}`).toEqual([]);
          }
        const presets = fc.constantFrom(...info.presets.map((p) => p.id));
        fc.assert(
          fc.property(presets, pointIn(info.params), (preset, values) => {
            expect(timeProblems(model, { ...presetParams(info, preset), ...values })).toEqual([]);
          }),
          { seed: 42, numRuns: RUNS[info.id] ?? 8, endOnFailure: true },
        );
      },
    );

    it(
      `${info.id}: every interval of a positive time is positive and brackets its value`,
      { timeout: 300_000 },
      async () => {
        const model = (await loadModel(info.id))!;
        for (const preset of info.presets)
          expect(intervalProblems(model, presetParams(info, preset.id)), preset.id).toEqual([]);
        const presets = fc.constantFrom(...info.presets.map((p) => p.id));
        fc.assert(
          fc.property(presets, pointIn(info.params), (preset, values) => {
            const params = { ...presetParams(info, preset), ...values };
            expect(intervalProblems(model, params)).toEqual([]);
          }),
          { seed: 7, numRuns: 2, endOnFailure: true },
        );
      },
    );

    it(
      `${info.id}: every knob shown with a paper table changes some output of it`,
      {
        timeout: 300_000,
      },
      async () => {
        const model = (await loadModel(info.id))!;
        const dead: string[] = [];
        for (const preset of info.presets) {
          const base = presetParams(info, preset.id);
          for (const spec of info.params) {
            if (spec.key === info.presetParam || spec.kind === 'list') continue;
            // Hidden with this table or these values (shownFor, shownWhen): nothing to move.
            if (!isShown(info, spec, base)) continue;
            const name = `${info.id}: ${preset.id}: ${spec.key}`;
            if (!KNOWN_DEAD.has(name) && !isLive(model, base, spec)) dead.push(name);
          }
        }
        expect(dead).toEqual([]);
      },
    );
  }
});
