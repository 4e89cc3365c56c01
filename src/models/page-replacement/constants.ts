import { FITTED } from '../file-access/constants';

/**
 * The page-replacement model has no fitted constants: its policies are exact algorithms and
 * its hits and misses are counts. Only the cost of a miss comes from elsewhere — the disc
 * latency fitted in the file-access model (MPE/iX one-page reads, seed 000 §1.3), so the
 * elapsed-time chart speaks of the same disc as the file-access model.
 */
export const DEFAULTS = {
  /** ms per page brought in from disc: file-access `discLatencyMs` (fitted to SL elapsed cells). */
  discReadMs: FITTED.discLatencyMs.value,
  /** µs of CPU per reference to a resident page: an assumption (a short loop body), not fitted. */
  cpuPerRefUs: 1,
} as const;
