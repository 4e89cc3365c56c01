import { defineModel } from '../define';
import { directorySearchCharts } from './charts';
import { directorySearchInfo } from './info';
import { simulateDirectorySearch } from './simulate';
import { savingTable, searchTable } from './tables';

export { simulateDirectorySearch } from './simulate';
export type { DirectorySearchParams } from './params';

export const directorySearchModel = defineModel(directorySearchInfo, {
  tables: (p) => {
    const r = simulateDirectorySearch(p);
    return [savingTable(p, r), searchTable(r)];
  },
  charts: directorySearchCharts,
  // One part: the charts, or their drag preview (`ChartOptions.preview`).
  chartParts: [(p, options) => directorySearchCharts(p, undefined, options)],
});

export default directorySearchModel;
