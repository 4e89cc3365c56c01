import type { ModelDefinition, ParamValues } from '../types';
import { FITTED } from './constants';
import { fileAccessCharts } from './charts';
import { FILE_ACCESS_PARAMS, type FileAccessParams } from './params';
import { activityTable, inferenceTable, timeTableWithRuns } from './tables';

export { simulateFileAccess } from './simulate';
export type { FileAccessParams } from './params';

/**
 * Values are validated by the scenario codec before they reach a model; this only fills
 * anything missing from the declared defaults so the model can also be called directly.
 */
export function toFileAccessParams(values: ParamValues): FileAccessParams {
  const out: Record<string, number | string> = {};
  for (const spec of FILE_ACCESS_PARAMS) out[spec.key] = values[spec.key] ?? spec.default;
  return out as unknown as FileAccessParams;
}

const SL = { records: 89_867, recordBytes: 256, residentPct: FITTED.residentPct.value };
const ORIGINAL_PROGRAM = { seekEveryRecords: 4, prefetchDistanceRecords: 4, prefetchPages: 8 };

export const fileAccessModel: ModelDefinition = {
  id: 'file-access',
  version: 1,
  title: 'File access: mapped files, page faults and prefetch (MPE/iX)',
  paper: '000_525c0b5ef756a1ce.txt',
  summary:
    'A program reads a file sequentially through a mapped pointer, FREAD or FREADDIR, optionally calling FREADSEEK to prefetch. ' +
    'CPU and one disc are simulated event by event, so when data is asked for matters as much as how much.',
  params: FILE_ACCESS_PARAMS,
  presetParam: 'table',
  presets: [
    {
      id: 'mpe-sl-seq',
      title: 'SL.PUB.SYS sequential read (89,867 × 256 B, from disc)',
      params: { table: 'mpe-sl-seq', ...SL, ...ORIGINAL_PROGRAM },
    },
    {
      id: 'mpe-catalog-resident',
      title: 'CATALOG.PUB.SYS memory resident (7,040 × 80 B)',
      params: {
        table: 'mpe-catalog-resident',
        records: 7040,
        recordBytes: 80,
        residentPct: 100,
        ...ORIGINAL_PROGRAM,
      },
    },
    {
      id: 'mpe-nl-seq',
      title: 'NL.PUB.SYS sequential read (64,275 × 256 B) — prediction',
      params: { table: 'mpe-nl-seq', ...SL, records: 64_275, ...ORIGINAL_PROGRAM },
    },
    {
      id: 'mpe-sl-postscript',
      title: 'SL.PUB.SYS with the Postscript’s prefetch (128 records ahead, 24 pages) — prediction',
      params: {
        table: 'mpe-sl-postscript',
        ...SL,
        seekEveryRecords: 384,
        prefetchDistanceRecords: 128,
        prefetchPages: 24,
      },
    },
  ],
  tables: (values) => {
    const p = toFileAccessParams(values);
    // The inferences are about SL.PUB.SYS: shown with the tables that read it.
    const { table, runs } = timeTableWithRuns(p);
    const sl = p.table === 'mpe-sl-seq' || p.table === 'mpe-sl-postscript';
    const activity = activityTable(p, runs);
    return sl ? [table, inferenceTable(p, runs), activity] : [table, activity];
  },
  charts: (values) => fileAccessCharts(toFileAccessParams(values)),
};
