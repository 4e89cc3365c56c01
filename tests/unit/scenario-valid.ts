/** Shared by the permalink codec's tests: validity decided from the ParamSpec alone. */
import { expect } from 'vitest';
import type { ModelInfo, ParamSpec, ParamValue, ParamValues } from '../../src/models/types';

/** Validity checked here from the ParamSpec directly, independently of the codec's valibot schemas. */
export function validFor(s: ParamSpec, value: ParamValue | undefined): boolean {
  if (s.kind === 'enum')
    return typeof value === 'string' && s.options.some((o) => o.value === value);
  if (s.kind === 'list') {
    if (typeof value !== 'string') return false;
    if (value === '') return true;
    const items = value.split(',');
    return (
      items.length <= s.maxItems &&
      items.every((x) => /^(0|[1-9]\d*)$/.test(x) && +x >= s.itemMin && +x <= s.itemMax)
    );
  }
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= s.min &&
    value <= s.max &&
    (!s.integer || Number.isInteger(value))
  );
}

export function expectAllValid(model: ModelInfo, params: ParamValues): void {
  expect(Object.keys(params)).toEqual(model.params.map((s) => s.key));
  for (const s of model.params) {
    if (!validFor(s, params[s.key])) throw new Error(`${s.key}=${String(params[s.key])} invalid`);
  }
}
