import type { TimelineSegmentKind } from '../types';
import { FILE_ACCESS_PARAMS, type FileAccessParams } from './params';
import { mulberry32 } from '../random';
import { Disc, discSpecOf, type DiscSpec } from './disc';

/**
 * Sequential read of a file of fixed-length records, simulated event by event:
 * one reader (the CPU) and one disc (disc.ts) that serves requests one at a time, in the order
 * they were issued. A request pays its positioning (seek + rotation) once, then transfers its
 * pages in file order: page i (0-based) is in memory at `start + (i + 1) × transfer`. The
 * reader stalls only if it reaches a page before that page has arrived. So *when* data is
 * asked for matters, not only how much.
 *
 * Why a page is usable before its whole request has finished: on SL.PUB.SYS a file-system
 * read (≈15 pages) makes the reader wait about what one 1-page fault does (8.4–9.0 s over
 * ≈375 reads ≈ 22.5 ms each, vs 126.6 s over 5,617 faults). If the reader had to wait for the
 * last page of the read, that would take a transfer time ≤ 0.1 ms per 4 KB page (40 MB/s),
 * far beyond the era's discs (1.0–2.9 MB/s, constants.ts). With pages arriving in order,
 * the wait is positioning + one page and transfer hides under the reader's CPU.
 *
 * Rules (from the MPE/iX paper, §1.2–1.4 and the Postscript):
 * - Memory mapped: touching an absent page is a page fault; the memory manager reads
 *   exactly one logical page. A fault on a page already on its way waits for that page.
 * - FREAD / FREADDIR: the file system keeps a read-ahead window. When the reader needs a page
 *   that is absent, it asks for the absent pages of the window [page, page + readAheadPages)
 *   as one request, and that window becomes its own. A page a FREADSEEK asked for, reached
 *   beyond that window, has two readings the paper does not choose between (readAheadRulesOf):
 *   it starts the next window, or it is a hit and starts nothing; a FREADSEEK run is the mean
 *   of both. Either way the decision rests on what was asked for, never on whether it has
 *   arrived yet, so a slower disc cannot change the requests and make a reader faster (issue
 *   33: 51.8 s at 1.42 ms per KB, 49.7 s at 1.45, when an arrived page started no window and
 *   one still on its way did). A page inside its own window is waited
 *   for, never asked for again: a reader that outruns the disc follows the transfer, so
 *   elapsed slides towards the disc's busy time instead of splitting into one-page requests.
 * - FREADSEEK(filenum, recnum) names a record, not an amount: the system reads the group of
 *   `seekCallPages` pages (aligned to that size, the unit it reads) that holds the record's
 *   page, as one request, asynchronously. Pages of the group already in memory or on their way
 *   are not read again; the request spans the first to the last absent page (one positioning:
 *   the disc passes over present pages, it does not stop for them). A group with no absent page
 *   costs the call's CPU only. Every `seekEveryRecords` records the program prefetches
 *   `prefetchPages` pages starting `prefetchDistanceRecords` ahead: ⌈prefetchPages ÷
 *   seekCallPages⌉ calls, one per group (the Postscript's "24 logical pages at a time" is
 *   three calls, three requests queued behind each other).
 * - A request of any kind spans the first to the last absent page of what it asks for, so a
 *   page already in memory never splits a request into fragments: more resident never costs
 *   a positioning more.
 * - CPU: a per-record cost by method and a per-byte move cost; a per-request cost when a
 *   disc request is issued; a per-frame page-in cost when a page read from disc is first
 *   needed after it arrived (the mapping work cannot overlap the transfer; a logical page of
 *   b bytes is b ÷ frame bytes frames, at least one: no ceil, so a frame that does not divide
 *   the page costs in proportion); a page fault adds its trap cost; a FREADSEEK call adds its
 *   call cost.
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
  /** Time the disc was busy (positioning and transfer of every request). */
  discBusyMs: number;
  /** Logical pages read from disc. */
  pagesRead: number;
  logicalPages: number;
  /** Pages resident before the run started. */
  residentPages: number;
  /**
   * Relative sd of each output between the file system's two readings of a FREADSEEK page
   * (readAheadRulesOf): model form, carried in the interval. Absent where there is one reading.
   */
  readAheadFormRelSd?: Record<'cpu_ms' | 'elapsed_ms' | 'delta_ms', number>;
  /** CPU and stall segments of the reader, and busy segments of the disc, up to the horizon. */
  timeline: { cpu: TimelineSegment[]; disc: TimelineSegment[]; horizonMs: number } | null;
}

export interface SimulateOptions {
  /** Record a timeline of the first `timelineMs` milliseconds (off when absent). */
  timelineMs?: number;
  /**
   * At most this many FREADSEEK alignments (phasesOf), evenly spread: fewer than PHASES only
   * for a chart's drag preview (charts.ts), which says so. The tables always use PHASES.
   */
  alignments?: number;
}

export function logicalPageCount(records: number, recordBytes: number, pageBytes: number): number {
  return Math.ceil((records * recordBytes) / pageBytes);
}

/** How many pages start resident: exactly round(pages × pct / 100), within [0, pages]. */
function residentCount(pages: number, residentPct: number): number {
  return Math.min(pages, Math.max(0, Math.round((pages * residentPct) / 100)));
}

/**
 * Writes into `ready[0, pages)` each page's starting state: exactly round(pages × pct / 100)
 * pages resident (−∞), chosen by a seeded shuffle, the others absent (+∞).
 */
function shuffledReadyTimes(
  ready: Float64Array,
  pages: number,
  residentPct: number,
  seed: number,
): Float64Array {
  const resident = residentCount(pages, residentPct);
  if (resident >= pages) return ready.fill(-Infinity, 0, pages);
  ready.fill(Infinity, 0, pages);
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
 * than the file as it outgrew the caches. Each run copies it into its own pages (sequentially).
 */
let lastFile: { key: string; ready: Float64Array } | null = null;

/** A run's pages: their starting state, written into `ready[0, pages)` (see `scratch`). */
function initialReadyTimes(
  ready: Float64Array,
  pages: number,
  residentPct: number,
  seed: number,
): void {
  const resident = residentCount(pages, residentPct);
  // Nothing or everything resident: a fill, no shuffle to save.
  if (resident <= 0 || resident >= pages) {
    shuffledReadyTimes(ready, pages, residentPct, seed);
    return;
  }
  const key = `${pages}:${residentPct}:${seed}`;
  if (lastFile?.key !== key)
    lastFile = {
      key,
      ready: shuffledReadyTimes(new Float64Array(pages), pages, residentPct, seed),
    };
  ready.set(lastFile.ready);
}

/**
 * A run's per-page arrays, reused from run to run: a table's step makes dozens of runs of the
 * same file, and a new pair of arrays each time kept the collector busy (16 % of a step). Only
 * `[0, pages)` is a run's; runs are synchronous, so one set serves them all. Arrays larger than
 * needed are kept unless over four times the need (a large file's are let go after it).
 */
const scratch = {
  ready: new Float64Array(0),
  owed: new Uint8Array(0),
  asked: new Uint8Array(0),
  /** The second reader's `ready` where two run at once (simulateAlignedPair). */
  readyB: new Float64Array(0),
};

const fits = (n: number, need: number) => n >= need && n <= 4 * need + 65_536;

function scratchFor(pages: number, groups: number): typeof scratch {
  if (!fits(scratch.ready.length, pages)) {
    scratch.ready = new Float64Array(pages);
    scratch.owed = new Uint8Array(pages);
  }
  if (!fits(scratch.asked.length, groups)) scratch.asked = new Uint8Array(groups);
  return scratch;
}

/**
 * The requests of one run: when each page is (or will be) in memory, and the disc they queue
 * on. The reader's clock and CPU stay with the reader (simulateAligned): a request is issued
 * at the reader's `now`, and its CPU is the reader's to charge.
 */
class Requests {
  discRequests = 0;
  pagesRead = 0;
  readonly disc: Disc;
  readonly discSegments: TimelineSegment[] = [];

  constructor(
    /** Time each page is (or will be) in memory: −∞ resident from the start, +∞ absent. */
    readonly ready: Float64Array,
    /** 1 while a page read from disc has not yet been mapped in (its page-in CPU is owed). */
    readonly owed: Uint8Array,
    /** The file's pages: `ready` and `owed` beyond are not this run's. */
    readonly pages: number,
    disc: DiscSpec,
    readonly horizonMs: number,
  ) {
    this.disc = new Disc(disc);
  }

  /**
   * Request the absent pages among [first, first + count) as one request spanning the first
   * to the last of them (present pages between are passed over, not a new positioning).
   * Whether a request was issued.
   */
  request(now: number, first: number, count: number): boolean {
    const ready = this.ready;
    const end = Math.min(this.pages, first + count);
    let a = Math.max(0, first);
    while (a < end && ready[a] !== Infinity) a++;
    if (a >= end) return false;
    let b = end - 1;
    while (ready[b] !== Infinity) b--;
    const span = b - a + 1;
    const disc = this.disc;
    const start = disc.serve(now, a, span);
    const transfer = disc.spec.transferMsPerPage;
    // Pages arrive in file order as they are transferred (see the header).
    for (let i = 0; i < span; i++) {
      if (ready[a + i] !== Infinity) continue;
      ready[a + i] = start + (i + 1) * transfer;
      this.owed[a + i] = 1;
      this.pagesRead++;
    }
    this.discRequests++;
    if (disc.begin < this.horizonMs)
      this.discSegments.push({ start: disc.begin, end: disc.done, kind: 'disc' });
    return true;
  }
}

/**
 * Alignments a FREADSEEK run is averaged over. The system reads the aligned group of
 * `seekCallPages` pages that holds the named record, but where those groups' boundaries fall
 * in the file depends on where its extents sit on the disc, which the paper does not say. One
 * exact alignment made the result hinge on it (issue 33: 25-page calls doubled the mapped time
 * of 24-page ones, the groups falling behind the reader or ahead of it as the stride beat
 * against them), so a FREADSEEK run is the mean over evenly spread alignments: up to
 * PHASES of them (every one for groups of ≤ PHASES pages, the Postscript's 8 included).
 */
export const PHASES = 8;

/** The group offsets a run with FREADSEEK is averaged over (one, 0, without FREADSEEK). */
export function phasesOf(params: FileAccessParams, run: RunSpec, most = PHASES): number[] {
  const callPages = Math.max(1, params.seekCallPages);
  if (!run.freadseek || callPages === 1) return [0];
  const k = Math.max(1, Math.min(most, PHASES, callPages));
  return Array.from({ length: k }, (_, j) => Math.floor((j * callPages) / k));
}

/**
 * The parameters a run does not read, by kind of run: the table picked (only the comparison
 * reads it), the other method's costs, and the prefetch without FREADSEEK. Listed as what is
 * NOT read, so that a parameter added later is read (and keyed) until said otherwise.
 */
const SEEK_ONLY = [
  'seekEveryRecords',
  'prefetchDistanceRecords',
  'prefetchPages',
  'seekCallPages',
  'cpuSeekCallUs',
];
const NOT_READ: Record<AccessMethod, ReadonlySet<string>> = {
  mapped: new Set(['table', 'readAheadPages', 'cpuFreadDirUsPerRecord', 'cpuFreadUsPerRecord']),
  freaddir: new Set(['table', 'cpuFaultUs', 'cpuMappedUsPerRecord', 'cpuFreadUsPerRecord']),
  fread: new Set(['table', 'cpuFaultUs', 'cpuMappedUsPerRecord', 'cpuFreadDirUsPerRecord']),
};

/**
 * Runs remembered by what they read (`NOT_READ`), the most recent RUNS_SIZE kept: a drag of
 * one knob repeats, step after step, every run that does not read it (during a prefetch drag
 * the table's rows without FREADSEEK and the inference table's runs), and a run is a
 * simulation of the whole file. Runs with a timeline are not kept. The results are shared:
 * read them, never change them.
 */
const RUNS = new Map<string, FileAccessRun>();
const RUNS_SIZE = 64;

function runKey(params: FileAccessParams, run: RunSpec, alignments: number | undefined): string {
  const skip = NOT_READ[run.method];
  let key = `${run.method}:${run.freadseek}:${alignments ?? PHASES}`;
  for (const [k, v] of Object.entries(params))
    if (!skip.has(k) && (run.freadseek || !SEEK_ONLY.includes(k))) key += `|${k}=${v}`;
  return key;
}

export function simulateFileAccess(
  params: FileAccessParams,
  run: RunSpec,
  options: SimulateOptions = {},
): FileAccessRun {
  if (options.timelineMs !== undefined) return simulateRuns(params, run, options);
  const key = runKey(params, run, options.alignments);
  let result = RUNS.get(key);
  if (result)
    RUNS.delete(key); // re-inserted below: most recently used last
  else result = simulateRuns(params, run, options);
  remember(key, result);
  return result;
}

function remember(key: string, result: FileAccessRun): void {
  RUNS.set(key, result);
  if (RUNS.size > RUNS_SIZE) RUNS.delete(RUNS.keys().next().value!);
}

/**
 * A run: the mean over its alignments and the file system's readings (phasesOf,
 * readAheadRulesOf), each run by `aligned` (the test's step-by-step reference passes its own).
 */
export function simulateRuns(
  params: FileAccessParams,
  run: RunSpec,
  options: SimulateOptions,
  aligned: typeof simulateAligned = simulateAligned,
): FileAccessRun {
  const phases = phasesOf(params, run, options.alignments);
  const rules = readAheadRulesOf(run);
  if (phases.length === 1 && rules.length === 1) return aligned(params, run, options, 0, rules[0]!);
  const byRule: FileAccessRun[][] = [];
  for (const rule of rules)
    byRule.push(
      phases.map((phase, i) => {
        // The same alignment under the first reading, when the readings never parted in it
        // (READINGS_AGREE): this reading's run is that one, made again step for step.
        const first = byRule[0]?.[i];
        if (first && READINGS_AGREE.has(first))
          return first.timeline === null ? first : { ...first, timeline: null };
        return aligned(params, run, i === 0 && rule === rules[0] ? options : {}, phase, rule);
      }),
    );
  return meanOfRuns(byRule);
}

/** A run's result from its alignments' runs under each reading (`byRule[reading][alignment]`). */
function meanOfRuns(byRule: FileAccessRun[][]): FileAccessRun {
  const runs = byRule.flat();
  const meanOf = (rs: FileAccessRun[], f: (r: FileAccessRun) => number) =>
    rs.reduce((a, r) => a + f(r), 0) / rs.length;
  const mean = (f: (r: FileAccessRun) => number) => meanOf(runs, f);
  const cpuMs = mean((r) => r.cpuMs);
  const elapsedMs = mean((r) => r.elapsedMs);
  // Half the log ratio of the two file-system readings: their spread as a relative sd.
  const half = (f: (r: FileAccessRun) => number) => {
    if (byRule.length < 2) return 0;
    const a = meanOf(byRule[0]!, f);
    const b = meanOf(byRule[1]!, f);
    return a > 0 && b > 0 ? Math.expm1(Math.abs(Math.log(a / b)) / 2) : 0;
  };
  return {
    readAheadFormRelSd: {
      cpu_ms: half((r) => r.cpuMs),
      elapsed_ms: half((r) => r.elapsedMs),
      delta_ms: half((r) => r.elapsedMs - r.cpuMs),
    },
    cpuMs,
    elapsedMs,
    deltaMs: elapsedMs - cpuMs,
    pageFaults: mean((r) => r.pageFaults),
    discRequests: mean((r) => r.discRequests),
    discBusyMs: mean((r) => r.discBusyMs),
    pagesRead: mean((r) => r.pagesRead),
    logicalPages: runs[0]!.logicalPages,
    residentPages: runs[0]!.residentPages,
    // The first alignment's timeline: a picture of one run, not of a mean.
    timeline: runs[0]!.timeline,
  };
}

/**
 * Runs under the first reading (a FREADSEEK page beyond the window starts the next window)
 * in which the readings never parted: no such page ever made a request (`Reader.parted`). The
 * other reading differs only there (it makes no request; the window's end it moves is read by
 * the first reading alone), so its run of the same alignment does every step of this one, in
 * the same order: the same numbers to the last bit, and simulateRuns takes them instead of
 * running it again (half of a FREADSEEK file-system row's runs, during a prefetch drag). Only
 * simulateAligned adds runs, so a caller's own `aligned` (the tests' reference) runs both. A
 * WeakSet: it holds nothing its runs' holders do not.
 */
const READINGS_AGREE = new WeakSet<FileAccessRun>();

/**
 * The timeline of `simulateFileAccess(params, run, { timelineMs })` without the runs it does
 * not draw: a FREADSEEK run's timeline is its first alignment's under the first reading, so
 * only that one is run (the same segments, a sixteenth of the work).
 */
export function simulateTimeline(
  params: FileAccessParams,
  run: RunSpec,
  timelineMs: number,
): FileAccessRun['timeline'] {
  return simulateAligned(params, run, { timelineMs }, 0, readAheadRulesOf(run)[0]!).timeline;
}

/**
 * Every branch of a run taken once, on a file of a few pages, when the module loads. V8
 * compiles a run's loop while the first run is still in it (on-stack replacement), and any
 * branch that has not run yet by then, the code after the loop included, has no type
 * feedback: reaching it throws the compiled loop away, and Node's V8 kept re-entering that
 * same compiled loop in every later run (a deoptimization a run, most of a step's time). A
 * few microseconds here give every branch its feedback first.
 */
function warmUp(): void {
  // The declared defaults (every parameter), on a file of 12–14 pages with frequent small
  // calls: records that fill pages whole (8 a page: quiet stretches) and records that do not.
  const defaults = Object.fromEntries(FILE_ACCESS_PARAMS.map((p) => [p.key, p.default]));
  for (const recordBytes of [256, 300])
    for (const method of ['mapped', 'freaddir'] as const)
      for (const freadseek of [false, true])
        for (const rule of [true, false]) {
          const tiny = {
            ...(defaults as FileAccessParams),
            records: 96,
            recordBytes,
            logicalPageBytes: 2048,
            physicalPageBytes: 512,
            residentPct: 25,
            readAheadPages: 2,
            seekEveryRecords: 2,
            prefetchDistanceRecords: 4,
            prefetchPages: 4,
            seekCallPages: 2,
            cpuFaultUs: 10,
          };
          simulateAligned(tiny, { method, freadseek }, rule ? {} : { timelineMs: 50.5 }, 1, rule);
          // The two file-system readers at once (rememberFileSystemPair): the same warm-up.
          if (method === 'freaddir' && freadseek) simulateAlignedPair(tiny, 1, rule);
        }
}

/**
 * What the file system does when the reader reaches, beyond its window, a page a FREADSEEK asked
 * for: start its next read-ahead window there (it reads ahead on every sequential access), or
 * read ahead only on a miss (the page is in its cache, or on its way: nothing to ask). The
 * paper does not say, and its cells do not separate the two (SL FreadDir & FreadSeek: the delta
 * fell from 9.0 s to 7.3 s, between what the two give), so a file-system run with FREADSEEK
 * is the mean of both and their spread is model form (`readAheadFormRelSd`).
 */
export function readAheadRulesOf(run: RunSpec): boolean[] {
  return run.freadseek && run.method !== 'mapped' ? [true, false] : [true];
}

/** The run's CPU and disc segments up to the horizon `h` (ms), the last CPU run closed. */
export function timelineOf(
  cpuSegments: TimelineSegment[],
  discSegments: TimelineSegment[],
  cpuRunStart: number,
  now: number,
  h: number,
): NonNullable<FileAccessRun['timeline']> {
  if (now > cpuRunStart && cpuRunStart < h)
    cpuSegments.push({ start: cpuRunStart, end: now, kind: 'cpu' });
  const clip = (s: TimelineSegment): TimelineSegment => ({ ...s, end: Math.min(s.end, h) });
  return {
    cpu: cpuSegments.filter((s) => s.start < h).map(clip),
    disc: discSegments.map(clip),
    horizonMs: h,
  };
}

/**
 * One run with the FREADSEEK groups' boundaries at pages ≡ −phase (mod seekCallPages).
 *
 * The reader's steps (touch a page: fault or read ahead, wait, map in; a FREADSEEK call; the
 * records' CPU) are written out in loops over local state: a table's step makes dozens of
 * these runs, and the loop is most of a step's time. Every time is the same sum of the same
 * terms in the same order as the mechanism reads; tests/unit/file-access-fast.test.ts checks
 * it against the step-by-step reference.
 */
function simulateAligned(
  params: FileAccessParams,
  run: RunSpec,
  options: SimulateOptions,
  phase: number,
  windowOnSeekPage: boolean,
): FileAccessRun {
  const timelineMs = options.timelineMs;
  const reader = new Reader(params, run, phase, windowOnSeekPage, timelineMs ?? -Infinity);
  reader.walk();
  const { q, now, cpu } = reader;
  const result: FileAccessRun = {
    cpuMs: cpu,
    elapsedMs: now,
    deltaMs: now - cpu,
    pageFaults: reader.pageFaults,
    discRequests: q.discRequests,
    discBusyMs: q.disc.busyMs,
    pagesRead: q.pagesRead,
    logicalPages: reader.pages,
    residentPages: residentCount(reader.pages, params.residentPct),
    timeline:
      timelineMs === undefined
        ? null
        : timelineOf(reader.cpuSegments, q.discSegments, reader.cpuRunStart, now, timelineMs),
  };
  if (windowOnSeekPage && !reader.parted) READINGS_AGREE.add(result);
  return result;
}

/** The reader of one run: its clock and CPU (every charge adds to both), and what it costs. */
class Reader {
  now = 0;
  cpu = 0;
  pageFaults = 0;
  cpuRunStart = 0;
  /** First page past the file system's own read-ahead window. */
  fsFrontier = 0;
  /**
   * Whether a page a FREADSEEK asked for, reached beyond the window, made a request: the one
   * step where the file system's two readings part (READINGS_AGREE).
   */
  parted = false;
  readonly cpuSegments: TimelineSegment[] = [];
  readonly records: number;
  readonly recordBytes: number;
  readonly pageBytes: number;
  readonly pages: number;
  /** Whole records per page (0: not whole): then no page arithmetic needs a division. */
  readonly perPage: number;
  readonly recordCpuMs: number;
  readonly seekCpuMs: number;
  readonly requestCpuMs: number;
  readonly pageInCpuMs: number;
  readonly faultCpuMs: number;
  readonly readAhead: number;
  readonly seekEvery: number;
  readonly distance: number;
  readonly callPages: number;
  readonly callsPerPoint: number;
  readonly freadseek: boolean;
  readonly mapped: boolean;
  readonly q: Requests;
  /** FREADSEEK groups asked for (walk). */
  readonly asked: Uint8Array;

  constructor(
    params: FileAccessParams,
    run: RunSpec,
    readonly phase: number,
    /** Whether a page a FREADSEEK asked for, reached beyond the window, starts the next one. */
    readonly windowOnSeekPage: boolean,
    readonly horizon: number,
  ) {
    this.records = params.records;
    this.recordBytes = params.recordBytes;
    this.pageBytes = params.logicalPageBytes;
    const pages = logicalPageCount(this.records, this.recordBytes, this.pageBytes);
    this.pages = pages;
    this.perPage = this.pageBytes % this.recordBytes === 0 ? this.pageBytes / this.recordBytes : 0;
    // A frame holds at most one logical page; a page of several frames costs them in proportion.
    const framesPerPage = Math.max(1, this.pageBytes / params.physicalPageBytes);
    const perRecordUs =
      run.method === 'mapped'
        ? params.cpuMappedUsPerRecord
        : run.method === 'freaddir'
          ? params.cpuFreadDirUsPerRecord
          : params.cpuFreadUsPerRecord;
    this.recordCpuMs = (perRecordUs + this.recordBytes * params.cpuMoveUsPerByte) / 1000;
    this.seekCpuMs = params.cpuSeekCallUs / 1000;
    this.requestCpuMs = params.cpuIoRequestUs / 1000;
    this.pageInCpuMs = (params.cpuPageInUsPerFrame * framesPerPage) / 1000;
    this.faultCpuMs = params.cpuFaultUs / 1000;
    this.readAhead = params.readAheadPages;
    this.seekEvery = params.seekEveryRecords;
    this.distance = params.prefetchDistanceRecords;
    this.callPages = Math.max(1, params.seekCallPages);
    this.callsPerPoint = Math.max(1, Math.ceil(params.prefetchPages / this.callPages));
    this.freadseek = run.freadseek;
    this.mapped = run.method === 'mapped';
    const groups = Math.ceil(pages / this.callPages) + 2;
    const { ready, owed, asked } = scratchFor(pages, groups);
    initialReadyTimes(ready, pages, params.residentPct, params.seed);
    owed.fill(0, 0, pages);
    if (this.freadseek) asked.fill(0, 0, groups);
    this.asked = asked;
    this.q = new Requests(ready, owed, pages, discSpecOf(params), horizon);
  }

  /**
   * Walk the records event by event. Between two events (a FREADSEEK call, or the first
   * record that reaches a page not yet touched) nothing but CPU happens, so those records are
   * charged in one step: the cost is O(pages + FREADSEEK calls), not O(records).
   */
  walk(): void {
    const { records, recordBytes, pageBytes, perPage, recordCpuMs, seekCpuMs } = this;
    const { seekEvery, callsPerPoint, q, mapped, windowOnSeekPage, readAhead } = this;
    const { requestCpuMs, pageInCpuMs, faultCpuMs, horizon } = this;
    const { ready, owed } = q;
    let { now, cpu, pageFaults, fsFrontier, parted } = this;
    // The first record on a page not yet touched; the next with a FREADSEEK call (`records`:
    // none); until `quietUntil` a point's calls name groups already asked for (`calls`).
    let lastTouched = -1;
    let nextPage = 0;
    let nextSeek = this.freadseek ? 0 : records;
    let quietUntil = 0;
    const stretchMs = seekEvery * recordCpuMs; // the records' CPU from one point to the next
    let r = 0;
    while (r < records) {
      if (r === nextSeek) {
        // Quiet points before the next page event cost the calls' and the records' CPU only.
        while (r < quietUntil && r + seekEvery <= nextPage && r + seekEvery < records) {
          for (let c = 0; c < callsPerPoint; c++) {
            now += seekCpuMs;
            cpu += seekCpuMs;
          }
          now += stretchMs;
          cpu += stretchMs;
          r += seekEvery;
        }
        nextSeek = r + seekEvery;
        if (r < quietUntil) {
          for (let c = 0; c < callsPerPoint; c++) {
            now += seekCpuMs;
            cpu += seekCpuMs;
          }
        } else {
          this.now = now;
          this.cpu = cpu;
          quietUntil = this.calls(r);
          now = this.now;
          cpu = this.cpu;
        }
      }
      if (r === nextPage) {
        // Record r reaches page lastTouched + 1 first (touched pages stay: nothing is evicted).
        const lastPage =
          perPage > 0 ? lastTouched + 1 : Math.floor(((r + 1) * recordBytes - 1) / pageBytes);
        for (let page = lastTouched + 1; page <= lastPage; page++) {
          const at = ready[page]!;
          // The file system decides from what was asked for, never from what has arrived (the
          // header): a page a FREADSEEK brought beyond its window starts the next window.
          const seekPage = windowOnSeekPage && at !== -Infinity && page >= fsFrontier;
          if (!mapped && (at === Infinity || seekPage)) {
            if (q.request(now, page, readAhead)) {
              if (at !== Infinity) parted = true; // a FREADSEEK page: the other reading asks nothing
              now += requestCpuMs;
              cpu += requestCpuMs;
            }
            fsFrontier = page + readAhead;
          }
          if (at <= now) {
            // Arrived: the memory manager maps its frames once, when it is first needed.
            if (owed[page]) {
              owed[page] = 0;
              now += pageInCpuMs;
              cpu += pageInCpuMs;
            }
            continue;
          }
          if (mapped) {
            pageFaults++;
            now += faultCpuMs;
            cpu += faultCpuMs;
            if (at === Infinity && q.request(now, page, 1)) {
              now += requestCpuMs;
              cpu += requestCpuMs;
            }
          }
          // Wait for it, then map it in.
          const until = ready[page]!;
          if (until > now) {
            if (now < horizon) this.stall(now, until);
            now = until;
          }
          owed[page] = 0;
          now += pageInCpuMs;
          cpu += pageInCpuMs;
        }
        if (lastPage > lastTouched) lastTouched = lastPage;
        nextPage = this.firstRecordOn(lastTouched + 1);
      }
      // The next event: the next record that ends on an untouched page, or the next call.
      const next = Math.max(r + 1, Math.min(nextPage, nextSeek, records));
      const ms = (next - r) * recordCpuMs;
      now += ms;
      cpu += ms;
      r = next;
    }
    this.now = now;
    this.cpu = cpu;
    this.pageFaults = pageFaults;
    this.parted = parted;
  }

  /** The first record that ends on page `page` or beyond. */
  firstRecordOn(page: number): number {
    const { perPage, pageBytes, recordBytes } = this;
    return perPage > 0 ? page * perPage : Math.ceil((page * pageBytes + 1) / recordBytes) - 1;
  }

  /** A stall of the reader from `now` to `until` on the timeline (before the horizon). */
  stall(now: number, until: number): void {
    if (now > this.cpuRunStart)
      this.cpuSegments.push({ start: this.cpuRunStart, end: now, kind: 'cpu' });
    this.cpuSegments.push({ start: now, end: until, kind: 'stall' });
    this.cpuRunStart = until;
  }

  /**
   * The FREADSEEK calls of the point at record r, made in full; returns the first record whose
   * named page lies in the next group. A call's group, once asked for, has no absent page ever
   * again (pages only arrive), so a second call naming it costs the call's CPU only: `asked`
   * marks those groups (by index: pages [g × callPages − phase, +callPages)), and until the
   * returned record every call of a point names a group asked for here (a call that was out
   * of the file stays out: the named pages only move forward).
   */
  calls(r: number): number {
    const { recordBytes, pageBytes, phase, callPages, distance, asked, q } = this;
    const target = r + distance;
    const first = Math.floor((target * recordBytes) / pageBytes);
    // Call c names page first + c × callPages, in group `group + c`.
    const group = Math.floor((first + phase) / callPages);
    for (let c = 0; c < this.callsPerPoint; c++) {
      // One FREADSEEK call per `callPages` pages: the system, not the call, sets the amount,
      // reading the aligned group that holds the named page.
      this.now += this.seekCpuMs;
      this.cpu += this.seekCpuMs;
      const page = first + c * callPages;
      if (target < this.records && page < this.pages && asked[group + c] === 0) {
        if (q.request(this.now, (group + c) * callPages - phase, callPages)) {
          this.now += this.requestCpuMs;
          this.cpu += this.requestCpuMs;
        }
        asked[group + c] = 1;
      }
    }
    return Math.ceil((((group + 1) * callPages - phase) * pageBytes) / recordBytes) - distance;
  }
}

/** The largest file run as a pair: 32 MB of the second reader's arrival times. */
const PAIR_MAX_PAGES = 4_194_304;

/** The two file-system readers with FREADSEEK: every table has both rows. */
const FILE_SYSTEM_PAIR: readonly [RunSpec, RunSpec] = [
  { method: 'freaddir', freadseek: true },
  { method: 'fread', freadseek: true },
];

/**
 * Runs FREADDIR and FREAD with FREADSEEK together and remembers each (RUNS) as
 * `simulateFileAccess(params, run)` makes it: the tables' step, when neither is remembered
 * (tables.ts). Their runs differ only in the CPU a record costs: the requests and every other
 * decision rest on what was asked for, never on a time (the header), so one walk decides for
 * both and each reader keeps its own clock, disc and arrival times (simulateAlignedPair). Each
 * clock takes the same sums in the same order as its run alone: the same numbers to the bit.
 */
export function rememberFileSystemPair(params: FileAccessParams): void {
  // The second reader's arrival times are a second array of the file's pages: above
  // PAIR_MAX_PAGES the rows run one after the other, as before, rather than take that memory.
  if (
    logicalPageCount(params.records, params.recordBytes, params.logicalPageBytes) > PAIR_MAX_PAGES
  )
    return;
  const keys = FILE_SYSTEM_PAIR.map((run) => runKey(params, run, undefined));
  if (keys.some((k) => RUNS.has(k))) return;
  const [first] = FILE_SYSTEM_PAIR;
  const phases = phasesOf(params, first);
  const rules = readAheadRulesOf(first);
  const a: FileAccessRun[][] = [];
  const b: FileAccessRun[][] = [];
  for (const rule of rules) {
    const ra: FileAccessRun[] = [];
    const rb: FileAccessRun[] = [];
    phases.forEach((phase, i) => {
      // As simulateRuns: under the second reading, the first's run where they never parted.
      const ownA = a[0]?.[i];
      if (ownA && READINGS_AGREE.has(ownA)) {
        ra.push(ownA);
        rb.push(b[0]![i]!);
        return;
      }
      const [x, y] = simulateAlignedPair(params, phase, rule);
      ra.push(x);
      rb.push(y);
    });
    a.push(ra);
    b.push(rb);
  }
  const one = phases.length === 1 && rules.length === 1;
  remember(keys[0]!, one ? a[0]![0]! : meanOfRuns(a));
  remember(keys[1]!, one ? b[0]![0]! : meanOfRuns(b));
}

/** `Requests` for two readers at once: one decision, each reader's disc and arrival times. */
class PairRequests {
  discRequests = 0;
  pagesRead = 0;
  readonly discA: Disc;
  readonly discB: Disc;

  constructor(
    readonly readyA: Float64Array,
    readonly readyB: Float64Array,
    readonly owed: Uint8Array,
    readonly pages: number,
    disc: DiscSpec,
  ) {
    this.discA = new Disc(disc);
    this.discB = new Disc(disc);
  }

  /** `Requests.request`, issued at `nowA` by the first reader and at `nowB` by the second. */
  request(nowA: number, nowB: number, first: number, count: number): boolean {
    const { readyA, readyB } = this;
    const end = Math.min(this.pages, first + count);
    let a = Math.max(0, first);
    while (a < end && readyA[a] !== Infinity) a++;
    if (a >= end) return false;
    let b = end - 1;
    while (readyA[b] !== Infinity) b--;
    const span = b - a + 1;
    const startA = this.discA.serve(nowA, a, span);
    const startB = this.discB.serve(nowB, a, span);
    const transfer = this.discA.spec.transferMsPerPage;
    for (let i = 0; i < span; i++) {
      if (readyA[a + i] !== Infinity) continue;
      readyA[a + i] = startA + (i + 1) * transfer;
      readyB[a + i] = startB + (i + 1) * transfer;
      this.owed[a + i] = 1;
      this.pagesRead++;
    }
    this.discRequests++;
    return true;
  }
}

/**
 * `simulateAligned` of FREADDIR (A) and FREAD (B) with FREADSEEK, no timeline, in one walk:
 * `Reader.walk` and `Reader.calls` step for step, the file-system branches only, each time
 * charged to both clocks. Whether a page waits differs between the readers, but not what
 * follows: a page read from disc is mapped in once, after any wait, either way.
 */
function simulateAlignedPair(
  params: FileAccessParams,
  phase: number,
  windowOnSeekPage: boolean,
): [FileAccessRun, FileAccessRun] {
  const reader = new PairReader(params, phase, windowOnSeekPage);
  reader.walk();
  const { q, pages } = reader;
  const residentPages = residentCount(pages, params.residentPct);
  const result = (now: number, cpu: number, disc: Disc): FileAccessRun => ({
    cpuMs: cpu,
    elapsedMs: now,
    deltaMs: now - cpu,
    pageFaults: 0,
    discRequests: q.discRequests,
    discBusyMs: disc.busyMs,
    pagesRead: q.pagesRead,
    logicalPages: pages,
    residentPages,
    timeline: null,
  });
  const pair: [FileAccessRun, FileAccessRun] = [
    result(reader.nowA, reader.cpuA, q.discA),
    result(reader.nowB, reader.cpuB, q.discB),
  ];
  if (windowOnSeekPage && !reader.parted) for (const run of pair) READINGS_AGREE.add(run);
  return pair;
}

/** The two readers of `simulateAlignedPair`: one walk, two clocks (A: FREADDIR, B: FREAD). */
class PairReader {
  nowA = 0;
  cpuA = 0;
  nowB = 0;
  cpuB = 0;
  fsFrontier = 0;
  /** As `Reader.parted`: the readings parted (READINGS_AGREE). */
  parted = false;
  readonly records: number;
  readonly recordBytes: number;
  readonly pageBytes: number;
  readonly pages: number;
  readonly perPage: number;
  readonly recordCpuA: number;
  readonly recordCpuB: number;
  readonly seekCpuMs: number;
  readonly requestCpuMs: number;
  readonly pageInCpuMs: number;
  readonly readAhead: number;
  readonly seekEvery: number;
  readonly distance: number;
  readonly callPages: number;
  readonly callsPerPoint: number;
  readonly readyA: Float64Array;
  readonly readyB: Float64Array;
  readonly owed: Uint8Array;
  readonly asked: Uint8Array;
  readonly q: PairRequests;

  constructor(
    params: FileAccessParams,
    readonly phase: number,
    readonly windowOnSeekPage: boolean,
  ) {
    const records = (this.records = params.records);
    const recordBytes = (this.recordBytes = params.recordBytes);
    const pageBytes = (this.pageBytes = params.logicalPageBytes);
    const pages = (this.pages = logicalPageCount(records, recordBytes, pageBytes));
    this.perPage = pageBytes % recordBytes === 0 ? pageBytes / recordBytes : 0;
    const framesPerPage = Math.max(1, pageBytes / params.physicalPageBytes);
    const move = recordBytes * params.cpuMoveUsPerByte;
    this.recordCpuA = (params.cpuFreadDirUsPerRecord + move) / 1000;
    this.recordCpuB = (params.cpuFreadUsPerRecord + move) / 1000;
    this.seekCpuMs = params.cpuSeekCallUs / 1000;
    this.requestCpuMs = params.cpuIoRequestUs / 1000;
    this.pageInCpuMs = (params.cpuPageInUsPerFrame * framesPerPage) / 1000;
    this.readAhead = params.readAheadPages;
    this.seekEvery = params.seekEveryRecords;
    this.distance = params.prefetchDistanceRecords;
    this.callPages = Math.max(1, params.seekCallPages);
    this.callsPerPoint = Math.max(1, Math.ceil(params.prefetchPages / this.callPages));
    const groups = Math.ceil(pages / this.callPages) + 2;
    const { ready: readyA, owed, asked } = scratchFor(pages, groups);
    if (!fits(scratch.readyB.length, pages)) scratch.readyB = new Float64Array(pages);
    const readyB = scratch.readyB;
    initialReadyTimes(readyA, pages, params.residentPct, params.seed);
    readyB.set(readyA.subarray(0, pages));
    owed.fill(0, 0, pages);
    asked.fill(0, 0, groups);
    this.readyA = readyA;
    this.readyB = readyB;
    this.owed = owed;
    this.asked = asked;
    this.q = new PairRequests(readyA, readyB, owed, pages, discSpecOf(params));
  }

  /** `Reader.walk`, both clocks charged. */
  walk(): void {
    const { records, seekEvery, callsPerPoint, seekCpuMs, recordCpuA, recordCpuB } = this;
    let { nowA, cpuA, nowB, cpuB } = this;
    let lastTouched = -1;
    let nextPage = 0;
    let nextSeek = 0;
    let quietUntil = 0;
    const stretchA = seekEvery * recordCpuA;
    const stretchB = seekEvery * recordCpuB;
    let r = 0;
    while (r < records) {
      if (r === nextSeek) {
        while (r < quietUntil && r + seekEvery <= nextPage && r + seekEvery < records) {
          for (let c = 0; c < callsPerPoint; c++) {
            nowA += seekCpuMs;
            cpuA += seekCpuMs;
            nowB += seekCpuMs;
            cpuB += seekCpuMs;
          }
          nowA += stretchA;
          cpuA += stretchA;
          nowB += stretchB;
          cpuB += stretchB;
          r += seekEvery;
        }
        nextSeek = r + seekEvery;
        if (r < quietUntil) {
          for (let c = 0; c < callsPerPoint; c++) {
            nowA += seekCpuMs;
            cpuA += seekCpuMs;
            nowB += seekCpuMs;
            cpuB += seekCpuMs;
          }
        } else {
          this.clocks(nowA, cpuA, nowB, cpuB);
          quietUntil = this.calls(r);
          ({ nowA, cpuA, nowB, cpuB } = this);
        }
      }
      if (r === nextPage) {
        const { perPage, recordBytes, pageBytes } = this;
        const lastPage =
          perPage > 0 ? lastTouched + 1 : Math.floor(((r + 1) * recordBytes - 1) / pageBytes);
        this.clocks(nowA, cpuA, nowB, cpuB);
        this.touch(lastTouched + 1, lastPage);
        ({ nowA, cpuA, nowB, cpuB } = this);
        if (lastPage > lastTouched) lastTouched = lastPage;
        // Reader.firstRecordOn(lastTouched + 1)
        const page = lastTouched + 1;
        nextPage =
          perPage > 0 ? page * perPage : Math.ceil((page * pageBytes + 1) / recordBytes) - 1;
      }
      const next = Math.max(r + 1, Math.min(nextPage, nextSeek, records));
      const msA = (next - r) * recordCpuA;
      const msB = (next - r) * recordCpuB;
      nowA += msA;
      cpuA += msA;
      nowB += msB;
      cpuB += msB;
      r = next;
    }
    this.clocks(nowA, cpuA, nowB, cpuB);
  }

  /** `Reader.calls(r)`, both clocks charged: the end of the quiet stretch it starts. */
  calls(r: number): number {
    const { recordBytes, pageBytes, phase, callPages, distance, asked, q } = this;
    const { seekCpuMs, requestCpuMs } = this;
    const target = r + distance;
    const first = Math.floor((target * recordBytes) / pageBytes);
    const group = Math.floor((first + phase) / callPages);
    for (let c = 0; c < this.callsPerPoint; c++) {
      this.nowA += seekCpuMs;
      this.cpuA += seekCpuMs;
      this.nowB += seekCpuMs;
      this.cpuB += seekCpuMs;
      const page = first + c * callPages;
      if (target < this.records && page < this.pages && asked[group + c] === 0) {
        if (q.request(this.nowA, this.nowB, (group + c) * callPages - phase, callPages)) {
          this.nowA += requestCpuMs;
          this.cpuA += requestCpuMs;
          this.nowB += requestCpuMs;
          this.cpuB += requestCpuMs;
        }
        asked[group + c] = 1;
      }
    }
    return Math.ceil((((group + 1) * callPages - phase) * pageBytes) / recordBytes) - distance;
  }

  /** Pages `from` … `to` first touched: the file system's requests, the waits, the map-ins. */
  touch(from: number, to: number): void {
    const { readyA, readyB, owed, q, windowOnSeekPage, readAhead, requestCpuMs } = this;
    const pageInCpuMs = this.pageInCpuMs;
    let { nowA, cpuA, nowB, cpuB, fsFrontier, parted } = this;
    for (let page = from; page <= to; page++) {
      const atA = readyA[page]!;
      const atB = readyB[page]!;
      // The same for both: a page is absent (+∞) or resident (−∞) in one as in the other.
      const seekPage = windowOnSeekPage && atA !== -Infinity && page >= fsFrontier;
      if (atA === Infinity || seekPage) {
        if (q.request(nowA, nowB, page, readAhead)) {
          if (atA !== Infinity) parted = true;
          nowA += requestCpuMs;
          cpuA += requestCpuMs;
          nowB += requestCpuMs;
          cpuB += requestCpuMs;
        }
        fsFrontier = page + readAhead;
      }
      const owedHere = owed[page];
      if (atA <= nowA) {
        if (owedHere) {
          nowA += pageInCpuMs;
          cpuA += pageInCpuMs;
        }
      } else {
        const until = readyA[page]!;
        if (until > nowA) nowA = until;
        nowA += pageInCpuMs;
        cpuA += pageInCpuMs;
      }
      if (atB <= nowB) {
        if (owedHere) {
          nowB += pageInCpuMs;
          cpuB += pageInCpuMs;
        }
      } else {
        const until = readyB[page]!;
        if (until > nowB) nowB = until;
        nowB += pageInCpuMs;
        cpuB += pageInCpuMs;
      }
      owed[page] = 0;
    }
    this.clocks(nowA, cpuA, nowB, cpuB);
    this.fsFrontier = fsFrontier;
    this.parted = parted;
  }

  /** The clocks, from a loop's locals. */
  clocks(nowA: number, cpuA: number, nowB: number, cpuB: number): void {
    this.nowA = nowA;
    this.cpuA = cpuA;
    this.nowB = nowB;
    this.cpuB = cpuB;
  }
}

// After every declaration above (the classes are not usable before their line).
warmUp();
