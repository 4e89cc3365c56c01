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
  readAheadPages: 15,
  discShortSeekMs: 12.82,
  discSeekMs: 20,
  discRotationMs: 8.217,
  discTransferMsPerKB: 0.579,
  seekCallPages: 8,
  cpuMappedUsPerRecord: 0,
  cpuFreadDirUsPerRecord: 204.6,
  cpuFreadUsPerRecord: 214.9,
  cpuMoveUsPerByte: 0.3221,
  cpuFaultUs: 0,
  cpuIoRequestUs: 372.5,
  cpuPageInUsPerFrame: 917,
  cpuSeekCallUs: 196.6,
} as const;
