import type { ModelTable } from '../types';
import type { FileAccessParams } from './params';
import { sequentialDiscMs } from './disc';
import { logicalPageCount, simulateFileAccess, type FileAccessRun } from './simulate';

const SOURCE = '000_525c0b5ef756a1ce.txt';

/** The paper's own back-of-envelope inferences (§1.3 and the Postscript), recomputed by the model. */
export const INFERENCE_ROWS = {
  mappedFaults: 'Page faults, memory mapped, ~90,000 records × 256 B',
  fsReads: 'File-system disc reads at 4 logical pages per read, same file',
  mappedReads: 'Disc reads behind the Memory Mapped delta (paper: delta ÷ 22.5 ms)',
  freadReads: 'Disc reads behind the Fread delta (paper: delta ÷ 22.5 ms)',
  pagesPerRead: 'Logical pages per Fread disc read (paper: “15 or 16”)',
  residentThroughput: 'Mapped throughput on resident data, CATALOG (B/ms)',
  prefetchBytes: 'Bytes consumed while one disc read is served (paper assumes 30 ms)',
} as const;

export function inferenceTable(
  params: FileAccessParams,
  /** Runs already made for this scenario, by row label (saves repeating them). */
  known: Map<string, FileAccessRun> = new Map(),
): ModelTable {
  // The paper's hypothetical file: "about 90,000 records" of 256 B, nothing resident,
  // "the file system requests 4 logical pages at a time".
  const hypo: FileAccessParams = { ...params, records: 90_000, recordBytes: 256, residentPct: 0 };
  const mapped = simulateFileAccess(hypo, { method: 'mapped', freadseek: false });
  const fs4 = simulateFileAccess(
    { ...hypo, readAheadPages: 4 },
    { method: 'fread', freadseek: false },
  );
  // SL.PUB.SYS as the scenario has it (records, size, residency) for the two delta inferences.
  const slMapped =
    known.get('Memory Mapped') ??
    simulateFileAccess(params, { method: 'mapped', freadseek: false });
  const slFread =
    known.get('Fread') ?? simulateFileAccess(params, { method: 'fread', freadseek: false });
  // CATALOG.PUB.SYS resident: 7,040 records of 80 B.
  const catalog = simulateFileAccess(
    { ...params, records: 7040, recordBytes: 80, residentPct: 100 },
    { method: 'mapped', freadseek: false },
  );
  // Bytes per ms of CPU: unbounded when the scenario gives resident reading no CPU cost at
  // all (every per-record and per-byte cost at 0), so those two cells are left empty.
  const throughput = catalog.cpuMs > 0 ? (7040 * 80) / catalog.cpuMs : undefined;
  // One prefetch point: ⌈pages ÷ pages per call⌉ requests, each positioning once.
  const calls = Math.max(1, Math.ceil(params.prefetchPages / Math.max(1, params.seekCallPages)));
  const readMs = sequentialDiscMs(params, calls, params.seekCallPages);
  const values = (v: number | undefined): Record<string, number> =>
    v === undefined ? {} : { value: v };
  return {
    id: 'mpe-inferences',
    title: 'The paper’s inferences, recomputed',
    source: `${SOURCE} §1.3 and Postscript`,
    columns: [{ key: 'value', label: 'Value', unit: '' }],
    rows: [
      { label: INFERENCE_ROWS.mappedFaults, values: values(mapped.pageFaults) },
      { label: INFERENCE_ROWS.fsReads, values: values(fs4.discRequests) },
      { label: INFERENCE_ROWS.mappedReads, values: values(slMapped.discRequests) },
      { label: INFERENCE_ROWS.freadReads, values: values(slFread.discRequests) },
      {
        label: INFERENCE_ROWS.pagesPerRead,
        values: values(slFread.discRequests ? slFread.pagesRead / slFread.discRequests : 0),
      },
      { label: INFERENCE_ROWS.residentThroughput, values: values(throughput) },
      {
        label: INFERENCE_ROWS.prefetchBytes,
        values: values(throughput === undefined ? undefined : throughput * readMs),
      },
    ],
    notes: [
      ...(throughput === undefined
        ? [
            'Mapped throughput on resident data is unbounded here: the scenario gives reading resident data no CPU cost, so those two cells are empty.',
          ]
        : []),
      `A file of ${params.records.toLocaleString('en-US')} records × ${params.recordBytes} B is ` +
        `${logicalPageCount(params.records, params.recordBytes, params.logicalPageBytes).toLocaleString('en-US')} logical pages of ${params.logicalPageBytes} B.`,
      `One prefetch of ${params.prefetchPages} pages (${calls} FREADSEEK call${calls === 1 ? '' : 's'} of ${params.seekCallPages} pages) takes ${readMs.toFixed(1)} ms of disc time in this scenario; ` +
        'data must be requested at least that far ahead of the reader, or the reader stalls.',
    ],
  };
}
