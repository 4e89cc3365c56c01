import type { ModelDefinition, ParamValues } from '../types';
import { directorySearchCharts } from './charts';
import { DIRECTORY_SEARCH_PARAMS, type DirectorySearchParams } from './params';
import { simulateDirectorySearch } from './simulate';
import { savingTable, searchTable } from './tables';
import { directorySearchInfo } from './info';
import { withDefaults } from '../defaults';

export { simulateDirectorySearch } from './simulate';
export type { DirectorySearchParams } from './params';

/**
 * Values are validated by the scenario codec before they reach a model; this only fills
 * anything missing from the declared defaults so the model can also be called directly.
 */
export function toDirectorySearchParams(values: ParamValues): DirectorySearchParams {
  return withDefaults<DirectorySearchParams>(DIRECTORY_SEARCH_PARAMS, values);
}

export const directorySearchModel: ModelDefinition = {
  ...directorySearchInfo,
  tables: (values) => {
    const p = toDirectorySearchParams(values);
    const r = simulateDirectorySearch(p);
    return [savingTable(p, r), searchTable(r)];
  },
  charts: (values) => directorySearchCharts(toDirectorySearchParams(values)),
};
