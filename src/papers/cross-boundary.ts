import type { PaperTable } from './types';

/**
 * Measured values for the cross-boundary model, from two papers:
 *  - "MPE/iX and Performance: Not Incompatible" (S. Sieler), 000_525c0b5ef756a1ce.txt §1.5 and §6
 *    (the §1.3/§1.4 tables live in ./mpe-ix.ts for the file-access model);
 *  - "An Approach to Mixed Mode on Itanium under HP-UX" (G. Sidwall, K. Kroeker),
 *    002_d3a82526d29d5693.txt, "Comparison Results".
 * Used for display and tests only: models never import this.
 */
const MPE = '000_525c0b5ef756a1ce.txt';
const DOCT = '002_d3a82526d29d5693.txt';

const t = (cpu_ms: number, elapsed_ms: number) => ({ cpu_ms, elapsed_ms });
const s = (s_10k: number | null, s_100k: number | null, s_1m: number | null) => ({
  s_10k,
  s_100k,
  s_1m,
});

export const CROSS_BOUNDARY_TABLES: PaperTable[] = [
  {
    id: 'mpe-catalog-modes',
    paper: MPE,
    section: '§1.5',
    title: 'CATALOG.PUB.SYS read from NM, OCT and CM programs (times in milliseconds)',
    rows: [
      { label: 'NM Mapped', values: t(181, 182) },
      { label: 'NM FreadDir', values: t(1660, 1677) },
      { label: 'NM Fread', values: t(1678, 1680) },
      { label: 'NM FreadDir & FreadSeek', values: t(1959, 1976) },
      { label: 'NM Fread & FreadSeek', values: t(1977, 1994) },
      { label: 'OCT FreadDir', values: t(3326, 3343) },
      { label: 'OCT Fread', values: t(3838, 3854) },
      { label: 'CM FreadDir', values: t(4196, 4214) },
      { label: 'CM Fread', values: t(4850, 4881) },
      { label: 'OCT FreadDir & FreadSeek', values: t(5196, 5216) },
      { label: 'OCT Fread & FreadSeek', values: t(5670, 5690) },
      { label: 'CM FreadDir & FreadSeek', values: t(6471, 6493) },
      { label: 'CM Fread & FreadSeek', values: t(7473, 7493) },
    ],
    notes: ['The paper labels the first row “Mapped (requires NM)”.'],
  },
  {
    id: 'mpe-ksam-modes',
    paper: MPE,
    section: '§1.5',
    title: 'KSAM file, 1,000 × 80 B records read serially (times in milliseconds)',
    rows: [
      { label: 'OCT Fread', values: t(2475, 2494) },
      { label: 'CM Fread', values: t(2677, 2696) },
      { label: 'NM Fread', values: t(3239, 3257) },
    ],
  },
  {
    id: 'mpe-ascii-modes',
    paper: MPE,
    section: '§6',
    title: 'ASCII intrinsic called “a large number of times” (times in milliseconds)',
    rows: [
      { label: 'NM', values: t(9051, 9084) },
      { label: 'OCT', values: t(11688, 11728) },
      { label: 'CM', values: t(12211, 12252) },
    ],
  },
  {
    id: 'mpe-ascii-clone',
    paper: MPE,
    section: '§6',
    title: 'ASCII intrinsic versus a Native Mode clone (times in milliseconds)',
    rows: [
      { label: 'NM ASCII clone', values: t(457, 471) },
      { label: 'NM ASCII intrinsic', values: t(9009, 9040) },
    ],
  },
  {
    id: 'doct-claims',
    paper: DOCT,
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
    paper: DOCT,
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
