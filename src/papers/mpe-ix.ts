import type { PaperTable } from './types';

/**
 * Measured values from "MPE/iX and Performance: Not Incompatible" (S. Sieler),
 * seed file 000_525c0b5ef756a1ce.txt. Used for display and tests only: models never import this.
 * `null` = not published (no such column). The NL.PUB.SYS table and the Postscript's three
 * modified-program rows were withheld by the project until 26 Nov 2026 as a blind test; what the
 * model predicted for them before release is kept in ./blind-record.ts.
 * §1.3, §1.4 and the Postscript (file access) are compared with the file-access model; §1.5 and
 * §6 (NM, OCT and CM programs) with the cross-boundary model.
 */
const PAPER = '000_525c0b5ef756a1ce.txt';
const t = (cpu_ms: number, elapsed_ms: number) => ({ cpu_ms, elapsed_ms });

/** §1.3, §1.4 and the Postscript: reading a file mapped, with FREAD(DIR), with FREADSEEK. */
const FILE_ACCESS_TABLES: PaperTable[] = [
  {
    id: 'mpe-sl-seq',
    paper: PAPER,
    section: '§1.3',
    title: 'SL.PUB.SYS sequential read (times in milliseconds)',
    rows: [
      { label: 'Memory Mapped', values: { cpu_ms: 19686, elapsed_ms: 146298, delta_ms: 126612 } },
      { label: 'FreadDir', values: { cpu_ms: 35398, elapsed_ms: 44361, delta_ms: 8963 } },
      { label: 'Fread', values: { cpu_ms: 36590, elapsed_ms: 44957, delta_ms: 8367 } },
      {
        label: 'FreadDir & FreadSeek',
        values: { cpu_ms: 39465, elapsed_ms: 46802, delta_ms: 7337 },
      },
      { label: 'Fread & FreadSeek', values: { cpu_ms: 48650, elapsed_ms: 51949, delta_ms: 3299 } },
    ],
  },
  {
    id: 'mpe-catalog-resident',
    paper: PAPER,
    section: '§1.4',
    title: 'CATALOG.PUB.SYS memory resident (times in milliseconds)',
    rows: [
      { label: 'Mapped File', values: { cpu_ms: 181, elapsed_ms: 182, delta_ms: null } },
      { label: 'FreadDir', values: { cpu_ms: 1660, elapsed_ms: 1677, delta_ms: null } },
      { label: 'Fread', values: { cpu_ms: 1678, elapsed_ms: 1680, delta_ms: null } },
      { label: 'FreadDir & FreadSeek', values: { cpu_ms: 1959, elapsed_ms: 1976, delta_ms: null } },
      { label: 'Fread & FreadSeek', values: { cpu_ms: 1977, elapsed_ms: 1994, delta_ms: null } },
    ],
    notes: ['The paper prints no Delta column for this table.'],
  },
  {
    id: 'mpe-nl-seq',
    paper: PAPER,
    section: '§1.3',
    title: 'NL.PUB.SYS sequential read (times in milliseconds)',
    rows: [
      { label: 'Memory Mapped', values: { cpu_ms: 11507, elapsed_ms: 74920, delta_ms: 63413 } },
      { label: 'FreadDir', values: { cpu_ms: 22109, elapsed_ms: 26240, delta_ms: 4131 } },
      { label: 'Fread', values: { cpu_ms: 23857, elapsed_ms: 27364, delta_ms: 3507 } },
      {
        label: 'FreadDir & FreadSeek',
        values: { cpu_ms: 25735, elapsed_ms: 28124, delta_ms: 2389 },
      },
      { label: 'Fread & FreadSeek', values: { cpu_ms: 28887, elapsed_ms: 31151, delta_ms: 2264 } },
    ],
    notes: [
      'The paper says these results “mirror those for reading SL.PUB.SYS”. Withheld from the project until 26 Nov 2026 as a blind test: what the model predicted before they were released is on the predictions page.',
    ],
  },
  {
    id: 'mpe-sl-postscript',
    paper: PAPER,
    section: 'Postscript',
    title: 'SL.PUB.SYS sequential read, modified program (times in milliseconds)',
    rows: [
      {
        label: 'Memory Mapped & FreadSeek',
        values: { cpu_ms: 15273, elapsed_ms: 49525, delta_ms: 34252 },
      },
      { label: 'Memory Mapped', values: { cpu_ms: 19686, elapsed_ms: 146298, delta_ms: 126612 } },
      { label: 'FreadDir', values: { cpu_ms: 35398, elapsed_ms: 44361, delta_ms: 8963 } },
      {
        label: 'FreadDir & FreadSeek',
        values: { cpu_ms: 35903, elapsed_ms: 65936, delta_ms: 30033 },
      },
      { label: 'Fread', values: { cpu_ms: 36590, elapsed_ms: 44957, delta_ms: 8367 } },
      {
        label: 'Fread & FreadSeek',
        values: { cpu_ms: 39769, elapsed_ms: 64529, delta_ms: 24760 },
      },
    ],
    notes: [
      'The three FREADSEEK rows were measured with the modified program (the paper marks the first with “<---”); the other three are the original program’s, as printed again in the Postscript. The three were withheld from the project until 26 Nov 2026 as a blind test: what the model predicted before they were released is on the predictions page.',
    ],
  },
  {
    id: 'mpe-inferences',
    paper: PAPER,
    section: '§1.3 and Postscript',
    title: 'The paper’s inferences',
    rows: [
      { label: 'Page faults, memory mapped, ~90,000 records × 256 B', values: { value: 5625 } },
      {
        label: 'File-system disc reads at 4 logical pages per read, same file',
        values: { value: 1406 },
      },
      {
        label: 'Disc reads behind the Memory Mapped delta (paper: delta ÷ 22.5 ms)',
        values: { value: 5627 },
      },
      {
        label: 'Disc reads behind the Fread delta (paper: delta ÷ 22.5 ms)',
        values: { value: 372 },
      },
      // The text says "15 or 16"; 15.5 stands for that range, so |error| ≤ 3.3 % means "inside it".
      { label: 'Logical pages per Fread disc read (paper: “15 or 16”)', values: { value: 15.5 } },
      { label: 'Mapped throughput on resident data, CATALOG (B/ms)', values: { value: 3111 } },
      {
        label: 'Bytes consumed while one disc read is served (paper assumes 30 ms)',
        values: { value: 93330 },
      },
    ],
    notes: [
      '“15 or 16” is shown as 15.5. 93,330 B is the paper’s 30 ms × 3,111 B/ms; the model uses its own disc time for one prefetch.',
    ],
  },
];

/** §1.5 and §6: the same reads and an intrinsic from Native Mode, OCT and Compatibility Mode. */
const MODE_TABLES: PaperTable[] = [
  {
    id: 'mpe-catalog-modes',
    paper: PAPER,
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
    paper: PAPER,
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
    paper: PAPER,
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
    paper: PAPER,
    section: '§6',
    title: 'ASCII intrinsic versus a Native Mode clone (times in milliseconds)',
    rows: [
      { label: 'NM ASCII clone', values: t(457, 471) },
      { label: 'NM ASCII intrinsic', values: t(9009, 9040) },
    ],
  },
];

export const MPE_IX_TABLES: PaperTable[] = [...FILE_ACCESS_TABLES, ...MODE_TABLES];
