import type { TimelineSegmentKind } from '../types';
import { mulberry32 } from '../random';

/**
 * The core level of the hyperthreads simulation (the OS level is ./engine.ts).
 *
 * Montecito switch-on-event multithreading under OpenVMS, simulated event by event at two
 * time scales (seed file 003_5515af7182eae1b5.txt, “Montecito Hyperthreads” to “CoThread
 * Considerations”).
 *
 * 1. The core (`simulateCore`, nanoseconds). A core holds `threads` hardware threads; only
 *    one executes at a time. The executing thread computes for a burst of cycles until its
 *    next last-level cache miss; the miss stalls it for the memory latency. On the miss the
 *    core switches to another thread that is ready (switch-on-event), paying
 *    `switchCostCycles` of dead pipeline; if none is ready the core sits stalled until the
 *    first thread's data returns. The switch is taken only when it pays: when more of the
 *    stall is left than the switch costs (the named threshold: stall > switch cost; below it
 *    the core waits, as for a short L2 miss, and the miss costs what it would alone). A thread that has run `switchTimerCycles` without missing
 *    is switched out if another is ready (switch-on-timer). The OS knows nothing of this.
 *
 * 2. The OS (`simulateSystem`, milliseconds to minutes). OpenVMS sees every hardware
 *    thread as a CPU (“cothread CPUs”) and time-slices runnable processes over those CPUs:
 *    a quantum, a context-switch cost, and a cache reload — a process dispatched after
 *    another ran must fetch its working set again from memory (a burst of misses, during
 *    which a cothread can use the core). Affinity pins processes to CPUs, as in the
 *    paper's sample runs.
 *
 * Bounded event counts: a job is tens of billions of cycles and millions of misses, far too
 * many events to simulate per slider step. The core level therefore simulates a
 * representative slice (`coreSliceMisses` misses per thread, seeded) for each number of
 * busy threads a core can have, and measures the rate at which each thread progresses and
 * the share of the core each holds. The OS level then runs the whole job at quantum
 * granularity, each running process advancing at the rate its core's occupancy gives, so
 * its events scale with run time ÷ quantum, not with misses. Total work is conserved: a job
 * finishes exactly when its compute cycles are done.
 */

export type BurstDistribution = 'fixed' | 'exponential';

export interface CoreSpec {
  /** Hardware threads with a job on this core (1 = the core runs one thread). */
  threads: number;
  /** Mean compute cycles between last-level cache misses, for this occupancy. */
  cyclesBetweenMisses: number;
  /** Stall per miss, in core cycles (memory latency × clock). */
  stallCycles: number;
  switchCostCycles: number;
  switchTimerCycles: number;
  distribution: BurstDistribution;
  seed: number;
  /** Misses per thread in the simulated slice. */
  sliceMisses: number;
  /** Record occupancy segments up to this many cycles (off when absent). */
  timelineCycles?: number;
}

export interface CoreSegment {
  start: number;
  end: number;
  kind: TimelineSegmentKind;
}

export interface CoreResult {
  /** Compute cycles each thread completes per core cycle (1 = a thread alone with no stalls). */
  progressPerCycle: number[];
  /** Share of core cycles each thread holds the core (computing, stalled as owner, or switching in). */
  heldShare: number[];
  /** Shares of core cycles spent computing, stalled with nothing ready, and switching. */
  computeShare: number;
  stallShare: number;
  switchShare: number;
  switches: number;
  cycles: number;
  events: number;
  /** Per thread, what it was doing (only when a timeline was asked for). */
  timeline: CoreSegment[][] | null;
}

/**
 * Each thread's timeline up to `horizon` cycles (none when 0), and how a segment is recorded:
 * clipped at the horizon, joined to the thread's last segment when it is the same kind.
 */
function timelineRecorder(threads: number, horizon: number) {
  const timeline: CoreSegment[][] | null =
    horizon > 0 ? Array.from({ length: threads }, () => []) : null;
  const record = (thread: number, start: number, end: number, kind: TimelineSegmentKind) => {
    if (!timeline || start >= horizon || end <= start) return;
    const lane = timeline[thread]!;
    const last = lane[lane.length - 1];
    const e = Math.min(end, horizon);
    if (last && last.kind === kind && last.end === start) last.end = e;
    else lane.push({ start, end: e, kind });
  };
  return { timeline, record };
}

/** Next thread after `from` in round-robin order that is ready by time `t`; -1 if none. */
function nextReady(readyAt: Float64Array, from: number, t: number): number {
  const k = readyAt.length;
  for (let d = 1; d < k; d++) {
    const j = (from + d) % k;
    if (readyAt[j]! <= t) return j;
  }
  return -1;
}

/** The thread other than `o` whose data return first; -1 if there is none. */
function firstOther(readyAt: Float64Array, o: number): number {
  let first = -1;
  for (let j = 0; j < readyAt.length; j++)
    if (j !== o && (first < 0 || readyAt[j]! < readyAt[first]!)) first = j;
  return first;
}

/**
 * One core for a slice of `sliceMisses` misses per thread. Deterministic for a seed.
 * Timeline segments per thread: computing = 'cpu', waiting for its miss = 'stall' (hidden
 * when a cothread computes meanwhile), switching the core to it = 'fault'; a gap = ready
 * but waiting for the core.
 */
export function simulateCore(spec: CoreSpec): CoreResult {
  const k = Math.max(1, Math.floor(spec.threads));
  const rand = mulberry32(spec.seed);
  const mean = Math.max(1, spec.cyclesBetweenMisses);
  const burst =
    spec.distribution === 'fixed' ? () => mean : () => -Math.log(1 - rand()) * mean + 1e-9;
  const stall = Math.max(0, spec.stallCycles);
  const sw = Math.max(0, spec.switchCostCycles);
  const timer = Math.max(1, spec.switchTimerCycles);
  const targetMisses = Math.max(1, Math.floor(spec.sliceMisses)) * k;

  const readyAt = new Float64Array(k); // cycle its outstanding miss returns (≤ now: ready)
  const remaining = new Float64Array(k);
  const progress = new Float64Array(k);
  const held = new Float64Array(k);
  // Threads start staggered by a fraction of a burst so they do not miss in lockstep.
  for (let i = 0; i < k; i++) remaining[i] = burst() * (i === 0 ? 1 : rand());

  const { timeline, record } = timelineRecorder(k, spec.timelineCycles ?? 0);

  let now = 0;
  let owner = 0;
  let compute = 0;
  let stalled = 0;
  let switching = 0;
  let switches = 0;
  let misses = 0;
  let events = 0;

  while (misses < targetMisses) {
    events++;
    const o = owner;
    let to = -1; // the thread the core switches to at the end of this event, if any
    if (readyAt[o]! > now) {
      // The owner is stalled. Another thread takes the core only if, by the time it is
      // ready, more of the owner's stall is left than the switch costs (switch when it pays).
      const first = firstOther(readyAt, o);
      const at = first >= 0 ? Math.max(now, readyAt[first]!) : Infinity;
      const pays = first >= 0 && readyAt[o]! - at > sw;
      const until = pays ? at : readyAt[o]!;
      held[o]! += until - now;
      stalled += until - now;
      now = until;
      if (pays) to = first;
    } else {
      // The owner computes until its miss, or until the timer hands the core to a ready thread.
      let run = remaining[o]!;
      let preempt = -1;
      if (k > 1 && run > timer) {
        const j = nextReady(readyAt, o, now + timer);
        if (j >= 0) {
          run = timer;
          preempt = j;
        }
      }
      if (timeline) record(o, now, now + run, 'cpu');
      progress[o]! += run;
      held[o]! += run;
      compute += run;
      now += run;
      if (preempt >= 0) {
        remaining[o]! -= run;
        to = preempt;
      } else {
        // Miss: the owner stalls; switch on the event if another thread is ready and the
        // stall is longer than the switch (a switch dearer than the stall it hides is not taken).
        misses++;
        if (timeline) record(o, now, now + stall, 'stall');
        readyAt[o] = now + stall;
        remaining[o] = burst();
        if (k > 1 && stall > sw) to = nextReady(readyAt, o, now);
      }
    }
    if (to >= 0) {
      // Switch the core to `to`: the pipeline is dead for the switch cost.
      if (timeline) record(to, now, now + sw, 'fault');
      held[to]! += sw;
      switching += sw;
      now += sw;
      owner = to;
      switches++;
    }
  }

  const cycles = Math.max(now, 1e-9);
  return {
    progressPerCycle: Array.from(progress, (p) => p / cycles),
    heldShare: Array.from(held, (h) => h / cycles),
    computeShare: compute / cycles,
    stallShare: stalled / cycles,
    switchShare: switching / cycles,
    switches,
    cycles,
    events,
    timeline,
  };
}
