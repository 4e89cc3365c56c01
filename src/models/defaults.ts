import type { ParamSpec, ParamValues } from './types';

/**
 * A model's typed parameters from validated values: anything missing is filled from the
 * declared defaults, so a model can also be called directly (tests, scripts) with a partial
 * set. Validation itself is the permalink codec's job; this trusts what it is given.
 */
export function withDefaults<T>(specs: readonly ParamSpec[], values: ParamValues): T {
  const out: ParamValues = {};
  for (const spec of specs) out[spec.key] = values[spec.key] ?? spec.default;
  return out as unknown as T;
}
