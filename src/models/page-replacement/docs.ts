import type { ParamDocs } from '../types';
import type { PAGE_REPLACEMENT_PARAMS } from './params';

/**
 * What each parameter means physically, and where its default came from: the controls'
 * words, loaded with them (the registry's `loadParamDocs`), never with the permalink codec.
 */
export const PAGE_REPLACEMENT_DOCS = {
  experiment:
    'A named setup; choosing one loads its reference string and memory size. Change anything after that freely.',
  refsPreset:
    'A classic string from the literature (page numbers), or one generated from the pattern below.',
  refs: 'Page numbers separated by commas, as in OSTEP’s paging-policy.py -a, or a trace file loaded below. When given, it replaces the string chosen above; leave it empty to use that one. A link writes a string longer than 1,000 characters packed (refs=packed.… — base64url of fixed-width or delta-coded numbers; see docs/permalinks.md).',
  pattern: 'How a generated string picks the next item. Ignored for the classic strings.',
  refCount:
    'Length of the generated string. Strings of 64 or fewer also get a step-by-step trace. (Runs of up to ten million references: the Long runs panel below the charts.)',
  distinctItems: 'How many different records the loop, uniform, hot-set and Zipf patterns use.',
  itemBytes:
    'Bytes per record; item i occupies addresses i × size to (i + 1) × size − 1, and a reference reads all of it: every page it spans. Records smaller than a page share pages; a record larger than a page touches several.',
  pageBytes:
    'Addresses become page numbers by dividing by this, and the memory holds memory ÷ page size frames. Bigger pages: fewer distinct pages and fewer misses on neighbouring records, but fewer frames, each miss transfers more bytes, and a page holds records nobody asked for (internal fragmentation).',
  hotItems: 'Hot-set pattern: the first this many items are the hot set.',
  hotPct:
    'Hot-set pattern: share of references that go to the hot set; the rest continue the scan.',
  zipfExponent:
    'Zipf pattern: skew. 0 is uniform; 1 is the classic Zipf; higher concentrates on fewer items.',
  seed: 'Seeds the generated string and RAND’s choice of victim. Same seed, same numbers.',
  memoryKB:
    'Physical memory for pages. It holds memory ÷ page size frames (rounded down; under one page, none: every reference misses), so changing the page size at the same memory changes the frames, not the bytes.',
  tracePolicy: 'Which policy the step-by-step trace follows (short strings only).',
  discPositionMs:
    'Seek + rotational latency paid once by every miss, whatever the page size. Default: the file-access model’s disc (next-blocks seek + half a revolution, fitted to the SL.PUB.SYS elapsed cells); a fault far from the last one would pay the average seek instead (about 28 ms).',
  discTransferMsPerKB:
    'Time to transfer each KB of the missing page once positioned: a miss costs positioning + page size × this. Default: the file-access model’s disc (the era’s HP disc rates as an effective rate, about 1.4 MB/s).',
  cpuPerRefUs:
    'Work the program does per reference when the page is present: at least 0.1 µs, a few instructions (a reference is never free).',
} as const satisfies ParamDocs<typeof PAGE_REPLACEMENT_PARAMS>;

export default PAGE_REPLACEMENT_DOCS;
