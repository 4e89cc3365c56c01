import type { ParamDocs } from '../types';
import type { FILE_ACCESS_PARAMS } from './params';

/**
 * What each parameter means physically, and where its default came from: the controls'
 * words, loaded with them (the registry's `loadParamDocs`), never with the permalink codec.
 */
export const FILE_ACCESS_DOCS = {
  table:
    'Which of the paper’s tables the rows are compared with. Choosing one loads its experiment.',
  records: 'Number of fixed-length records read sequentially. SL.PUB.SYS has 89,867.',
  recordBytes:
    'Bytes per record. MPE/iX stores records with no gaps, so the file is records × size bytes.',
  logicalPageBytes:
    'Unit of paging and disc transfer (4,096 B on MPE/iX). A page fault brings in one logical page; its transfer takes its bytes × the disc’s time per KB.',
  physicalPageBytes:
    'Hardware page frame (2,048 B on HPPA). A logical page occupies logical ÷ physical frames, each mapped by the memory manager; a logical page smaller than a frame still takes a whole frame, and a frame size that does not divide the page costs in proportion.',
  residentPct:
    'Share of the file’s pages resident before the run (the flush between runs was imperfect). Which pages is drawn with the seed.',
  seed: 'Seeds the choice of which pages are already resident. Same seed, same numbers.',
  readAheadPages:
    'Logical pages the file system asks for when FREAD/FREADDIR finds its page absent. The paper infers 15–16 from the Fread delta.',
  seekEveryRecords:
    'The test program calls FREADSEEK once every this many reads (4 in §1.3; every 24 pages = 384 records in the Postscript).',
  prefetchDistanceRecords:
    'How far ahead of the current record FREADSEEK asks for data (4 in §1.3, 128 in the Postscript).',
  prefetchPages:
    'Logical pages the program prefetches at each FREADSEEK point (8 in §1.3; 24 in the Postscript). FREADSEEK names a record, not an amount, so this takes ⌈size ÷ pages per call⌉ calls.',
  seekCallPages:
    'Logical pages the system reads for one FREADSEEK call, as one disc request. 8 on MPE/iX (the Postscript: “the prefetch was reading 8 logical pages”); the program cannot change it.',
  discShortSeekMs:
    'Positioning besides rotation for a request that starts where the previous one ended (the next blocks of a sequential file): track-to-track seek, settling and the controller’s command overhead. Fitted to the SL.PUB.SYS elapsed cells.',
  discSeekMs:
    'Average seek, across a third of the disc: paid by a run’s first request. A jump of d bytes within the file pays the next-blocks seek plus (average − next-blocks) × √(d ÷ 200 MB). Never less than the next-blocks seek.',
  discRotationMs:
    'Average wait for the first sector to come under the head: half a revolution (8.33 ms at 3,600 rpm). Paid by every request.',
  discTransferMsPerKB:
    'Time to transfer 1,024 B once the head is positioned, so a page of b bytes takes b ÷ 1,024 × this. Pages of a request arrive one after another and each is usable on arrival. Pinned by the era’s disc rates (1.0–2.9 MB/s: 0.36–1.0 ms per KB), not by the paper’s tables.',
  cpuMappedUsPerRecord: 'CPU per record for the mapped-file loop, besides moving its bytes.',
  cpuFreadDirUsPerRecord:
    'CPU for one FREADDIR intrinsic call on resident data, besides moving its bytes.',
  cpuFreadUsPerRecord:
    'CPU for one FREAD intrinsic call on resident data, besides moving its bytes.',
  cpuMoveUsPerByte:
    'CPU per byte copied into the program’s buffer (every method moves the record’s bytes).',
  cpuFaultUs:
    'CPU to take a page fault on a mapped access (trap, look-up, restart), besides the disc request it starts.',
  cpuIoRequestUs:
    'CPU to start one disc request and take its completion interrupt, whatever its size.',
  cpuPageInUsPerFrame:
    'CPU the memory manager spends per physical page frame brought in from disc (allocate, map, first touch).',
  cpuSeekCallUs: 'CPU for one FREADSEEK call, besides any disc request it starts.',
} as const satisfies ParamDocs<typeof FILE_ACCESS_PARAMS>;

export default FILE_ACCESS_DOCS;
