/**
 * The hyperthreads model's fitted and assumed values, bare: declared here once, read by the
 * declarations (params.ts, info.ts) and by ./constants.ts, which gives each its unit and its
 * provenance (the cells it was fitted to, or where it comes from). A file apart so that the
 * first page's permalink chunk carries the numbers and not their provenance.
 */

/**
 * The assumed values alone, declared here once: what the parameters' defaults and the presets
 * read (info.ts, params.ts). `ASSUMED` in ./constants.ts gives each its unit and where it
 * comes from.
 */
export const ASSUMED_VALUES = {
  quantumMs: 200,
  contextSwitchUs: 10,
  switchCostCycles: 15,
  switchTimerCycles: 20_000,
  missRateCacheExponent: 0.5,
  latency8640Ns: 236.5,
} as const;

/**
 * The fitted values alone, declared here once: what the parameters' defaults and the presets
 * read (info.ts, params.ts). `FITTED` in ./constants.ts gives each its unit and the cells
 * it was fitted to.
 */
export const FITTED_VALUES = {
  latency4640Ns: 116.5,
  latencySanddunesNs: 322.2,
  jobComputeGcycles: 25.48,
  cyclesBetweenMisses: 947.1,
  workingSetMB: 9,
  tcCfComputeGcycles: 24.59,
  tcCfCyclesBetweenMisses: 676.3,
  tcCfWorkingSetMB: 7.57,
  sessionStaggerS: 2.26,
} as const;
