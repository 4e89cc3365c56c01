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
        ? sampleRunsTableWithIntervals(p, options)
        : cothreadTable(p, undefined, options);
    return [paper, overallTable(p), jobsTable(p)];
  },
  // Both paper tables' intervals cost a simulation per constant (per row, for the cothread
  // tests; per sigma point of the sample runs): values first.
  deferrableIntervals: true,
  charts: hyperthreadsCharts,
  chartParts: HYPERTHREADS_CHART_PARTS,
});

export default hyperthreadsModel;
