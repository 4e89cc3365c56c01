/**
 * The file-access run step by step, as it was before the run was written out for speed
 * (src/models/file-access/simulate.ts at commit a3f6c1b, the mechanism's header there): a
 * reader object (on disc.ts's queue) whose methods are the mechanism's steps, a fresh array per
 * run, and every FREADSEEK call scanning its group. Kept only as the reference the fast run is
 * checked against (tests/unit/file-access-fast.test.ts): the same outputs, to the last bit.
 */
import type { FileAccessParams } from '../../src/models/file-access/params';
import { mulberry32 } from '../../src/models/random';
import { Disc, discSpecOf, type DiscSpec } from '../../src/models/file-access/disc';
import {
  logicalPageCount,
  simulateRuns,
  timelineOf,
  type FileAccessRun,
  type RunSpec,
  type SimulateOptions,
  type TimelineSegment,
} from '../../src/models/file-access/simulate';

/** How many pages start resident: exactly round(pages × pct / 100), within [0, pages]. */
function residentCount(pages: number, residentPct: number): number {
  return Math.min(pages, Math.max(0, Math.round((pages * residentPct) / 100)));
}

/** Marks exactly round(pages × pct / 100) pages resident, chosen by a seeded shuffle. */
function shuffledReadyTimes(pages: number, residentPct: number, seed: number): Float64Array {
  const ready = new Float64Array(pages).fill(Infinity);
  const resident = residentCount(pages, residentPct);
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

/**
 * The last file's starting state, kept: a table's rows and their intervals run the same file
 * (pages, residency, seed) a hundred times over, and the shuffle's random access over a large
 * file cost more than the run itself (over 80 % of a 12.8-million-page run), growing faster
 * than the file as it outgrew the caches. Each run gets its own copy (a sequential copy).
 */
let lastFile: { key: string; ready: Float64Array } | null = null;

function initialReadyTimes(pages: number, residentPct: number, seed: number): Float64Array {
  const resident = residentCount(pages, residentPct);
  // Nothing or everything resident: a fill, no shuffle to save.
  if (resident <= 0 || resident >= pages) return shuffledReadyTimes(pages, residentPct, seed);
  const key = `${pages}:${residentPct}:${seed}`;
  if (lastFile?.key !== key)
    lastFile = { key, ready: shuffledReadyTimes(pages, residentPct, seed) };
  return lastFile.ready.slice();
}

/** Reader and disc state for one run; methods are the mechanism's steps. */
class Simulation {
  now = 0;
  cpu = 0;
  pageFaults = 0;
  discRequests = 0;
  pagesRead = 0;
  cpuRunStart = 0;
  /** First page past the file system's own read-ahead window. */
  fsFrontier = 0;
  readonly disc: Disc;
  readonly cpuSegments: TimelineSegment[] = [];
  readonly discSegments: TimelineSegment[] = [];
  /** 1 while a page read from disc has not yet been mapped in (its page-in CPU is still owed). */
  readonly owed: Uint8Array;

  constructor(
    /** Time each page is (or will be) in memory: −∞ resident from the start, +∞ absent. */
    readonly ready: Float64Array,
    readonly mapped: boolean,
    disc: DiscSpec,
    readonly requestCpuMs: number,
    readonly pageInCpuMs: number,
    readonly faultCpuMs: number,
    readonly readAhead: number,
    readonly horizonMs: number,
    /** Whether a page a FREADSEEK asked for, reached beyond the window, starts the next one. */
    readonly windowOnSeekPage: boolean,
  ) {
    this.owed = new Uint8Array(ready.length);
    this.disc = new Disc(disc);
  }

  charge(ms: number): void {
    this.now += ms;
    this.cpu += ms;
  }

  /**
   * Request the absent pages among [first, first + count) as one request spanning the first
   * to the last of them (present pages between are passed over, not a new positioning).
   */
  request(first: number, count: number): void {
    const ready = this.ready;
    const end = Math.min(ready.length, first + count);
    let a = Math.max(0, first);
    while (a < end && ready[a] !== Infinity) a++;
    if (a >= end) return;
    let b = end - 1;
    while (ready[b] !== Infinity) b--;
    const span = b - a + 1;
    const start = this.disc.serve(this.now, a, span);
    const { begin, done } = this.disc;
    const transfer = this.disc.spec.transferMsPerPage;
    // Pages arrive in file order as they are transferred (see the header).
    for (let i = 0; i < span; i++) {
      if (ready[a + i] !== Infinity) continue;
      ready[a + i] = start + (i + 1) * transfer;
      this.owed[a + i] = 1;
      this.pagesRead++;
    }
    this.discRequests++;
    this.charge(this.requestCpuMs);
    if (begin < this.horizonMs) this.discSegments.push({ start: begin, end: done, kind: 'disc' });
  }

  wait(until: number): void {
    if (until <= this.now) return;
    if (this.now < this.horizonMs) {
      if (this.now > this.cpuRunStart)
        this.cpuSegments.push({ start: this.cpuRunStart, end: this.now, kind: 'cpu' });
      this.cpuSegments.push({ start: this.now, end: until, kind: 'stall' });
      this.cpuRunStart = until;
    }
    this.now = until;
  }

  /** The memory manager maps a page's frames once it has arrived and is first needed. */
  mapIn(page: number): void {
    this.owed[page] = 0;
    this.charge(this.pageInCpuMs);
  }

  /** The reader needs `page`: fault (mapped) or file-system read-ahead, then wait for it. */
  touch(page: number): void {
    const at = this.ready[page]!;
    // The file system decides from what was asked for, never from whether it has arrived yet:
    // a page a FREADSEEK brought beyond its window starts its next window whether the transfer
    // has finished or not (see the header: so a slower disc never changes what is asked).
    const seekPage = this.windowOnSeekPage && at !== -Infinity && page >= this.fsFrontier;
    if (!this.mapped && (at === Infinity || seekPage)) {
      this.request(page, this.readAhead);
      this.fsFrontier = page + this.readAhead;
    }
    if (at <= this.now) {
      if (this.owed[page]) this.mapIn(page);
      return;
    }
    if (this.mapped) {
      this.pageFaults++;
      this.charge(this.faultCpuMs);
      if (at === Infinity) this.request(page, 1);
    }
    this.wait(this.ready[page]!);
    this.mapIn(page);
  }
}

/** The mean over alignments and readings of src's run, each run step by step here. */
export const referenceFileAccess = (
  params: FileAccessParams,
  run: RunSpec,
  options: SimulateOptions = {},
): FileAccessRun => simulateRuns(params, run, options, simulateAligned);

/** One run with the FREADSEEK groups' boundaries at pages ≡ −phase (mod seekCallPages). */
function simulateAligned(
  params: FileAccessParams,
  run: RunSpec,
  options: SimulateOptions,
  phase: number,
  windowOnSeekPage: boolean,
): FileAccessRun {
  const records = params.records;
  const recordBytes = params.recordBytes;
  const pageBytes = params.logicalPageBytes;
  const pages = logicalPageCount(records, recordBytes, pageBytes);
  // A frame holds at most one logical page; a page of several frames costs them in proportion.
  const framesPerPage = Math.max(1, pageBytes / params.physicalPageBytes);
  const ready = initialReadyTimes(pages, params.residentPct, params.seed);
  const residentPages = residentCount(pages, params.residentPct);

  const perRecordUs =
    run.method === 'mapped'
      ? params.cpuMappedUsPerRecord
      : run.method === 'freaddir'
        ? params.cpuFreadDirUsPerRecord
        : params.cpuFreadUsPerRecord;
  const recordCpuMs = (perRecordUs + recordBytes * params.cpuMoveUsPerByte) / 1000;
  const seekCpuMs = params.cpuSeekCallUs / 1000;
  const seekEvery = params.seekEveryRecords;
  const distance = params.prefetchDistanceRecords;
  const prefetchPages = params.prefetchPages;
  const callPages = Math.max(1, params.seekCallPages);
  const callsPerPoint = Math.max(1, Math.ceil(prefetchPages / callPages));
  const freadseek = run.freadseek;
  const horizon = options.timelineMs ?? -Infinity;
  const sim = new Simulation(
    ready,
    run.method === 'mapped',
    discSpecOf(params),
    params.cpuIoRequestUs / 1000,
    (params.cpuPageInUsPerFrame * framesPerPage) / 1000,
    params.cpuFaultUs / 1000,
    params.readAheadPages,
    horizon,
    windowOnSeekPage,
  );

  // Walk the records event by event. Between two events (a FREADSEEK call, or the first
  // record that reaches a page not yet touched) nothing but CPU happens, so those records
  // are charged in one step: the cost is O(pages + FREADSEEK calls), not O(records).
  let lastTouched = -1;
  let r = 0;
  while (r < records) {
    if (freadseek && r % seekEvery === 0) {
      const target = r + distance;
      const first = Math.floor((target * recordBytes) / pageBytes);
      for (let c = 0; c < callsPerPoint; c++) {
        // One FREADSEEK call per `callPages` pages: the system, not the call, sets the amount,
        // reading the aligned group that holds the named page.
        sim.charge(seekCpuMs);
        const page = first + c * callPages;
        if (target < records && page < pages)
          sim.request(Math.floor((page + phase) / callPages) * callPages - phase, callPages);
      }
    }
    const lastPage = Math.floor(((r + 1) * recordBytes - 1) / pageBytes);
    // Pages already touched are resident for good (nothing is evicted during one read).
    for (
      let p = Math.max(lastTouched + 1, Math.floor((r * recordBytes) / pageBytes));
      p <= lastPage;
      p++
    )
      sim.touch(p);
    if (lastPage > lastTouched) lastTouched = lastPage;
    // The next record that ends on an untouched page, and the next FREADSEEK call.
    const nextPage = Math.ceil(((lastTouched + 1) * pageBytes + 1) / recordBytes) - 1;
    const nextSeek = freadseek ? (Math.floor(r / seekEvery) + 1) * seekEvery : records;
    const next = Math.max(r + 1, Math.min(nextPage, nextSeek, records));
    sim.charge((next - r) * recordCpuMs);
    r = next;
  }

  const h = options.timelineMs;
  const timeline =
    h === undefined
      ? null
      : timelineOf(sim.cpuSegments, sim.discSegments, sim.cpuRunStart, sim.now, h);
  return {
    cpuMs: sim.cpu,
    elapsedMs: sim.now,
    deltaMs: sim.now - sim.cpu,
    pageFaults: sim.pageFaults,
    discRequests: sim.discRequests,
    discBusyMs: sim.disc.busyMs,
    pagesRead: sim.pagesRead,
    logicalPages: pages,
    residentPages,
    timeline,
  };
}
