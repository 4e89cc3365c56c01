// The OS level of the hyperthreads simulation: processes time-sliced over cothread CPUs,
// each advancing at the rate its core's occupancy gives (the core level is ./core.ts, where
// the whole mechanism is described).

export * from './core';

export type Scheduling = 'global' | 'sticky';

export interface SystemSpec {
  cores: number;
  threadsPerCore: number;
  clockGHz: number;
  /** Per-thread core rates by number of threads running on the core: index n-1. */
  coreRates: { progressPerCycle: number; heldShare: number }[];
  quantumMs: number;
  contextSwitchUs: number;
  /** Time to refetch a process's working set after another process used its CPU, in ms. */
  reloadMs: number;
  scheduling: Scheduling;
  jobs: JobSpec[];
}

export interface JobSpec {
  computeCycles: number;
  startMs: number;
  /** CPUs (OS numbering) the job may run on; null = any. */
  cpus: readonly number[] | null;
}

export interface JobResult {
  startMs: number;
  finishMs: number;
  wallMs: number;
  /** CPU time as the OS charges it: the share of its core the thread held while scheduled. */
  chargedCpuMs: number;
  /** Time the OS had the process on a CPU (what a cycle counter read by the program sees). */
  scheduledMs: number;
  /** Compute cycles done, summed interval by interval (equals the job's work when it finished). */
  computedCycles: number;
  dispatches: number;
}

export interface OsSegment {
  start: number;
  end: number;
  job: number;
  reload: boolean;
}

export interface SystemResult {
  jobs: JobResult[];
  makespanMs: number;
  events: number;
  /** Per OS CPU, which job ran when (only with `timelineMs`). */
  cpuTimeline: OsSegment[][] | null;
}

/**
 * OS CPU numbering as OpenVMS shows it: CPU c is thread ⌊c / cores⌋ of core c mod cores, so
 * CPUs 0 … cores−1 are the first threads and their cothreads follow (CPU 0 ↔ 32 on a
 * 32-core rx8640).
 */
export const coreOfCpu = (cpu: number, cores: number) => cpu % cores;

/**
 * Processes time-sliced over cothread CPUs. `global`: one queue of computable processes;
 * a free CPU takes the first it may run (a fresh arrival prefers a CPU on an idle core).
 * `sticky`: each process stays on the CPU it was first given (fewest processes, idle cores
 * first) and is time-sliced there. At the end of a quantum a CPU switches only if a process
 * is waiting for it. A dispatched process pays the context switch and reloads its working
 * set, unless it is resuming on the CPU it just left with nobody in between; its quantum
 * starts once the reload is done. `global` also balances idle cores: when nobody waits and a
 * core stands idle, a process sharing a core with a cothread moves to it.
 */
export function simulateSystem(
  spec: SystemSpec,
  options: { timelineMs?: number } = {},
): SystemResult {
  return new SystemRun(spec, options.timelineMs ?? 0).run();
}

/** One run of `simulateSystem`: the CPUs', the queue's and the jobs' state, and each step. */
class SystemRun {
  readonly cores: number;
  readonly tpc: number;
  readonly nCpu: number;
  readonly nJob: number;
  readonly cyclesPerMs: number;
  readonly quantum: number;
  readonly reload: number;
  readonly jobs: JobSpec[];

  readonly remaining: Float64Array;
  readonly charged: Float64Array;
  readonly scheduled: Float64Array;
  readonly dispatches: Int32Array;
  readonly computed: Float64Array;
  readonly finish: Float64Array;
  readonly arrived: Uint8Array;
  readonly homeCpu: Int32Array;

  readonly running: Int32Array;
  readonly lastJob: Int32Array;
  readonly quantumEnd: Float64Array;
  readonly reloadEnd: Float64Array;
  readonly queue: number[] = [];

  readonly cpuTimeline: OsSegment[][] | null;
  readonly segStart: Float64Array;
  readonly rates: Float64Array;
  readonly helds: Float64Array;
  done = 0;

  constructor(
    readonly spec: SystemSpec,
    readonly horizon: number,
  ) {
    this.cores = Math.max(1, spec.cores);
    this.tpc = Math.max(1, spec.threadsPerCore);
    this.nCpu = this.cores * this.tpc;
    this.cyclesPerMs = spec.clockGHz * 1e6;
    this.quantum = Math.max(1e-3, spec.quantumMs);
    this.reload = Math.max(0, spec.reloadMs) + Math.max(0, spec.contextSwitchUs) / 1000;
    this.jobs = spec.jobs;
    const nJob = (this.nJob = spec.jobs.length);
    const nCpu = this.nCpu;

    this.remaining = Float64Array.from(spec.jobs, (j) => Math.max(0, j.computeCycles));
    this.charged = new Float64Array(nJob);
    this.scheduled = new Float64Array(nJob);
    this.dispatches = new Int32Array(nJob);
    this.computed = new Float64Array(nJob);
    this.finish = new Float64Array(nJob).fill(NaN);
    this.arrived = new Uint8Array(nJob);
    this.homeCpu = new Int32Array(nJob).fill(-1);

    this.running = new Int32Array(nCpu).fill(-1);
    this.lastJob = new Int32Array(nCpu).fill(-1);
    this.quantumEnd = new Float64Array(nCpu).fill(Infinity);
    this.reloadEnd = new Float64Array(nCpu);
    this.cpuTimeline = horizon > 0 ? Array.from({ length: nCpu }, () => []) : null;
    this.segStart = new Float64Array(nCpu);
    this.rates = new Float64Array(nCpu);
    this.helds = new Float64Array(nCpu);
  }

  allowed(job: number, cpu: number): boolean {
    const set = this.jobs[job]!.cpus;
    if (set && !set.includes(cpu)) return false;
    const home = this.homeCpu[job];
    return this.spec.scheduling === 'global' || home === -1 || home === cpu;
  }

  coreBusy(core: number): number {
    let n = 0;
    for (let t = 0; t < this.tpc; t++) if (this.running[t * this.cores + core]! >= 0) n++;
    return n;
  }

  /** Ends CPU `cpu`'s timeline segment at `now` (its reload, then its run). */
  close(cpu: number, now: number): void {
    const j = this.running[cpu]!;
    const timeline = this.cpuTimeline;
    if (!timeline || j < 0) return;
    const s = this.segStart[cpu]!;
    const r = Math.min(this.reloadEnd[cpu]!, now);
    const horizon = this.horizon;
    if (r > s) timeline[cpu]!.push({ start: s, end: Math.min(r, horizon), job: j, reload: true });
    const a = Math.max(s, r);
    if (now > a && a < horizon)
      timeline[cpu]!.push({ start: a, end: Math.min(now, horizon), job: j, reload: false });
  }

  dispatch(cpu: number, job: number, now: number): void {
    this.running[cpu] = job;
    this.reloadEnd[cpu] = this.lastJob[cpu] === job ? now : now + this.reload;
    // The quantum runs from the end of the reload, so every dispatch makes progress.
    this.quantumEnd[cpu] = this.queue.some((j) => this.allowed(j, cpu))
      ? this.reloadEnd[cpu]! + this.quantum
      : Infinity;
    this.lastJob[cpu] = job;
    this.dispatches[job]!++;
    this.segStart[cpu] = now;
  }

  /** Sticky placement: the allowed CPU with the fewest processes, on the least busy core. */
  place(job: number): number {
    const { cores, tpc, nCpu } = this;
    const load = new Int32Array(nCpu);
    for (let j = 0; j < this.nJob; j++)
      if (this.homeCpu[j]! >= 0 && Number.isNaN(this.finish[j]!)) load[this.homeCpu[j]!]!++;
    let best = -1;
    let bestKey = Infinity;
    for (let c = 0; c < nCpu; c++) {
      const set = this.jobs[job]!.cpus;
      if (set && !set.includes(c)) continue;
      let coreLoad = 0;
      for (let t = 0; t < tpc; t++) coreLoad += load[t * cores + coreOfCpu(c, cores)]!;
      const key = load[c]! * 1e6 + coreLoad * 1e3 + c;
      if (key < bestKey) {
        bestKey = key;
        best = c;
      }
    }
    return best;
  }

  /** A free CPU for `job`, preferring one whose core is idle; -1 if none. */
  freeCpu(job: number): number {
    let best = -1;
    let bestBusy = Infinity;
    for (let c = 0; c < this.nCpu; c++) {
      if (this.running[c]! >= 0 || !this.allowed(job, c)) continue;
      const busy = this.coreBusy(coreOfCpu(c, this.cores));
      if (busy < bestBusy) {
        bestBusy = busy;
        best = c;
      }
    }
    return best;
  }

  /** A process starts waiting: CPUs it may run on resume their time slicing. */
  enqueue(job: number, now: number): void {
    this.queue.push(job);
    for (let c = 0; c < this.nCpu; c++)
      if (this.running[c]! >= 0 && this.quantumEnd[c] === Infinity && this.allowed(job, c))
        this.quantumEnd[c] = now + this.quantum;
  }

  takeFromQueue(cpu: number): number {
    const queue = this.queue;
    for (let i = 0; i < queue.length; i++)
      if (this.allowed(queue[i]!, cpu)) return queue.splice(i, 1)[0]!;
    return -1;
  }

  /** Current per-thread rate (compute cycles per ms) and held share for a CPU's process. */
  rateOf(cpu: number, now: number): { rate: number; held: number } {
    const { cores, tpc, running, reloadEnd } = this;
    const core = coreOfCpu(cpu, cores);
    if (reloadEnd[cpu]! > now) {
      // Reloading: stalled on memory; holds the core only if no cothread is computing.
      let computing = 0;
      let reloading = 0;
      for (let t = 0; t < tpc; t++) {
        const c = t * cores + core;
        if (running[c]! < 0) continue;
        if (reloadEnd[c]! > now) reloading++;
        else computing++;
      }
      return { rate: 0, held: computing > 0 ? 0 : 1 / reloading };
    }
    let n = 0;
    for (let t = 0; t < tpc; t++) {
      const c = t * cores + core;
      if (running[c]! >= 0 && reloadEnd[c]! <= now) n++;
    }
    const r = this.spec.coreRates[Math.min(n, this.spec.coreRates.length) - 1]!;
    return { rate: r.progressPerCycle * this.cyclesPerMs, held: r.heldShare };
  }

  /**
   * Idle balancing, as a scheduler that knows cothreads does: when a whole core is idle and
   * nobody waits, a process sharing another core with a cothread moves to it (paying the
   * switch and the reload), so two jobs never share a core while a core stands idle.
   */
  balanceIdleCores(now: number): void {
    const { cores, tpc } = this;
    for (let idle = 0; idle < cores; idle++) {
      if (this.coreBusy(idle) > 0) continue;
      let moved = false;
      for (let core = 0; core < cores && !moved; core++) {
        if (core === idle || this.coreBusy(core) < 2) continue;
        for (let t = tpc - 1; t >= 0 && !moved; t--) {
          const from = t * cores + core;
          const j = this.running[from]!;
          if (j < 0) continue;
          for (let u = 0; u < tpc; u++) {
            const to = u * cores + idle;
            if (!this.allowed(j, to)) continue;
            this.close(from, now);
            this.running[from] = -1;
            this.quantumEnd[from] = Infinity;
            this.dispatch(to, j, now);
            moved = true;
            break;
          }
        }
      }
    }
  }

  /** Arrivals due at `now`: placed (sticky), dispatched to a free CPU, or queued. */
  arrive(now: number): void {
    for (let j = 0; j < this.nJob; j++) {
      if (this.arrived[j] || this.jobs[j]!.startMs > now) continue;
      this.arrived[j] = 1;
      if (this.spec.scheduling === 'sticky') this.homeCpu[j] = this.place(j);
      const c = this.freeCpu(j);
      if (c >= 0) this.dispatch(c, j, now);
      else this.enqueue(j, now);
    }
  }

  /** The rates from `now`, and when the next event is (Infinity: none can ever come). */
  nextEvent(now: number): number {
    let next = Infinity;
    for (let j = 0; j < this.nJob; j++)
      if (!this.arrived[j]) next = Math.min(next, this.jobs[j]!.startMs);
    for (let c = 0; c < this.nCpu; c++) {
      const j = this.running[c]!;
      if (j < 0) continue;
      const { rate, held } = this.rateOf(c, now);
      this.rates[c] = rate;
      this.helds[c] = held;
      next = Math.min(next, this.quantumEnd[c]!);
      if (this.reloadEnd[c]! > now) next = Math.min(next, this.reloadEnd[c]!);
      else if (rate > 0) next = Math.min(next, now + this.remaining[j]! / rate);
    }
    return next;
  }

  /** Every running process advances `dt` ms at its rate. */
  advance(dt: number): void {
    for (let c = 0; c < this.nCpu; c++) {
      const j = this.running[c]!;
      if (j < 0) continue;
      const work = Math.min(this.remaining[j]!, this.rates[c]! * dt);
      this.remaining[j]! -= work;
      this.computed[j]! += work;
      this.charged[j]! += this.helds[c]! * dt;
      this.scheduled[j]! += dt;
    }
  }

  /** Processes done at `now` leave their CPU, which takes the next waiting one. */
  complete(now: number): void {
    for (let c = 0; c < this.nCpu; c++) {
      const j = this.running[c]!;
      if (j < 0) continue;
      const left = this.remaining[j]!;
      if (this.reloadEnd[c]! > now || left > 1e-9 * Math.max(1, this.jobs[j]!.computeCycles))
        continue;
      this.close(c, now);
      this.computed[j]! += left;
      this.remaining[j] = 0;
      this.finish[j] = now;
      this.done++;
      this.running[c] = -1;
      this.quantumEnd[c] = Infinity;
      const n = this.takeFromQueue(c);
      if (n >= 0) this.dispatch(c, n, now);
    }
  }

  /** Quantum ends at `now`: a CPU switches only if a process is waiting for it. */
  endQuanta(now: number): void {
    for (let c = 0; c < this.nCpu; c++) {
      if (this.running[c]! < 0 || this.quantumEnd[c]! > now) continue;
      const n = this.takeFromQueue(c);
      if (n < 0) {
        // Nobody waits for this CPU: no quantum events until somebody does.
        this.quantumEnd[c] = Infinity;
        continue;
      }
      this.close(c, now);
      this.enqueue(this.running[c]!, now);
      this.dispatch(c, n, now);
    }
  }

  run(): SystemResult {
    let now = 0;
    let events = 0;
    const maxEvents = 500_000;
    while (this.done < this.nJob && events < maxEvents) {
      events++;
      this.arrive(now);
      const next = this.nextEvent(now);
      if (!Number.isFinite(next)) break; // nothing can ever run (affinity to no CPU)
      this.advance(Math.max(0, next - now));
      now = next;
      this.complete(now);
      this.endQuanta(now);
      if (this.spec.scheduling === 'global' && this.tpc > 1 && this.queue.length === 0)
        this.balanceIdleCores(now);
    }
    const results: JobResult[] = this.jobs.map((j, i) => ({
      startMs: j.startMs,
      finishMs: this.finish[i]!,
      wallMs: this.finish[i]! - j.startMs,
      chargedCpuMs: this.charged[i]!,
      scheduledMs: this.scheduled[i]!,
      dispatches: this.dispatches[i]!,
      computedCycles: this.computed[i]!,
    }));
    let makespan = 0;
    for (const r of results) makespan = Math.max(makespan, r.finishMs);
    return { jobs: results, makespanMs: makespan, events, cpuTimeline: this.cpuTimeline };
  }
}
