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
