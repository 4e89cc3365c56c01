/**
 * The naive baselines of the MPE/iX tables: "prefetch changes nothing" (the same reader with
 * or without FREADSEEK) and "another file's measured row scaled by the files' sizes". They
 * name the paper's cells; src/compare/baselines.ts reads their values.
 */
import type { BaselineRule, ModelBaselines } from '../types';

/** File sizes in bytes, as the paper states them (000, §1.3 and §1.4): records × record size. */
const FILE_BYTES = {
  SL: 89_867 * 256,
  NL: 64_275 * 256,
  CATALOG: 7_040 * 80,
} as const;
type File = keyof typeof FILE_BYTES;
const TABLE_OF: Record<File, string> = {
  SL: 'mpe-sl-seq',
  NL: 'mpe-nl-seq',
  CATALOG: 'mpe-catalog-resident',
};

const FREADSEEK = ' & FreadSeek';
/** The paper's mapped row is "Memory Mapped" on disc files, "Mapped File" on CATALOG. */
const MAPPED: Record<string, string> = {
  'Memory Mapped': 'Mapped File',
  'Mapped File': 'Memory Mapped',
};

const group = (n: number) => n.toLocaleString('en-US');

/** The same reader with FREADSEEK removed (or added): "prefetch changes nothing". */
function prefetchNothing(table: string, row: string, column: string): BaselineRule {
  const other = row.endsWith(FREADSEEK) ? row.slice(0, -FREADSEEK.length) : `${row}${FREADSEEK}`;
  return {
    from: [{ table, row: other, column }],
    rule: `prefetch changes nothing: the measured ${other} row`,
  };
}

/** Another file's measured row scaled by the ratio of the files' sizes. */
function scaledByFileSize(from: File, to: File, row: string, column: string): BaselineRule {
  const size = FILE_BYTES[from];
  return {
    from: [row, MAPPED[row] ?? ''].map((r) => ({ table: TABLE_OF[from], row: r, column, size })),
    scale: { quantity: 'file size', unit: 'B', to: FILE_BYTES[to] },
    rule: `${from} measured × file size ${group(FILE_BYTES[to])} / ${group(size)} B`,
  };
}

export const fileAccessBaselines: ModelBaselines = {
  table(table, row, column) {
    if (table === 'mpe-nl-seq') return scaledByFileSize('SL', 'NL', row, column);
    if (table === 'mpe-sl-postscript' || table === 'mpe-sl-seq')
      return prefetchNothing('mpe-sl-seq', row, column);
    if (table === 'mpe-catalog-resident') return prefetchNothing(table, row, column);
    return null;
  },
  fold(heldOut, { label }, key) {
    const [table, ...rest] = label.split(' ');
    const row = rest.join(' ');
    if (heldOut.includes('one table out of four')) {
      // Another file's measured row scaled by file size; a FREADSEEK row of the modified
      // program, the same reader without it.
      if (table === 'mpe-nl-seq') return scaledByFileSize('SL', 'NL', row, key);
      if (table === 'mpe-sl-seq') return scaledByFileSize('NL', 'SL', row, key);
      if (table === 'mpe-catalog-resident') return scaledByFileSize('SL', 'CATALOG', row, key);
      return prefetchNothing(table!, row, key);
    }
    if (heldOut.includes('whole table'))
      return table === 'mpe-catalog-resident'
        ? scaledByFileSize('SL', 'CATALOG', row, key)
        : scaledByFileSize('CATALOG', 'SL', row, key);
    return prefetchNothing(table!, row, key);
  },
};
