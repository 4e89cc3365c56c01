import type { ModelDefinition, ModelTable, ParamValues } from '../types';
import { fileCacheCharts } from './charts';
import { FILE_CACHE_PARAMS, FILE_CACHE_TABLES, type FileCacheParams } from './params';
import { MEASURED_TABLES, measuredTable, mixedModeTable, stealbackTable } from './tables';

export { mixedModeCost, simulateStealback } from './simulate';
export type { FileCacheParams } from './params';

/** Fills anything missing from the declared defaults (the codec has validated the rest). */
export function toFileCacheParams(values: ParamValues): FileCacheParams {
  const out: Record<string, number | string> = {};
  for (const spec of FILE_CACHE_PARAMS) out[spec.key] = values[spec.key] ?? spec.default;
  return out as unknown as FileCacheParams;
}

const isMeasured = (id: string): id is keyof typeof MEASURED_TABLES => id in MEASURED_TABLES;

export const fileCacheModel: ModelDefinition = {
  id: 'file-cache',
  version: 1,
  title: 'HP-UX 11i v3 Unified File Cache: mixed mode and stealback',
  paper: '001_6d91baf82a5c84e9.txt',
  summary:
    '11i v2 kept write() data in a buffer cache apart from the page cache, so reading it through mmap() meant flushing it to disc first; 11i v3 unifies the two. ' +
    'Stealback stops one sequential reader from wiping the cache. The paper’s benchmark deltas are shown as measured reference.',
  params: FILE_CACHE_PARAMS,
  presetParam: 'table',
  presets: FILE_CACHE_TABLES.map((t) => ({ id: t.value, title: t.label, params: {} })),
  tables: (values) => {
    const p = toFileCacheParams(values);
    const mixed = mixedModeTable(p);
    const steal = stealbackTable(p);
    const out: ModelTable[] =
      p.table === 'ufc-stealback'
        ? [steal, mixed]
        : isMeasured(p.table)
          ? [measuredTable(p.table), mixed, steal]
          : [mixed, steal];
    return out;
  },
  charts: (values) => fileCacheCharts(toFileCacheParams(values)),
};
