import type {
  ModelInfo,
  ModelTable,
  ParamSectionId,
  ParamSpec,
  ParamValues,
} from '../models/types';
import type { ComparedRow, ComparedTable, OtherExperimentParam } from './types';

/**
 * Errors only against the same experiment. A paper's measurement is of one experiment: the
 * paper table's preset (its workload and its machine). Once a workload or machine knob moves
 * off that preset, the paper's value is of another experiment, and (model − paper) / paper is
 * no longer the model's error but how far this scenario lies from the paper's run. Such a table
 * keeps that difference, under its own name (`vsPaperRunPct`), and has no error, no error
 * summary and no interval coverage. Fitted and assumed constants are the model, not the
 * experiment: moving one keeps the errors (they are then the errors of that other model).
 *
 * And a knob that does not change a table's experiment never relabels it: the decision is
 * made on the cells. A paper table is another experiment only if its compared cells (those
 * with a paper value) differ from the model's run with the changed knobs back at the preset's
 * values (`paperRun`): the 19 DOCT knobs, which no MPE/iX cell reads, leave an MPE/iX table
 * and its errors as they are. The knobs it names are those that move it.
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

/** The scenario with `specs` back at the values of its paper table's preset. */
export function withPresetValues(
  model: ModelInfo,
  params: ParamValues,
  specs: readonly ParamSpec[],
): ParamValues {
  const base = presetBase(model, params);
  const out = { ...params };
  for (const s of specs) out[s.key] = base[s.key]!;
  return out;
}

/** Whether a compared cell (one with a paper value) of `table` differs in `other`. */
export function comparedCellsDiffer(table: ComparedTable, other: ModelTable | undefined): boolean {
  for (const r of table.rows) {
    if (!r.paper) continue;
    const o = other?.rows.find((x) => x.label === r.label);
    for (const [k, p] of Object.entries(r.paper)) {
      if (p === null) continue;
      const a = r.model[k];
      const b = o?.values[k];
      if (a === undefined && b === undefined) continue;
      if (a === undefined || b === undefined) return true;
      if (Math.abs(a - b) > 1e-12 * Math.max(1, Math.abs(a), Math.abs(b))) return true;
    }
  }
  return false;
}

/**
 * The model's tables for other values (values only, no intervals): how `markOtherExperiments`
 * runs the scenario with some knobs back at the preset's values. Absent (a caller with
 * declarations only), the decision rests on the declarations alone.
 */
export type RunTables = (params: ParamValues) => readonly ModelTable[];

/**
 * Every paper table of a scenario whose experiment differs from the paper's, marked as such
 * (model-only tables have no paper value and stay as they are). With `run`, a table is marked
 * only if the changed knobs move its compared cells, and names only the knobs that do.
 */
export function markOtherExperiments(
  model: ModelInfo,
  params: ParamValues,
  tables: readonly ComparedTable[],
  run?: RunTables,
): ComparedTable[] {
  const changes = experimentChanges(model, params);
  if (changes.length === 0) return [...tables];
  const runs = new Map<string, readonly ModelTable[]>();
  const without = (specs: readonly ParamSpec[]) => {
    const key = specs.map((s) => s.key).join(',');
    const cached = runs.get(key);
    if (cached) return cached;
    const out = run!(withPresetValues(model, params, specs));
    runs.set(key, out);
    return out;
  };
  return tables.map((t) => {
    if (t.modelOnly) return t;
    let mine = changesFor(changes, t.id);
    if (mine.length > 0 && run) {
      if (
        !comparedCellsDiffer(
          t,
          without(mine).find((x) => x.id === t.id),
        )
      )
        return t;
      // Of several changed knobs, those that move it alone (all of them if none does alone).
      if (mine.length > 1) {
        const movers = mine.filter((s) =>
          comparedCellsDiffer(
            t,
            without([s]).find((x) => x.id === t.id),
          ),
        );
        if (movers.length > 0) mine = movers;
      }
    }
    return mine.length === 0
      ? t
      : asOtherExperiment(
          t,
          mine.map((s) => ({ key: s.key, label: s.label })),
        );
  });
}
