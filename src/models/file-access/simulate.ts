import type { TimelineSegmentKind } from '../types';
import type { FileAccessParams } from './params';

/**
 * Sequential read of a file of fixed-length records, simulated event by event:
 * one reader (the CPU) and one disc that serves requests in order. The reader issues a
 * request when it finds a page absent (or, with FREADSEEK, ahead of time); the disc
 * finishes it at `max(now, disc free) + latency + pages × transfer`; the reader stalls
 * only if it reaches a page before its request has finished. So *when* data is asked for
 * matters, not only how much.
 *
 * Rules (from the MPE/iX paper, §1.2–1.4 and the Postscript):
 * - Memory mapped: touching an absent page is a page fault; the memory manager reads
 *   exactly one logical page.
 * - FREAD / FREADDIR: the file system, finding its page not yet in memory, asks for the
 *   absent pages of its read-ahead window [page, page + readAheadPages).
 *   If the page is already on its way (a FREADSEEK asked for it), the file system still
 *   asks for the rest of its window, then waits.
 * - FREADSEEK (every `seekEveryRecords` records): if the page holding record
 *   `current + prefetchDistanceRecords` is absent, request up to `prefetchPages` absent
 *   pages from there, and return at once (asynchronous).
 * - CPU: a per-record cost by method and a per-byte move cost; a per-request cost when a
 *   disc request is issued; a per-frame page-in cost when a page read from disc is first
 *   needed after it arrived (the mapping work cannot overlap the transfer); a page fault
 *   adds its trap cost; a FREADSEEK call adds its call cost.
 */

export type AccessMethod = 'mapped' | 'freaddir' | 'fread';

export interface RunSpec {
  method: AccessMethod;
  /** Whether the program calls FREADSEEK (with the scenario's prefetch parameters). */
  freadseek: boolean;
}

export interface TimelineSegment {
  start: number;
  end: number;
  kind: TimelineSegmentKind;
}

export interface FileAccessRun {
  cpuMs: number;
  elapsedMs: number;
  /** Time the reader spent waiting for the disc: elapsed − CPU. */
  deltaMs: number;
  pageFaults: number;
  discRequests: number;
  /** Logical pages read from disc. */
  pagesRead: number;
  logicalPages: number;
  /** Pages resident before the run started. */
  residentPages: number;
  /** CPU and stall segments of the reader, and busy segments of the disc, up to the horizon. */
  timeline: { cpu: TimelineSegment[]; disc: TimelineSegment[]; horizonMs: number } | null;
}

export interface SimulateOptions {
  /** Record a timeline of the first `timelineMs` milliseconds (off when absent). */
  timelineMs?: number;
}

/** A small, fast, seeded PRNG (mulberry32): same seed, same pages resident. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function logicalPageCount(records: number, recordBytes: number, pageBytes: number): number {
  return Math.ceil((records * recordBytes) / pageBytes);
}

/** Marks exactly round(pages × pct / 100) pages resident, chosen by a seeded shuffle. */
function initialReadyTimes(pages: number, residentPct: number, seed: number): Float64Array {
  const ready = new Float64Array(pages).fill(Infinity);
  const resident = Math.round((pages * residentPct) / 100);
  if (resident >= pages) return ready.fill(-Infinity);
  if (resident <= 0) return ready;
  const order = new Uint32Array(pages);
  for (let i = 0; i < pages; i++) order[i] = i;
  const rand = mulberry32(seed);
  for (let i = 0; i < resident; i++) {
    const j = i + Math.floor(rand() * (pages - i));
    const tmp = order[i]!;
    order[i] = order[j]!;
    order[j] = tmp;
    ready[order[i]!] = -Infinity;
  }
  return ready;
}

export function simulateFileAccess(
  params: FileAccessParams,
  run: RunSpec,
  options: SimulateOptions = {},
): FileAccessRun {
  const records = params.records;
  const recordBytes = params.recordBytes;
  const pageBytes = params.logicalPageBytes;
  const pages = logicalPageCount(records, recordBytes, pageBytes);
  const framesPerPage = Math.max(1, Math.ceil(pageBytes / params.physicalPageBytes));
  const ready = initialReadyTimes(pages, params.residentPct, params.seed);
  /** 1 while a page read from disc has not yet been mapped in (its page-in CPU is still owed). */
  const owed = new Uint8Array(pages);
  let residentPages = 0;
  for (let i = 0; i < pages; i++) if (ready[i] === -Infinity) residentPages++;

  const latencyMs = params.discLatencyMs;
  const transferMs = params.discTransferMsPerPage;
  const requestCpuMs = params.cpuIoRequestUs / 1000;
  const pageInCpuMs = (params.cpuPageInUsPerFrame * framesPerPage) / 1000;
  const faultCpuMs = params.cpuFaultUs / 1000;
  const seekCpuMs = params.cpuSeekCallUs / 1000;
  const perRecordUs =
    run.method === 'mapped'
      ? params.cpuMappedUsPerRecord
      : run.method === 'freaddir'
        ? params.cpuFreadDirUsPerRecord
        : params.cpuFreadUsPerRecord;
  const recordCpuMs = (perRecordUs + recordBytes * params.cpuMoveUsPerByte) / 1000;
  const readAhead = params.readAheadPages;
  const seekEvery = params.seekEveryRecords;
  const distance = params.prefetchDistanceRecords;
  const prefetchPages = params.prefetchPages;

  let now = 0;
  let cpu = 0;
  let discFreeAt = 0;
  let pageFaults = 0;
  let discRequests = 0;
  let pagesRead = 0;

  const horizon = options.timelineMs;
  const cpuSegments: TimelineSegment[] = [];
  const discSegments: TimelineSegment[] = [];
  let cpuRunStart = 0;

  /** Request the absent pages among [first, first + count), stopping at the first page that is not absent. */
  const request = (first: number, count: number): void => {
    const end = Math.min(pages, first + count);
    let n = 0;
    while (first + n < end && ready[first + n] === Infinity) n++;
    if (n === 0) return;
    const begin = Math.max(now, discFreeAt);
    const done = begin + latencyMs + n * transferMs;
    discFreeAt = done;
    for (let i = 0; i < n; i++) {
      ready[first + i] = done;
      owed[first + i] = 1;
    }
    discRequests++;
    pagesRead += n;
    now += requestCpuMs;
    cpu += requestCpuMs;
    if (horizon !== undefined && begin < horizon)
      discSegments.push({ start: begin, end: done, kind: 'disc' });
  };

  /** First absent page in [from, to), or -1. */
  const firstAbsent = (from: number, to: number): number => {
    const end = Math.min(pages, to);
    for (let i = from; i < end; i++) if (ready[i] === Infinity) return i;
    return -1;
  };

  const wait = (until: number): void => {
    if (until <= now) return;
    if (horizon !== undefined && now < horizon) {
      if (now > cpuRunStart) cpuSegments.push({ start: cpuRunStart, end: now, kind: 'cpu' });
      cpuSegments.push({ start: now, end: until, kind: 'stall' });
      cpuRunStart = until;
    }
    now = until;
  };

  /** The memory manager maps a page's frames once it has arrived and is first needed. */
  const mapIn = (page: number): void => {
    owed[page] = 0;
    now += pageInCpuMs;
    cpu += pageInCpuMs;
  };

  const touch = (page: number): void => {
    const at = ready[page]!;
    if (at <= now) {
      if (owed[page]) mapIn(page);
      return;
    }
    if (run.method === 'mapped') {
      pageFaults++;
      now += faultCpuMs;
      cpu += faultCpuMs;
      if (at === Infinity) request(page, 1);
    } else {
      const from = at === Infinity ? page : firstAbsent(page + 1, page + readAhead);
      if (from >= 0) request(from, page + readAhead - from);
    }
    wait(ready[page]!);
    mapIn(page);
  };

  for (let r = 0; r < records; r++) {
    if (run.freadseek && r % seekEvery === 0) {
      now += seekCpuMs;
      cpu += seekCpuMs;
      const target = r + distance;
      if (target < records) {
        const page = Math.floor((target * recordBytes) / pageBytes);
        if (ready[page] === Infinity) request(page, prefetchPages);
      }
    }
    const firstPage = Math.floor((r * recordBytes) / pageBytes);
    const lastPage = Math.floor(((r + 1) * recordBytes - 1) / pageBytes);
    for (let p = firstPage; p <= lastPage; p++) touch(p);
    now += recordCpuMs;
    cpu += recordCpuMs;
  }

  let timeline: FileAccessRun['timeline'] = null;
  if (horizon !== undefined) {
    if (now > cpuRunStart && cpuRunStart < horizon)
      cpuSegments.push({ start: cpuRunStart, end: now, kind: 'cpu' });
    const clip = (s: TimelineSegment): TimelineSegment => ({ ...s, end: Math.min(s.end, horizon) });
    timeline = {
      cpu: cpuSegments.filter((s) => s.start < horizon).map(clip),
      disc: discSegments.map(clip),
      horizonMs: horizon,
    };
  }

  return {
    cpuMs: cpu,
    elapsedMs: now,
    deltaMs: now - cpu,
    pageFaults,
    discRequests,
    pagesRead,
    logicalPages: pages,
    residentPages,
    timeline,
  };
}
