import type {
  Mechanism,
  ModelDefinition,
  ModelInfo,
  ParamSpec,
  ParamValues,
  ParamsOf,
} from './types';

/**
 * A model's declarations, with the parameter declarations' literal types kept, so that
 * `ParamsOf<typeof info.params>` and the mechanism are typed from the one declaration.
 */
export function defineInfo<const P extends readonly ParamSpec[]>(info: ModelInfo<P>): ModelInfo<P> {
  return info;
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
    chartPart: (values, i) => {
      const parts = mechanism.chartParts;
      if (!parts) return i === 0 ? mechanism.charts(paramsOf(values)) : [];
      const part = parts[i];
      return part ? part(paramsOf(values)) : [];
    },
  };
}
