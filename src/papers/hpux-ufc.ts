import type { PaperTable } from './types';

/**
 * Measured values from “HP-UX 11i v3 Unified File Cache” (S. Mohideen, HP Knowledge-on-Demand
 * webcast), seed file 001_6d91baf82a5c84e9.txt. Used for display and tests only: models never
 * import this. The benchmark slides say “Based on preliminary data — not yet updated with final
 * results” and “% delta from 11.23/VxFS 3.5”; positive is better for 11i v3 as the slides
 * present it (for mount/unmount: less time).
 */
const PAPER = '001_6d91baf82a5c84e9.txt';
const PRELIMINARY =
  'Preliminary data, % change of 11i v3 (UFC) from 11.23/VxFS 3.5, as printed on the slide.';
const RATIO =
  'The v3 ÷ v2 column is derived, not printed: 1 + the printed % / 100 (for unmount, read as the rate, v2 time ÷ v3 time). The model is compared on it, so an error is the error in v3’s figure with v2’s taken as measured.';

/** v3 ÷ v2 from a printed % change, rounded to the printed precision (no float dust). */
const ratio = (pct: number) => Math.round(100 * (100 + pct)) / 10_000;

const sixWay = (v: [number, number, number, number, number, number]) =>
  ['IA 4-way', 'IA 8-way', 'IA 64-way', 'PA 4-way', 'PA 8-way', 'PA 64-way'].map((label, i) => ({
    label,
    values: { delta_pct: v[i]!, ratio_x: ratio(v[i]!) },
  }));
const fourWay = (v: [number, number, number, number]) =>
  ['IA 4-way', 'IA 8-way', 'PA 4-way', 'PA 8-way'].map((label, i) => ({
    label,
    values: { delta_pct: v[i]!, ratio_x: ratio(v[i]!) },
  }));

export const HPUX_UFC_TABLES: PaperTable[] = [
  {
    id: 'ufc-mixed-mode',
    paper: PAPER,
    section: '“Mixed mode application”',
    title: 'Mixed-mode application: write() then read through mmap()',
    rows: [
      {
        label: 'Mixed-mode write() then mmap read: 11i v3 vs 11i v2',
        values: { v2_us: null, v3_us: null, speedup_x: 32 },
      },
    ],
    notes: [
      '“11i v3 is 32x faster than 11i v2”: the slide gives no times, block size or hardware.',
    ],
  },
  {
    id: 'ufc-sdet',
    paper: PAPER,
    section: '“sdet results”',
    title: 'SDET',
    rows: sixWay([5, 23, 50, -3, 2, 4]),
    notes: [PRELIMINARY, RATIO],
  },
  {
    id: 'ufc-mount',
    paper: PAPER,
    section: '“Mount results”',
    title: 'Mount time, averaged across many mounts',
    rows: sixWay([44, 27, 65, 56, 52, 73]),
    notes: [PRELIMINARY],
  },
  {
    id: 'ufc-unmount',
    paper: PAPER,
    section: '“Unmount results”',
    title: 'Unmount time after SDET',
    rows: sixWay([14, 37, 63, -18, -5, 47]),
    notes: [PRELIMINARY, RATIO],
  },
  {
    id: 'ufc-iozone-scale',
    paper: PAPER,
    section: '“iozone scale results”',
    title: 'iozone scale: children / parent throughput',
    rows: (
      [
        ['IA 4-way', 117, 31],
        ['IA 8-way', 84, 18],
        ['IA 64-way', 141, 60],
        ['PA 4-way', 48, -3],
        ['PA 8-way', 100, 44],
        ['PA 64-way', 55, 7],
      ] as const
    ).map(([label, children_pct, parent_pct]) => ({
      label,
      values: {
        children_pct,
        parent_pct,
        children_x: ratio(children_pct),
        parent_x: ratio(parent_pct),
      },
    })),
    notes: [
      PRELIMINARY,
      RATIO,
      'The slide prints IA 4-way as “+117%/31%”: the parent figure has no sign and is read as +31 %.',
    ],
  },
  {
    id: 'ufc-postmark',
    paper: PAPER,
    section: '“PostMark results (average of 10 tests)”',
    title: 'PostMark',
    rows: fourWay([-15.3, -18.4, -10, -17.8]),
    notes: [
      PRELIMINARY,
      RATIO,
      '“This regression will be addressed in future patches and newer VxFS releases.”',
    ],
  },
  {
    id: 'ufc-iozone-az',
    paper: PAPER,
    section: '“iozone az results (average)”',
    title: 'iozone -az, average',
    rows: fourWay([34, 43, 28, 32]),
    notes: [
      PRELIMINARY,
      RATIO,
      'Some cases are below parity, “particularly re-writes and random write with smaller record sizes and files”.',
    ],
  },
  {
    id: 'ufc-iozone-mmap',
    paper: PAPER,
    section: '“iozone mmap results (average)”',
    title: 'iozone mmap, average',
    rows: fourWay([166, 147, 130, 106]),
    notes: [PRELIMINARY, RATIO],
  },
  {
    id: 'ufc-nastran',
    paper: PAPER,
    section: '“Nastran results”',
    title: 'Nastran',
    rows: [{ label: 'IA 4-way', values: { delta_pct: 1, ratio_x: ratio(1) } }],
    notes: [PRELIMINARY],
  },
];
