/**
 * The file-cache model's fitted and assumed values, bare: declared here once, read by the
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
  discWriteLatencyMs: 2.29,
  paPathWeight: 0.9021,
  lockSharePct: 1.963,
  v3LockKeptPct: 34.871,
  paLockScale: 0.2037,
  sdetOneCpuRatio: 1.0294,
  iozoneOneCpuRatio: 1.8576,
  iozoneParentFactor: 0.6554,
  unmountOneCpuRatio: 0.649,
  unmountGrowthPct: 61.268,
  coherencyPpm: 100.4,
  postmarkOneCpuRatio: 0.8386,
  azOneCpuRatio: 1.3666,
  mmapOneCpuRatio: 2.5372,
} as const;
