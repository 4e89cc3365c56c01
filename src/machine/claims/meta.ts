/**
 * What the page shows of a claim whose code runs in a worker (it names a model's mechanism,
 * which the main thread never loads): its title, model version and limits.
 */
export const CLAIM_META = {
  memory: {
    title: 'The memory cliff (page replacement: a loop that stops fitting)',
    modelVersion: 'memory-1',
    limits: [
      'A page cannot read the cache sizes, choose the page size or pin its worker to a core: the capacities are found by the calibration, within a doubling.',
    ],
  },
  directory: {
    title: 'The directory search (sorted, linear against binary)',
    modelVersion: 'directory-1',
    limits: [
      'The searches are DMKUDR’s algorithms written in JavaScript: the instruction counts are the 370 listing’s, the cost per instruction is this machine’s JIT code, so one constant cannot carry exactly from one search to the other.',
    ],
  },
} as const;
