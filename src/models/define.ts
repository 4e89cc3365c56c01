import type {
  ChartData,
  LineChartData,
  Mechanism,
  ModelDefinition,
  ModelInfo,
  NumberParamSpec,
  ParamSpec,
  ParamValues,
  ParamsOf,
} from './types';

type Mark = NonNullable<NumberParamSpec['marks']>[number];

/** A paper table's short name for a mark: its selector option's label, up to a bracket or colon. */
function shortName(info: ModelInfo, presetId: string): string {
  const selector = info.params.find((p) => p.key === info.presetParam);
  const option =
    selector?.kind === 'enum' ? selector.options.find((o) => o.value === presetId) : undefined;
  const title = option?.label ?? info.presets.find((p) => p.id === presetId)?.title ?? presetId;
  return title.split(/ \(| — |: |, /)[0]!.trim();
}

/**
 * The paper's values of one number knob: those its declaration marks, then every value a
 * preset (a paper table's experiment) gives it, else its default, labelled by the tables that
 * use it ("all tables" when all do). Sorted by value; a declared mark keeps its own label.
 */
export function paperMarks(info: ModelInfo, spec: NumberParamSpec): Mark[] {
  if (spec.seed) return [];
  const byValue = new Map<number, string[]>();
  for (const preset of info.presets) {
    const raw = preset.params[spec.key];
    const v = typeof raw === 'number' ? raw : spec.default;
    if (v < spec.min || v > spec.max) continue;
    const names = byValue.get(v) ?? byValue.set(v, []).get(v)!;
    const name = shortName(info, preset.id);
    if (!names.includes(name)) names.push(name);
  }
  if (info.presets.length === 0) byValue.set(spec.default, []);
  const marks = new Map<number, string>();
  for (const m of spec.marks ?? []) marks.set(m.value, m.label);
  for (const [v, names] of byValue) {
    if (marks.has(v)) continue;
    const all = byValue.size === 1 || names.length === 0;
    marks.set(v, all ? 'all tables' : names.join('; '));
  }
  return [...marks].map(([value, label]) => ({ value, label })).sort((a, b) => a.value - b.value);
}

/**
 * A model's declarations, with the parameter declarations' literal types kept, so that
 * `ParamsOf<typeof info.params>` and the mechanism are typed from the one declaration. Every
 * number knob's track carries the paper's values (`paperMarks`): the slider stops on them.
 */
export function defineInfo<const P extends readonly ParamSpec[]>(info: ModelInfo<P>): ModelInfo<P> {
  const params = info.params.map((spec) =>
    spec.kind === 'number' ? { ...spec, marks: paperMarks(info, spec) } : spec,
  );
  return { ...info, params: params as unknown as P };
}

/**
 * Typed parameters from validated values: anything missing is filled from the declared
 * defaults, so a model can also be called directly (tests, scripts) with a partial set.
 * Validation itself is the permalink codec's job; this trusts what it is given.
 */
export function paramsFrom<P extends readonly ParamSpec[]>(
  specs: P,
  values: ParamValues,
): ParamsOf<P> {
  const out: ParamValues = {};
  for (const spec of specs) out[spec.key] = values[spec.key] ?? spec.default;
  return out as ParamsOf<P>;
}

/**
 * The one way a model is made: its declarations (`info.ts`) and its mechanism (`tables`,
 * `charts` on typed parameters). The result is what `registry.ts` lists.
 */
export function defineModel<P extends readonly ParamSpec[]>(
  info: ModelInfo<P>,
  mechanism: Mechanism<P>,
): ModelDefinition<P> {
  const paramsOf = (values: ParamValues) => paramsFrom(info.params, values);
  return {
    ...info,
    paramsOf,
    tables: (values, options) => mechanism.tables(paramsOf(values), options),
    deferrableIntervals: mechanism.deferrableIntervals === true,
    charts: (values) => mechanism.charts(paramsOf(values)),
    chartPartCount: mechanism.chartParts?.length ?? 1,
    work: (values, options) => mechanism.work?.(paramsOf(values), options) ?? null,
    chartPart: (values, i, options) => {
      const parts = mechanism.chartParts;
      if (!parts) return i === 0 ? mechanism.charts(paramsOf(values)) : [];
      const part = parts[i];
      return part ? part(paramsOf(values), options) : [];
    },
  };
}

/**
 * A line chart computed in slices (chart parts that each evaluate some of its x values, so
 * that no worker task runs long and a cancel takes effect between them): the slices carry the
 * chart's id, and joining them puts each series' points (and band) back together in x order.
 * Everything else (title, caption, markers) is the first slice's. Charts with an id of their
 * own pass through unchanged, in order.
 */
type Series = LineChartData['series'][number];

const byX = (a: { x: number }, b: { x: number }) => a.x - b.x;

export function joinChartSlices(charts: readonly ChartData[]): ChartData[] {
  const out: ChartData[] = [];
  const lines = new Map<string, { chart: LineChartData; series: Map<string, Series> }>();
  /** Ids of line charts placed as they came: malformed (no series array), kept for the page to say so. */
  const asIs = new Set<string>();
  for (const c of charts) {
    if (c.kind !== 'line') {
      out.push(c);
      continue;
    }
    const seen = lines.get(c.id);
    if (!Array.isArray(c.series) || asIs.has(c.id)) {
      if (!seen && !asIs.has(c.id)) {
        asIs.add(c.id);
        out.push(c);
      }
      continue;
    }
    if (!seen) {
      const series = new Map<string, Series>();
      const chart: LineChartData = { ...c, series: [] };
      for (const s of c.series) {
        const copy: Series = {
          ...s,
          points: [...s.points],
          ...(s.band ? { band: [...s.band] } : {}),
        };
        series.set(s.name, copy);
        chart.series.push(copy);
      }
      lines.set(c.id, { chart, series });
      out.push(chart);
      continue;
    }
    for (const s of c.series) {
      const into = seen.series.get(s.name);
      if (!into) {
        const copy: Series = {
          ...s,
          points: [...s.points],
          ...(s.band ? { band: [...s.band] } : {}),
        };
        seen.series.set(s.name, copy);
        seen.chart.series.push(copy);
        continue;
      }
      into.points.push(...s.points);
      if (s.band) into.band = [...(into.band ?? []), ...s.band];
    }
  }
  for (const { chart } of lines.values())
    for (const s of chart.series) {
      s.points.sort(byX);
      s.band?.sort(byX);
    }
  return out;
}
