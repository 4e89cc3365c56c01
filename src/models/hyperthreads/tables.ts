import type { ColumnSpec, ModelRow, ModelTable, TablesOptions } from '../types';
import { propagate, propagateLinear, cholesky } from '../uncertainty';
import { COTHREAD_UNCERTAINTY, FITTED, MACHINES, SAMPLE_UNCERTAINTY } from './constants';
import type { Uncertainty } from '../uncertainty';
import type { HyperthreadsParams } from './params';
import { machineOf, simulateHyperthreads, stallFraction, type Machine } from './simulate';

const SOURCE = '003_5515af7182eae1b5.txt';
const s = (ms: number) => ms / 1000;

export const COTHREAD_COLUMNS: ColumnSpec[] = [
  { key: 'alone_s', label: 'Alone', unit: 's' },
  { key: 'off_s', label: 'OFF', unit: 's' },
  { key: 'on_s', label: 'ON', unit: 's' },
  { key: 'improvement_pct', label: 'Improvement', unit: '%' },
];

export const SCENARIO_ROW = 'Scenario machine (clock, cache, latency from the sliders)';
/** Its short name where a table is short of room (ModelRow.short). */
const SCENARIO_SHORT = 'Scenario machine';
const withShort = (r: ModelRow): ModelRow =>
  r.label === SCENARIO_ROW ? { ...r, short: SCENARIO_SHORT } : r;

export interface NamedMachine extends Machine {
  label: string;
}

export const PAPER_MACHINES: NamedMachine[] = MACHINES.map((m) => ({
  label: m.label,
  clockGHz: m.clockGHz,
  cacheMB: m.cacheMB,
  memoryLatencyNs: m.latencyNs,
}));

/** The machines' latencies as keys beside the parameters, so one record carries them all. */
export type CothreadParams = HyperthreadsParams & {
  latency4640Ns: number;
  latency8640Ns: number;
  latencySanddunesNs: number;
};

export const LATENCY_KEYS = ['latency4640Ns', 'latency8640Ns', 'latencySanddunesNs'] as const;

/** The paper's three machines with the latencies `q` carries. */
/** `p` with each of the paper's three machines' memory latency (what a cothread row reads). */
export const withMachineLatencies = (p: HyperthreadsParams): CothreadParams => ({
  ...p,
  latency4640Ns: MACHINES[0].latencyNs,
  latency8640Ns: MACHINES[1].latencyNs,
  latencySanddunesNs: MACHINES[2].latencyNs,
});

export function machinesOf(q: CothreadParams): NamedMachine[] {
  return MACHINES.map((m, i) => ({
    label: m.label,
    clockGHz: m.clockGHz,
    cacheMB: m.cacheMB,
    memoryLatencyNs: q[LATENCY_KEYS[i]!],
  }));
}

const WORKLOAD_KEYS = ['jobComputeGcycles', 'cyclesBetweenMisses'];

/** Forward-difference steps: 2 % of a value (at least 0.05 MB for a working set near 0). */
export const stepOf = (k: string, v: number) =>
  k === 'workingSetMB' ? Math.max(0.05, 0.02 * Math.abs(v)) : 0.02 * Math.abs(v);

/**
 * The intervals' steps: one sd of each uncertain constant (a secant over its spread), not
 * `stepOf`'s 2 %. The model is a seeded simulation of a slice of misses: a 2 % move of the
 * miss interval re-runs it with its discrete events a little shifted, and that noise (a few
 * tenths of a point of Improvement) divided by a 2 % step and multiplied by a 40 % sd made the
 * intervals' half-widths swing from 7 to 15 points with the seed alone (issue 33). Over a
 * whole sd the noise enters once, not twentyfold; a key without a variance keeps `stepOf`.
 */
export function intervalStepOf(unc: Uncertainty): (k: string, v: number) => number {
  return (k, v) => {
    const i = unc.keys.indexOf(k);
    const variance = i >= 0 ? unc.covariance[i]![i]! : 0;
    return variance > 0 ? Math.sqrt(variance) : stepOf(k, v);
  };
}

/** Times are positive quantities (log-scale intervals); an improvement can be negative. */
const isTime = (k: string) => k.endsWith('_s');

/**
 * The fit's covariance carried to the workload on the sliders. The workload constants are
 * known to a relative precision (± 10 % of compute, ± 40 % of the miss interval), not to an
 * absolute one: at a slider value far from the fitted one the covariance is scaled by
 * value ÷ fitted, so a job of 0.01 Gcycles is not given the 23 Gcycles job's ± 2.5 Gcycles.
 */
function relativeTo(p: HyperthreadsParams): Uncertainty {
  const fitted: Record<string, number> = {
    jobComputeGcycles: FITTED.jobComputeGcycles.value,
    cyclesBetweenMisses: FITTED.cyclesBetweenMisses.value,
  };
  const keys = COTHREAD_UNCERTAINTY.keys;
  const f = keys.map((k) =>
    k in fitted ? (p[k as keyof HyperthreadsParams] as number) / fitted[k]! : 1,
  );
  return {
    ...COTHREAD_UNCERTAINTY,
    covariance: COTHREAD_UNCERTAINTY.covariance.map((r, i) => r.map((c, j) => c * f[i]! * f[j]!)),
  };
}

/** Intervals of the paper's rows, remembered by what they read (not the scenario machine). */
const paperRowMemo = new Map<string, ModelRow[]>();

/**
 * The paper's three machines with 95 % intervals (COTHREAD_UNCERTAINTY by the delta method:
 * each row reads the workload's four constants and its own machine's latency).
 */
function paperRowsWithIntervals(p: HyperthreadsParams, compute = true): ModelRow[] | undefined {
  const { clockGHz: _c, cacheMB: _m, memoryLatencyNs: _l, ...read } = p;
  const key = JSON.stringify(read);
  const hit = paperRowMemo.get(key);
  if (hit || !compute) return hit;
  const q = withMachineLatencies(p);
  const unc = relativeTo(p);
  const rows = MACHINES.map((m, i) => {
    const { values, intervals } = propagateLinear(q, unc, {
      evaluate: (x) => cothreadRow(x, machinesOf(x)[i]!),
      keysRead: [...WORKLOAD_KEYS, LATENCY_KEYS[i]!],
      step: intervalStepOf(unc),
      floor: -Infinity,
      positive: isTime,
    });
    return { label: m.label, values, intervals };
  });
  if (paperRowMemo.size > 32) paperRowMemo.clear();
  paperRowMemo.set(key, rows);
  return rows;
}

/**
 * The scenario machine's row: a prediction for a machine the paper did not measure. Its
 * latency is the slider's, so the ridge between latency and miss interval, which the paper's
 * rows sit on, is open here: the 8640's latency prior carries into the interval through the
 * workload constants' covariance with it.
 */
function scenarioRowWithIntervals(p: HyperthreadsParams): ModelRow {
  const unc = relativeTo(p);
  const { values, intervals } = propagateLinear(p, unc, {
    evaluate: (x) => cothreadRow(x, machineOf(x)),
    keysRead: WORKLOAD_KEYS,
    step: intervalStepOf(unc),
    floor: -Infinity,
    positive: isTime,
  });
  return { label: SCENARIO_ROW, values, intervals, predicted: true };
}

/** Alone / OFF / ON / improvement for one machine: the paper's experiment with the scenario's OS and workload. */
export function cothreadRow(p: HyperthreadsParams, machine: Machine) {
  const alone = simulateHyperthreads(p, { machine, jobs: 1, threadsPerCore: 1, affinity: 'none' });
  const off = simulateHyperthreads(p, { machine, threadsPerCore: 1, affinity: 'none' });
  const on = simulateHyperthreads(p, { machine, affinity: 'none' });
  return {
    alone_s: s(alone.makespanMs),
    off_s: s(off.makespanMs),
    on_s: s(on.makespanMs),
    improvement_pct: ((off.makespanMs - on.makespanMs) / off.makespanMs) * 100,
  };
}

export function cothreadTable(
  p: HyperthreadsParams,
  machines: NamedMachine[] = PAPER_MACHINES,
  { intervals = true }: TablesOptions = {},
): ModelTable {
  const cores = p.processors * p.coresPerProcessor;
  // Intervals for the paper's own machines (the fit script passes others, and needs none).
  const withIntervals = machines === PAPER_MACHINES;
  const plain = (m: NamedMachine | (Machine & { label: string })): ModelRow => ({
    label: m.label,
    values: cothreadRow(p, m),
  });
  // Values first while a control moves (`intervals: false`): the paper's rows keep intervals
  // already remembered for what they read; the rest come when the page asks again.
  const rows: ModelRow[] = !withIntervals
    ? [...machines, { label: SCENARIO_ROW, ...machineOf(p) }].map(plain)
    : intervals
      ? [...paperRowsWithIntervals(p)!, scenarioRowWithIntervals(p)]
      : [
          ...(paperRowsWithIntervals(p, false) ?? machines.map(plain)),
          { ...plain({ label: SCENARIO_ROW, ...machineOf(p) }), predicted: true },
        ];
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
  return {
    id: 'vms-cothread',
    title: `Sample CoThread Tests: ${p.jobs} copies on ${cores} cores, seconds`,
    source: `${SOURCE} “Sample CoThread Tests”`,
    columns: COTHREAD_COLUMNS,
    rows: rows.map(withShort),
    ...(withIntervals ? { intervalLevel: COTHREAD_UNCERTAINTY.level } : {}),
    notes: [
      'Improvement = (OFF − ON) ÷ OFF, as the paper’s percentages are. Alone: one copy, nothing else running.',
      `Model values read “value (lo–hi)”: a 95 % prediction interval for a new run, on the log scale: the fit’s covariance propagated by the delta method (Student k = ${COTHREAD_UNCERTAINTY.k.toFixed(2)}), the cells’ ${(COTHREAD_UNCERTAINTY.residualRelSd * 100).toFixed(1)} % scatter and ${((COTHREAD_UNCERTAINTY.betweenRelSd ?? 0) * 100).toFixed(0)} % between runs. Each machine’s latency is held by a prior (236.5 ± 60 ns), not a point: the cells pin stall shares, not latency and miss interval apart.`,
      `One workload and one OS for all rows; the machines differ only in clock, cache per core and memory latency (fitted: ${machines
        .map((m) => `${m.label.split(' ')[0]} ${m.memoryLatencyNs.toFixed(0)} ns`)
        .join(', ')}). ` +
        `Share of a lone job's time stalled on memory: ${[
          ...machines,
          { label: 'scenario', ...machineOf(p) },
        ]
          .map((m) => `${m.label.split(' ')[0]} ${pct(stallFraction(p, m))}`)
          .join(', ')}.`,
      'The last row is a prediction for the machine on the Hardware sliders; drag memory latency to see the benefit grow.',
      'Known miss, shown rather than tuned away (at the fitted constants): the 4640’s Alone runs 17 % long and its Improvement 7–8 points high (11.6 % against 4 %; the 8640 20.5 % against 13 %). The paper’s OFF took 3.02, 2.93 and 2.83 × Alone; an OS that time-shares ten copies over four CPUs gives 2.5 × plus its switching, and refetching a whole cache every quantum bounds that at about 2.6 × (4640) to 2.7 × (8640). The fit meets OFF by lengthening Alone, most on the 4640, whose latency sits at the DRAM range’s 117 ns floor. Copies that never migrate (3 + 3 + 2 + 2 per core) give the paper’s ratios, but leave CPUs idle while copies wait — not how OpenVMS schedules — so the model keeps time-sharing and shows the miss (the scheduler is a knob).',
      p.threadsPerCore === 1
        ? 'Threads per core is 1: ON is the same machine as OFF, so there is nothing to gain.'
        : `ON: ${p.threadsPerCore} hardware threads per core, seen by OpenVMS as ${cores * p.threadsPerCore} cothread CPUs.`,
      ...(p.threadsPerCore === 2 && p.jobs > cores && p.jobs < cores * p.threadsPerCore
        ? [balancingNote(p.jobs, cores)]
        : []),
    ],
  };
}

/**
 * The named threshold between cores and CPUs (two threads per core): nothing waits, so nothing
 * is time-sliced, and some jobs share a core while others have one alone.
 */
export function balancingNote(jobs: number, cores: number): string {
  const pairs = jobs - cores;
  const lone = cores - pairs;
  // When every pair finds an idle core as the lone jobs finish, ON takes (2 − r) × alone for a
  // pair's per-thread rate r, against jobs ÷ cores × alone time-shared.
  const breakEven =
    pairs <= lone
      ? `it wins only when a pair runs faster than ${(2 - jobs / cores).toFixed(2)} × alone each`
      : 'it wins only when a pair runs well above half speed';
  return (
    `Threshold: ${jobs} jobs lie between ${cores} cores and ${2 * cores} CPUs, so nothing waits and nothing is time-sliced. ` +
    `With ON, ${pairs} ${pairs === 1 ? 'pair shares a core' : 'pairs share cores'} while ${lone} ${lone === 1 ? 'job has' : 'jobs have'} a core alone; when a core falls idle the scheduler moves one of a pair to it. ` +
    `OFF instead time-shares all ${jobs} fairly on ${cores} cores, so ON can be slower here: ${breakEven}.`
  );
}

export const SAMPLE_COLUMNS: ColumnSpec[] = [
  { key: 'wall_s', label: 'Wall clock', unit: 's' },
  { key: 'cpu_s', label: 'CPU time charged', unit: 's' },
  { key: 'exec_s', label: 'Time to execute (cycles)', unit: 's' },
];

export const SAMPLE_SETUPS = [
  { name: 'Single core, time-sliced', affinity: 'one-cpu' },
  { name: 'Single core with CoThreads', affinity: 'cothreads' },
  { name: 'Two cores', affinity: 'separate-cores' },
] as const;

const SAMPLE_FACTOR = cholesky(SAMPLE_UNCERTAINTY.covariance);

/**
 * The sample runs with 95 % intervals from SAMPLE_UNCERTAINTY, pushed through in full: a
 * simulation of all three setups per sigma point, seconds at 256 hardware threads. With
 * `intervals: false` (a control moving) the same table without them: the page asks again.
 */
export function sampleRunsTableWithIntervals(
  p: HyperthreadsParams,
  { intervals: wanted = true }: TablesOptions = {},
): ModelTable {
  const t = sampleRunsTable(p);
  const withNote = (rows: ModelRow[]): ModelTable => ({
    ...t,
    rows,
    intervalLevel: SAMPLE_UNCERTAINTY.level,
    notes: [
      ...(t.notes ?? []),
      'Model values read “value (lo–hi)”: a 95 % prediction interval from the fit’s covariance (tc_cf’s compute and miss interval and the stagger on the 12 cells, the 8640’s latency held by its 236.5 ± 60 ns prior) and the cells’ own scatter.',
    ],
  });
  if (!wanted) return withNote(t.rows);
  const { intervals } = propagate(
    p,
    SAMPLE_UNCERTAINTY,
    {
      evaluate: (q) =>
        Object.fromEntries(
          sampleRunsTable(q).rows.flatMap((r, i) =>
            Object.entries(r.values).map(([k, v]) => [`${i}:${k}`, v]),
          ),
        ),
      minOf: () => 0,
    },
    SAMPLE_FACTOR,
  );
  return withNote(
    t.rows.map((r, i) => ({
      ...r,
      intervals: Object.fromEntries(Object.keys(r.values).map((k) => [k, intervals[`${i}:${k}`]!])),
    })),
  );
}

export function sampleRunsTable(p: HyperthreadsParams): ModelTable {
  const rows: ModelTable['rows'] = [];
  const sums: string[] = [];
  for (const setup of SAMPLE_SETUPS) {
    const r = simulateHyperthreads(p, { jobs: 2, affinity: setup.affinity });
    r.jobs.forEach((j, i) =>
      rows.push({
        label: `${setup.name}: Session ${i + 1}`,
        values: { wall_s: s(j.wallMs), cpu_s: s(j.chargedCpuMs), exec_s: s(j.scheduledMs) },
      }),
    );
    const cpu = r.jobs.reduce((a, j) => a + j.chargedCpuMs, 0);
    sums.push(
      `${setup.name.toLowerCase()}: CPU ${s(cpu).toFixed(1)} s vs elapsed ${s(r.makespanMs).toFixed(1)} s`,
    );
  }
  return {
    id: 'vms-sample-runs',
    title: 'Sample runs: two copies of tc_cf, seconds',
    source: `${SOURCE} “Sample Run on Single Core”, “… with CoThreads”, “… on Two Cores”`,
    columns: SAMPLE_COLUMNS,
    rows,
    notes: [
      'CPU time as the OS charges it: under cothreads a process is charged only the share of its core it held (computing, ' +
        'or owning the core while stalled), so two cothreads together are charged the core’s busy time, not twice the wall time. ' +
        '“Time to execute” is the program’s cycle count: it runs whenever OpenVMS has the process on a CPU, ' +
        'so under cothreads it is close to the wall time though the core was shared.',
      `The two sessions start ${p.startStaggerS} s apart (typed by hand in two windows), so each session’s wall time is shorter ` +
        `than the span both kept the core busy, and the two CPU times sum to more than either wall time: ${sums.join('; ')}.`,
    ],
  };
}

export const OVERALL_COLUMNS: ColumnSpec[] = [
  { key: 'makespan_s', label: 'All done', unit: 's' },
  { key: 'mean_wall_s', label: 'Mean wall per job', unit: 's' },
  { key: 'cpu_total_s', label: 'CPU charged, all jobs', unit: 's' },
  { key: 'throughput_per_min', label: 'Throughput', unit: 'jobs/min' },
];

/** The scenario as configured, hyperthreads off and on: makespan, CPU charged, throughput. */
export function overallTable(p: HyperthreadsParams): ModelTable {
  const variants = [
    { label: 'Hyperthreads OFF (1 thread per core)', tpc: 1 },
    { label: `Hyperthreads ON (${p.threadsPerCore} threads per core)`, tpc: p.threadsPerCore },
  ];
  const rows = variants.map((v) => {
    const r = simulateHyperthreads(p, { threadsPerCore: v.tpc });
    const done = r.jobs.filter((j) => Number.isFinite(j.finishMs));
    return {
      label: v.label,
      values: {
        makespan_s: s(r.makespanMs),
        mean_wall_s: s(done.reduce((a, j) => a + j.wallMs, 0) / Math.max(1, done.length)),
        cpu_total_s: s(r.jobs.reduce((a, j) => a + j.chargedCpuMs, 0)),
        throughput_per_min: r.makespanMs > 0 ? (done.length * 60_000) / r.makespanMs : 0,
      },
    };
  });
  const cores = p.processors * p.coresPerProcessor;
  return {
    id: 'hyperthreads-scenario',
    title: `This scenario: ${p.jobs} jobs on ${cores} cores (affinity: ${p.affinity})`,
    source: 'model only (no paper values)',
    columns: OVERALL_COLUMNS,
    rows,
    notes: [
      p.jobs <= cores
        ? `No more jobs than cores (${p.jobs} ≤ ${cores}): each job has a core to itself, so hyperthreads change nothing.`
        : `${p.jobs} jobs on ${cores} cores: with hyperthreads the OS sees ${cores * p.threadsPerCore} CPUs and the core hides one thread’s misses behind another’s work.`,
    ],
  };
}

export const JOB_COLUMNS: ColumnSpec[] = [
  { key: 'wall_s', label: 'Wall clock', unit: 's' },
  { key: 'cpu_s', label: 'CPU time charged', unit: 's' },
  { key: 'exec_s', label: 'Scheduled on a CPU', unit: 's' },
  { key: 'dispatches', label: 'Dispatches', unit: '' },
];
const MAX_JOB_ROWS = 16;

/** Per job of the scenario as configured (hyperthreads as set). */
export function jobsTable(p: HyperthreadsParams): ModelTable {
  const r = simulateHyperthreads(p);
  const notes: string[] = [];
  if (r.osTimeScale > 1)
    notes.push(
      `A long run: to keep the simulation fast the OS level used quanta ${r.osTimeScale.toFixed(1)} × longer, with reload and ` +
        'context switch scaled alike (same overhead share; coarser rounding at the end of the run).',
    );
  const rows = r.jobs.slice(0, MAX_JOB_ROWS).map((j, i) => ({
    label: `Job ${i + 1}`,
    values: {
      wall_s: s(j.wallMs),
      cpu_s: s(j.chargedCpuMs),
      exec_s: s(j.scheduledMs),
      dispatches: j.dispatches,
    },
  }));
  return {
    id: 'hyperthreads-jobs',
    title: `Per job, ${p.threadsPerCore} thread${p.threadsPerCore > 1 ? 's' : ''} per core`,
    source: 'model only (no paper values)',
    columns: JOB_COLUMNS,
    rows,
    notes:
      r.jobs.length > MAX_JOB_ROWS
        ? [...notes, `The first ${MAX_JOB_ROWS} of ${r.jobs.length} jobs are shown.`]
        : notes,
  };
}
