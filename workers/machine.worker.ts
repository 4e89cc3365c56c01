/**
 * Your machine: the claims whose measurement is one thread's (the memory cliff, the
 * directory search) run their calibration, prediction and measurement here, off the page's thread
 * (src/machine/claims). It imports the claims, exposes them over comlink, and does nothing
 * else. Started by the machine page (src/views/machine/MachinePage.tsx).
 */
import { directoryClaim, memoryClaim, type RunSize } from '../src/machine/claims';
import type { Calibration, ClaimOutcome, PredictionDraft } from '../src/machine/types';
import { exposeInWorker } from './expose';

const CLAIMS = { memory: memoryClaim, directory: directoryClaim } as const;
export type WorkerClaim = keyof typeof CLAIMS;

export const machineApi = {
  calibrate(claim: WorkerClaim, size: RunSize): Promise<Calibration> {
    return CLAIMS[claim].calibrate({}, size);
  },
  measure(claim: WorkerClaim, c: Calibration, size: RunSize): Promise<Record<string, number>> {
    return CLAIMS[claim].measure({}, c, size);
  },
  /** The prediction runs here too: it names the model's mechanism (modelCliff, DMKUDR). */
  predict(claim: WorkerClaim, c: Calibration, size: RunSize): PredictionDraft[] {
    return CLAIMS[claim].predict(c, size);
  },
  outcome(
    claim: WorkerClaim,
    c: Calibration,
    predicted: PredictionDraft[],
    measured: Record<string, number> | null,
  ): ClaimOutcome {
    return CLAIMS[claim].outcome(c, predicted, measured);
  },
};

export type MachineApi = typeof machineApi;

exposeInWorker(machineApi);
