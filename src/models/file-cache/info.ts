import { defineInfo } from '../define';
import { FILE_CACHE_PARAMS, FILE_CACHE_TABLES } from './params';

/** The model's declarations: all the main thread needs (no mechanism, see ../types.ts). */
export const fileCacheInfo = defineInfo({
  id: 'file-cache',
  version: 3,
  title:
    'HP-UX 11i v3 Unified File Cache: mixed mode, stealback and the benchmarks across CPU counts',
  paper: '001_6d91baf82a5c84e9.txt',
  summary:
    '11i v2 kept write() data in a buffer cache apart from the page cache, so reading it through mmap() meant flushing it to disc first; 11i v3 unifies the two. ' +
    'Stealback stops one sequential reader from wiping the cache. ' +
    'The benchmark tables regenerate from one mechanism over CPU count and platform: v2’s global buffer-cache lock against v3’s per-vnode page lists, and each benchmark’s one-CPU path change. Fitted on the 4- and 8-way cells, the 64-way cells are predicted with an interval; mount and Nastran stay measured only, for stated reasons.',
  params: FILE_CACHE_PARAMS,
  presetParam: 'table',
  dragParam: 'blockBytes',
  sections: {
    Experiment: 'workload',
    Stealback: 'workload',
    'Mixed mode': 'machine',
    Benchmarks: 'machine',
    'Benchmarks: contention': 'fitted',
    'Benchmarks: one CPU': 'fitted',
  },
  migrations: {
    /**
     * v2 → v3: the benchmark scaling gained Gunther's coherency term κ (`coherencyPpm`). A v2
     * link had none, so it keeps its meaning with κ = 0 (Amdahl); the v3 default is a prior.
     */
    2: (params) => {
      const out = new Map(params);
      if (!params.has('coherencyPpm')) out.set('coherencyPpm', '0');
      return out;
    },
  },
  presets: FILE_CACHE_TABLES.map((t) => ({ id: t.value, title: t.label, params: {} })),
});
