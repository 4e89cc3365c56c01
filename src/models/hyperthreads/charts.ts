import type {
  ChartData,
  ChartOptions,
  LineChartData,
  PaperPointRef,
  TimelineChartData,
} from '../types';
import { COTHREAD_UNCERTAINTY, MACHINES } from './constants';
import { propagateLinear } from '../uncertainty';
import { intervalStepOf } from './tables';
import type { HyperthreadsParams } from './params';
import {
  machineOf,
  missInterval,
  simulateHyperthreads,
  stallFraction,
  type Machine,
} from './simulate';
import { simulateCore } from './engine';
import { joinChartSlices } from '../define';

const s = (ms: number) => ms / 1000;

function improvementPct(p: HyperthreadsParams, opts: { machine?: Machine; jobs?: number } = {}) {
  const off = simulateHyperthreads(p, { ...opts, threadsPerCore: 1 }).makespanMs;
  const on = simulateHyperthreads(p, opts).makespanMs;
  return off > 0 ? ((off - on) / off) * 100 : 0;
}

/**
 * Sweeps that change the core's miss pattern need a fresh core slice per point; a shorter
 * slice (at most 1,000 misses per thread) keeps a chart under a few hundred ms. The tables
 * use the scenario's own slice.
 */
const sweepParams = (p: HyperthreadsParams): HyperthreadsParams => ({
  ...p,
  coreSliceMisses: Math.min(p.coreSliceMisses, 1000),
});

/**
 * The drag preview (`ChartOptions.preview`, during a gesture): each sweep at about half its
 * points (the scenario's own always among them) and the latency sweep without its band, a
 * quarter of the runs or less; the full charts replace it when the knob is let go. The same
 * runs as the full sweep's at those points, so the preview's points lie on the full lines.
 */
const PREVIEW_CAPTION =
  'Drag preview: fewer points and no band; the full chart follows when the knob is let go. ';
const previewOf = (chart: LineChartData, preview: boolean): LineChartData =>
  preview ? { ...chart, preview: true, caption: PREVIEW_CAPTION + (chart.caption ?? '') } : chart;
/**
 * The two dearest sweeps (stall share, memory latency) are computed in this many slices
 * (chart parts joined by `joinChartSlices`): slice j evaluates the x values j, j + SLICES, …,
 * so that no part holds a pool worker long (a step's tables wait for no part to start, but
 * share the cores with one already running; issue 31).
 */
const SWEEP_SLICES = 3;
/** The x values of slice `slice` (`null`: all). */
const sliceOf = <T>(xs: readonly T[], slice: number | null): T[] =>
  slice === null ? [...xs] : xs.filter((_, i) => i % SWEEP_SLICES === slice);
const slices = (sweep: (p: HyperthreadsParams, preview: boolean, slice: number) => LineChartData) =>
  Array.from(
    { length: SWEEP_SLICES },
    (_, j) =>
      (p: HyperthreadsParams, o?: ChartOptions): ChartData[] => [sweep(p, o?.preview === true, j)],
  );

/** Every other point of a sorted sweep, its ends kept. */
const everyOther = (xs: readonly number[]) =>
  xs.filter((_, i) => i % 2 === 0 || i === xs.length - 1);

/**
 * The paper's points for the jobs chart — one copy alone, 10 copies OFF and ON — when the
 * scenario is one of the paper's machines (clock and cache as in its row label) on 4 cores.
 */
function paperMachinePoints(p: HyperthreadsParams, cores: number): PaperPointRef[] {
  const m = MACHINES.find((mm) => mm.clockGHz === p.clockGHz && mm.cacheMB === p.cacheMB);
  if (!m || cores !== 4 || p.threadsPerCore !== 2) return [];
  const name = m.label.split(' ')[0];
  const ref = (x: number, column: string, what: string): PaperPointRef => ({
    x,
    table: 'vms-cothread',
    row: m.label,
    column,
    label: `${name}, ${what}`,
  });
  return [
    ref(1, 'alone_s', 'one copy alone'),
    ref(10, 'off_s', '10 copies, OFF'),
    ref(10, 'on_s', '10 copies, ON'),
  ];
}

/** Elapsed until all jobs are done vs number of jobs, hyperthreads off and on. */
function jobsSweep(p: HyperthreadsParams, preview = false): LineChartData {
  const cores = p.processors * p.coresPerProcessor;
  const maxJobs = Math.min(64, Math.max(12, 3 * cores * p.threadsPerCore, p.jobs));
  const step = Math.max(1, Math.ceil(maxJobs / 16));
  const grid = Array.from({ length: Math.ceil(maxJobs / step) }, (_, i) => 1 + i * step);
  const xs = [...new Set([...(preview ? everyOther(grid) : grid), p.jobs])].sort((a, b) => a - b);
  const series: LineChartData['series'] = [
    { name: 'Hyperthreads OFF', tpc: 1 },
    { name: `Hyperthreads ON (${p.threadsPerCore} per core)`, tpc: p.threadsPerCore },
  ].map(({ name, tpc }) => ({
    name,
    dashed: tpc === 1,
    points: xs.map((x) => ({
      x,
      y: s(simulateHyperthreads(p, { jobs: x, threadsPerCore: tpc }).makespanMs),
    })),
  }));
  return previewOf(
    {
      kind: 'line',
      id: 'jobs-sweep',
      title: `Elapsed vs number of jobs on ${cores} cores (scenario machine)`,
      xLabel: 'Copies of the program',
      xUnit: 'jobs',
      yLabel: 'Elapsed until all are done',
      yUnit: 's',
      xScale: 'linear',
      series,
      markers: [
        { x: cores, label: `${cores} cores` },
        { x: p.jobs, label: `now: ${p.jobs}` },
      ],
      paperPoints: paperMachinePoints(p, cores),
      caption:
        'Up to one job per core the curves coincide: hyperthreads cannot help without more runnable jobs than cores. ' +
        'Beyond, the ON curve grows more slowly by the share of memory stalls a cothread hides. ' +
        'Diamonds: the paper’s measurements (one copy alone; 10 copies off and on), shown when the sliders describe one of its machines on 4 cores.',
    },
    preview,
  );
}

/** Improvement (OFF → ON) vs the share of a lone job's time stalled on memory. */
function stallSweep(
  scenario: HyperthreadsParams,
  preview = false,
  slice: number | null = null,
): LineChartData {
  const p = sweepParams(scenario);
  const m = machineOf(p);
  const stallCycles = m.memoryLatencyNs * m.clockGHz;
  const fractions = [0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.55, 0.7].filter(
    (_, i) => !preview || i % 2 === 0,
  );
  const cores = p.processors * p.coresPerProcessor;
  // cyclesBetweenMisses that gives stall fraction f for a lone thread on this machine.
  const scaleToRef = missInterval(p, m.cacheMB, 1) / p.cyclesBetweenMisses;
  const withFraction = (f: number): HyperthreadsParams => ({
    ...p,
    cyclesBetweenMisses:
      f <= 0 || stallCycles <= 0 ? 1e7 : Math.min(1e7, (stallCycles * (1 - f)) / f / scaleToRef),
  });
  const now = stallFraction(p, m);
  const xs = sliceOf(
    [...new Set([...fractions, Math.round(now * 1000) / 1000])].sort((a, b) => a - b),
    slice,
  );
  const series: LineChartData['series'] = [
    {
      name: `${p.jobs} jobs on ${cores} cores, switch ${p.switchCostCycles} cycles`,
      points: xs.map((f) => ({ x: f * 100, y: improvementPct(withFraction(f)) })),
    },
    {
      name: `${p.jobs} jobs, switch ${p.switchCostCycles * 10 || 150} cycles`,
      dashed: true,
      points: xs.map((f) => ({
        x: f * 100,
        y: improvementPct({ ...withFraction(f), switchCostCycles: p.switchCostCycles * 10 || 150 }),
      })),
    },
    {
      name: `${cores} jobs on ${cores} cores (no more jobs than cores)`,
      dashed: true,
      points: xs.map((f) => ({ x: f * 100, y: improvementPct(withFraction(f), { jobs: cores }) })),
    },
  ];
  return previewOf(
    {
      kind: 'line',
      id: 'stall-sweep',
      title: 'Improvement from hyperthreads vs memory-stall share (scenario machine)',
      xLabel: 'Share of a lone job’s time stalled on memory',
      xUnit: '%',
      yLabel: 'Improvement (OFF − ON) ÷ OFF',
      yUnit: '%',
      xScale: 'linear',
      series,
      markers: [{ x: now * 100, label: `now: ${(now * 100).toFixed(0)} %` }],
      caption:
        'Poor locality (many misses) benefits. Good locality gains nothing and runs slightly slower: with almost no misses ' +
        'the cothreads still trade the core on every switch-on-timer tick and pay the switch cost, so the curve starts just ' +
        'below zero (−0.04 % with the defaults; a larger switch cost or timer rate deepens it). A cache shared by the ' +
        'cothreads (miss-rate exponent > 0) lowers the gain further. With no more jobs than cores there is nothing to gain ' +
        'at any stall share.',
    },
    preview,
  );
}

/** Improvement vs memory latency, the paper's three machines marked at their fitted latencies. */
function latencySweep(
  scenario: HyperthreadsParams,
  preview = false,
  slice: number | null = null,
): LineChartData {
  const p = sweepParams(scenario);
  const xs = [0, 50, 100, 200, 300, 400, 600, 800, 1000];
  const m = machineOf(p);
  const lat = sliceOf(
    [...new Set([...(preview ? everyOther(xs) : xs), m.memoryLatencyNs])].sort((a, b) => a - b),
    slice,
  );
  const evaluate = (q: HyperthreadsParams) =>
    Object.fromEntries(
      lat.map((x) => [String(x), improvementPct(q, { machine: { ...m, memoryLatencyNs: x } })]),
    );
  const scenarioLine = (): LineChartData['series'][number] => {
    if (preview) {
      const values = evaluate(p);
      return { name: 'Scenario workload', points: lat.map((x) => ({ x, y: values[String(x)]! })) };
    }
    // The workload's uncertainty (COTHREAD_UNCERTAINTY) along the whole sweep at once, by
    // the delta method: one run of the sweep per workload constant.
    const { values, intervals } = propagateLinear(p, COTHREAD_UNCERTAINTY, {
      evaluate,
      keysRead: [
        'jobComputeGcycles',
        'cyclesBetweenMisses',
        'workingSetMB',
        'missRateCacheExponent',
      ],
      step: intervalStepOf(COTHREAD_UNCERTAINTY),
      floor: -Infinity,
    });
    return {
      name: 'Scenario workload',
      points: lat.map((x) => ({ x, y: values[String(x)]! })),
      band: lat.map((x) => ({ x, lo: intervals[String(x)]![0], hi: intervals[String(x)]![1] })),
    };
  };
  return previewOf(
    {
      kind: 'line',
      id: 'latency-sweep',
      title: `Improvement from hyperthreads vs memory latency (${p.jobs} jobs, ${p.clockGHz} GHz, ${p.cacheMB} MB)`,
      xLabel: 'Memory latency',
      xUnit: 'ns',
      yLabel: 'Improvement (OFF − ON) ÷ OFF',
      yUnit: '%',
      xScale: 'linear',
      series: [scenarioLine()],
      markers: MACHINES.map((mm) => ({ x: mm.latencyNs, label: mm.label.split(' ')[0]! })),
      caption:
        'Systems with higher memory latency benefit more: each miss leaves the core longer for the cothread. ' +
        'Markers: the latencies fitted for the paper’s three machines. Band: the 95 % interval from the workload’s fit, widest where no machine was measured.',
    },
    preview,
  );
}

/** Which hardware thread holds each core, cycle by cycle, for a short window. */
function coreTimeline(p: HyperthreadsParams): TimelineChartData {
  const m = machineOf(p);
  const cores = p.processors * p.coresPerProcessor;
  const shown = Math.min(cores, 2);
  const threads = p.threadsPerCore;
  const c = missInterval(p, m.cacheMB, threads);
  const stall = m.memoryLatencyNs * m.clockGHz;
  const windowCycles = Math.min(2e9, Math.max(2000, 12 * (c + stall)));
  // Segments in µs: the window is microseconds long, and the axis says so.
  const cyclesPerUs = m.clockGHz * 1e3;
  const lanes: TimelineChartData['lanes'] = [];
  for (let core = 0; core < shown; core++) {
    const r = simulateCore({
      threads,
      cyclesBetweenMisses: c,
      stallCycles: stall,
      switchCostCycles: p.switchCostCycles,
      switchTimerCycles: p.switchTimerCycles,
      distribution: p.burstDistribution,
      seed: p.seed + core * 7919,
      sliceMisses: 40,
      timelineCycles: windowCycles,
    });
    r.timeline!.forEach((segs, t) =>
      lanes.push({
        name: `Core ${core}, thread ${t} (OpenVMS CPU ${t * cores + core})`,
        segments: segs.map((g) => ({
          start: g.start / cyclesPerUs,
          end: g.end / cyclesPerUs,
          kind: g.kind,
        })),
      }),
    );
  }
  const us = windowCycles / cyclesPerUs;
  return {
    kind: 'timeline',
    id: 'core-timeline',
    kindLabels: {
      cpu: 'Thread executing',
      stall: 'Waiting for a cache miss',
      fault: 'Thread switch',
    },
    title: `Hardware threads on ${shown === 1 ? 'one core' : `the first ${shown} cores`}, the first ${us.toFixed(1)} µs`,
    unit: 'µs',
    lanes,
    caption:
      'Each lane is one hardware thread (an OpenVMS CPU). Filled: the thread executes. Hatched: it waits for a cache miss to ' +
      'be served. Third colour: the core switching to it (switch cost). A gap: the thread is ready but its cothread holds ' +
      'the core. Only one thread of a core executes at a time.',
  };
}

/** Which process each OpenVMS CPU runs over the first seconds: quantum rotation and reloads. */
function osTimeline(p: HyperthreadsParams): TimelineChartData {
  const horizon = Math.max(4 * p.quantumMs, 1000);
  const r = simulateHyperthreads(p, { timelineMs: horizon });
  const lanes = (r.cpuTimeline ?? []).slice(0, 16).map((segs, cpu) => ({
    name: `CPU ${cpu} (core ${cpu % r.cores}, thread ${Math.floor(cpu / r.cores)})`,
    segments: segs.map((g) => ({
      start: g.start,
      end: g.end,
      kind: g.reload ? ('stall' as const) : ('cpu' as const),
    })),
  }));
  return {
    kind: 'timeline',
    id: 'os-timeline',
    kindLabels: { cpu: 'Process running', stall: 'Refetching its working set' },
    title: `OpenVMS CPUs, the first ${horizon} ms: processes time-sliced every ${p.quantumMs} ms`,
    unit: 'ms',
    lanes,
    caption:
      'Filled: a process runs on the CPU (an OpenVMS CPU is one hardware thread; CPUs n and n + cores share a core). ' +
      'Hatched: after a context switch the process refetches its working set from memory — none at the fitted working set ' +
      `of ${p.workingSetMB} MB; raise “Working set refetched per dispatch” to see it. A new segment starts at each dispatch.`,
  };
}

/**
 * Each chart on its own (the stall-share and latency sweeps in `SWEEP_SLICES` slices each):
 * independent sweeps, which a pool of workers runs at once.
 */
export const HYPERTHREADS_CHART_PARTS: readonly ((
  p: HyperthreadsParams,
  options?: ChartOptions,
) => ChartData[])[] = [
  (p, o) => [jobsSweep(p, o?.preview === true)],
  ...slices(stallSweep),
  ...slices(latencySweep),
  (p) => [coreTimeline(p)],
  (p) => [osTimeline(p)],
];

export function hyperthreadsCharts(p: HyperthreadsParams): ChartData[] {
  return joinChartSlices(HYPERTHREADS_CHART_PARTS.flatMap((part) => part(p)));
}
