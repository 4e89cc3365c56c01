import type { ModelTable } from '../types';
import { defineModel } from '../define';
import { fileCacheCharts } from './charts';
import { fileCacheInfo } from './info';
import { isBenchmark } from './benchmarks';
import {
  MEASURED_TABLES,
  benchmarkTable,
  measuredTable,
  mixedModeTable,
  stealbackTable,
} from './tables';

export { mixedModeCost, simulateStealback } from './simulate';
export { BENCHMARKS, benchRatio, rates } from './benchmarks';
export { predictionInterval } from './intervals';
export type { FileCacheParams } from './params';

const isMeasured = (id: string): id is keyof typeof MEASURED_TABLES => id in MEASURED_TABLES;

export const fileCacheModel = defineModel(fileCacheInfo, {
  tables: (p) => {
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
  charts: fileCacheCharts,
});

export default fileCacheModel;
