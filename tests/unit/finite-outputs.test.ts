/**
 * No value inside a model's declared ranges gives Infinity or NaN anywhere a person or the
 * CLI reads it: every table cell and interval bound, for every model in the registry, at each
 * numeric parameter's minimum and maximum (the rest at each preset's values) and at seeded
 * random points of the whole declared space. A cell a scenario cannot define is left empty
 * with a note, never written as Infinity (JSON would say `null`, silently).
 * Found on the old code: file-access `cpuMoveUsPerByte=0` (with the preset's zero mapped CPU)
 * made the CATALOG throughput and the prefetch-bytes inference Infinity.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareTable, evaluateTables } from '../../src/compare/compare';
import { findPaperTable } from '../../src/papers';
import { loadModel, MODEL_INFOS } from '../../src/models/registry';
import type {
  ModelDefinition,
  NumberParamSpec,
  ParamSpec,
  ParamValues,
} from '../../src/models/types';
import { presetParams } from '../../src/scenario';

/** Every non-finite number in a model's tables, named by table, row and column. */
function nonFinite(model: ModelDefinition, params: ParamValues, intervals: boolean): string[] {
  // Without intervals, the values alone: a model whose intervals cannot wait (hyperthreads)
  // would run them anyway through evaluateTables, a hundred runs at a point of 64 jobs.
  const tables = intervals
    ? evaluateTables(model, params).tables
    : model.tables(params, { intervals: false }).map((t) => compareTable(t, findPaperTable(t.id)));
  const bad: string[] = [];
  for (const t of tables)
    for (const r of t.rows) {
      for (const [k, v] of Object.entries(r.model))
        if (!Number.isFinite(v)) bad.push(`${t.id} · ${r.label} · ${k} = ${v}`);
      for (const [k, iv] of Object.entries(r.intervals ?? {}))
        if (!iv.every(Number.isFinite)) bad.push(`${t.id} · ${r.label} · ${k} interval ${iv}`);
    }
  return bad;
}

const numeric = (specs: readonly ParamSpec[]) =>
  specs.filter((s): s is NumberParamSpec => s.kind === 'number');

/** A value of `spec` anywhere in its range, on its step where it has one. */
function valueIn(spec: NumberParamSpec): fc.Arbitrary<number> {
  if (spec.integer) return fc.integer({ min: Math.ceil(spec.min), max: Math.floor(spec.max) });
  return fc
    .double({ min: spec.min, max: spec.max, noNaN: true, noDefaultInfinity: true })
    .map((x) => Math.min(spec.max, Math.max(spec.min, Math.round(x / spec.step) * spec.step)));
}

describe('no Infinity or NaN inside the declared ranges', () => {
  for (const info of MODEL_INFOS) {
    // The timeout only stops a hang: file-access's FREADSEEK rows are means of up to 16 runs
    // (simulate.ts), minutes at the extremes on a busy machine.
    it(
      `${info.id}: each numeric parameter at its min and max (others at each preset)`,
      { timeout: 900_000 },
      async () => {
        const model = (await loadModel(info.id))!;
        const bad: string[] = [];
        for (const preset of info.presets) {
          const base = presetParams(info, preset.id);
          for (const spec of numeric(info.params))
            for (const x of [spec.min, spec.max]) {
              // Intervals (many runs each) on the first preset; values on every preset.
              const intervals = preset === info.presets[0];
              const found = nonFinite(model, { ...base, [spec.key]: x }, intervals);
              bad.push(...found.map((f) => `${preset.id} ${spec.key}=${x}: ${f}`));
            }
        }
        expect(bad).toEqual([]);
      },
    );

    // A large file on small pages runs for seconds: a budget well past 4× the quiet time.
    it(`${info.id}: seeded random points of the whole space`, { timeout: 600_000 }, async () => {
      const model = (await loadModel(info.id))!;
      const specs = numeric(info.params);
      const point = fc.record(Object.fromEntries(specs.map((s) => [s.key, valueIn(s)])));
      const presets = fc.constantFrom(...info.presets.map((p) => p.id));
      fc.assert(
        fc.property(presets, point, (preset, values) => {
          expect(nonFinite(model, { ...presetParams(info, preset), ...values }, false)).toEqual([]);
        }),
        { numRuns: 10, seed: 24, endOnFailure: true },
      );
    });
  }
});
