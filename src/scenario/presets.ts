import type { ModelInfo, ParamSpec, ParamValues } from '../models/types';
import { isValidParamValue } from './validate';
import type { Scenario } from './types';

function presetParamSpec(model: ModelInfo): ParamSpec | undefined {
  const key = model.presetParam;
  return key === undefined ? undefined : model.params.find((s) => s.key === key);
}

/**
 * The values a link falls back to for everything it does not say (or says wrongly): the
 * declared defaults, overlaid with the preset `presetId` when the model has it. The result
 * holds every declared parameter, in declaration order. Preset values that are not declared
 * or not valid are skipped (tests/unit/scenario.test.ts checks that no preset has any).
 */
export function presetParams(model: ModelInfo, presetId?: string): ParamValues {
  const out: ParamValues = {};
  for (const spec of model.params) out[spec.key] = spec.default;
  const preset = presetId === undefined ? undefined : model.presets.find((p) => p.id === presetId);
  if (!preset) return out;
  for (const spec of model.params) {
    if (!Object.hasOwn(preset.params, spec.key)) continue;
    const value = preset.params[spec.key];
    if (isValidParamValue(spec, value)) out[spec.key] = value;
  }
  const selector = presetParamSpec(model);
  if (
    selector &&
    !Object.hasOwn(preset.params, selector.key) &&
    isValidParamValue(selector, preset.id)
  ) {
    out[selector.key] = preset.id;
  }
  return out;
}

/** The preset named by the value of the model's `presetParam` in `params` (else its default). */
export function selectedPresetId(
  model: ModelInfo,
  params?: Partial<ParamValues>,
): string | undefined {
  const spec = presetParamSpec(model);
  if (!spec) return undefined;
  const value = params?.[spec.key];
  return isValidParamValue(spec, value) ? String(value) : String(spec.default);
}

/** The scenario a preset stands for (one per paper table). Throws for an unknown preset id. */
export function presetScenario(model: ModelInfo, presetId: string): Scenario {
  if (!model.presets.some((p) => p.id === presetId)) {
    const known = model.presets.map((p) => p.id).join(', ');
    throw new Error(`unknown preset '${presetId}' for ${model.id} — known: ${known}`);
  }
  return { modelId: model.id, params: presetParams(model, presetId), version: model.version };
}

/**
 * What a bare link `/#/<model>` opens: the preset named by the default of `presetParam` when
 * there is one, otherwise the declared defaults.
 */
export function defaultScenario(model: ModelInfo): Scenario {
  return {
    modelId: model.id,
    params: presetParams(model, selectedPresetId(model)),
    version: model.version,
  };
}

/**
 * Keys (declaration order) whose value differs from the preset that `params` selects through
 * `presetParam` — or from the declared defaults when the model has none. The selecting
 * parameter itself is never listed; keys missing from `params` count as unchanged.
 * The UI uses this to say "you changed the experiment".
 */
export function paramsDifferingFromPreset(
  model: ModelInfo,
  params: Partial<ParamValues>,
): string[] {
  const base = presetParams(model, selectedPresetId(model, params));
  const out: string[] = [];
  for (const spec of model.params) {
    if (spec.key === model.presetParam || !Object.hasOwn(params, spec.key)) continue;
    if (params[spec.key] !== base[spec.key]) out.push(spec.key);
  }
  return out;
}
