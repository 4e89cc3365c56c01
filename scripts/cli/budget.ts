/** A run's time budget: the work estimated before it runs, and the lines that refuse or stop it. */
import type { ModelDefinition, ParamValues, WorkEstimate } from '../../src/models/types';
import { DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S } from './args';
import type { Job } from './compute';

/**
 * The work a job will do, estimated before it runs (null: the model has no estimate, or a
 * regime map, whose cells move the knobs, which only its budget bounds).
 */
export function jobEstimate(
  model: ModelDefinition,
  params: ParamValues,
  job: Pick<Job, 'map' | 'sensitivity'>,
): WorkEstimate | null {
  if (job.map) return null;
  const full = model.work(params);
  if (!full || !job.sensitivity) return full;
  // --sensitivity: the tables, then theirs without intervals at ±5 % of each numeric knob.
  const one = model.work(params, { intervals: false });
  if (!one) return full;
  const knobs = model.params.filter((p) => p.kind === 'number' && p.key !== model.presetParam);
  const times = 1 + 2 * knobs.length;
  return {
    steps: full.steps + times * one.steps,
    what: `${full.what}, then the tables ${times} times more for the sensitivities`,
    seconds: full.seconds + times * one.seconds,
  };
}

/** Seconds for a person: "0.4 s", "67 s", "1,340 s". */
function seconds(s: number): string {
  return s < 10 ? `${+s.toPrecision(2)} s` : `${Math.round(s).toLocaleString('en-US')} s`;
}

/** A budget worth suggesting: ten times `s` (an estimate's lower bound), rounded up, in range. */
function suggestedTimeout(s: number): number {
  const want = Math.max(DEFAULT_TIMEOUT_S * 2, s * 10);
  const step = 10 ** Math.floor(Math.log10(want));
  return Math.min(MAX_TIMEOUT_S, Math.ceil(want / step) * step);
}

/** The line that refuses a link whose estimate is over the budget. */
export function overBudgetLine(model: string, est: WorkEstimate, timeoutS: number): string {
  return (
    `explore: ${model}: this link needs at least ${seconds(est.seconds)} even on a fast machine ` +
    `(${est.what}), over the ${seconds(timeoutS)} time budget; it was not started — allow more ` +
    `with --timeout ${suggestedTimeout(est.seconds)} (it may take several times the estimate), or choose smaller values.`
  );
}

/** The line for a run stopped when its budget ran out. */
export function timedOutLine(model: string, timeoutS: number): string {
  return (
    `explore: ${model}: the run used up its ${seconds(timeoutS)} time budget and was stopped ` +
    `before it finished — allow more with --timeout ${suggestedTimeout(timeoutS * 0.4)}.`
  );
}
