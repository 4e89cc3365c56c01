import type { ModelDefinition, ModelTable, ParamValues } from '../types';
import { fileCacheCharts } from './charts';
import { FILE_CACHE_PARAMS, type FileCacheParams } from './params';
import {
  MEASURED_TABLES,
  benchmarkTable,
  measuredTable,
  mixedModeTable,
  stealbackTable,
} from './tables';
import { isBenchmark } from './benchmarks';
import { fileCacheInfo } from './info';
import { withDefaults } from '../defaults';

export { mixedModeCost, simulateStealback } from './simulate';
export { BENCHMARKS, benchRatio, rates, predictionInterval } from './benchmarks';
export type { FileCacheParams } from './params';

/** Fills anything missing from the declared defaults (the codec has validated the rest). */
export function toFileCacheParams(values: ParamValues): FileCacheParams {
  return withDefaults<FileCacheParams>(FILE_CACHE_PARAMS, values);
}

const isMeasured = (id: string): id is keyof typeof MEASURED_TABLES => id in MEASURED_TABLES;

export const fileCacheModel: ModelDefinition = {
  ...fileCacheInfo,
  tables: (values) => {
    const p = toFileCacheParams(values);
    const mixed = mixedModeTable(p);
    const steal = stealbackTable(p);
    const out: ModelTable[] =
      p.table === 'ufc-stealback'
        ? [steal, mixed]
        : isBenchmark(p.table)
          ? [benchmarkTable(p.table, p), mixed, steal]
          : isMeasured(p.table)
            ? [measuredTable(p.table), mixed, steal]
            : [mixed, steal];
    return out;
  },
  charts: (values) => fileCacheCharts(toFileCacheParams(values)),
};
