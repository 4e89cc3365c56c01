import { defineInfo } from '../define';
import { PAGE_REPLACEMENT_PARAMS } from './params';

/** The model's declarations: all the main thread needs (no mechanism, see ../types.ts). */
export const pageReplacementInfo = defineInfo({
  id: 'page-replacement',
  version: 1,
  title: 'Page replacement and the memory cliff',
  paper: '000_525c0b5ef756a1ce.txt',
  summary:
    'FIFO, LRU, OPT (Belady), CLOCK and RAND replay the same reference string in the same memory. ' +
    'Shrink memory below the working set and the misses — each a disc read — jump: the “very sharp drop in performance when not enough memory is available” of §5.',
  params: PAGE_REPLACEMENT_PARAMS,
  presetParam: 'experiment',
  dragParam: 'frames',
  sections: {
    Experiment: 'workload',
    'Reference string': 'workload',
    Memory: 'machine',
    Cost: 'machine',
  },
  presets: [
    {
      id: 'replacement-belady',
      title: 'Belady’s anomaly string, 3 frames (FIFO 9 misses; try 4)',
      params: { refsPreset: 'belady', frames: 3, tracePolicy: 'FIFO' },
    },
    {
      id: 'replacement-textbook',
      title: 'Textbook string, 3 frames (FIFO 15, LRU 12, OPT 9 faults)',
      params: { refsPreset: 'silberschatz', frames: 3, tracePolicy: 'OPT' },
    },
    {
      id: 'replacement-loop-cliff',
      title: 'Loop over 100 pages in 90 frames: LRU falls off the cliff',
      params: { pattern: 'loop', distinctItems: 100, frames: 90 },
    },
    {
      id: 'replacement-hot-scan',
      title: 'Hot set + scan: a scan wipes LRU’s hot pages',
      params: { pattern: 'hotscan', distinctItems: 2000, hotItems: 50, hotPct: 70, frames: 100 },
    },
    {
      id: 'replacement-zipf',
      title: 'Zipf (s = 1) over 5,000 records of 512 B: page size matters',
      params: {
        pattern: 'zipf',
        distinctItems: 5000,
        itemBytes: 512,
        zipfExponent: 1,
        frames: 200,
        refCount: 20_000,
      },
    },
  ],
});
