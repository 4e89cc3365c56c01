/**
 * Shared by the invariant tests (invariants-*.test.ts): values anywhere in a parameter's
 * declared range, and the model's outputs flattened to `table · row · column` → number.
 */
import fc from 'fast-check';
import type { ScenarioTables } from '../../src/compare/types';
import { presetParams } from '../../src/scenario';
import type {
  ChartData,
  ModelDefinition,
  ModelTable,
  NumberParamSpec,
  ParamSpec,
  ParamValues,
} from '../../src/models/types';

/** Units of a time: a value in one of them is the duration of something that takes time. */
export const TIME_UNITS = new Set(['s', 'ms', 'µs', 'ns']);

export const numeric = (specs: readonly ParamSpec[]) =>
  specs.filter((s): s is NumberParamSpec => s.kind === 'number');

/**
 * A value of `spec` anywhere in its range: uniform on a linear knob, uniform in the logarithm
 * on a log or power-of-two one (a 0 minimum is drawn as itself, else from one step up), so
 * every decade of a log knob is visited; whole numbers for an integer knob.
 */
export function valueIn(spec: NumberParamSpec): fc.Arbitrary<number> {
  const { min, max } = spec;
  const round = (x: number) => Math.min(max, Math.max(min, spec.integer ? Math.round(x) : x));
  if ((spec.scale === 'log' || spec.scale === 'pow2') && max > 0) {
    const lo = min > 0 ? min : Math.max(spec.step, max * 1e-9);
    const logs = fc
      .double({ min: Math.log(lo), max: Math.log(max), noNaN: true, noDefaultInfinity: true })
      .map((l) => round(Math.exp(l)));
    return min > 0 ? logs : fc.oneof(fc.constant(min), logs);
  }
  if (spec.integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map(round);
}

/** A point of the whole numeric space of `specs`. */
export const pointIn = (specs: readonly ParamSpec[]) =>
  fc.record(Object.fromEntries(numeric(specs).map((s) => [s.key, valueIn(s)])));

/** A scenario anywhere: a preset of `model`, every number moved in its range (then `adjust`). */
export const scenarioIn = (
  model: ModelDefinition,
  adjust = (values: Record<string, number>) => values,
) =>
  fc
    .tuple(fc.constantFrom(...model.presets.map((p) => p.id)), pointIn(model.params))
    .map(([id, values]): ParamValues => ({ ...presetParams(model, id), ...adjust(values) }));

/** Every cell of the tables, `table · row · column` → value, with its column's unit. */
export function tableCells(
  tables: readonly ModelTable[],
): Map<string, { v: number; unit: string }> {
  const out = new Map<string, { v: number; unit: string }>();
  for (const t of tables)
    for (const r of t.rows)
      for (const c of t.columns) {
        const v = r.values[c.key];
        if (v !== undefined) out.set(`${t.id} · ${r.label} · ${c.key}`, { v, unit: c.unit });
      }
  return out;
}

/** Every number a chart draws (points, bands, bars, segments), by a stable name. */
export function chartValues(charts: readonly ChartData[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of charts) {
    if (c.kind === 'line')
      for (const s of c.series) {
        s.points.forEach((p, i) => out.set(`${c.id} · ${s.name} · ${i} · ${p.x}`, p.y));
        s.band?.forEach((b, i) => {
          out.set(`${c.id} · ${s.name} · band ${i} lo`, b.lo);
          out.set(`${c.id} · ${s.name} · band ${i} hi`, b.hi);
        });
      }
    else if (c.kind === 'stacked-bar')
      for (const b of c.bars)
        for (const p of b.parts) out.set(`${c.id} · ${b.label} · ${p.name}`, p.value);
    else
      for (const l of c.lanes)
        l.segments.forEach((s, i) => {
          out.set(`${c.id} · ${l.name} · ${i} start`, s.start);
          out.set(`${c.id} · ${l.name} · ${i} end`, s.end);
        });
  }
  return out;
}

/** Whether two runs' outputs differ anywhere (a key in one only counts as a difference). */
export function differs(a: Map<string, number>, b: Map<string, number>): boolean {
  if (a.size !== b.size) return true;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined) return true;
    if (!(v === w || (Number.isNaN(v) && Number.isNaN(w)))) return true;
  }
  return false;
}

/** The params with one key moved, as a new object. */
export const withValue = (params: ParamValues, key: string, value: number | string) => ({
  ...params,
  [key]: value,
});

/** Every number a model shows for these parameters: its charts' and its tables' cells. */
export function outputs(model: ModelDefinition, params: ParamValues): Map<string, number> {
  const out = chartValues(model.charts(params));
  for (const [k, { v }] of tableCells(model.tables(params))) out.set(k, v);
  return out;
}

/**
 * The numeric knobs that move no output in any preset when doubled (halved where double is
 * past the maximum). `needs` is what a knob needs to matter at all, e.g. a profile entry's
 * cost needs profiles: physics, not a dead knob.
 */
export function deadKnobs(
  model: ModelDefinition,
  needs: Record<string, ParamValues> = {},
): string[] {
  return numeric(model.params)
    .filter((s) =>
      model.presets.every((preset) => {
        const base = { ...presetParams(model, preset.id), ...needs[s.key] };
        const v = Number(base[s.key]);
        const other = v * 2 <= s.max ? v * 2 + (s.integer ? 1 : 0) : (v + s.min) / 2;
        const moved = withValue(base, s.key, s.integer ? Math.round(other) : other);
        return !differs(outputs(model, base), outputs(model, moved));
      }),
    )
    .map((s) => s.key);
}

/** The tables as they read before their intervals arrive: no intervals, parts or coverage. */
export function withoutIntervals(t: ScenarioTables) {
  return t.tables.map(({ coverage: _, ...table }) => ({
    ...table,
    rows: table.rows.map(({ intervals: _, intervalParts: _p, confidence: _c, ...row }) => row),
  }));
}
