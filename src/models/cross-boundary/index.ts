import type { ModelDefinition } from '../types';
import { toCrossBoundaryParams } from './costs';
import { crossBoundaryTables } from './tables';
import { crossBoundaryCharts } from './charts';
import { crossBoundaryInfo } from './info';

export type { CrossBoundaryParams } from './params';
export { ipcCostsOf, mpeParamsOf, toCrossBoundaryParams } from './costs';

export const crossBoundaryModel: ModelDefinition = {
  ...crossBoundaryInfo,
  tables: (values) => crossBoundaryTables(toCrossBoundaryParams(values)),
  charts: (values) => crossBoundaryCharts(toCrossBoundaryParams(values)),
};
