/**
 * The file-access model's fitted and assumed values, bare: declared here once, read by the
 * declarations (params.ts, info.ts) and by ./constants.ts, which gives each its unit and its
 * provenance (the cells it was fitted to, or where it comes from). A file apart so that the
 * first page's permalink chunk carries the numbers and not their provenance.
 */

/**
 * The fitted values alone, declared here once: what the parameters' defaults and the presets
 * read (info.ts, params.ts). `FITTED` in ./constants.ts gives each its unit and the cells
 * it was fitted to.
 */
export const FITTED_VALUES = {
  residentPct: 0,
  readAheadPages: 16,
  discShortSeekMs: 12.23,
  discSeekMs: 19.99,
  discRotationMs: 8.198,
  discTransferMsPerKB: 0.7175,
  seekCallPages: 8,
  cpuMappedUsPerRecord: 0,
  cpuFreadDirUsPerRecord: 205.4,
  cpuFreadUsPerRecord: 215.6,
  cpuMoveUsPerByte: 0.3222,
  cpuFaultUs: 0,
  cpuIoRequestUs: 376.6,
  cpuPageInUsPerFrame: 910.9,
  cpuSeekCallUs: 188.8,
} as const;
