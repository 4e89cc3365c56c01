/**
 * The cross-boundary model's fitted and assumed values, bare: declared here once, read by the
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
  octTranslationFactor: 3.268,
  modeSwitchToNativeUs: 137.7,
  modeSwitchToCompatUs: 859.7,
  mappedUsPerRecord: 25.7,
  freadDirCallerUs: 54.54,
  freadDirCalleeUs: 173.3,
  freadCallerUs: 82.24,
  freadCalleeUs: 148.1,
  freadSeekCallerUs: 243.1,
  freadSeekCalleeUs: 0,
  ksamCallerUs: 75.8,
  ksamCalleeUs: 454.2,
  asciiCallerUs: 46.25,
  asciiCalleeUs: 0,
  asciiCloneUs: 0,
  elapsedOverheadPct: 0.634,
  asciiCalls: 10_000,
  smStartupS: 0.9603,
  rpcStartupS: 0.1094,
  doctStartupS: 0.0508,
  smSidePaUs: 42.2,
  smKernelIpfUs: 49.83,
  smUserIpfUs: 0.206,
  rpcSidePaUs: 95.01,
  rpcKernelIpfUs: 2.994,
  rpcUserIpfUs: 157.7,
  networkHopUs: 278.9,
} as const;

/**
 * The assumed values alone, declared here once: what the parameters' defaults and the presets
 * read (info.ts, params.ts). `ASSUMED` in ./constants.ts gives each its unit and where it
 * comes from.
 */
export const ASSUMED_VALUES = {
  cmEmulationFactor: 5,
  doctFactor: 4.5,
  catalogRecords: 7040,
  seekEveryRecords: 4,
  ksamRecords: 1000,
  directCallUs: 0.005,
} as const;
