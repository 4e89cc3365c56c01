import { defineModel } from '../define';
import { FILE_ACCESS_CHART_PARTS, fileAccessCharts } from './charts';
import { fileAccessInfo } from './info';
import { activityTable, inferenceTable, timeTableWithRuns } from './tables';
import { fileAccessWork } from './work';

export { simulateFileAccess } from './simulate';
export type { FileAccessParams } from './params';

export const fileAccessModel = defineModel(fileAccessInfo, {
  tables: (p, options) => {
    // The inferences are about SL.PUB.SYS: shown with the tables that read it.
    const { table, runs } = timeTableWithRuns(p, options);
    const sl = p.table === 'mpe-sl-seq' || p.table === 'mpe-sl-postscript';
    const activity = activityTable(p, runs);
    return sl ? [table, inferenceTable(p, runs), activity] : [table, activity];
  },
  // Intervals take 2 × 8 + 1 runs a row: the page shows the values first.
  deferrableIntervals: true,
  charts: fileAccessCharts,
  chartParts: FILE_ACCESS_CHART_PARTS,
  // Minutes in range (2,000,000 records of 32 KB in 512-byte pages): the CLI estimates first.
  work: fileAccessWork,
});

export default fileAccessModel;
