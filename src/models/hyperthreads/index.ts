import { defineModel } from '../define';
import { HYPERTHREADS_CHART_PARTS, hyperthreadsCharts } from './charts';
import { hyperthreadsInfo } from './info';
import { cothreadTable, jobsTable, overallTable, sampleRunsTableWithIntervals } from './tables';

export { simulateCore, simulateSystem } from './engine';
export { simulateHyperthreads } from './simulate';
export type { HyperthreadsParams } from './params';

export const hyperthreadsModel = defineModel(hyperthreadsInfo, {
  tables: (p) => {
    const paper =
      p.table === 'vms-sample-runs' ? sampleRunsTableWithIntervals(p) : cothreadTable(p);
    return [paper, overallTable(p), jobsTable(p)];
  },
  charts: hyperthreadsCharts,
  chartParts: HYPERTHREADS_CHART_PARTS,
});

export default hyperthreadsModel;
