/**
 * The scenarios a model page's tables worker computes, unseen, before the first drag (issue
 * #31). On a fresh page the first steps of a drag took 15–35 ms in the worker and later ones
 * 1–8 ms: V8 compiles a function for speed only once it has run many times. These runs happen
 * when the page is idle (src/state/modelSession.ts asks them once its first charts are shown),
 * one per task, and stop when a real step comes (workers/lab.worker.ts `warm`).
 */
import type { ModelInfo, NumberParamSpec, ParamValues } from '../models/types';
import { positionToValue, sliderAttributes } from '../scenario/sliderScale';

/** Positions of the dragged knob (`dragParam`) across its slider. */
export const WARM_DRAG_STEPS = 20;
/** Positions of each other numeric knob: its slider's two ends. */
const WARM_OTHER_STEPS = 2;

/** `steps` values of a knob, evenly spaced along its slider from one end to the other. */
function along(spec: NumberParamSpec, steps: number): number[] {
  const { min, max } = sliderAttributes(spec);
  return Array.from({ length: steps }, (_, k) =>
    positionToValue(min + ((max - min) * k) / Math.max(1, steps - 1), spec, spec.default),
  );
}

/**
 * `params` with the drag knob moved along its slider, then each other numeric knob (not a seed)
 * set to its ends one at a time: every other knob keeps its value, so each scenario is one a
 * student could reach by one move.
 */
export function warmScenarios(info: ModelInfo, params: ParamValues): ParamValues[] {
  const knobs = info.params.filter(
    (p): p is NumberParamSpec => p.kind === 'number' && !p.seed && p.key in params,
  );
  const first = knobs.find((p) => p.key === info.dragParam);
  const order = first ? [first, ...knobs.filter((p) => p !== first)] : knobs;
  return order.flatMap((spec) =>
    along(spec, spec === first ? WARM_DRAG_STEPS : WARM_OTHER_STEPS).map((v) => ({
      ...params,
      [spec.key]: v,
    })),
  );
}
