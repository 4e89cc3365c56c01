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
  const cores = Math.max(1, spec.cores);
  const tpc = Math.max(1, spec.threadsPerCore);
  const nCpu = cores * tpc;
  const cyclesPerMs = spec.clockGHz * 1e6;
  const quantum = Math.max(1e-3, spec.quantumMs);
  const reload = Math.max(0, spec.reloadMs) + Math.max(0, spec.contextSwitchUs) / 1000;
  const jobs = spec.jobs;
  const nJob = jobs.length;

  const remaining = Float64Array.from(jobs, (j) => Math.max(0, j.computeCycles));
  const charged = new Float64Array(nJob);
  const scheduled = new Float64Array(nJob);
  const dispatches = new Int32Array(nJob);
  const computed = new Float64Array(nJob);
  const finish = new Float64Array(nJob).fill(NaN);
  const arrived = new Uint8Array(nJob);
  const homeCpu = new Int32Array(nJob).fill(-1);

  const running = new Int32Array(nCpu).fill(-1);
  const lastJob = new Int32Array(nCpu).fill(-1);
  const quantumEnd = new Float64Array(nCpu).fill(Infinity);
  const reloadEnd = new Float64Array(nCpu);
  const queue: number[] = [];

  const horizon = options.timelineMs ?? 0;
  const cpuTimeline: OsSegment[][] | null =
    horizon > 0 ? Array.from({ length: nCpu }, () => []) : null;
  const segStart = new Float64Array(nCpu);

  const allowed = (job: number, cpu: number) => {
    const set = jobs[job]!.cpus;
    if (set && !set.includes(cpu)) return false;
    return spec.scheduling === 'global' || homeCpu[job] === -1 || homeCpu[job] === cpu;
  };
  const coreBusy = (core: number) => {
    let n = 0;
    for (let t = 0; t < tpc; t++) if (running[t * cores + core]! >= 0) n++;
    return n;
  };
  const close = (cpu: number, now: number) => {
    const j = running[cpu]!;
    if (!cpuTimeline || j < 0) return;
    const s = segStart[cpu]!;
    const r = Math.min(reloadEnd[cpu]!, now);
    if (r > s)
      cpuTimeline[cpu]!.push({ start: s, end: Math.min(r, horizon), job: j, reload: true });
    const a = Math.max(s, r);
    if (now > a && a < horizon)
      cpuTimeline[cpu]!.push({ start: a, end: Math.min(now, horizon), job: j, reload: false });
  };
  const dispatch = (cpu: number, job: number, now: number) => {
    running[cpu] = job;
    reloadEnd[cpu] = lastJob[cpu] === job ? now : now + reload;
    // The quantum runs from the end of the reload, so every dispatch makes progress.
    quantumEnd[cpu] = queue.some((j) => allowed(j, cpu)) ? reloadEnd[cpu]! + quantum : Infinity;
    lastJob[cpu] = job;
    dispatches[job]!++;
    segStart[cpu] = now;
  };
  /** Sticky placement: the allowed CPU with the fewest processes, on the least busy core. */
  const place = (job: number): number => {
    const load = new Int32Array(nCpu);
    for (let j = 0; j < nJob; j++)
      if (homeCpu[j]! >= 0 && Number.isNaN(finish[j]!)) load[homeCpu[j]!]!++;
    let best = -1;
    let bestKey = Infinity;
    for (let c = 0; c < nCpu; c++) {
      const set = jobs[job]!.cpus;
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
  };
  /** A free CPU for `job`, preferring one whose core is idle; -1 if none. */
  const freeCpu = (job: number): number => {
    let best = -1;
    let bestBusy = Infinity;
    for (let c = 0; c < nCpu; c++) {
      if (running[c]! >= 0 || !allowed(job, c)) continue;
      const busy = coreBusy(coreOfCpu(c, cores));
      if (busy < bestBusy) {
        bestBusy = busy;
        best = c;
      }
    }
    return best;
  };
  /** A process starts waiting: CPUs it may run on resume their time slicing. */
  const enqueue = (job: number, now: number) => {
    queue.push(job);
    for (let c = 0; c < nCpu; c++)
      if (running[c]! >= 0 && quantumEnd[c] === Infinity && allowed(job, c))
        quantumEnd[c] = now + quantum;
  };
  const takeFromQueue = (cpu: number): number => {
    for (let i = 0; i < queue.length; i++)
      if (allowed(queue[i]!, cpu)) return queue.splice(i, 1)[0]!;
    return -1;
  };

  // Current per-thread rate (compute cycles per ms) and held share for a CPU's process.
  const rateOf = (cpu: number, now: number): { rate: number; held: number } => {
    if (reloadEnd[cpu]! > now) {
      // Reloading: stalled on memory; holds the core only if no cothread is computing.
      const core = coreOfCpu(cpu, cores);
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
    const core = coreOfCpu(cpu, cores);
    let n = 0;
    for (let t = 0; t < tpc; t++) {
      const c = t * cores + core;
      if (running[c]! >= 0 && reloadEnd[c]! <= now) n++;
    }
    const r = spec.coreRates[Math.min(n, spec.coreRates.length) - 1]!;
    return { rate: r.progressPerCycle * cyclesPerMs, held: r.heldShare };
  };

  /**
   * Idle balancing, as a scheduler that knows cothreads does: when a whole core is idle and
   * nobody waits, a process sharing another core with a cothread moves to it (paying the
   * switch and the reload), so two jobs never share a core while a core stands idle.
   */
  const balanceIdleCores = (now: number) => {
    for (let idle = 0; idle < cores; idle++) {
      if (coreBusy(idle) > 0) continue;
      let moved = false;
      for (let core = 0; core < cores && !moved; core++) {
        if (core === idle || coreBusy(core) < 2) continue;
        for (let t = tpc - 1; t >= 0 && !moved; t--) {
          const from = t * cores + core;
          const j = running[from]!;
          if (j < 0) continue;
          for (let u = 0; u < tpc; u++) {
            const to = u * cores + idle;
            if (!allowed(j, to)) continue;
            close(from, now);
            running[from] = -1;
            quantumEnd[from] = Infinity;
            dispatch(to, j, now);
            moved = true;
            break;
          }
        }
      }
    }
  };

  let now = 0;
  let events = 0;
  let done = 0;
  const rates = new Float64Array(nCpu);
  const helds = new Float64Array(nCpu);
  const maxEvents = 500_000;

  while (done < nJob && events < maxEvents) {
    events++;
    // Arrivals due now.
    for (let j = 0; j < nJob; j++) {
      if (arrived[j] || jobs[j]!.startMs > now) continue;
      arrived[j] = 1;
      if (spec.scheduling === 'sticky') homeCpu[j] = place(j);
      const c = freeCpu(j);
      if (c >= 0) dispatch(c, j, now);
      else enqueue(j, now);
    }
    // Rates for the interval that starts now.
    let next = Infinity;
    for (let j = 0; j < nJob; j++) if (!arrived[j]) next = Math.min(next, jobs[j]!.startMs);
    for (let c = 0; c < nCpu; c++) {
      const j = running[c]!;
      if (j < 0) continue;
      const { rate, held } = rateOf(c, now);
      rates[c] = rate;
      helds[c] = held;
      next = Math.min(next, quantumEnd[c]!);
      if (reloadEnd[c]! > now) next = Math.min(next, reloadEnd[c]!);
      else if (rate > 0) next = Math.min(next, now + remaining[j]! / rate);
    }
    if (!Number.isFinite(next)) break; // nothing can ever run (affinity to no CPU)
    const dt = Math.max(0, next - now);
    for (let c = 0; c < nCpu; c++) {
      const j = running[c]!;
      if (j < 0) continue;
      const work = Math.min(remaining[j]!, rates[c]! * dt);
      remaining[j]! -= work;
      computed[j]! += work;
      charged[j]! += helds[c]! * dt;
      scheduled[j]! += dt;
    }
    now = next;
    // Completions, then quantum ends.
    for (let c = 0; c < nCpu; c++) {
      const j = running[c]!;
      if (j < 0) continue;
      if (reloadEnd[c]! <= now && remaining[j]! <= 1e-9 * Math.max(1, jobs[j]!.computeCycles)) {
        close(c, now);
        computed[j]! += remaining[j]!;
        remaining[j] = 0;
        finish[j] = now;
        done++;
        running[c] = -1;
        quantumEnd[c] = Infinity;
        const n = takeFromQueue(c);
        if (n >= 0) dispatch(c, n, now);
      }
    }
    for (let c = 0; c < nCpu; c++) {
      if (running[c]! < 0 || quantumEnd[c]! > now) continue;
      const n = takeFromQueue(c);
      if (n < 0) {
        // Nobody waits for this CPU: no quantum events until somebody does.
        quantumEnd[c] = Infinity;
        continue;
      }
      close(c, now);
      enqueue(running[c]!, now);
      dispatch(c, n, now);
    }
    if (spec.scheduling === 'global' && tpc > 1 && queue.length === 0) balanceIdleCores(now);
  }

  const results: JobResult[] = jobs.map((j, i) => ({
    startMs: j.startMs,
    finishMs: finish[i]!,
    wallMs: finish[i]! - j.startMs,
    chargedCpuMs: charged[i]!,
    scheduledMs: scheduled[i]!,
    dispatches: dispatches[i]!,
    computedCycles: computed[i]!,
  }));
  let makespan = 0;
  for (const r of results) makespan = Math.max(makespan, r.finishMs);
  return { jobs: results, makespanMs: makespan, events, cpuTimeline };
}
