import type { FileCacheParams } from './params';
import { mulberry32 } from '../random';

export type MixedModeParams = Pick<
  FileCacheParams,
  | 'blockBytes'
  | 'pageBytes'
  | 'discWriteLatencyMs'
  | 'discWriteMBps'
  | 'memCopyMBps'
  | 'translationUs'
  | 'syscallUs'
>;

export interface MixedModeCost {
  /** Microseconds per block, by component. */
  writeUs: number;
  flushUs: number;
  pageCopyUs: number;
  translateUs: number;
  v2Us: number;
  v3Us: number;
  speedup: number;
  pages: number;
}

/** µs to move `bytes` at `mbps` MB/s (1 MB/s = 1 B/µs). */
const moveUs = (bytes: number, mbps: number) => bytes / mbps;

/**
 * The mixed-mode program: write() a block, then read it at once through a mapping of the file.
 *
 *  both:   the write() call, and copying the block into the kernel's cache;
 *  11i v2: the data sits in the buffer cache, which the page cache does not see. Before the
 *          translation may be added the dirty buffer is flushed to disc (a synchronous write:
 *          latency + transfer), then each page is faulted into the page cache (a copy of the
 *          page) and its translation added;
 *  11i v3: the write() went into the page cache itself, so each page only needs its
 *          translation added — “we do not need to flush the data to disk before adding the
 *          translation” (seed 001).
 */
export function mixedModeCost(p: MixedModeParams): MixedModeCost {
  const pages = Math.ceil(p.blockBytes / p.pageBytes);
  const writeUs = p.syscallUs + moveUs(p.blockBytes, p.memCopyMBps);
  const flushUs = p.discWriteLatencyMs * 1000 + moveUs(p.blockBytes, p.discWriteMBps);
  const pageCopyUs = pages * moveUs(p.pageBytes, p.memCopyMBps);
  const translateUs = pages * p.translationUs;
  const v3Us = writeUs + translateUs;
  const v2Us = writeUs + flushUs + pageCopyUs + translateUs;
  return { writeUs, flushUs, pageCopyUs, translateUs, v2Us, v3Us, speedup: v2Us / v3Us, pages };
}

export type StealbackParams = Pick<
  FileCacheParams,
  | 'cachePages'
  | 'workingSetPages'
  | 'scanFilePages'
  | 'scanSharePct'
  | 'seqlimitFilePages'
  | 'seqlimitSystemPct'
  | 'steps'
  | 'seed'
>;

/** One file's resident pages in recency order (doubly linked over page numbers). */
class FileLru {
  readonly resident: Uint8Array;
  readonly lastUse: Float64Array;
  private readonly prev: Int32Array;
  private readonly next: Int32Array;
  head = -1;
  tail = -1;
  count = 0;

  constructor(pages: number) {
    this.resident = new Uint8Array(pages);
    this.lastUse = new Float64Array(pages);
    this.prev = new Int32Array(pages);
    this.next = new Int32Array(pages);
  }

  private unlink(p: number): void {
    const pp = this.prev[p]!;
    const np = this.next[p]!;
    if (pp >= 0) this.next[pp] = np;
    else this.head = np;
    if (np >= 0) this.prev[np] = pp;
    else this.tail = pp;
  }

  private pushFront(p: number): void {
    this.prev[p] = -1;
    this.next[p] = this.head;
    if (this.head >= 0) this.prev[this.head] = p;
    else this.tail = p;
    this.head = p;
  }

  touch(p: number, now: number): void {
    this.unlink(p);
    this.pushFront(p);
    this.lastUse[p] = now;
  }

  insert(p: number, now: number): void {
    this.resident[p] = 1;
    this.count++;
    this.pushFront(p);
    this.lastUse[p] = now;
  }

  evictOldest(): void {
    const p = this.tail;
    this.unlink(p);
    this.resident[p] = 0;
    this.count--;
  }
}

export interface StealbackRun {
  /** Working-set hit rate per window of references, in %. */
  windows: { endStep: number; wsHitPct: number; wsResidentPages: number }[];
  wsHits: number;
  wsRefs: number;
  scanHits: number;
  scanRefs: number;
  wsResidentEnd: number;
  scanResidentEnd: number;
}

/**
 * A random-access working set and a sequential reader share one file cache of `cachePages`.
 * Replacement is global LRU (the older of the two files' least recently used pages). With
 * stealback on, once the cache is `seqlimitSystemPct` full and the sequential file holds at
 * least `seqlimitFilePages`, its next page replaces its own oldest page instead (seed 001,
 * “Stealback”: pages are stolen from the same file beyond a threshold for sequential access).
 */
export function simulateStealback(
  p: StealbackParams,
  stealback: boolean,
  windowCount = 50,
): StealbackRun {
  const rand = mulberry32(p.seed);
  const ws = new FileLru(p.workingSetPages);
  const scan = new FileLru(p.scanFilePages);
  const cache = p.cachePages;
  const scanShare = p.scanSharePct / 100;
  const windowSteps = Math.max(1, Math.ceil(p.steps / windowCount));
  const systemLimit = (p.seqlimitSystemPct / 100) * cache;
  const windows: StealbackRun['windows'] = [];
  let scanPos = 0;
  let wsHits = 0;
  let wsRefs = 0;
  let scanHits = 0;
  let scanRefs = 0;
  let winHits = 0;
  let winRefs = 0;
  for (let t = 0; t < p.steps; t++) {
    const fromScan = rand() < scanShare;
    const file = fromScan ? scan : ws;
    let page: number;
    if (fromScan) {
      page = scanPos;
      scanPos = scanPos + 1 === p.scanFilePages ? 0 : scanPos + 1;
      scanRefs++;
    } else {
      page = Math.floor(rand() * p.workingSetPages);
      wsRefs++;
      winRefs++;
    }
    if (file.resident[page] === 1) {
      file.touch(page, t);
      if (fromScan) scanHits++;
      else {
        wsHits++;
        winHits++;
      }
    } else {
      const total = ws.count + scan.count;
      const steal =
        stealback && fromScan && scan.count >= p.seqlimitFilePages && total >= systemLimit;
      if (steal) scan.evictOldest();
      else if (total >= cache) {
        if (ws.count === 0) scan.evictOldest();
        else if (scan.count === 0) ws.evictOldest();
        else if (ws.lastUse[ws.tail]! <= scan.lastUse[scan.tail]!) ws.evictOldest();
        else scan.evictOldest();
      }
      file.insert(page, t);
    }
    if ((t + 1) % windowSteps === 0 || t + 1 === p.steps) {
      windows.push({
        endStep: t + 1,
        wsHitPct: winRefs ? (100 * winHits) / winRefs : NaN,
        wsResidentPages: ws.count,
      });
      winHits = 0;
      winRefs = 0;
    }
  }
  return {
    windows: windows.filter((w) => Number.isFinite(w.wsHitPct)),
    wsHits,
    wsRefs,
    scanHits,
    scanRefs,
    wsResidentEnd: ws.count,
    scanResidentEnd: scan.count,
  };
}
