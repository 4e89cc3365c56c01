/**
 * The directory-search model's fitted and assumed values, bare: declared here once, read by the
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
  users: 187,
  profiles: 0,
  transInstructions: 2,
} as const;
