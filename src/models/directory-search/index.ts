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
});

export default directorySearchModel;
