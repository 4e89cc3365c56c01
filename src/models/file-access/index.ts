import type { ModelDefinition, ParamValues } from '../types';
import { fileAccessCharts } from './charts';
import { FILE_ACCESS_PARAMS, type FileAccessParams } from './params';
import { activityTable, inferenceTable, timeTableWithRuns } from './tables';
import { fileAccessInfo } from './info';
import { withDefaults } from '../defaults';

export { simulateFileAccess } from './simulate';
export type { FileAccessParams } from './params';

/**
 * Values are validated by the scenario codec before they reach a model; this only fills
 * anything missing from the declared defaults so the model can also be called directly.
 */
export function toFileAccessParams(values: ParamValues): FileAccessParams {
  return withDefaults<FileAccessParams>(FILE_ACCESS_PARAMS, values);
}

export const fileAccessModel: ModelDefinition = {
  ...fileAccessInfo,
  tables: (values) => {
    const p = toFileAccessParams(values);
    // The inferences are about SL.PUB.SYS: shown with the tables that read it.
    const { table, runs } = timeTableWithRuns(p);
    const sl = p.table === 'mpe-sl-seq' || p.table === 'mpe-sl-postscript';
    const activity = activityTable(p, runs);
    return sl ? [table, inferenceTable(p, runs), activity] : [table, activity];
  },
  charts: (values) => fileAccessCharts(toFileAccessParams(values)),
};
