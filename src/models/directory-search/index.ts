import type { ModelDefinition, ParamValues } from '../types';
import { directorySearchCharts } from './charts';
import { ASSUMED } from './constants';
import {
  DIRECTORY_SEARCH_PARAMS,
  PAPER_SEARCHES_PER_MINUTE,
  type DirectorySearchParams,
} from './params';
import { simulateDirectorySearch } from './simulate';
import { savingTable, searchTable } from './tables';

export { simulateDirectorySearch } from './simulate';
export type { DirectorySearchParams } from './params';

/**
 * Values are validated by the scenario codec before they reach a model; this only fills
 * anything missing from the declared defaults so the model can also be called directly.
 */
export function toDirectorySearchParams(values: ParamValues): DirectorySearchParams {
  const out: Record<string, number | string> = {};
  for (const spec of DIRECTORY_SEARCH_PARAMS) out[spec.key] = values[spec.key] ?? spec.default;
  return out as unknown as DirectorySearchParams;
}

/** The larger shop: searches per minute grow with the ids in the directory (an assumption). */
const LARGE_SHOP_USERS = 1000;
const LARGE_SHOP_SEARCHES_PER_MINUTE =
  Math.round((PAPER_SEARCHES_PER_MINUTE * LARGE_SHOP_USERS * 100) / ASSUMED.users.value) / 100;

export const directorySearchModel: ModelDefinition = {
  id: 'directory-search',
  version: 1,
  title: 'Directory search: linear against binary search in VM/SP directory pages (DMKUDR)',
  paper: '004_5e3b76fe7de6a2e6.txt',
  summary:
    'CP’s DMKUDR finds a user id by checking each directory page’s lowest and highest id, then scanning the page from the top. ' +
    'Every user id is searched for, instruction by instruction along the paper’s listings, in the unsorted and the sorted directory, linearly and with the paper’s binary search.',
  params: DIRECTORY_SEARCH_PARAMS,
  presetParam: 'setup',
  presets: [
    {
      id: 'vmsp-directory',
      title: 'The paper’s shop: sorted directory and binary search against the unsorted one',
      params: { setup: 'vmsp-directory' },
    },
    {
      id: 'vmsp-directory-heavy-front',
      title: 'Same shop, the first-created ids searched most (Zipf) — prediction',
      params: { setup: 'vmsp-directory-heavy-front', workload: 'heavy-front', zipfExponent: 1 },
    },
    {
      id: 'vmsp-directory-large-shop',
      title: `A larger shop: ${LARGE_SHOP_USERS.toLocaleString('en-US')} user ids, ${LARGE_SHOP_SEARCHES_PER_MINUTE} searches/min — prediction`,
      params: {
        setup: 'vmsp-directory-large-shop',
        users: LARGE_SHOP_USERS,
        searchesPerMinute: LARGE_SHOP_SEARCHES_PER_MINUTE,
      },
    },
  ],
  tables: (values) => {
    const p = toDirectorySearchParams(values);
    const r = simulateDirectorySearch(p);
    return [savingTable(p, r), searchTable(r)];
  },
  charts: (values) => directorySearchCharts(toDirectorySearchParams(values)),
};
