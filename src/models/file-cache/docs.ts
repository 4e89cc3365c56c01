import type { ParamDocs } from '../types';
import type { FILE_CACHE_PARAMS } from './params';

/**
 * What each parameter means physically, and where its default came from: the controls'
 * words, loaded with them (the registry's `loadParamDocs`), never with the permalink codec.
 */
export const FILE_CACHE_DOCS = {
  table:
    'Which of the paper’s tables is shown first. The benchmark tables are measurements the paper gives no mechanism for.',
  blockBytes:
    'Bytes the program write()s and then reads back through its mapping. The paper does not say; 64 KB is an assumption.',
  pageBytes:
    'Translations are added one page at a time (4 KB base pages; UFC also supports large pages).',
  discWriteLatencyMs:
    'Fixed cost of one synchronous write to disc (positioning, or an array’s write cache, plus the driver). Fitted to the 32× cell; see constants.ts.',
  discWriteMBps:
    'Transfer rate of the flush once it starts (80 MB/s: a 2007 SCSI/FC disc; assumption).',
  memCopyMBps:
    'Kernel copy of file data (write() into the cache; on 11i v2 also buffer cache → page cache). 1,000 MB/s: assumption.',
  translationUs:
    'Page fault and inserting one virtual → physical translation, per page (assumption).',
  syscallUs: 'Entering and leaving the kernel for the write() (assumption).',
  cachePages:
    'Pages the file cache may hold for read()/write() data: the filecache_max tunable, in pages.',
  workingSetPages: 'A file read at random, page by page, uniformly over this many pages.',
  scanFilePages:
    'A second file read sequentially from start to end, then again. Larger than the cache, it can wipe it.',
  scanSharePct:
    'Share of page references made by the sequential reader; the rest are the working set’s.',
  seqlimitFilePages:
    'With stealback on, a sequentially read file holding this many pages takes its next page from its own oldest page.',
  seqlimitSystemPct: 'Stealback kicks in only once the file cache is this full.',
  steps: 'Length of the stealback run (working-set and scan references together).',
  seed: 'Seeds which working-set page is read and when the scan reads. Same seed, same numbers.',
  cpus: 'Core count of the machine the benchmark tables add a row for (the paper measured 4-, 8- and 64-way). The charts run 1–128.',
  platform:
    'IA: HP Integrity (Itanium 2); PA: PA-RISC. The same kernel code weighs differently on each: see the two PA knobs.',
  lockSharePct:
    'Share of a one-CPU file-system call (SDET, iozone) that 11i v2 spends holding its global buffer-cache lock, on IA: Gunther’s σ. Fitted to the 4- and 8-way cells; poorly pinned (see constants.ts).',
  v3LockKeptPct:
    'Share of v2’s serialization left in 11i v3: per-vnode page lists remove the global lock from file data, but metadata stays in the buffer cache and one memory resource group holds all file-cache pages.',
  paLockScale:
    'σ on PA as a multiple of σ on IA (also for unmount’s growth): a lock’s cache-line transfers weigh differently against a PA-8x00’s and an Itanium 2’s path.',
  unmountGrowthPct:
    'How much 11i v2’s unmount work grows per extra CPU of machine size, as a share of its one-CPU work (a bigger machine has a bigger buffer cache to walk, and SDET leaves more in it). v3 grows φ as fast.',
  coherencyPpm:
    'Gunther’s coherency cost κ × 10⁶: each CPU drags shared file data and metadata through the other CPUs’ caches, a cost per pair of CPUs, N(N − 1). It makes throughput peak and fall on a large machine and pulls v3’s 64-way lead back. The 4- and 8-way cells cannot pin it: the default is a stated prior (about 10⁻⁴; see constants.ts). 0 is Amdahl’s law.',
  paPathWeight:
    'Share of an operation spent in the kernel code UFC changed, on PA relative to IA: 1 − 1/A(PA) = ω · (1 − 1/a).',
  sdetOneCpuRatio:
    'SDET throughput of 11i v3 over 11i v2 on one IA CPU: the path change alone (kernel mapping and faults on read()/write(), against pages kept cached until re-used).',
  iozoneOneCpuRatio: 'iozone children’s throughput of 11i v3 over 11i v2 on one IA CPU.',
  iozoneParentFactor:
    'The parent-seen v3 ÷ v2 ratio over the children-seen one: the parent’s clock also covers starting and ending the children and creating and removing their files, which did not speed up.',
  unmountOneCpuRatio:
    'Unmount rate (v2 time ÷ v3 time) on a one-CPU IA machine: below 1, since tearing down pages is expensive in v3 (“Future UFC enhancements”).',
  postmarkOneCpuRatio:
    'PostMark (single process, metadata heavy) on IA: every file created and deleted builds and tears down pages and VM structures, and metadata still goes through the buffer cache.',
  azOneCpuRatio:
    'iozone -az (single process, read()/write()) on IA, averaged over ~300 file and record sizes.',
  mmapOneCpuRatio:
    'iozone -az through mmap() on IA: mapped pages and file data are one cache, with no flush between the two ways in.',
} as const satisfies ParamDocs<typeof FILE_CACHE_PARAMS>;

export default FILE_CACHE_DOCS;
