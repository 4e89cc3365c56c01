import { defineInfo } from '../define';
import { FILE_CACHE_PARAMS, FILE_CACHE_TABLES } from './params';

/** The model's declarations: all the main thread needs (no mechanism, see ../types.ts). */
export const fileCacheInfo = defineInfo({
  id: 'file-cache',
  version: 1,
  title: 'HP-UX 11i v3 Unified File Cache: mixed mode and stealback',
  paper: '001_6d91baf82a5c84e9.txt',
  summary:
    '11i v2 kept write() data in a buffer cache apart from the page cache, so reading it through mmap() meant flushing it to disc first; 11i v3 unifies the two. ' +
    'Stealback stops one sequential reader from wiping the cache. The paper’s benchmark deltas are shown as measured reference.',
  params: FILE_CACHE_PARAMS,
  presetParam: 'table',
  presets: FILE_CACHE_TABLES.map((t) => ({ id: t.value, title: t.label, params: {} })),
});
