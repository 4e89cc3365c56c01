import { defineModel } from '../define';
import { HYPERTHREADS_CHART_PARTS, hyperthreadsCharts } from './charts';
import { hyperthreadsInfo } from './info';
import { cothreadTable, jobsTable, overallTable, sampleRunsTableWithIntervals } from './tables';

export { simulateCore, simulateSystem } from './engine';
export { simulateHyperthreads } from './simulate';
export type { HyperthreadsParams } from './params';

export const hyperthreadsModel = defineModel(hyperthreadsInfo, {
  tables: (p, options = {}) => {
    const paper =
      p.table === 'vms-sample-runs'
        ? sampleRunsTableWithIntervals(p)
        : cothreadTable(p, undefined, options);
    return [paper, overallTable(p), jobsTable(p)];
  },
  // The cothread table's intervals cost a simulation per constant per row: values first.
  deferrableIntervals: true,
  charts: hyperthreadsCharts,
  chartParts: HYPERTHREADS_CHART_PARTS,
});

export default hyperthreadsModel;
