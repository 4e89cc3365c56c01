import { defineInfo } from '../define';
import { PAGE_REPLACEMENT_PARAMS } from './params';
import { DEFAULTS } from './constants';

/** The model's declarations: all the main thread needs (no mechanism, see ../types.ts). */
export const pageReplacementInfo = defineInfo({
  id: 'page-replacement',
  version: 3,
  title: 'Page replacement and the memory cliff',
  paper: '000_525c0b5ef756a1ce.txt',
  summary:
    'FIFO, LRU, OPT (Belady), CLOCK and RAND replay the same reference string in the same memory. ' +
    'Shrink memory below the working set and the misses — each a disc read — jump: the “very sharp drop in performance when not enough memory is available” of §5.',
  params: PAGE_REPLACEMENT_PARAMS,
  presetParam: 'experiment',
  dragParam: 'memoryKB',
  sections: {
    Experiment: 'workload',
    'Reference string': 'workload',
    Memory: 'machine',
    Cost: 'machine',
  },
  migrations: {
    /**
     * v1 → v2: memory was `frames` (so a bigger page also meant more memory) and a miss cost a
     * flat `discReadMs`. Memory is now `memoryKB` (frames = memory ÷ page size) and a miss
     * costs `discPositionMs` + page size × `discTransferMsPerKB`. A v1 link keeps its meaning:
     * the same bytes (frames × its page size) and the same time per miss at its page size
     * (positioning = that time less the default transfer of one page; all transfer when the
     * time is shorter than that).
     */
    1: (params) => {
      const out = new Map(params);
      const pageBytes = Number(params.get('pageBytes') ?? 4096);
      const pageKB = (Number.isFinite(pageBytes) && pageBytes > 0 ? pageBytes : 4096) / 1024;
      const num = (x: number) => String(Number(x.toPrecision(10)));
      const frames = params.get('frames');
      out.delete('frames');
      if (frames !== undefined) {
        const f = Number(frames);
        // Not a number: passed on under its new name, so the link's problem is reported.
        out.set('memoryKB', frames.trim() !== '' && Number.isFinite(f) ? num(f * pageKB) : frames);
      }
      const read = params.get('discReadMs');
      out.delete('discReadMs');
      if (read !== undefined) {
        const ms = Number(read);
        const transfer = DEFAULTS.discTransferMsPerKB * pageKB;
        if (read.trim() === '' || !Number.isFinite(ms)) out.set('discPositionMs', read);
        else if (ms >= transfer) out.set('discPositionMs', num(ms - transfer));
        else {
          out.set('discPositionMs', '0');
          out.set('discTransferMsPerKB', num(Math.max(0, ms) / pageKB));
        }
      }
      return out;
    },
    /**
     * v2 → v3 (issue 33): the same parameters, drawn and costed anew. The Zipf string is drawn
     * so that a small move of its exponent re-draws few references, RAND's victim is a hash of
     * the reference's position, and the default miss reads the file-access model's refit disc
     * (20.43 ms + 0.7175 ms/KB, was 21.04 + 0.579). A v2 link opens as it was; its numbers may
     * differ (v2's are in public/recorded/page-replacement-v2.json).
     */
    2: (params) => new Map(params),
  },
  presets: [
    {
      id: 'replacement-belady',
      title: 'Belady’s anomaly string, 3 frames of 4 KB (FIFO 9 misses; try 4: 16 KB)',
      params: { refsPreset: 'belady', memoryKB: 12, tracePolicy: 'FIFO' },
    },
    {
      id: 'replacement-textbook',
      title: 'Textbook string, 3 frames of 4 KB (FIFO 15, LRU 12, OPT 9 faults)',
      params: { refsPreset: 'silberschatz', memoryKB: 12, tracePolicy: 'OPT' },
    },
    {
      id: 'replacement-loop-cliff',
      title: 'Loop over 100 pages in 90 frames (360 KB): LRU falls off the cliff',
      params: { pattern: 'loop', distinctItems: 100, memoryKB: 360 },
    },
    {
      id: 'replacement-hot-scan',
      title: 'Hot set + scan: a scan wipes LRU’s hot pages',
      params: {
        pattern: 'hotscan',
        distinctItems: 2000,
        hotItems: 50,
        hotPct: 70,
        memoryKB: 400,
      },
    },
    {
      id: 'replacement-zipf',
      title: 'Zipf (s = 1) over 5,000 records of 512 B in 800 KB: page size matters',
      params: {
        pattern: 'zipf',
        distinctItems: 5000,
        itemBytes: 512,
        zipfExponent: 1,
        memoryKB: 800,
        refCount: 20_000,
      },
    },
  ],
});
