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
  return run(newRun(spec, options.timelineMs ?? 0));
}

/**
 * One run of `simulateSystem`: the CPUs', the queue's and the jobs' state, and what the event
 * loop reads of the spec at every event, worked out once (the same numbers, only not re-read:
 * which CPUs each job may use, the per-thread rate for each count of computing threads, each
 * job's completion tolerance, and the jobs in order of arrival).
 */
function newRun(spec: SystemSpec, horizon: number) {
  const cores = Math.max(1, spec.cores);
  const tpc = Math.max(1, spec.threadsPerCore);
  const nCpu = cores * tpc;
  const nJob = spec.jobs.length;
  const timeline: OsSegment[][] | null =
    horizon > 0 ? Array.from({ length: nCpu }, () => []) : null;
  const cyclesPerMs = spec.clockGHz * 1e6;
  const global = spec.scheduling === 'global';
  // mayUse[job × nCpu + cpu]: the job's affinity set allows the CPU.
  const mayUse = new Uint8Array(nJob * nCpu).fill(1);
  let restricted = false;
  const startMs = new Float64Array(nJob);
  const remaining = new Float64Array(nJob);
  const doneBelow = new Float64Array(nJob);
  for (let j = 0; j < nJob; j++) {
    const { cpus, computeCycles } = spec.jobs[j]!;
    if (cpus)
      for (let c = 0; c < nCpu; c++)
        if (!cpus.includes(c)) {
          mayUse[j * nCpu + c] = 0;
          restricted = true;
        }
    startMs[j] = spec.jobs[j]!.startMs;
    remaining[j] = Math.max(0, computeCycles);
    doneBelow[j] = 1e-9 * Math.max(1, computeCycles);
  }
  // Every job may run on every CPU (one global queue, no affinity): `allowed` is always true.
  const anyCpu = global && !restricted;
  // Arrival order: by start time, ties by job number (a start that is not a number counts as
  // already due, as `arrive`'s `startMs > now` test treats it). Usually already in order.
  const due = (j: number) => (Number.isNaN(startMs[j]!) ? -Infinity : startMs[j]!);
  const byStart = new Int32Array(nJob);
  let inOrder = true;
  for (let j = 0; j < nJob; j++) {
    byStart[j] = j;
    if (j > 0 && !(due(j - 1) <= due(j))) inOrder = false;
  }
  if (!inOrder) byStart.sort((a, b) => due(a) - due(b) || a - b);
  // Every field written out in the literal, none spread into it: V8 then keeps them all inside
  // the object, and the event loop reads them at every step (a spread left them in a side
  // store, which made a run several times slower).
  return {
    spec,
    horizon,
    cores,
    tpc,
    nCpu,
    nJob,
    jobs: spec.jobs,
    cpuTimeline: timeline,
    cyclesPerMs,
    quantum: Math.max(1e-3, spec.quantumMs),
    reload: Math.max(0, spec.reloadMs) + Math.max(0, spec.contextSwitchUs) / 1000,
    global,
    anyCpu,
    sticky: spec.scheduling === 'sticky',
    mayUse,
    /** Per-thread rate and held share with n threads computing on a core: index n-1. */
    coreRates: spec.coreRates.map((r) => ({
      rate: r.progressPerCycle * cyclesPerMs,
      held: r.heldShare,
    })),
    /** A job is done when fewer cycles than this are left. */
    doneBelow,
    startMs,
    byStart,
    /** Jobs byStart[0 … arrivals − 1] have arrived. */
    arrivals: 0,
    remaining,
    charged: new Float64Array(nJob),
    scheduled: new Float64Array(nJob),
    dispatches: new Int32Array(nJob),
    computed: new Float64Array(nJob),
    finish: new Float64Array(nJob).fill(NaN),
    homeCpu: new Int32Array(nJob).fill(-1),
    running: new Int32Array(nCpu).fill(-1),
    lastJob: new Int32Array(nCpu).fill(-1),
    quantumEnd: new Float64Array(nCpu).fill(Infinity),
    reloadEnd: new Float64Array(nCpu),
    queue: [] as number[],
    segStart: new Float64Array(nCpu),
    rates: new Float64Array(nCpu),
    helds: new Float64Array(nCpu),
    /** Running CPUs whose quantum never ends (`quantumEnd` Infinity): see `setCpu`. */
    untimed: 0,
    done: 0,
  };
}
type Run = ReturnType<typeof newRun>;

function allowed(st: Run, job: number, cpu: number): boolean {
  if (st.anyCpu) return true;
  if (!st.mayUse[job * st.nCpu + cpu]) return false;
  const home = st.homeCpu[job];
  return st.global || home === -1 || home === cpu;
}

function coreBusy(st: Run, core: number): number {
  let n = 0;
  for (let t = 0; t < st.tpc; t++) if (st.running[t * st.cores + core]! >= 0) n++;
  return n;
}

/** Ends CPU `cpu`'s timeline segment at `now` (its reload, then its run). */
function close(st: Run, cpu: number, now: number): void {
  const j = st.running[cpu]!;
  const timeline = st.cpuTimeline;
  if (!timeline || j < 0) return;
  const s = st.segStart[cpu]!;
  const r = Math.min(st.reloadEnd[cpu]!, now);
  const horizon = st.horizon;
  if (r > s) timeline[cpu]!.push({ start: s, end: Math.min(r, horizon), job: j, reload: true });
  const a = Math.max(s, r);
  if (now > a && a < horizon)
    timeline[cpu]!.push({ start: a, end: Math.min(now, horizon), job: j, reload: false });
}

/**
 * CPU `cpu` runs `job` (-1: none) until `quantumEnd` (Infinity: no quantum event), keeping
 * `untimed`, the count of running CPUs without one, exact.
 */
function setCpu(st: Run, cpu: number, job: number, quantumEnd: number): void {
  const { running, quantumEnd: ends } = st;
  const was = running[cpu]! >= 0 && ends[cpu] === Infinity;
  running[cpu] = job;
  ends[cpu] = quantumEnd;
  if (job >= 0 && quantumEnd === Infinity) st.untimed++;
  if (was) st.untimed--;
}

/** Whether a queued process may run on `cpu`. */
function waiting(st: Run, cpu: number): boolean {
  const queue = st.queue;
  for (let i = 0; i < queue.length; i++) if (allowed(st, queue[i]!, cpu)) return true;
  return false;
}

function dispatch(st: Run, cpu: number, job: number, now: number): void {
  const { lastJob } = st;
  const reloadEnd = lastJob[cpu] === job ? now : now + st.reload;
  st.reloadEnd[cpu] = reloadEnd;
  // The quantum runs from the end of the reload, so every dispatch makes progress.
  setCpu(st, cpu, job, waiting(st, cpu) ? reloadEnd + st.quantum : Infinity);
  lastJob[cpu] = job;
  st.dispatches[job]!++;
  st.segStart[cpu] = now;
}

/** Sticky placement: the allowed CPU with the fewest processes, on the least busy core. */
function place(st: Run, job: number): number {
  const { cores, tpc, nCpu } = st;
  const load = new Int32Array(nCpu);
  for (let j = 0; j < st.nJob; j++)
    if (st.homeCpu[j]! >= 0 && Number.isNaN(st.finish[j]!)) load[st.homeCpu[j]!]!++;
  let best = -1;
  let bestKey = Infinity;
  for (let c = 0; c < nCpu; c++) {
    if (!st.mayUse[job * nCpu + c]) continue;
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
function freeCpu(st: Run, job: number): number {
  let best = -1;
  let bestBusy = Infinity;
  for (let c = 0; c < st.nCpu; c++) {
    if (st.running[c]! >= 0 || !allowed(st, job, c)) continue;
    const busy = coreBusy(st, coreOfCpu(c, st.cores));
    if (busy < bestBusy) {
      bestBusy = busy;
      best = c;
    }
  }
  return best;
}

/** A process starts waiting: CPUs it may run on resume their time slicing. */
function enqueue(st: Run, job: number, now: number): void {
  st.queue.push(job);
  if (st.untimed === 0) return; // every running CPU already has a quantum end
  for (let c = 0; c < st.nCpu; c++)
    if (st.running[c]! >= 0 && st.quantumEnd[c] === Infinity && allowed(st, job, c))
      setCpu(st, c, st.running[c]!, now + st.quantum);
}

function takeFromQueue(st: Run, cpu: number): number {
  const queue = st.queue;
  for (let i = 0; i < queue.length; i++)
    if (allowed(st, queue[i]!, cpu)) return i === 0 ? queue.shift()! : queue.splice(i, 1)[0]!;
  return -1;
}

/**
 * Idle balancing, as a scheduler that knows cothreads does: when a whole core is idle and
 * nobody waits, a process sharing another core with a cothread moves to it (paying the
 * switch and the reload), so two jobs never share a core while a core stands idle.
 */
function balanceIdleCores(st: Run, now: number): void {
  const { cores, tpc } = st;
  for (let idle = 0; idle < cores; idle++) {
    if (coreBusy(st, idle) > 0) continue;
    let moved = false;
    for (let core = 0; core < cores && !moved; core++) {
      if (core === idle || coreBusy(st, core) < 2) continue;
      for (let t = tpc - 1; t >= 0 && !moved; t--) {
        const from = t * cores + core;
        const j = st.running[from]!;
        if (j < 0) continue;
        for (let u = 0; u < tpc; u++) {
          const to = u * cores + idle;
          if (!allowed(st, j, to)) continue;
          close(st, from, now);
          setCpu(st, from, -1, Infinity);
          dispatch(st, to, j, now);
          moved = true;
          break;
        }
      }
    }
  }
}

/**
 * Arrivals due at `now`, in job order: placed (sticky), dispatched to a free CPU, or queued.
 * The jobs not yet arrived are the tail of `byStart`, so those due are the front of it.
 */
function arrive(st: Run, now: number): void {
  const { byStart, startMs, nJob } = st;
  const from = st.arrivals;
  let to = from;
  while (to < nJob && !(startMs[byStart[to]!]! > now)) to++;
  if (to === from) return;
  st.arrivals = to;
  const due = Array.from(byStart.subarray(from, to));
  for (let i = 1; i < due.length; i++)
    if (due[i]! < due[i - 1]!) {
      due.sort((a, b) => a - b);
      break;
    }
  for (const j of due) {
    if (st.sticky) st.homeCpu[j] = place(st, j);
    const c = freeCpu(st, j);
    if (c >= 0) dispatch(st, c, j, now);
    else enqueue(st, j, now);
  }
}

/**
 * The rates from `now`, and when the next event is (Infinity: none can ever come). A CPU's
 * process advances at the per-thread rate of its core's computing threads; while it reloads
 * it is stalled on memory and holds the core only if no cothread is computing.
 */
function nextEvent(st: Run, now: number): number {
  const { cores, nCpu, running, reloadEnd, rates, helds } = st;
  // The earliest arrival to come (arrivals are due in `byStart` order).
  let next = st.arrivals < st.nJob ? st.startMs[st.byStart[st.arrivals]!]! : Infinity;
  const { quantumEnd, remaining, coreRates } = st;
  // Core by core: its threads computing and reloading now, then each running thread's rate.
  for (let core = 0; core < cores; core++) {
    let busy = 0;
    let computing = 0;
    let reloading = 0;
    for (let c = core; c < nCpu; c += cores) {
      if (running[c]! < 0) continue;
      busy++;
      if (reloadEnd[c]! > now) reloading++;
      if (reloadEnd[c]! <= now) computing++;
    }
    if (busy === 0) continue;
    for (let c = core; c < nCpu; c += cores) {
      const j = running[c]!;
      if (j < 0) continue;
      let rate: number;
      if (reloadEnd[c]! > now) {
        rate = 0;
        helds[c] = busy > reloading ? 0 : 1 / reloading;
      } else {
        const r = coreRates[Math.min(computing, coreRates.length) - 1]!;
        rate = r.rate;
        helds[c] = r.held;
      }
      rates[c] = rate;
      next = Math.min(next, quantumEnd[c]!);
      if (reloadEnd[c]! > now) next = Math.min(next, reloadEnd[c]!);
      else if (rate > 0) next = Math.min(next, now + remaining[j]! / rate);
    }
  }
  return next;
}

/** Every running process advances `dt` ms at its rate. */
function advance(st: Run, dt: number): void {
  const { nCpu, running, remaining, rates, computed, charged, helds, scheduled } = st;
  for (let c = 0; c < nCpu; c++) {
    const j = running[c]!;
    if (j < 0) continue;
    const work = Math.min(remaining[j]!, rates[c]! * dt);
    remaining[j]! -= work;
    computed[j]! += work;
    charged[j]! += helds[c]! * dt;
    scheduled[j]! += dt;
  }
}

/** Processes done at `now` leave their CPU, which takes the next waiting one. */
function complete(st: Run, now: number): void {
  const { nCpu, running, remaining, reloadEnd, doneBelow } = st;
  for (let c = 0; c < nCpu; c++) {
    const j = running[c]!;
    if (j < 0) continue;
    const left = remaining[j]!;
    if (reloadEnd[c]! > now || left > doneBelow[j]!) continue;
    if (st.cpuTimeline) close(st, c, now);
    st.computed[j]! += left;
    st.remaining[j] = 0;
    st.finish[j] = now;
    st.done++;
    setCpu(st, c, -1, Infinity);
    const n = takeFromQueue(st, c);
    if (n >= 0) dispatch(st, c, n, now);
  }
}

/** Quantum ends at `now`: a CPU switches only if a process is waiting for it. */
function endQuanta(st: Run, now: number): void {
  const { nCpu, running, quantumEnd } = st;
  for (let c = 0; c < nCpu; c++) {
    if (running[c]! < 0 || quantumEnd[c]! > now) continue;
    const n = takeFromQueue(st, c);
    if (n < 0) {
      // Nobody waits for this CPU: no quantum events until somebody does.
      setCpu(st, c, running[c]!, Infinity);
      continue;
    }
    if (st.cpuTimeline) close(st, c, now);
    enqueue(st, running[c]!, now);
    dispatch(st, c, n, now);
  }
}

function run(st: Run): SystemResult {
  let now = 0;
  let events = 0;
  const maxEvents = 500_000;
  while (st.done < st.nJob && events < maxEvents) {
    events++;
    arrive(st, now);
    const next = nextEvent(st, now);
    if (!Number.isFinite(next)) break; // nothing can ever run (affinity to no CPU)
    advance(st, Math.max(0, next - now));
    now = next;
    complete(st, now);
    endQuanta(st, now);
    if (st.global && st.tpc > 1 && st.queue.length === 0) balanceIdleCores(st, now);
  }
  const results: JobResult[] = st.jobs.map((j, i) => ({
    startMs: j.startMs,
    finishMs: st.finish[i]!,
    wallMs: st.finish[i]! - j.startMs,
    chargedCpuMs: st.charged[i]!,
    scheduledMs: st.scheduled[i]!,
    dispatches: st.dispatches[i]!,
    computedCycles: st.computed[i]!,
  }));
  let makespan = 0;
  for (const r of results) makespan = Math.max(makespan, r.finishMs);
  return { jobs: results, makespanMs: makespan, events, cpuTimeline: st.cpuTimeline };
}
