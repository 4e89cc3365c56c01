/**
 * Errors only against the same experiment (src/compare/experiment.ts). Found on the old code:
 * `/#/file-access?table=mpe-sl-seq&recordBytes=8930` printed "+10,062.5" under "err %",
 * comparing 8,930 B records with the paper's run of 256 B ones.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { experimentChanges } from '../../src/compare/experiment';
import { resultsDocument } from '../../src/compare/results';
import { loadModel, MODEL_INFOS } from '../../src/models/registry';
import type { ParamValues } from '../../src/models/types';
import { presetParams } from '../../src/scenario';
import { sectionOf } from '../../src/views/paramSections';
import { comparedChartSummary, comparedChartTable } from '../../src/charts/chartData';
import { toMarkdown } from '../../scripts/lib/markdown';

const fa = (await loadModel('file-access'))!;
const cb = (await loadModel('cross-boundary'))!;

function table(model: typeof fa, params: ParamValues, id: string) {
  const t = evaluateTables(model, params, { intervals: false }).tables.find((x) => x.id === id);
  if (!t) throw new Error(`no table ${id}`);
  return t;
}

describe('the error rule: no error against another experiment', () => {
  const SL = presetParams(fa, 'mpe-sl-seq');

  it('the reproducer: 8,930 B records against the paper’s 256 B run have no error, a Δ', () => {
    const params = { ...SL, recordBytes: 8930 };
    const t = table(fa, params, 'mpe-sl-seq');
    expect(t.otherExperiment).toEqual([{ key: 'recordBytes', label: 'Record size' }]);
    expect(t.summary).toBeNull();
    expect(t.coverage).toBeUndefined();
    for (const r of t.rows) {
      if (r.prediction) continue;
      expect(Object.values(r.errorPct).every((e) => e === null)).toBe(true);
      expect(Object.values(r.vsPaperRunPct ?? {}).some((e) => e !== null && e > 100)).toBe(true);
    }
    const md = toMarkdown(
      resultsDocument(
        '/#/file-access?test',
        params,
        evaluateTables(fa, params, { intervals: false }),
      ),
    );
    const section = md.split('### ').find((s) => s.startsWith('SL.PUB.SYS sequential read'))!;
    expect(section).not.toMatch(/err %/);
    expect(section).toMatch(/Δ vs paper’s run %/);
    expect(section).toMatch(/Another experiment than the paper’s \(Record size changed\)/);
    expect(comparedChartTable(t).columns.join()).toMatch(/Δ vs paper’s run/);
    expect(comparedChartSummary(t)).toMatch(/another experiment .*not errors/);
  });

  it('the paper’s own experiment keeps its errors, and so does a change of a fitted constant', () => {
    const own = table(fa, SL, 'mpe-sl-seq');
    expect(own.otherExperiment).toBeUndefined();
    expect(own.summary).not.toBeNull();
    const fitted = fa.params.find((p) => p.group === 'CPU costs' && p.kind === 'number')!;
    const refit = table(
      fa,
      { ...SL, [fitted.key]: fitted.kind === 'number' ? fitted.max : 0 },
      'mpe-sl-seq',
    );
    expect(refit.otherExperiment).toBeUndefined();
    expect(refit.summary).not.toBeNull();
  });

  it('a knob of the model’s own outputs only (iterations, your configuration) keeps the errors', () => {
    const base = presetParams(cb, 'doct-ipc');
    const changes: ParamValues[] = [
      { iterations: 12345 },
      { transport: 'RPC' },
      { serverRuns: 'PA' },
    ];
    for (const change of changes) {
      const t = table(cb, { ...base, ...change }, 'doct-ipc');
      expect(t.otherExperiment).toBeUndefined();
      expect(t.summary).not.toBeNull();
    }
    // Work per call is the DOCT benchmark's experiment (the paper's callee only increments).
    const work = table(cb, { ...base, workPerCallUs: 1000 }, 'doct-ipc');
    expect(work.otherExperiment?.map((p) => p.key)).toEqual(['workPerCallUs']);
    expect(work.rows[0]!.errorPct.s_1m).toBeNull();
  });

  it('a key the link does not give is not a change', () => {
    expect(experimentChanges(fa, { table: 'mpe-sl-seq' })).toEqual([]);
  });

  it('compare’s sections are the page’s (views/paramSections.ts)', () => {
    for (const info of MODEL_INFOS) {
      // A fitted-section knob changed alone is never another experiment; any other is.
      for (const spec of info.params) {
        if (spec.key === info.presetParam || spec.kind !== 'number') continue;
        const base = presetParams(info, info.presets[0]!.id);
        const moved = base[spec.key] === spec.max ? spec.min : spec.max;
        const changed = experimentChanges(info, { ...base, [spec.key]: moved });
        expect(changed.length === 0, `${info.id}.${spec.key}`).toBe(
          sectionOf(info, spec.group) === 'fitted',
        );
      }
    }
  });

  it('a knob declared part of some tables’ experiment only changes no other paper table', () => {
    const bad: string[] = [];
    for (const spec of cb.params) {
      if (!spec.experimentOf) continue;
      for (const preset of cb.presets) {
        const base = presetParams(cb, preset.id);
        const values =
          spec.kind === 'number'
            ? [spec.min, spec.max]
            : spec.kind === 'enum'
              ? spec.options.map((o) => o.value)
              : [];
        const runs = values.map((v) =>
          evaluateTables(cb, { ...base, [spec.key]: v }, { intervals: false }).tables.filter(
            (t) => !t.modelOnly && !spec.experimentOf!.includes(t.id),
          ),
        );
        const rowsOf = (r: (typeof runs)[number]) =>
          JSON.stringify(r.map((t) => t.rows.map((x) => x.model)));
        if (runs.some((r) => rowsOf(r) !== rowsOf(runs[0]!))) bad.push(`${preset.id}: ${spec.key}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
