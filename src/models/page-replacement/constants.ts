/**
 * The page-replacement model has no fitted constants: its policies are exact algorithms and
 * its hits and misses are counts. Only the cost of a miss comes from elsewhere: one random
 * one-page read from the MPE/iX disc of seed 000 §1.3, 20.65 ms — what the file-access model's
 * fit of the SL elapsed cells gave for a one-page read (`discLatencyMs`) before its disc was
 * split into seek, rotation and transfer per byte. Held here as a number so this model does not
 * move while that one is re-fitted; re-derive it from the file-access disc once that settles.
 */
export const DEFAULTS = {
  /** ms per page brought in from disc: one positioned one-page read (see above). */
  discReadMs: 20.65,
  /** µs of CPU per reference to a resident page: an assumption (a short loop body), not fitted. */
  cpuPerRefUs: 1,
} as const;
