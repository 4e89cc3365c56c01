import type { PaperTable } from './types';

/**
 * Measured values from “HP OpenVMS: Integrity Server Performance Update” (B. Ellis, after
 * G. Jordan and B. Fisher, October 2006), seed file 003_5515af7182eae1b5.txt.
 * Used for display and tests only: models never import this.
 */
const PAPER = '003_5515af7182eae1b5.txt';

export const OPENVMS_INTEGRITY_TABLES: PaperTable[] = [
  {
    id: 'vms-cothread',
    paper: PAPER,
    section: '“Sample CoThread Tests”',
    title: 'Sample CoThread Tests (seconds; improvement in %)',
    rows: [
      {
        label: '4640 (1.44GHz / 9MB)',
        values: { alone_s: 17.9, off_s: 54, on_s: 51.7, improvement_pct: 4 },
      },
      {
        label: '8640 (1.6GHz / 9MB)',
        values: { alone_s: 21.5, off_s: 63, on_s: 54.8, improvement_pct: 13 },
      },
      {
        label: 'Sanddune (1.6GHz / 12MB)',
        values: { alone_s: 23.9, off_s: 67.6, on_s: 52.2, improvement_pct: 23 },
      },
    ],
    notes: [
      '“For the threads ON and OFF tests there were 10 copies of the program run on 4 cores.” Times are read as seconds until all copies finished; the paper prints no unit.',
      'The paper rounds improvements to whole percent: (OFF − ON) ÷ OFF gives 4.3, 13.0 and 22.8 %.',
      'The error shown for Improvement is relative to the paper’s percentage (5 % against 4 % reads +25 %); read the gap in percentage points.',
    ],
  },
  {
    id: 'vms-sample-runs',
    paper: PAPER,
    section: '“Sample Run on Single Core”, “… with CoThreads”, “Sample Run on Two Cores”',
    title: 'Sample runs of tc_cf (seconds)',
    rows: [
      {
        label: 'Single core, time-sliced: Session 1',
        values: { wall_s: 49.143, cpu_s: 25.62, exec_s: 25.70588919 },
      },
      {
        label: 'Single core, time-sliced: Session 2',
        values: { wall_s: 49.225, cpu_s: 25.9, exec_s: 25.88341078 },
      },
      {
        label: 'Single core with CoThreads: Session 1',
        values: { wall_s: 35.322, cpu_s: 18.64, exec_s: 35.2317842525 },
      },
      {
        label: 'Single core with CoThreads: Session 2',
        values: { wall_s: 35.95, cpu_s: 19.26, exec_s: 35.8652211325 },
      },
      {
        label: 'Two cores: Session 1',
        values: { wall_s: 23.997, cpu_s: 23.92, exec_s: 23.9317425325 },
      },
      {
        label: 'Two cores: Session 2',
        values: { wall_s: 24.398, cpu_s: 24.29, exec_s: 24.31571762 },
      },
    ],
    notes: [
      'Wall clock and System CPU time as the program printed them (ms → s). “Time to execute” is the program’s cycle count × 2.5 ns.',
      'Time-sliced: both sessions SET PROCESS/AFFINITY to CPU 31. CoThreads: CPU 31 and its cothread CPU 63. Two cores: CPU 31 and CPU 32 (63 stopped).',
    ],
  },
];
