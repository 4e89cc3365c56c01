import { CACHE_LINE_BYTES, REFERENCE_CACHE_MB } from './constants';
import type { Affinity, HyperthreadsParams } from './params';
import {
  simulateCore,
  simulateSystem,
  type CoreResult,
  type JobSpec,
  type SystemResult,
} from './engine';

/** What the paper says differs between its machines: clock, cache per core, memory latency. */
export interface Machine {
  clockGHz: number;
  cacheMB: number;
  memoryLatencyNs: number;
}

export interface RunOptions {
  machine?: Machine;
  jobs?: number;
  threadsPerCore?: number;
  affinity?: Affinity;
  /** Record the OS-level CPU timeline up to this time. */
  timelineMs?: number;
}

export interface ScenarioRun extends SystemResult {
  cores: number;
  threadsPerCore: number;
  /** Core behaviour with 1 … threadsPerCore busy threads. */
  coreResults: CoreResult[];
  /** Simulated events at both levels (core slices + OS). */
  totalEvents: number;
  reloadMs: number;
  /** 1, or the factor quantum/reload/switch were scaled by to keep the OS level's events bounded. */
  osTimeScale: number;
}

/** Quantum events the OS level may simulate per run before its time scale is coarsened. */
export const OS_EVENT_BUDGET = 4000;

export const machineOf = (p: HyperthreadsParams): Machine => ({
  clockGHz: p.clockGHz,
  cacheMB: p.cacheMB,
  memoryLatencyNs: p.memoryLatencyNs,
});

/** Mean compute cycles between misses for a thread sharing `cacheMB` with `threads − 1` others. */
export function missInterval(p: HyperthreadsParams, cacheMB: number, threads: number): number {
  const perThread = Math.max(1e-6, cacheMB / Math.max(1, threads));
  return p.cyclesBetweenMisses * (perThread / REFERENCE_CACHE_MB) ** p.missRateCacheExponent;
}

/** Time to refetch the working set after another process used the CPU: one line per latency. */
export function reloadMs(p: HyperthreadsParams, m: Machine): number {
  const lines = (Math.min(p.workingSetMB, m.cacheMB) * 1_048_576) / CACHE_LINE_BYTES;
  return (lines * m.memoryLatencyNs) / 1e6;
}

const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);

const coreCache = new Map<string, CoreResult>();

/** One core with `threads` busy hardware threads, memoized (tables ask for the same ones often). */
export function coreFor(p: HyperthreadsParams, m: Machine, threads: number): CoreResult {
  const spec = {
    threads,
    cyclesBetweenMisses: missInterval(p, m.cacheMB, threads),
    stallCycles: m.memoryLatencyNs * m.clockGHz,
    switchCostCycles: p.switchCostCycles,
    switchTimerCycles: p.switchTimerCycles,
    distribution: p.burstDistribution,
    seed: p.seed,
    sliceMisses: p.coreSliceMisses,
  };
  const key = JSON.stringify(spec);
  let r = coreCache.get(key);
  if (!r) {
    r = simulateCore(spec);
    if (coreCache.size > 256) coreCache.clear();
    coreCache.set(key, r);
  }
  return r;
}

export function jobCpus(
  affinity: Affinity,
  job: number,
  cores: number,
  threadsPerCore: number,
): number[] | null {
  switch (affinity) {
    case 'none':
      return null;
    case 'one-cpu':
      return [0];
    case 'cothreads':
      return [(job % threadsPerCore) * cores];
    case 'separate-cores':
      return [job % cores];
  }
}

const runCache = new Map<string, ScenarioRun>();

/**
 * The scenario (or a variant of it: another machine, job count, threads, affinity), end to
 * end. Memoized without a timeline: the tables ask for the same run more than once (the
 * scenario machine is often one of the paper's; the scenario tables repeat its OFF and ON).
 */
export function simulateHyperthreads(p: HyperthreadsParams, opts: RunOptions = {}): ScenarioRun {
  const m = opts.machine ?? machineOf(p);
  const tpc = opts.threadsPerCore ?? p.threadsPerCore;
  const nJobs = opts.jobs ?? p.jobs;
  const affinity = opts.affinity ?? p.affinity;
  if (opts.timelineMs) return simulateScenario(p, m, tpc, nJobs, affinity, opts.timelineMs);
  // Keyed by what the run reads: the job count, threads and affinity it is given, not the
  // scenario's own (a sweep over jobs, dragged, then finds its other points already run).
  const read = { ...p, table: '', jobs: 0, threadsPerCore: 0, affinity: '' };
  const key = JSON.stringify([
    read,
    m.clockGHz,
    m.cacheMB,
    m.memoryLatencyNs,
    tpc,
    nJobs,
    affinity,
  ]);
  let r = runCache.get(key);
  if (!r) {
    r = simulateScenario(p, m, tpc, nJobs, affinity, undefined);
    if (runCache.size > 256) runCache.clear();
    runCache.set(key, r);
  }
  return r;
}

function simulateScenario(
  p: HyperthreadsParams,
  m: Machine,
  tpc: number,
  nJobs: number,
  affinity: Affinity,
  timelineMs: number | undefined,
): ScenarioRun {
  const cores = p.processors * p.coresPerProcessor;
  const coreResults: CoreResult[] = [];
  for (let k = 1; k <= tpc; k++) coreResults.push(coreFor(p, m, k));
  const jobs: JobSpec[] = Array.from({ length: nJobs }, (_, i) => ({
    computeCycles: p.jobComputeGcycles * 1e9,
    startMs: i * p.startStaggerS * 1000,
    cpus: jobCpus(affinity, i, cores, tpc),
  }));
  const reload = reloadMs(p, m);
  // Bound the OS level's events: its cost grows with run time ÷ quantum. Beyond the budget,
  // quantum, reload and context switch are scaled together by `osTimeScale`, which keeps
  // each one's share of a quantum (and so the overheads) and only coarsens the rounding at
  // the end of the run.
  const rate1 = mean(coreResults[0]!.progressPerCycle) * m.clockGHz * 1e6; // cycles per ms
  const aloneMs = (p.jobComputeGcycles * 1e9) / Math.max(rate1, 1e-9);
  const cpus = cores * tpc;
  const estimatedMs = Math.max(aloneMs, (nJobs * aloneMs) / cores) + nJobs * p.startStaggerS * 1000;
  const estimatedEvents = (estimatedMs / p.quantumMs) * Math.min(nJobs, cpus);
  const osTimeScale = Math.max(1, estimatedEvents / OS_EVENT_BUDGET);
  const sys = simulateSystem(
    {
      cores,
      threadsPerCore: tpc,
      clockGHz: m.clockGHz,
      coreRates: coreResults.map((c) => ({
        progressPerCycle: mean(c.progressPerCycle),
        heldShare: mean(c.heldShare),
      })),
      quantumMs: p.quantumMs * osTimeScale,
      contextSwitchUs: p.contextSwitchUs * osTimeScale,
      reloadMs: reload * osTimeScale,
      scheduling: p.scheduling,
      jobs,
    },
    { timelineMs },
  );
  return {
    ...sys,
    cores,
    threadsPerCore: tpc,
    coreResults,
    totalEvents: sys.events + coreResults.reduce((a, c) => a + c.events, 0),
    reloadMs: reload,
    osTimeScale,
  };
}

/** Share of a lone thread's time stalled on memory (the workload's stall fraction on `m`). */
export function stallFraction(p: HyperthreadsParams, m: Machine): number {
  const c = missInterval(p, m.cacheMB, 1);
  const s = m.memoryLatencyNs * m.clockGHz;
  return s / (c + s);
}
