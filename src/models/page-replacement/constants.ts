/**
 * The page-replacement model has no fitted constants: its policies are exact algorithms and
 * its hits and misses are counts. Only the cost of a miss comes from elsewhere: the MPE/iX disc
 * of seed 000 §1.3 as the file-access model fits it (src/models/file-access/constants.ts),
 * a positioned read whose transfer grows with the bytes read:
 *
 *   miss = positioning + page size × transfer per KB.
 *
 * Positioning is that model's next-blocks seek (12.82 ms, fitted to the SL.PUB.SYS elapsed
 * cells, chiefly Memory Mapped: 5,617 one-page faults of ≈ 23.4 ms each) plus half a
 * revolution (8.217 ms, pinned by the era's 3,600–4,002 rpm); the transfer is its 0.579 ms
 * per KB (pinned by the era's HP disc rates, 1.0–2.9 MB/s; no cell sees it). A 4 KB miss
 * therefore costs 23.35 ms — the per-fault time of SL Memory Mapped. Held here as numbers so
 * this model does not move while that one is re-fitted: issue 33's refit (20.43 ms, 0.7175 ms
 * per KB) moved them by less than one sd of its fit, which a test keeps true.
 */
export const DEFAULTS = {
  /** ms of seek + rotation per miss: file-access's discShortSeekMs + discRotationMs. */
  discPositionMs: 21.04,
  /** ms per KB transferred: file-access's discTransferMsPerKB. */
  discTransferMsPerKB: 0.579,
  /** µs of CPU per reference to a resident page: an assumption (a short loop body), not fitted. */
  cpuPerRefUs: 1,
} as const;
