import type { ModelDefinition, NumberParamSpec, ParamValues } from '../models/types';
import { headlineColumn } from './knobSweep';

/**
 * Which parameters a table's headline cells depend on most: the elasticity of each headline
 * cell to each numeric parameter, d ln(y) / d ln(p), by central differences at the scenario —
 * the per cent a cell moves for 1 % of the parameter. A cost the cell grows with has an
 * elasticity ≥ 0; 1 means proportional; a threshold the step crosses shows as a large value
 * (the steps are ± `SENSITIVITY_STEP` of the value, so a cliff within that is measured, not
 * smoothed away). Pure: the worker, the CLI (`--sensitivity`) and the tests call it.
 */

/** Relative step of the central difference: p × (1 ± h), clipped to the declared range. */
export const SENSITIVITY_STEP = 0.05;

export interface ParamElasticity {
  key: string;
  label: string;
  unit: string;
  /** The parameter's value at the scenario. */
  value: number;
  /** Mean over the headline rows of d ln(y) / d ln(p): the elasticity of their geometric mean. */
  elasticity: number;
  /** Mean over the rows of |elasticity|: what the parameters are ranked by. */
  meanAbs: number;
  /** The smallest and the largest of the rows' elasticities. */
  min: number;
  max: number;
  /** The row with the largest |elasticity|. */
  row: string;
}

export interface TableSensitivity {
  table: string;
  title: string;
  /** The headline column (knobSweep.ts `headlineColumn`) and its label and unit. */
  column: string;
  columnLabel: string;
  unit: string;
  /** The rows whose headline cells were differentiated (positive at every point). */
  rows: string[];
  /** Every numeric parameter that moves some headline cell, largest mean |elasticity| first. */
  params: ParamElasticity[];
  /** Numeric parameters at 0 (no relative step exists there): keys. */
  atZero: string[];
}

type Cells = Map<string, Map<string, number>>;

/** Headline cells per table: table id → row label → value, values only (no intervals). */
function headlineCells(model: ModelDefinition, params: ParamValues): Cells {
  const out: Cells = new Map();
  for (const t of model.tables(params, { intervals: false })) {
    const col = headlineColumn(t);
    const rows = new Map<string, number>();
    for (const r of t.rows) {
      const v = r.values[col];
      if (v !== undefined) rows.set(r.label, v);
    }
    out.set(t.id, rows);
  }
  return out;
}

/** The two points of the central difference, inside the range; null when p has no step. */
export function stepPoints(spec: NumberParamSpec, p: number, h = SENSITIVITY_STEP) {
  if (!(p > 0)) return null;
  const round = (x: number) => (spec.integer ? Math.round(x) : x);
  let lo = Math.max(spec.min, round(p * (1 - h)));
  let hi = Math.min(spec.max, round(p * (1 + h)));
  // An integer too small for h: one whole step each way.
  if (spec.integer && lo === p && hi === p) {
    lo = Math.max(spec.min, p - 1);
    hi = Math.min(spec.max, p + 1);
  }
  return lo > 0 && hi > lo ? { lo, hi } : null;
}

/** Elasticity of one cell from two points; null where a value is not positive and finite. */
export function elasticity(yLo: number, yHi: number, pLo: number, pHi: number): number | null {
  if (!(yLo > 0 && yHi > 0 && Number.isFinite(yLo) && Number.isFinite(yHi))) return null;
  return Math.log(yHi / yLo) / Math.log(pHi / pLo);
}

/** Every table's headline sensitivities at `params` (2 runs of the tables per numeric knob). */
export function sensitivity(
  model: ModelDefinition,
  params: ParamValues,
  h = SENSITIVITY_STEP,
): TableSensitivity[] {
  const tables = model.tables(params, { intervals: false });
  const perTable = new Map<string, ParamElasticity[]>();
  const atZero: string[] = [];
  const usable = new Map<string, Set<string>>();
  for (const spec of model.params) {
    // A random seed names a run: a "5 % change" of it is another run, not a dependence.
    if (spec.kind !== 'number' || spec.key === model.presetParam || spec.seed) continue;
    const p = params[spec.key];
    if (typeof p !== 'number') continue;
    const pts = stepPoints(spec, p, h);
    if (!pts) {
      if (p === 0) atZero.push(spec.key);
      continue;
    }
    const lo = headlineCells(model, { ...params, [spec.key]: pts.lo });
    const hi = headlineCells(model, { ...params, [spec.key]: pts.hi });
    for (const [table, rowsLo] of lo) {
      const es: { row: string; e: number }[] = [];
      for (const [row, yLo] of rowsLo) {
        const raw = elasticity(yLo, hi.get(table)?.get(row) ?? NaN, pts.lo, pts.hi);
        if (raw === null) continue;
        // Rounding in a sum of unchanged terms is not a dependence.
        const e = Math.abs(raw) < 1e-9 ? 0 : raw;
        es.push({ row, e });
        (usable.get(table) ?? usable.set(table, new Set()).get(table)!).add(row);
      }
      if (es.length === 0 || es.every((x) => x.e === 0)) continue;
      const top = es.reduce((a, b) => (Math.abs(b.e) > Math.abs(a.e) ? b : a));
      const list = perTable.get(table) ?? perTable.set(table, []).get(table)!;
      list.push({
        key: spec.key,
        label: spec.label,
        unit: spec.unit,
        value: p,
        elasticity: es.reduce((s, x) => s + x.e, 0) / es.length,
        meanAbs: es.reduce((s, x) => s + Math.abs(x.e), 0) / es.length,
        min: Math.min(...es.map((x) => x.e)),
        max: Math.max(...es.map((x) => x.e)),
        row: top.row,
      });
    }
  }
  // How much the table as a whole leans on it: the mean |elasticity| over its rows.
  const size = (e: ParamElasticity) => e.meanAbs;
  // Equal sizes (to rounding) in the order of the keys, so the same link lists the same order.
  const bySize = (a: ParamElasticity, b: ParamElasticity) => {
    const d = size(b) - size(a);
    return Math.abs(d) > 1e-9 ? d : a.key < b.key ? -1 : 1;
  };
  return tables.map((t) => {
    const column = headlineColumn(t);
    const col = t.columns.find((c) => c.key === column);
    return {
      table: t.id,
      title: t.title,
      column,
      columnLabel: col?.label ?? column,
      unit: col?.unit ?? '',
      rows: t.rows.map((r) => r.label).filter((l) => usable.get(t.id)?.has(l)),
      params: (perTable.get(t.id) ?? []).sort(bySize),
      atZero,
    };
  });
}
