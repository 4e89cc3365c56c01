import { defineModel } from '../define';
import { crossBoundaryCharts } from './charts';
import { crossBoundaryInfo } from './info';
import { crossBoundaryTables } from './tables';

export type { CrossBoundaryParams } from './params';
export { ipcCostsOf, mpeParamsOf } from './costs';

export const crossBoundaryModel = defineModel(crossBoundaryInfo, {
  tables: crossBoundaryTables,
  charts: crossBoundaryCharts,
});

export default crossBoundaryModel;
