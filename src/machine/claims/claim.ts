import type { Calibration, ClaimId, ClaimOutcome, PredictionDraft } from '../types';

/** How long a run is: `test` (Node tests, tiny), `short` (the page's check), `full`. */
export type RunSize = 'test' | 'short' | 'full';

/**
 * One paper's claim on this machine: a calibration, the model's prediction from it (pure), the
 * measurement, and the claim restated. `E` is what the claim needs from its host (a clock,
 * workers): the page and Node each supply their own.
 */
export interface ClaimDef<E> {
  id: ClaimId;
  title: string;
  /** Bumped whenever the prediction's mechanism or its declared uncertainty changes. */
  modelVersion: string;
  /** What a browser cannot show honestly here, in words (shown on the page). */
  limits: readonly string[];
  calibrate(env: E, size: RunSize): Promise<Calibration>;
  predict(c: Calibration, size: RunSize): PredictionDraft[];
  measure(env: E, c: Calibration, size: RunSize): Promise<Record<string, number>>;
  outcome(
    c: Calibration,
    predicted: readonly PredictionDraft[],
    measured: Readonly<Record<string, number>> | null,
  ): ClaimOutcome;
}

/**
 * A claim as a host runs it: the same, but its prediction and restatement may come back
 * later (the page asks the machine worker, where the mechanism is loaded).
 */
export type HostedClaim<E> = Omit<ClaimDef<E>, 'predict' | 'outcome'> & {
  predict(c: Calibration, size: RunSize): PredictionDraft[] | Promise<PredictionDraft[]>;
  outcome(
    c: Calibration,
    predicted: readonly PredictionDraft[],
    measured: Readonly<Record<string, number>> | null,
  ): ClaimOutcome | Promise<ClaimOutcome>;
};

/** Formats a number for a sentence: 3 significant figures, thousands separated. */
export const fmt = (x: number, digits = 3): string =>
  Number.isFinite(x)
    ? Number(x.toPrecision(digits)).toLocaleString('en-US', { maximumFractionDigits: 3 })
    : '—';

/**
 * The page's hosts of claims whose environment is a model's live workers, by claim id: a
 * model's `view/machine.ts` exports its own as `MACHINE_HOSTS` (src/views/machine/hosts.ts
 * finds them, naming no model). Each makes the claim's environment and says how to close it.
 */
export type MachineHosts = Partial<Record<ClaimId, () => { env: unknown; close?: () => void }>>;
