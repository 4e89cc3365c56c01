/**
 * Cores and hardware threads, live: the paper's cothread test (more runnable jobs than
 * cores) on the visitor's machine. N workers, 1 … 2 × `navigator.hardwareConcurrency`, each
 * run the same fixed job, started together; the page combines their times into throughput
 * and time per job against N, for two workloads:
 *
 *  - **compute**: integer hashing in four independent streams, all in registers — it keeps a
 *    core's execution units busy and never waits for memory;
 *  - **memory**: a dependent pointer chase (../chase.ts) over a buffer larger than a core's
 *    own caches — the core spends most of its time waiting for loads, the stall a second
 *    hardware thread can fill.
 *
 * Pure: the clock is passed in (absolute ms: `performance.timeOrigin + performance.now()`, so
 * workers can agree on a start time), so this runs in a worker, in Node and in tests.
 */
import { allocateChaseBuffer, buildChain, chase, type Chain } from '../chase';
import { median } from '../stats';

export const LIVE_WORKLOADS = [
  { key: 'compute', label: 'Compute-bound (integer hashing in registers)' },
  { key: 'memory', label: 'Memory-bound (dependent pointer chase)' },
] as const;
export type LiveWorkload = (typeof LIVE_WORKLOADS)[number]['key'];

/** The most workers a run starts, whatever the browser reports. */
export const LIVE_MAX_WORKERS = 64;
/** All the memory-bound jobs together allocate at most this much. */
export const LIVE_MAX_TOTAL_BYTES = 256 * 2 ** 20;

export interface JobSpec {
  workload: LiveWorkload;
  /** Memory workload: bytes each job chases over. */
  chainBytes: number;
  /** Each worker gets its own seed, so the chains differ. */
  seed: number;
}

/** Absolute milliseconds, the same origin in every worker. */
export const absoluteClock = () => performance.timeOrigin + performance.now();

/** Four independent xorshift-multiply streams: several instructions in flight, no memory. */
export function computeKernel(state: Int32Array, iterations: number): void {
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  for (let i = 0; i < iterations; i++) {
    a = Math.imul(a ^ (a >>> 15), 0x2c1b3c6d) + i;
    b = Math.imul(b ^ (b >>> 13), 0x297a2d39) + i;
    c = Math.imul(c ^ (c >>> 16), 0x7feb352d) - i;
    d = Math.imul(d ^ (d >>> 14), 0x846ca68b) ^ i;
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
}

/** Units of work done between two looks at the clock (iterations or loads). */
const SLICE = { compute: 1 << 16, memory: 1 << 13 } as const;

export interface JobTiming {
  /** Absolute ms when this job started (after the barrier or the agreed start time). */
  startMs: number;
  endMs: number;
  units: number;
  unitsDone: number;
  cancelled: boolean;
  /** Keeps the work's results in use, so none of it is optimised away. */
  checksum: number;
}

export interface RunJobOptions {
  /** Absolute ms (default `absoluteClock`). */
  clock?: () => number;
  /** Without a barrier: start when the clock reaches this (absolute ms). */
  startAt?: number;
  /**
   * With cross-origin isolation: a shared counter; each job adds one and starts when all
   * `parties` have arrived.
   */
  barrier?: { counter: Int32Array; parties: number };
  /** Asked at least every `checkEveryMs` while running; returning false stops the job. */
  check?: () => boolean | Promise<boolean>;
  checkEveryMs?: number;
}

/**
 * One worker's job: its memory (a chain for the memory workload) is built once by `prepare`,
 * so the timed run does only the work.
 */
export class JobRunner {
  private spec: JobSpec | null = null;
  private chain: Chain | null = null;
  private position = 0;
  private readonly state = new Int32Array([1, 2, 3, 4]);

  /** Builds (and warms) what the job needs; a no-op when it is already built for `spec`. */
  async prepare(spec: JobSpec): Promise<void> {
    const same =
      this.spec &&
      this.spec.workload === spec.workload &&
      this.spec.chainBytes === spec.chainBytes &&
      this.spec.seed === spec.seed;
    if (same) return;
    this.chain = null;
    this.spec = { ...spec };
    if (spec.workload === 'memory') {
      if (!(spec.chainBytes >= 4096) || spec.chainBytes > LIVE_MAX_TOTAL_BYTES)
        throw new Error(`A job's chain must be between 4 KB and 256 MB, not ${spec.chainBytes} B.`);
      const buf = allocateChaseBuffer(spec.chainBytes);
      this.chain = await buildChain(buf, spec.chainBytes, { spacingBytes: 64, seed: spec.seed });
      this.position = chase(buf, this.chain!.start, this.chain!.elements);
    }
  }

  private slice(units: number): number {
    if (this.spec?.workload === 'memory') {
      this.position = chase(this.chain!.buf, this.position, units);
      return this.position;
    }
    computeKernel(this.state, units);
    return this.state[0]! ^ this.state[3]!;
  }

  /** Units of work for a job that takes about `targetMs` alone on this machine. */
  calibrate(targetMs: number, clock: () => number = absoluteClock): number {
    if (!this.spec) throw new Error('prepare the job before calibrating it');
    const slice = SLICE[this.spec.workload];
    const timed = (units: number) => {
      const t0 = clock();
      this.slice(units);
      return clock() - t0;
    };
    let units = slice;
    let ms = timed(units);
    while (ms < Math.min(20, targetMs / 2) && units < 1 << 30) {
      units *= 4;
      ms = timed(units);
    }
    // Once more at that size: the first passes ran before the JIT had optimised the loop.
    ms = Math.min(ms, timed(units), timed(units));
    return Math.max(slice, Math.round((units * targetMs) / Math.max(ms, 1e-3) / slice) * slice);
  }

  /** Waits for the start, then does `units` of work, in slices, looking at `check` as it goes. */
  async run(units: number, options: RunJobOptions = {}): Promise<JobTiming> {
    if (!this.spec) throw new Error('prepare the job before running it');
    const clock = options.clock ?? absoluteClock;
    const checkEveryMs = options.checkEveryMs ?? 40;
    if (options.barrier) await arrive(options.barrier, clock);
    else if (options.startAt !== undefined) await waitUntil(options.startAt, clock);
    const slice = SLICE[this.spec.workload];
    const startMs = clock();
    let lastCheck = startMs;
    let done = 0;
    let checksum = 0;
    let cancelled = false;
    while (done < units) {
      const n = Math.min(slice, units - done);
      checksum = (checksum + this.slice(n)) | 0;
      done += n;
      if (options.check && clock() - lastCheck >= checkEveryMs) {
        lastCheck = clock();
        if (!(await options.check())) {
          cancelled = true;
          break;
        }
      }
    }
    return { startMs, endMs: clock(), units, unitsDone: done, cancelled, checksum };
  }
}

async function waitUntil(at: number, clock: () => number): Promise<void> {
  const ahead = at - clock();
  if (ahead > 4) await new Promise((r) => setTimeout(r, ahead - 3));
  while (clock() < at) {
    // spin the last few ms: a timer is not precise enough
  }
}

/** A barrier on shared memory: add one, wait (at most 10 s) until every party has. */
async function arrive(b: { counter: Int32Array; parties: number }, clock: () => number) {
  Atomics.add(b.counter, 0, 1);
  Atomics.notify(b.counter, 0);
  const deadline = clock() + 10_000;
  for (;;) {
    const seen = Atomics.load(b.counter, 0);
    if (seen >= b.parties) return;
    if (clock() > deadline)
      throw new Error(`Only ${seen} of ${b.parties} workers reached the start line within 10 s.`);
    Atomics.wait(b.counter, 0, seen, 50);
  }
}

// ——— The page's side: which N, and what N jobs' times add up to ———

/** Worker counts to try: every N up to 2 × cores when that is 16 or fewer, else a spread. */
export function workerCounts(hardwareConcurrency: number, every = false): number[] {
  const cores = Math.max(1, Math.min(LIVE_MAX_WORKERS / 2, Math.floor(hardwareConcurrency) || 1));
  const max = 2 * cores;
  if (every || max <= 16) return Array.from({ length: max }, (_, i) => i + 1);
  const ns = new Set<number>([1, max, cores, Math.round(cores / 2), Math.round((3 * cores) / 2)]);
  for (let n = 2; n < max; n *= 2) ns.add(n);
  return [...ns].filter((n) => n >= 1).sort((a, b) => a - b);
}

/** Bytes each memory-bound job chases over: up to 16 MB, all jobs together at most 256 MB. */
export function chainBytesFor(maxWorkers: number): number {
  const share = LIVE_MAX_TOTAL_BYTES / Math.max(1, maxWorkers);
  let b = 16 * 2 ** 20;
  while (b > share && b > 2 ** 20) b /= 2;
  return b;
}

export interface RoundResult {
  workload: LiveWorkload;
  workers: number;
  /** First start to last finish (ms). */
  wallMs: number;
  /** Each job's own time, start to finish (ms). */
  jobMs: number[];
  medianJobMs: number;
  /** Jobs finished per second over the wall time. */
  jobsPerSecond: number;
  /** Spread of the start times (ms): how together the jobs really started. */
  startSpreadMs: number;
  cancelled: boolean;
}

export function combineRound(workload: LiveWorkload, timings: readonly JobTiming[]): RoundResult {
  const starts = timings.map((t) => t.startMs);
  const ends = timings.map((t) => t.endMs);
  const wallMs = timings.length ? Math.max(...ends) - Math.min(...starts) : NaN;
  const jobMs = timings.map((t) => t.endMs - t.startMs);
  const cancelled = timings.some((t) => t.cancelled);
  return {
    workload,
    workers: timings.length,
    wallMs,
    jobMs,
    medianJobMs: median(jobMs),
    jobsPerSecond: wallMs > 0 && !cancelled ? timings.length / (wallMs / 1000) : NaN,
    startSpreadMs: timings.length ? Math.max(...starts) - Math.min(...starts) : NaN,
    cancelled,
  };
}

/** Throughput relative to one worker alone (1 = no gain): the curve of the chart. */
export function relativeThroughput(rounds: readonly RoundResult[]): Map<number, number> {
  const one = rounds.find((r) => r.workers === 1)?.jobsPerSecond ?? NaN;
  return new Map(rounds.map((r) => [r.workers, r.jobsPerSecond / one]));
}
