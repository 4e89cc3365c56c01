import type { PaperTable } from './types';

/**
 * Measured values from “Sorted VM directories and performance” (A. M. Jause),
 * seed file 004_5e3b76fe7de6a2e6.txt. Used for display and tests only: models never import this.
 * The paper's Figures 2–5 (search time per user id) are not in the text; only these figures are.
 */
const PAPER = '004_5e3b76fe7de6a2e6.txt';

/** The inputs of the paper's extrapolation, as it states them (tests recompute its arithmetic). */
export const VMSP_DAY_INPUTS = { searchesPerMinute: 12.82, dayHours: 20 } as const;

export const VMSP_DIRECTORY_TABLES: PaperTable[] = [
  {
    id: 'vmsp-directory',
    paper: PAPER,
    section: '“Unsorted directory versus sorted directory” and “Binary search modification”',
    title: 'CPU time saved in DMKUDR against the unsorted directory (20-hour day)',
    rows: [
      {
        label: 'Sorted directory',
        values: {
          saving_us_per_search: 18,
          saving_us_per_day: 276_912,
          saving_cpu_s_per_day: 0.276,
        },
      },
      {
        label: 'Binary search',
        values: {
          saving_us_per_search: 99,
          saving_us_per_day: 1_523_016,
          saving_cpu_s_per_day: 1.523,
        },
      },
    ],
    notes: [
      'The paper’s per-day figures are its “about 18” and “about 99” µs × 15,384 searches (12.82/min × 60 × 20 h), exactly; its CPU seconds are those cut to three decimals (“about 0.276”, “about 1.523”).',
      'The binary-search saving is against the unsorted directory, as the paper states it.',
    ],
  },
];
