import type { ParamSpec } from '../types';
import { ASSUMED, FITTED } from './constants';

/** The paper tables this model regenerates; the `table` parameter picks which one is compared. */
export const HYPERTHREADS_TABLES = [
  { value: 'vms-cothread', label: 'Sample CoThread Tests: 10 copies on 4 cores, 3 machines' },
  { value: 'vms-sample-runs', label: 'Sample runs: two tc_cf sessions on one or two cores' },
] as const;
export type HyperthreadsTableId = (typeof HYPERTHREADS_TABLES)[number]['value'];

export const AFFINITIES = [
  { value: 'none', label: 'None: any CPU (OS chooses)' },
  { value: 'one-cpu', label: 'All jobs on one CPU (set/aff=31)' },
  { value: 'cothreads', label: 'Job i on thread i of one core (31 and 63)' },
  { value: 'separate-cores', label: 'Job i alone on core i (31 and 32)' },
] as const;
export type Affinity = (typeof AFFINITIES)[number]['value'];

/**
 * Every parameter of the hyperthreads model, declared once: units, ranges, defaults, docs.
 * Defaults of the fitted workload and machine values are in ./constants.ts.
 */
export const HYPERTHREADS_PARAMS = [
  {
    key: 'table',
    kind: 'enum',
    label: 'Paper table',
    group: 'Experiment',
    doc: 'Which of the paper’s tables the rows are compared with. Choosing one loads its experiment.',
    options: HYPERTHREADS_TABLES,
    default: 'vms-cothread',
  },
  {
    key: 'processors',
    kind: 'number',
    label: 'Processors',
    unit: '',
    group: 'Hardware',
    doc: 'Montecito packages. The cothread tests ran on 4 cores: 2 processors × 2 cores.',
    min: 1,
    max: 16,
    step: 1,
    integer: true,
    default: 2,
  },
  {
    key: 'coresPerProcessor',
    kind: 'number',
    label: 'Cores per processor',
    unit: '',
    group: 'Hardware',
    doc: 'Montecito has 2 cores per processor, each with its own cache (“18/24 MB yield 9/12 MB per core”).',
    min: 1,
    max: 4,
    step: 1,
    integer: true,
    default: 2,
  },
  {
    key: 'threadsPerCore',
    kind: 'number',
    label: 'Hardware threads per core',
    unit: '',
    group: 'Hardware',
    doc: 'Hyperthreads: 2 on Montecito, 1 = hyperthreads off. The “ON” column uses this; “OFF” uses 1.',
    min: 1,
    max: 4,
    step: 1,
    integer: true,
    default: 2,
  },
  {
    key: 'clockGHz',
    kind: 'number',
    label: 'Clock',
    unit: 'GHz',
    group: 'Hardware',
    doc: 'Core clock of the scenario machine (last table row, charts). 8640 and Sanddune: 1.6 GHz; 4640: 1.44 GHz.',
    min: 0.2,
    max: 5,
    step: 0.01,
    integer: false,
    default: 1.6,
  },
  {
    key: 'cacheMB',
    kind: 'number',
    label: 'Cache per core',
    unit: 'MB',
    group: 'Hardware',
    doc: 'Last-level cache per core, shared by the core’s hardware threads. Misses scale with cache^−exponent.',
    min: 0.5,
    max: 64,
    step: 0.5,
    integer: false,
    default: 9,
  },
  {
    key: 'memoryLatencyNs',
    kind: 'number',
    label: 'Memory latency',
    unit: 'ns',
    group: 'Hardware',
    doc: 'Stall per last-level cache miss on the scenario machine. Default: the value fitted for the 8640.',
    min: 0,
    max: 2000,
    step: 1,
    integer: false,
    default: ASSUMED.latency8640Ns.value,
  },
  {
    key: 'switchCostCycles',
    kind: 'number',
    label: 'Thread-switch cost',
    unit: 'cycles',
    group: 'Hardware',
    doc: ASSUMED.switchCostCycles.source + '. Paid on every hardware thread switch.',
    min: 0,
    max: 2000,
    step: 1,
    integer: true,
    default: ASSUMED.switchCostCycles.value,
  },
  {
    key: 'switchTimerCycles',
    kind: 'number',
    label: 'Switch-on-timer interval',
    unit: 'cycles',
    group: 'Hardware',
    doc:
      'A thread that runs this long without a miss yields the core to a ready cothread. ' +
      ASSUMED.switchTimerCycles.source +
      '.',
    min: 100,
    max: 10_000_000,
    step: 1,
    integer: true,
    default: ASSUMED.switchTimerCycles.value,
    scale: 'log',
  },
  {
    key: 'jobs',
    kind: 'number',
    label: 'Jobs (copies of the program)',
    unit: '',
    group: 'Workload',
    doc: 'Identical compute-bound processes started together (10 in the cothread tests).',
    min: 1,
    max: 64,
    step: 1,
    integer: true,
    default: 10,
  },
  {
    key: 'jobComputeGcycles',
    kind: 'number',
    label: 'Compute per job',
    unit: 'Gcycles',
    group: 'Workload',
    doc: 'Core cycles of execution a job needs, not counting memory stalls. Fitted to the alone times.',
    min: 0.01,
    max: 1000,
    step: 0.01,
    integer: false,
    default: FITTED.jobComputeGcycles.value,
    scale: 'log',
  },
  {
    key: 'cyclesBetweenMisses',
    kind: 'number',
    label: 'Compute between misses',
    unit: 'cycles',
    group: 'Workload',
    doc: 'Mean cycles a thread computes between cache misses with a whole 9 MB cache to itself. Small = poor locality.',
    min: 10,
    max: 10_000_000,
    step: 1,
    integer: false,
    default: FITTED.cyclesBetweenMisses.value,
    scale: 'log',
  },
  {
    key: 'burstDistribution',
    kind: 'enum',
    label: 'Compute bursts',
    group: 'Workload',
    doc: 'Fixed: every burst between misses is the mean. Exponential: random bursts drawn with the seed.',
    options: [
      { value: 'exponential', label: 'Exponential (random, seeded)' },
      { value: 'fixed', label: 'Fixed (every burst the mean)' },
    ],
    default: 'exponential',
  },
  {
    key: 'missRateCacheExponent',
    kind: 'number',
    label: 'Miss-rate cache exponent',
    unit: '',
    group: 'Workload',
    doc: 'Misses ∝ (cache per thread)^−exponent: a 12 MB cache misses less than 9 MB, two threads sharing a cache miss more (0.5 = the “√2 rule”). The fit to the paper gives ~0.',
    min: 0,
    max: 2,
    step: 0.01,
    integer: false,
    default: FITTED.missRateCacheExponent.value,
  },
  {
    key: 'workingSetMB',
    kind: 'number',
    label: 'Working set refetched per dispatch',
    unit: 'MB',
    group: 'Workload',
    doc: 'Data a process must fetch again (one line per memory latency) after another process used its CPU.',
    min: 0,
    max: 64,
    step: 0.01,
    integer: false,
    default: FITTED.workingSetMB.value,
  },
  {
    key: 'seed',
    kind: 'number',
    label: 'Random seed',
    unit: '',
    group: 'Workload',
    doc: 'Seeds the compute bursts between misses. Same seed, same numbers.',
    min: 0,
    max: 2_147_483_647,
    step: 1,
    integer: true,
    default: 1,
  },
  {
    key: 'quantumMs',
    kind: 'number',
    label: 'Time-slice quantum',
    unit: 'ms',
    group: 'OpenVMS',
    doc:
      'How long a process runs before a waiting process of equal priority gets its CPU (whole 10 ms clock ticks). ' +
      ASSUMED.quantumMs.source +
      '.',
    min: 10,
    max: 2000,
    step: 10,
    integer: true,
    default: ASSUMED.quantumMs.value,
    scale: 'log',
  },
  {
    key: 'contextSwitchUs',
    kind: 'number',
    label: 'Context-switch cost',
    unit: 'µs',
    group: 'OpenVMS',
    doc: 'OS time to switch processes on a CPU, besides the cache reload.',
    min: 0,
    max: 10_000,
    step: 1,
    integer: false,
    default: ASSUMED.contextSwitchUs.value,
  },
  {
    key: 'scheduling',
    kind: 'enum',
    label: 'Scheduler',
    group: 'OpenVMS',
    doc: 'Sticky: a process stays on the CPU it was first given (the fit: OFF took ~3 × alone, as 3 + 3 + 2 + 2 copies per core would). Global: one queue, any free CPU takes the next.',
    options: [
      { value: 'sticky', label: 'Sticky (no migration)' },
      { value: 'global', label: 'Global queue (processes migrate)' },
    ],
    default: 'sticky',
  },
  {
    key: 'affinity',
    kind: 'enum',
    label: 'Affinity',
    group: 'OpenVMS',
    doc: 'Pins jobs to CPUs as the sample runs did with SET PROCESS/AFFINITY (scenario tables and charts).',
    options: AFFINITIES,
    default: 'none',
  },
  {
    key: 'startStaggerS',
    kind: 'number',
    label: 'Start stagger',
    unit: 's',
    group: 'OpenVMS',
    doc: 'Each job starts this long after the previous one (two sessions typed by hand start apart).',
    min: 0,
    max: 600,
    step: 0.1,
    integer: false,
    default: 0,
  },
  {
    key: 'coreSliceMisses',
    kind: 'number',
    label: 'Simulated slice per thread',
    unit: 'misses',
    group: 'Simulation',
    doc: 'Misses per hardware thread simulated event by event to measure a core’s rates; the OS level scales them to the whole job.',
    min: 100,
    max: 50_000,
    step: 1,
    integer: true,
    default: 3000,
    scale: 'log',
  },
] as const satisfies readonly ParamSpec[];

export interface HyperthreadsParams {
  table: HyperthreadsTableId;
  processors: number;
  coresPerProcessor: number;
  threadsPerCore: number;
  clockGHz: number;
  cacheMB: number;
  memoryLatencyNs: number;
  switchCostCycles: number;
  switchTimerCycles: number;
  jobs: number;
  jobComputeGcycles: number;
  cyclesBetweenMisses: number;
  burstDistribution: 'exponential' | 'fixed';
  missRateCacheExponent: number;
  workingSetMB: number;
  seed: number;
  quantumMs: number;
  contextSwitchUs: number;
  scheduling: 'global' | 'sticky';
  affinity: Affinity;
  startStaggerS: number;
  coreSliceMisses: number;
}
