import { defineInfo } from '../define';
import { ASSUMED_VALUES } from './values';
import { DIRECTORY_SEARCH_PARAMS, PAPER_SEARCHES_PER_MINUTE } from './params';

/** The larger shop: searches per minute grow with the ids in the directory (an assumption). */
const LARGE_SHOP_USERS = 1000;
const LARGE_SHOP_SEARCHES_PER_MINUTE =
  Math.round((PAPER_SEARCHES_PER_MINUTE * LARGE_SHOP_USERS * 100) / ASSUMED_VALUES.users) / 100;

/** The model's declarations: all the main thread needs (no mechanism, see ../types.ts). */
export const directorySearchInfo = defineInfo({
  id: 'directory-search',
  // 2: every figure is the mean over 8 creation orders (the link's seed and 7 drawn from it).
  version: 2,
  title: 'Directory search: linear against binary search in VM/SP directory pages (DMKUDR)',
  paper: '004_5e3b76fe7de6a2e6.txt',
  summary:
    'CP’s DMKUDR finds a user id by checking each directory page’s lowest and highest id, then scanning the page from the top. ' +
    'Every user id is searched for, instruction by instruction along the paper’s listings, in the unsorted and the sorted directory, linearly and with the paper’s binary search.',
  params: DIRECTORY_SEARCH_PARAMS,
  presetParam: 'setup',
  dragParam: 'users',
  sections: {
    Experiment: 'workload',
    Workload: 'workload',
    Directory: 'workload',
    CPU: 'machine',
    'Instructions (from the listing)': 'fitted',
  },
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
});
