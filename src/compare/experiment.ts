import type { ModelInfo, ParamSectionId, ParamSpec, ParamValues } from '../models/types';
import type { ComparedRow, ComparedTable, OtherExperimentParam } from './types';

/**
 * Errors only against the same experiment. A paper's measurement is of one experiment: the
 * paper table's preset (its workload and its machine). Once a workload or machine knob moves
 * off that preset, the paper's value is of another experiment, and (model − paper) / paper is
 * no longer the model's error but how far this scenario lies from the paper's run. Such a table
 * keeps that difference, under its own name (`vsPaperRunPct`), and has no error, no error
 * summary and no interval coverage. Fitted and assumed constants are the model, not the
 * experiment: moving one keeps the errors (they are then the errors of that other model).
 */

/** The heading a parameter group is shown under: the rule of views/paramSections.ts `sectionOf`. */
function sectionOf(model: ModelInfo, group: string): ParamSectionId {
  const known =
    model.sections && Object.hasOwn(model.sections, group) ? model.sections[group] : undefined;
  if (known) return known;
  const selector = model.params.find((p) => p.key === model.presetParam);
  return selector?.group === group ? 'workload' : 'machine';
}

/**
 * The values the scenario's paper table stands for: the declared defaults, overlaid with the
 * preset its `presetParam` names (scenario/presets.ts `presetParams`; presets are checked valid
 * by tests/unit/scenario.test.ts).
 */
function presetBase(model: ModelInfo, params: ParamValues): ParamValues {
  const out: ParamValues = {};
  for (const spec of model.params) out[spec.key] = spec.default;
  const key = model.presetParam;
  const preset = key === undefined ? undefined : model.presets.find((p) => p.id === params[key]);
  if (preset) Object.assign(out, preset.params);
  return out;
}

/** The workload and machine knobs whose value differs from the scenario's paper table's preset. */
export function experimentChanges(model: ModelInfo, params: ParamValues): ParamSpec[] {
  const base = presetBase(model, params);
  return model.params.filter(
    (spec) =>
      spec.key !== model.presetParam &&
      Object.hasOwn(params, spec.key) &&
      params[spec.key] !== base[spec.key] &&
      sectionOf(model, spec.group) !== 'fitted',
  );
}

/** Of the changed knobs, those part of the experiment of paper table `tableId`. */
export function changesFor(changes: readonly ParamSpec[], tableId: string): ParamSpec[] {
  return changes.filter((s) => !s.experimentOf || s.experimentOf.includes(tableId));
}

function asOtherRow(row: ComparedRow): ComparedRow {
  const errorPct: Record<string, number | null> = {};
  for (const k of Object.keys(row.errorPct)) errorPct[k] = null;
  return { ...row, errorPct, vsPaperRunPct: row.errorPct };
}

/** The table with its errors turned into differences from the paper's run of its experiment. */
export function asOtherExperiment(
  table: ComparedTable,
  changed: readonly OtherExperimentParam[],
): ComparedTable {
  const { coverage: _coverage, ...rest } = table;
  return {
    ...rest,
    rows: table.rows.map(asOtherRow),
    summary: null,
    otherExperiment: [...changed],
  };
}

/**
 * Every paper table of a scenario whose experiment differs from the paper's, marked as such
 * (model-only tables have no paper value and stay as they are).
 */
export function markOtherExperiments(
  model: ModelInfo,
  params: ParamValues,
  tables: readonly ComparedTable[],
): ComparedTable[] {
  const changes = experimentChanges(model, params);
  if (changes.length === 0) return [...tables];
  return tables.map((t) => {
    if (t.modelOnly) return t;
    const mine = changesFor(changes, t.id);
    return mine.length === 0
      ? t
      : asOtherExperiment(
          t,
          mine.map((s) => ({ key: s.key, label: s.label })),
        );
  });
}
