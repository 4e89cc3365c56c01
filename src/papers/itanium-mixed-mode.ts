import type { PaperTable } from './types';

/**
 * Measured values from "An Approach to Mixed Mode on Itanium under HP-UX" (G. Sidwall,
 * K. Kroeker), seed file 002_d3a82526d29d5693.txt, "Comparison Results" and "Comparison
 * Conclusions"; compared with the cross-boundary model. Used for display and tests only: models
 * never import this.
 */
const PAPER = '002_d3a82526d29d5693.txt';

const s = (s_10k: number | null, s_100k: number | null, s_1m: number | null) => ({
  s_10k,
  s_100k,
  s_1m,
});

export const ITANIUM_MIXED_MODE_TABLES: PaperTable[] = [
  {
    id: 'doct-claims',
    paper: PAPER,
    section: 'Comparison Conclusions',
    title: 'The paper’s conclusions: as stated, and as its own table implies',
    rows: [
      { label: 'RPC call overhead with DOCT (ms)', values: { claim: 0.9, table: 0.8392 } },
      { label: 'SM call overhead with DOCT (ms)', values: { claim: 0.01, table: 0.1012 } },
      {
        label: 'Shared memory faster than RPC with DOCT, at 1M (×)',
        values: { claim: 8, table: 8.245 },
      },
      {
        label: 'Linear scaling: RPC with DOCT, t(1M) ÷ t(100K)',
        values: { claim: 10, table: 9.652 },
      },
      {
        label: 'Linear scaling: SM with DOCT, t(1M) ÷ t(100K)',
        values: { claim: 10, table: 9.207 },
      },
    ],
    notes: [
      '“claim” is the text (“RPC call overhead with DOCT is ~.9 msec”, “SM … ~.01 msec”, “shared memory is ~8 times faster”, “both methods scale linearly”, read as 10× the time for 10× the calls).',
      '“table” is derived from the paper’s own table: per-call overhead = (t(1M) − t(100K)) ÷ 900,000 (RPC: (842.6 − 87.3) s, SM: (102.2 − 11.1) s); the ratio 842.6 ÷ 102.2; scaling t(1M) ÷ t(100K).',
    ],
  },
  {
    id: 'doct-ipc',
    paper: PAPER,
    section: 'Comparison Results',
    title: 'Time in seconds for x iterations (two-process mixed mode)',
    rows: [
      { label: 'SM - PA Native client and server', values: s(1.8, 9.1, 88.3) },
      { label: 'SM - IPF Native client and server', values: s(2.0, 10.9, 100.6) },
      { label: 'SM - IPF client, DOCT/PA server', values: s(2.0, 11.1, 102.2) },
      { label: 'RPC - PA Native client and server', values: s(2.0, 19.3, 189.2) },
      { label: 'RPC - IPF Native client and server', values: s(3.3, 32.2, 324.5) },
      { label: 'RPC - PA client, IPF server, network', values: s(5.5, 54.9, 539.3) },
      { label: 'RPC - IPF client, PA server, network', values: s(5.4, 52.6, 529.4) },
      { label: 'RPC - IPF client, PA / DOCT server', values: s(9.3, 87.3, 842.6) },
      { label: 'Native, monolithic code, IPF or PA', values: s(null, null, null) },
    ],
    notes: [
      'The paper prints “<0.1” in every column of the monolithic row: an upper bound, not a value, so it is not compared cell by cell (the tests check the model stays under 0.1 s).',
    ],
  },
];
