/**
 * One claim, in the order that makes it a blind test: calibrate, predict, STORE the
 * predictions in the ledger (each with a sequence number) and let the host show them, and
 * only then measure, and store each measurement beside its prediction.
 */
import type { HostedClaim, RunSize } from './claims/claim';
import type { Ledger, LedgerEntry } from './ledger';
import type { Calibration, ClaimOutcome, PredictionDraft } from './types';

export type RunPhase = 'calibrating' | 'predicted' | 'measuring' | 'done';

export interface ClaimRun {
  run: string;
  calibration: Calibration;
  predictions: PredictionDraft[];
  entries: LedgerEntry[];
  measured: Record<string, number>;
  outcome: ClaimOutcome;
}

export interface RunHooks {
  onPhase?: (phase: RunPhase) => void;
  /**
   * The predictions, stored: the host shows them here. The measurement starts only after
   * this resolves (the page waits until they are painted).
   */
  onPredicted?: (entries: readonly LedgerEntry[], calibration: Calibration) => void | Promise<void>;
  /** Between steps: throwing here (e.g. on cancel) stops the run. */
  check?: () => void;
}

export async function runClaim<E>(
  def: HostedClaim<E>,
  env: E,
  ledger: Ledger,
  run: string,
  size: RunSize,
  hooks: RunHooks = {},
): Promise<ClaimRun> {
  hooks.onPhase?.('calibrating');
  const calibration = await def.calibrate(env, size);
  hooks.check?.();
  const predictions = await def.predict(calibration, size);
  const stored = await ledger.predict(
    run,
    def.id,
    def.modelVersion,
    calibration.constants,
    predictions,
  );
  hooks.onPhase?.('predicted');
  await hooks.onPredicted?.(stored.entries, calibration);
  hooks.check?.();
  hooks.onPhase?.('measuring');
  const measured = await def.measure(env, calibration, size);
  const entries = await ledger.measure(stored, measured);
  hooks.onPhase?.('done');
  return {
    run,
    calibration,
    predictions,
    entries,
    measured,
    outcome: await def.outcome(calibration, predictions, measured),
  };
}
