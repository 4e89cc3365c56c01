import { FITTED_VALUES as DISC } from '../file-access/values';

/**
 * The page-replacement model has no fitted constants: its policies are exact algorithms and
 * its hits and misses are counts. Only the cost of a miss comes from elsewhere: the MPE/iX disc
 * of seed 000 §1.3 as the file-access model fits it (src/models/file-access/constants.ts),
 * a positioned read whose transfer grows with the bytes read:
 *
 *   miss = positioning + page size × transfer per KB.
 *
 * Read from that model's bare values (src/models/file-access/values.ts: numbers only, no
 * mechanism), so a re-fit there moves this model's default miss with it. Positioning is its
 * next-blocks seek (fitted to the SL.PUB.SYS elapsed cells, chiefly Memory Mapped: 5,617
 * one-page faults of ≈ 23.4 ms each) plus half a revolution (pinned by the era's 3,600–4,002
 * rpm); the transfer is its effective ms per KB (pinned by the era's HP disc rates; moved a
 * little by SL's FREADSEEK rows). After issue 33's refit: 12.23 + 8.198 = 20.43 ms and
 * 0.7175 ms per KB, so a 4 KB miss costs 23.30 ms — the per-fault time of SL Memory Mapped
 * (before the refit: 21.04 ms and 0.579 ms per KB, 23.36 ms).
 */
export const DEFAULTS = {
  /** ms of seek + rotation per miss: file-access's discShortSeekMs + discRotationMs, to the knob's 0.01 ms step. */
  discPositionMs: Math.round((DISC.discShortSeekMs + DISC.discRotationMs) * 100) / 100,
  /** ms per KB transferred: file-access's discTransferMsPerKB. */
  discTransferMsPerKB: DISC.discTransferMsPerKB,
  /** µs of CPU per reference to a resident page: an assumption (a short loop body), not fitted. */
  cpuPerRefUs: 1,
} as const;
