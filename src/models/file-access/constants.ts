/**
 * Fitted constants of the file-access model — the only place they live.
 *
 * All were fitted jointly by `scripts/fit-file-access.ts` (Levenberg–Marquardt on the
 * relative error of each cell) to the 20 CPU and elapsed cells of two tables:
 *   - mpe-sl-seq            (SL.PUB.SYS, 89,867 × 256 B read from disc, §1.3), and
 *   - mpe-catalog-resident  (CATALOG.PUB.SYS, 7,040 × 80 B already in memory, §1.4).
 * Nothing else was seen: NL.PUB.SYS and the Postscript's three re-measured rows are withheld
 * by the project and are predicted with these constants. Values are the fit rounded to the
 * precision shown; `fittedTo` names the cells that pin each one down.
 *
 * What the fit says that the paper does not:
 *   - discTransferMsPerPage went to ~0 (6e-7 ms): on SL a 16-page file-system read costs
 *     about what a 1-page fault does (~22.8 ms), so the time of a request does not grow with
 *     its size. Physically the 22.8 ms is positioning plus controller overhead; transfer
 *     hides under it. Prefetch-size predictions inherit this.
 *   - cpuFaultUs and cpuMappedUsPerRecord went to 0: the trap is indistinguishable from the
 *     per-request and page-in costs, and mapped reading is all byte-moving (the paper's own
 *     view: "3,111 bytes per millisecond").
 *   - The SL "Fread & FreadSeek" CPU cell (48,650 ms) is 8 s above what the FREADSEEK call
 *     cost seen on CATALOG predicts, and the paper gives no mechanism that separates FREAD
 *     from FREADDIR under FREADSEEK. The model misses it (−14 %), and the joint fit leans
 *     the other SL file-system CPU cells up 2–4 % to meet it halfway. Shown, not hidden.
 */
export interface Fitted {
  value: number;
  unit: string;
  fittedTo: string;
}

export const FITTED = {
  residentPct: {
    value: 0,
    unit: '%',
    fittedTo:
      'SL Memory Mapped elapsed/delta: 5,617 faults at 22.8 ms leave no room for resident pages',
  },
  readAheadPages: {
    value: 16,
    unit: 'pages',
    fittedTo:
      'SL FreadDir and Fread elapsed (number of file-system requests); tried 12–18, 16 fits best',
  },
  discLatencyMs: {
    value: 22.81,
    unit: 'ms',
    fittedTo: 'SL elapsed cells, chiefly Memory Mapped (5,617 one-page requests)',
  },
  discTransferMsPerPage: {
    value: 0,
    unit: 'ms',
    fittedTo:
      'SL FreadDir/Fread elapsed against Memory Mapped elapsed (16-page vs 1-page requests); fit 6e-7',
  },
  cpuMappedUsPerRecord: {
    value: 0,
    unit: 'µs',
    fittedTo: 'CATALOG Mapped File CPU (80 B records) with SL Memory Mapped CPU (256 B); fit 1e-4',
  },
  cpuFreadDirUsPerRecord: {
    value: 204.5,
    unit: 'µs',
    fittedTo: 'CATALOG FreadDir CPU and SL FreadDir CPU',
  },
  cpuFreadUsPerRecord: {
    value: 214.7,
    unit: 'µs',
    fittedTo: 'CATALOG Fread CPU and SL Fread CPU',
  },
  cpuMoveUsPerByte: {
    value: 0.3222,
    unit: 'µs',
    fittedTo: 'CATALOG Mapped File CPU (563,200 B in 181 ms) with SL Memory Mapped CPU',
  },
  cpuFaultUs: {
    value: 0,
    unit: 'µs',
    fittedTo:
      'SL Memory Mapped CPU against SL FreadDir CPU; fit 8e-4 (absorbed by request and page-in costs)',
  },
  cpuIoRequestUs: {
    value: 293,
    unit: 'µs',
    fittedTo: 'SL CPU cells: Memory Mapped (5,617 requests) against FreadDir/Fread (352 requests)',
  },
  cpuPageInUsPerFrame: {
    value: 950,
    unit: 'µs',
    fittedTo:
      'SL CPU cells against CATALOG CPU cells (11,234 frames brought in on SL, none on CATALOG)',
  },
  cpuSeekCallUs: {
    value: 195.9,
    unit: 'µs',
    fittedTo: 'CATALOG & FreadSeek CPU (1,760 calls) and SL & FreadSeek CPU (22,467 calls)',
  },
} as const satisfies Record<string, Fitted>;
