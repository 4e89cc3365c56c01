/**
 * Issue #32: a knob is shown for a table only if it moves some cell of that table, and a knob
 * that does not change a table's experiment never relabels it. Found on the old code: the 19
 * DOCT knobs were offered with the MPE/iX tables, changed nothing there, and moving one
 * relabelled the table "another experiment" and hid its errors; prefetch distance was offered
 * with CATALOG (memory resident), `cpus` with PostMark and the iozone -az tables (one
 * process), and the file-cache CPUs sweep drew six flat lines under a legend that contradicted
 * the row's label.
 *
 * "That table": the preset's own table (the first the model returns) and the model's own
 * tables shown with it (no paper values: your configuration, the runs' activity, a trace) —
 * not another paper table that the page also shows.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { knobSweep } from '../../src/compare/knobSweep';
import { gridValues } from '../../src/compare/regimeMap';
import { loadModel, MODEL_INFOS } from '../../src/models/registry';
import type { ModelDefinition, ParamSpec, ParamValues } from '../../src/models/types';
import { findPaperTable } from '../../src/papers';
import { presetParams } from '../../src/scenario';
import { isShown } from '../../src/views/paramSections';
import { nextSeed } from '../../src/views/seed';

/** Every cell of the preset's tables, by table and row place (a label may follow a knob). */
function cells(model: ModelDefinition, params: ParamValues): string {
  const tables = model.tables(params, { intervals: false });
  const own = tables.filter((t, i) => i === 0 || !findPaperTable(t.id));
  return JSON.stringify(
    own.map((t) => [t.id, t.rows.map((r) => t.columns.map((c) => r.values[c.key] ?? null))]),
  );
}

/** Values across the knob's whole range: its ends, a grid, the paper's values; a seed's runs. */
function across(spec: ParamSpec): (number | string)[] {
  if (spec.kind === 'enum') return spec.options.map((o) => o.value);
  if (spec.kind !== 'number') return [];
  if (spec.seed) {
    const runs = [spec.default];
    for (let i = 0; i < 12; i++) runs.push(nextSeed(runs.at(-1)!, spec));
    return runs;
  }
  return [
    ...new Set([
      spec.min,
      spec.max,
      ...gridValues(spec, 6),
      ...(spec.marks ?? []).map((m) => m.value),
    ]),
  ];
}

describe('a knob is shown with a table exactly when it moves a cell of it', () => {
  for (const info of MODEL_INFOS)
    it(`${info.id}: every preset, every knob`, { timeout: 600_000 }, async () => {
      const model = (await loadModel(info.id))!;
      const wrong: string[] = [];
      for (const preset of info.presets) {
        const base = presetParams(info, preset.id);
        const ref = cells(model, base);
        for (const spec of info.params) {
          if (spec.key === info.presetParam || spec.kind === 'list') continue;
          const moves = across(spec).some((v) => cells(model, { ...base, [spec.key]: v }) !== ref);
          const shown = isShown(info, spec, base);
          if (shown && !moves) wrong.push(`${preset.id}: ${spec.key} is shown and moves nothing`);
          if (!shown && moves) wrong.push(`${preset.id}: ${spec.key} is hidden and moves a cell`);
        }
      }
      expect(wrong).toEqual([]);
    });
});

const cb = await loadModel('cross-boundary');
const fc = await loadModel('file-cache');

describe('a knob that does not change the experiment never relabels it', () => {
  it('the reproducer: a DOCT knob moved on an MPE/iX table keeps its errors', () => {
    for (const preset of cb!.presets.filter((p) => p.id.startsWith('mpe-'))) {
      const base = presetParams(cb!, preset.id);
      const changes: ParamValues[] = [{ rpcSidePaUs: 500 }, { smSidePaUs: 3 }, { networkHopUs: 0 }];
      for (const change of changes) {
        const t = evaluateTables(cb!, { ...base, ...change }, { intervals: false }).tables[0]!;
        expect(t.id).toBe(preset.id);
        expect(t.otherExperiment, `${preset.id} ${JSON.stringify(change)}`).toBeUndefined();
        expect(t.summary).not.toBeNull();
      }
    }
  });

  it('every model, every preset: a table is relabelled only if its compared cells moved', () => {
    const wrong: string[] = [];
    for (const model of [cb!, fc!]) {
      for (const preset of model.presets) {
        const base = presetParams(model, preset.id);
        const before = evaluateTables(model, base, { intervals: false }).tables;
        for (const spec of model.params) {
          if (spec.kind !== 'number' || spec.key === model.presetParam) continue;
          const moved = spec.max === base[spec.key] ? spec.min : spec.max;
          const after = evaluateTables(
            model,
            { ...base, [spec.key]: moved },
            { intervals: false },
          ).tables;
          for (const t of after) {
            if (t.modelOnly) continue;
            const old = before.find((b) => b.id === t.id)!;
            const cellsMoved = t.rows.some((r) =>
              Object.entries(r.paper ?? {}).some(
                ([k, p]) =>
                  p !== null &&
                  Math.abs(r.model[k]! - old.rows.find((o) => o.label === r.label)!.model[k]!) >
                    1e-12 * Math.max(1, Math.abs(r.model[k]!)),
              ),
            );
            if (t.otherExperiment && !cellsMoved)
              wrong.push(`${preset.id}: ${spec.key} relabels ${t.id}, moving none of its cells`);
            if (t.otherExperiment && !t.otherExperiment.some((p) => p.key === spec.key))
              wrong.push(`${preset.id}: ${t.id} names another knob than ${spec.key}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a knob that moves the compared cells still relabels the table', () => {
    const base = presetParams(fc!, 'ufc-mixed-mode');
    const t = evaluateTables(fc!, { ...base, blockBytes: 4096 * 64 }, { intervals: false })
      .tables[0]!;
    expect(t.otherExperiment?.map((p) => p.key)).toEqual(['blockBytes']);
    // And a stealback knob on the mixed-mode page does not.
    const u = evaluateTables(fc!, { ...base, cachePages: 50 }, { intervals: false }).tables[0]!;
    expect(u.otherExperiment).toBeUndefined();
  });
});

describe('the file-cache CPUs knob moves the row it claims', () => {
  it('its sweep follows the knob row under the row’s own name; the paper’s rows are left out', async () => {
    const fc = (await loadModel('file-cache'))!;
    const base = presetParams(fc, 'ufc-sdet');
    const label = fc.tables(base)[0]!.rows.at(-1)!.label;
    expect(label).toBe('IA 16-way (knobs)');
    const sweep = knobSweep(fc, base, 'cpus')!;
    expect(sweep.series.map((s) => s.name)).toEqual(['IA N-way (knobs)']);
    const ys = sweep.series[0]!.points.map((p) => p.y);
    expect(new Set(ys).size).toBeGreaterThan(5);
    expect(sweep.caption).toMatch(
      /^Left out, as CPUs does not move them: IA 4-way, .*PA 64-way\.$/,
    );
  });

  it('one process: PostMark and the iozone -az tables show no CPUs knob and a platform row', async () => {
    const fc = (await loadModel('file-cache'))!;
    const cpus = fc.params.find((p) => p.key === 'cpus')!;
    for (const id of ['ufc-postmark', 'ufc-iozone-az', 'ufc-iozone-mmap']) {
      const base = presetParams(fc, id);
      expect(isShown(fc, cpus, base), id).toBe(false);
      expect(fc.tables(base)[0]!.rows.at(-1)!.label).toBe('IA (knobs)');
    }
  });
});
