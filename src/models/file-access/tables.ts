import type { ColumnSpec, ModelRow, ModelTable, TablesOptions } from '../types';
import { BETWEEN_WITHOUT, FIT_TABLES, UNCERTAINTY } from './constants';
import { FILE_ACCESS_PARAMS, type FileAccessParams, type FileAccessTableId } from './params';
import { cholesky, propagate, type Uncertainty } from '../uncertainty';
import { sequentialDiscMs } from './disc';
import { modelFormSpread } from './modelForm';
import {
  rememberFileSystemPair,
  simulateFileAccess,
  type AccessMethod,
  type FileAccessRun,
  type RunSpec,
} from './simulate';

const SOURCE = '000_525c0b5ef756a1ce.txt';

export const TIME_COLUMNS: ColumnSpec[] = [
  { key: 'cpu_ms', label: 'CPU', unit: 'ms' },
  { key: 'elapsed_ms', label: 'Elapsed', unit: 'ms' },
  { key: 'delta_ms', label: 'Delta (disc wait)', unit: 'ms' },
];

export interface RowSpec extends RunSpec {
  label: string;
  /** The run's short name where a table is short of room (ModelRow.short). */
  short?: string;
}

/** The short names: "Mapped" for a mapped file, "+Seek" for a program that calls FREADSEEK. */
const SHORT: Record<string, string> = {
  'Memory Mapped': 'Mapped',
  'Mapped File': 'Mapped',
  'Memory Mapped & FreadSeek': 'Mapped+Seek',
  'FreadDir & FreadSeek': 'FreadDir+Seek',
  'Fread & FreadSeek': 'Fread+Seek',
};

const row = (label: string, method: AccessMethod, freadseek: boolean): RowSpec => ({
  label,
  ...(SHORT[label] ? { short: SHORT[label] } : {}),
  method,
  freadseek,
});

const SEQUENTIAL_ROWS: RowSpec[] = [
  row('Memory Mapped', 'mapped', false),
  row('FreadDir', 'freaddir', false),
  row('Fread', 'fread', false),
  row('FreadDir & FreadSeek', 'freaddir', true),
  row('Fread & FreadSeek', 'fread', true),
];

/** Row labels are the paper's own, in the paper's order. */
export const TABLE_ROWS: Record<
  FileAccessTableId,
  { title: string; source: string; rows: RowSpec[] }
> = {
  'mpe-sl-seq': {
    title: 'SL.PUB.SYS sequential read (times in milliseconds)',
    source: `${SOURCE} §1.3`,
    rows: SEQUENTIAL_ROWS,
  },
  'mpe-catalog-resident': {
    title: 'CATALOG.PUB.SYS, memory resident (times in milliseconds)',
    source: `${SOURCE} §1.4`,
    // The same runs, the mapped one under its CATALOG name.
    rows: [row('Mapped File', 'mapped', false), ...SEQUENTIAL_ROWS.slice(1)],
  },
  'mpe-nl-seq': {
    title: 'NL.PUB.SYS sequential read (times in milliseconds)',
    source: `${SOURCE} §1.3`,
    rows: SEQUENTIAL_ROWS,
  },
  'mpe-sl-postscript': {
    title: 'SL.PUB.SYS sequential read, modified FREADSEEK program (times in milliseconds)',
    source: `${SOURCE} Postscript`,
    rows: [
      row('Memory Mapped & FreadSeek', 'mapped', true),
      row('Memory Mapped', 'mapped', false),
      row('FreadDir', 'freaddir', false),
      row('FreadDir & FreadSeek', 'freaddir', true),
      row('Fread', 'fread', false),
      row('Fread & FreadSeek', 'fread', true),
    ],
  },
};

/**
 * In the Postscript only the FREADSEEK rows were re-measured with the modified program;
 * the other rows are the original program, whose prefetch settings do not matter (no FREADSEEK).
 */
export function runRow(params: FileAccessParams, spec: RunSpec) {
  return simulateFileAccess(params, spec);
}

const MIN_OF = new Map<string, number>(
  FILE_ACCESS_PARAMS.flatMap((p) => (p.kind === 'number' ? [[p.key, p.min] as const] : [])),
);
const FACTOR = cholesky(UNCERTAINTY.covariance);

/**
 * The uncertainty a table's intervals are drawn with: the fit's, and a between-experiment term
 * estimated WITHOUT that table (BETWEEN_WITHOUT, constants.ts). A term estimated from all four
 * tables would let NL's and the Postscript's own misses widen the intervals they are then
 * checked against.
 */
const TABLE_UNCERTAINTY = new Map<string, Uncertainty>(
  Object.entries(BETWEEN_WITHOUT).map(([t, betweenRelSd]) => [t, { ...UNCERTAINTY, betweenRelSd }]),
);
export const uncertaintyFor = (table: FileAccessTableId): Uncertainty =>
  TABLE_UNCERTAINTY.get(table) ?? UNCERTAINTY;

/**
 * One row of a time table with its prediction intervals: the run at the scenario's values,
 * and the fit's uncertainty (constants.ts) pushed through the same mechanism around them.
 * Delta is elapsed − CPU of each run, so its own scatter is that of both.
 */
export function rowWithIntervals(
  params: FileAccessParams,
  spec: RowSpec,
  /** A fold's own uncertainty; the page's (uncertaintyFor the table) when absent. */
  unc?: Uncertainty,
): ModelRow & { run: FileAccessRun } {
  if (unc) return computeRowWithIntervals(params, spec, unc);
  const key = rowKey(params, spec);
  let row = ROW_MEMO.get(key);
  if (row)
    ROW_MEMO.delete(key); // re-inserted below: most recently used last
  else row = computeRowWithIntervals(params, spec, uncertaintyFor(params.table));
  ROW_MEMO.set(key, row);
  if (ROW_MEMO.size > ROW_MEMO_SIZE) ROW_MEMO.delete(ROW_MEMO.keys().next().value!);
  return row;
}

/**
 * A row's interval takes 2 × (fitted parameters) + 1 runs. Most slider steps change one
 * parameter, and rows that do not read it repeat their result: a row without FREADSEEK does
 * not read the prefetch parameters, and no row reads `table`. So rows are remembered by what
 * they read (a few dozen, most recent kept).
 */
const ROW_MEMO = new Map<string, ModelRow & { run: FileAccessRun }>();
const ROW_MEMO_SIZE = 64;
const SEEK_KEYS: ReadonlySet<string> = new Set([
  'seekEveryRecords',
  'prefetchDistanceRecords',
  'prefetchPages',
  'seekCallPages',
  'cpuSeekCallUs',
]);

function rowKey(params: FileAccessParams, spec: RowSpec): string {
  // Every row reads `table`: its between-experiment term is the table's (uncertaintyFor), and
  // the Postscript's FREADSEEK rows carry its readings' spread (modelForm.ts).
  const read = Object.entries(params).filter(([k]) => spec.freadseek || !SEEK_KEYS.has(k));
  return JSON.stringify([spec.label, spec.method, spec.freadseek, read]);
}

function computeRowWithIntervals(
  params: FileAccessParams,
  spec: RowSpec,
  unc: Uncertainty,
): ModelRow & { run: FileAccessRun } {
  let baseRun: FileAccessRun | null = null;
  const outputs = (r: FileAccessRun) => ({
    cpu_ms: r.cpuMs,
    elapsed_ms: r.elapsedMs,
    delta_ms: r.deltaMs,
  });
  // Where the paper's words allow other programs, their spread (computed once per row).
  let form: Record<string, number> | null = null;
  const { values, intervals, parts, confidence } = propagate(
    params as unknown as Record<string, unknown>,
    unc,
    {
      minOf: (k) => MIN_OF.get(k) ?? -Infinity,
      // Delta is a difference of two measured times: its scatter is an amount, not a factor.
      // A wait is positive, so its interval is the lognormal matched to that amount; a run
      // that waits for nothing at all (data in memory) keeps 0 with an additive interval.
      composed: (k) => k === 'delta_ms',
      residualSd: (k, v, u) =>
        k === 'delta_ms'
          ? u.residualRelSd * Math.hypot(v.elapsed_ms!, v.cpu_ms!)
          : u.residualRelSd * Math.abs(v[k]!),
      modelFormRelSd: (k, v) => {
        form ??= spec.freadseek ? modelFormSpread(params, v, (q) => outputs(runRow(q, spec))) : {};
        // The file system's two readings of a FREADSEEK page (simulate.ts), with the program's.
        const rule = (baseRun ?? runRow(params, spec)).readAheadFormRelSd?.[k as 'cpu_ms'] ?? 0;
        return Math.hypot(form[k] ?? 0, rule);
      },
      evaluate: (p) => {
        const r = runRow(p as unknown as FileAccessParams, spec);
        baseRun ??= r;
        return outputs(r);
      },
    },
    unc.covariance === UNCERTAINTY.covariance ? FACTOR : cholesky(unc.covariance),
  );
  // In every run CPU ≤ elapsed and wait ≤ elapsed, so the same quantiles are ordered too: a
  // new measurement's elapsed is no lower than its CPU's lower end, and its wait no longer
  // than its elapsed time's upper end (the spreads, taken one output at a time, ignore this).
  for (const iv of [intervals, confidence]) {
    const { cpu_ms: cpu, elapsed_ms: took, delta_ms: wait } = iv;
    if (cpu && took) took[0] = Math.min(values.elapsed_ms!, Math.max(took[0], cpu[0]));
    if (wait && took) wait[1] = Math.max(values.delta_ms!, Math.min(wait[1], took[1]));
  }
  return {
    label: spec.label,
    ...(spec.short ? { short: spec.short } : {}),
    values,
    intervals,
    intervalParts: parts,
    confidence,
    run: baseRun!,
  };
}

const FIT_NOTE =
  'Constants fitted jointly to the CPU and elapsed cells of SL.PUB.SYS and CATALOG.PUB.SYS (src/models/file-access/constants.ts says which cells, or which stated fact, pins each one). Model values read “value (lo–hi)”: the 95 % prediction interval from the fit’s covariance and the calibration cells’ scatter (5.8 %), and a between-experiment term estimated without this table. The acceptance bar is on CPU and elapsed; Delta is shown for what it tells. Delta = elapsed − CPU, so its spread is theirs together: its interval is the lognormal of that spread (positive, and wide where the wait is small beside the two times), its top capped at the elapsed time’s, since a run’s wait is part of it.';
const MISS_NOTE =
  'Known miss, shown rather than tuned away — Fread & FreadSeek: the paper measured 8.2 s more CPU than FREAD plus the FREADSEEK call cost explains, and half the waiting of FreadDir & FreadSeek. It is not a per-call cost: on CATALOG, FREADSEEK adds exactly 299 ms to FREAD and to FREADDIR alike. 8.2 s is about one disc service (23 ms) per file-system read, as if the reader waited on the CPU instead of sleeping; but that would move 5 s of waiting into CPU, not 8 s, and would leave the 3 s rise in elapsed unexplained. The paper names no such mechanism, so the model gives FREAD and FREADDIR the same disc behaviour and misses that row’s CPU (−14 %) and delta.';
const DISC_NOTE =
  'Disc: one queue for page faults, file-system read-ahead and FREADSEEK. A request pays seek + rotation once (≈12.2 ms next-blocks seek, fitted, + ≈8.2 ms half a revolution; a jump within the file pays more, up to the ≈20 ms average seek), then its pages arrive one by one at ≈0.72 ms per KB (≈2.9 ms per 4 KB page), each usable on arrival. A page already in memory never splits a request. No calibration cell sees the transfer time, the rotation or the average seek apart — every calibration request continues where the last ended, and the reader’s CPU per page outlasts a page’s transfer — so they are pinned by the era’s disc figures, and their spread is part of every interval.';

const NL_NOTE =
  'Why NL ran faster per record than SL — explained, not predicted. Its mapped CPU fell with its elapsed time (2.86 ms a page against SL’s 3.50 ms), which a faster disc cannot do: only pages that were never read from disc save CPU. With 30 % of NL still in memory after the 16 MB flush (NL is itself 16 MB; SL, 22 MB, was flushed whole — the paper’s 5,627 reads for 5,625 pages), the model gives Memory Mapped 11.5 s CPU and 76.0 s elapsed against 11.5 and 74.9 s measured (residentPct=30). How much a 16 MB flush leaves of a 16 MB file depends on memory the paper does not state, so the preset keeps its “flushed” and the miss shows; the file-system rows stay 7–17 % high even then.';

/**
 * The threshold the page names (issue 33): when the prefetch period is a whole number of pages,
 * every prefetch point meets the file system's read-ahead windows at the same phase, and the
 * file-system FREADSEEK rows can step by ~20 % against a period a byte longer or shorter
 * (3,072-byte pages: 59.4 s against 48.9 s at 3,051). The alignments of FREADSEEK's groups are
 * averaged (simulate.ts); this phase is the reader's own and is not.
 */
export function alignedStrideNote(p: FileAccessParams): string | null {
  const periodBytes = p.seekEveryRecords * p.recordBytes;
  if (periodBytes % p.logicalPageBytes !== 0) return null;
  const pages = periodBytes / p.logicalPageBytes;
  return `Named threshold: a prefetch every ${p.seekEveryRecords.toLocaleString('en-US')} records is exactly ${pages.toLocaleString('en-US')} pages of ${p.logicalPageBytes.toLocaleString('en-US')} B, a page-aligned stride: every prefetch point meets the file system’s read-ahead windows at the same phase, so the file-system FREADSEEK rows can differ by up to ~20 % from a stride one record or a few bytes of page size away, where the phase drifts.`;
}

/** Disc time of one prefetch point against the reader's CPU for the same pages, with this scenario's values. */
function prefetchBudgetNote(p: FileAccessParams, runs: Map<string, FileAccessRun>): string {
  const calls = Math.max(1, Math.ceil(p.prefetchPages / Math.max(1, p.seekCallPages)));
  const discMs = sequentialDiscMs(p, calls, p.seekCallPages);
  const mapped = runs.get('Memory Mapped & FreadSeek');
  const cpuPerPage = mapped ? mapped.cpuMs / mapped.logicalPages : NaN;
  const readerMs = cpuPerPage * p.prefetchPages;
  return (
    `One prefetch point here: ${calls} request${calls === 1 ? '' : 's'} of ${p.seekCallPages} pages take ` +
    `${discMs.toFixed(0)} ms of disc; mapped reading needs ${readerMs.toFixed(0)} ms of CPU for the same ${p.prefetchPages} pages, ` +
    `so it is ${discMs > readerMs ? 'disc-bound: the disc sets the elapsed time' : 'CPU-bound: the disc keeps up'}. ` +
    'The transfer time per page, pinned only by the era’s disc rates, is most of the interval’s width.'
  );
}

const TIME_NOTES: Record<FileAccessTableId, string[]> = {
  'mpe-sl-seq': [FIT_NOTE, MISS_NOTE, DISC_NOTE],
  'mpe-catalog-resident': [
    FIT_NOTE,
    'All data resident: no disc request, so elapsed = CPU in the model; the paper’s few milliseconds of difference are other activity on the machine.',
  ],
  'mpe-nl-seq': [
    'Out of sample: the constants are fitted on SL.PUB.SYS and CATALOG.PUB.SYS only, so every error here is a prediction’s; the same flush (nothing left resident) is assumed. Intervals: 95 % prediction intervals from the fit, with a between-experiment term estimated from the other three tables, not this one (12.9 %).',
    NL_NOTE,
    DISC_NOTE,
  ],
  'mpe-sl-postscript': [
    'The three FREADSEEK rows are out of sample (no fit sees them), computed for the modified program: after each 24 logical pages (384 records), prefetch 24 pages from 128 records ahead. FREADSEEK names a record, not an amount, and brings in 8 pages a call, so that is three calls — three requests queued behind each other, each paying its positioning. The paper’s words allow other programs — “100,000 bytes” is 391 records, not 384, and the fix may have made each prefetch one 24-page request — so all four readings are run and their spread is the interval’s model-form part. Where the 8-page groups’ boundaries fall depends on where the file sits on the disc, so each run is the mean over 8 alignments; the file system’s two readings of a prefetched page are both run (simulate.ts). Intervals take a between-experiment term estimated from the other three tables (9.8 %). The other rows are the original program, as in the paper.',
    'Why the mapped reader gained about 3×: the prefetched run is disc-bound, three positionings and 24 pages of transfer per 24 pages read, so its elapsed time is the disc’s transfer rate, which no calibration cell sees (the SL readers’ CPU per page outlasts a page’s transfer). At the fitted 0.72 ms per KB it is 30.7 s; at 1.4 ms per KB (0.7 MB/s, an effective rate the widened prior allows) about 46 s against 49.5 s measured — the transfer time is most of this row’s interval. Why the file-system readers got slower (65.9 s against 44.4 s without FREADSEEK) the model does not explain: in it the prefetch saves them 7 s at the fitted transfer time and costs them 2 s at 1.4 ms per KB, with either reading of a prefetched page.',
    MISS_NOTE.replace(
      'Fread & FreadSeek: the paper',
      'in the original program, Fread & FreadSeek: the paper',
    ),
  ],
};

/**
 * A row's values now, and its intervals only if they are remembered (`rowWithIntervals`):
 * one run instead of 17, for a table that follows a slider; the values are the same run.
 */
function rowValuesFirst(
  params: FileAccessParams,
  spec: RowSpec,
): ModelRow & { run: FileAccessRun } {
  const known = ROW_MEMO.get(rowKey(params, spec));
  if (known) return known;
  const run = runRow(params, spec);
  return {
    label: spec.label,
    ...(spec.short ? { short: spec.short } : {}),
    values: { cpu_ms: run.cpuMs, elapsed_ms: run.elapsedMs, delta_ms: run.deltaMs },
    run,
  };
}

/**
 * The time table, and each row's full run (the inference table reuses them). With
 * `intervals: false`, rows whose intervals are not remembered come without them.
 */
export function timeTableWithRuns(
  params: FileAccessParams,
  { intervals = true, onProgress }: TablesOptions = {},
): {
  table: ModelTable;
  runs: Map<string, FileAccessRun>;
} {
  const def = TABLE_ROWS[params.table];
  const runs = new Map<string, FileAccessRun>();
  // The file-system FREADSEEK rows' runs, made together when both are to be made (simulate.ts).
  const pair = def.rows.filter((spec) => spec.freadseek && spec.method !== 'mapped');
  if (!intervals && pair.length === 2 && pair.every((spec) => !ROW_MEMO.has(rowKey(params, spec))))
    rememberFileSystemPair(params);
  const rows = def.rows.map((spec, i) => {
    const { run, ...row } = intervals
      ? rowWithIntervals(params, spec)
      : rowValuesFirst(params, spec);
    runs.set(spec.label, run);
    onProgress?.(i + 1, def.rows.length);
    return isOutOfSample(params.table, spec) ? { ...row, predicted: true } : row;
  });
  return {
    table: {
      id: params.table,
      title: def.title,
      source: def.source,
      columns: TIME_COLUMNS,
      rows,
      notes:
        params.table === 'mpe-sl-postscript'
          ? [
              ...TIME_NOTES[params.table].slice(0, 1),
              prefetchBudgetNote(params, runs),
              ...(alignedStrideNote(params) ? [alignedStrideNote(params)!] : []),
              ...TIME_NOTES[params.table].slice(1),
            ]
          : TIME_NOTES[params.table],
      intervalLevel: UNCERTAINTY.level,
    },
    runs,
  };
}

/** A row the fit never saw (FIT_TABLES): its error against the paper is a prediction's. */
export function isOutOfSample(table: FileAccessTableId, spec: RowSpec): boolean {
  if (FIT_TABLES.includes(table)) return false;
  return table !== 'mpe-sl-postscript' || spec.freadseek;
}

/** What each run did: page faults, disc requests, pages read (the model's own output). */
export function activityTable(
  params: FileAccessParams,
  runs: Map<string, FileAccessRun>,
): ModelTable {
  const def = TABLE_ROWS[params.table];
  return {
    id: 'mpe-run-activity',
    title: 'What each run did: faults and disc requests',
    source: `model (${def.source} setup)`,
    columns: [
      { key: 'page_faults', label: 'Page faults', unit: '' },
      { key: 'disc_requests', label: 'Disc requests', unit: '' },
      { key: 'pages_read', label: 'Pages read', unit: 'pages' },
      { key: 'pages_per_request', label: 'Pages per request', unit: 'pages' },
      { key: 'resident_pages', label: 'Resident at start', unit: 'pages' },
    ],
    rows: def.rows.map((spec) => {
      const r = runs.get(spec.label)!;
      return {
        label: spec.label,
        values: {
          page_faults: r.pageFaults,
          disc_requests: r.discRequests,
          pages_read: r.pagesRead,
          pages_per_request: r.discRequests ? r.pagesRead / r.discRequests : 0,
          resident_pages: r.residentPages,
        },
      };
    }),
    notes: [
      'Mapped access faults one logical page at a time; the file system reads its read-ahead window per request; FREADSEEK requests are counted with the rest.',
    ],
  };
}

export { INFERENCE_ROWS, inferenceTable } from './inference';
