import type { ModelDefinition, ParamValues } from '../types';
import { hyperthreadsCharts } from './charts';
import { HYPERTHREADS_PARAMS, type HyperthreadsParams } from './params';
import { cothreadTable, jobsTable, overallTable, sampleRunsTable } from './tables';
import { hyperthreadsInfo } from './info';
import { withDefaults } from '../defaults';

export { simulateCore, simulateSystem } from './simulate';
export { runScenario } from './run';
export type { HyperthreadsParams } from './params';

/**
 * Values are validated by the scenario codec before they reach a model; this only fills
 * anything missing from the declared defaults so the model can also be called directly.
 */
export function toHyperthreadsParams(values: ParamValues): HyperthreadsParams {
  return withDefaults<HyperthreadsParams>(HYPERTHREADS_PARAMS, values);
}

export const hyperthreadsModel: ModelDefinition = {
  ...hyperthreadsInfo,
  tables: (values) => {
    const p = toHyperthreadsParams(values);
    const paper = p.table === 'vms-sample-runs' ? sampleRunsTable(p) : cothreadTable(p);
    return [paper, overallTable(p), jobsTable(p)];
  },
  charts: (values) => hyperthreadsCharts(toHyperthreadsParams(values)),
};
