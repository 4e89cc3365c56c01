import type { ParamDocs } from '../types';
import { ASSUMED } from './constants';
import type { HYPERTHREADS_PARAMS } from './params';

/**
 * What each parameter means physically, and where its default came from: the controls'
 * words, loaded with them (the registry's `loadParamDocs`), never with the permalink codec.
 */
export const HYPERTHREADS_DOCS = {
  table:
    'Which of the paper’s tables the rows are compared with. Choosing one loads its experiment.',
  processors: 'Montecito packages. The cothread tests ran on 4 cores: 2 processors × 2 cores.',
  coresPerProcessor:
    'Montecito has 2 cores per processor, each with its own cache (“18/24 MB yield 9/12 MB per core”).',
  threadsPerCore:
    'Hyperthreads: 2 on Montecito, 1 = hyperthreads off. The “ON” column uses this; “OFF” uses 1.',
  clockGHz:
    'Core clock of the scenario machine (last table row, charts). 8640 and Sanddune: 1.6 GHz; 4640: 1.44 GHz.',
  cacheMB:
    'Last-level cache per core, shared by the core’s hardware threads. Misses scale with (cache per thread)^−exponent: a smaller cache misses more.',
  memoryLatencyNs:
    'Stall per last-level cache miss on the scenario machine. Default: the value fitted for the 8640.',
  switchCostCycles: ASSUMED.switchCostCycles.source + '. Paid on every hardware thread switch.',
  switchTimerCycles:
    'A thread that runs this long without a miss yields the core to a ready cothread. ' +
    ASSUMED.switchTimerCycles.source +
    '.',
  jobs: 'Identical compute-bound processes started together (10 in the cothread tests).',
  jobComputeGcycles:
    'Core cycles of execution a job needs, not counting memory stalls. Fitted to the alone times.',
  cyclesBetweenMisses:
    'Mean cycles a thread computes between cache misses with a whole 9 MB cache to itself. Small = poor locality.',
  burstDistribution:
    'Fixed: every burst between misses is the mean. Exponential: random bursts drawn with the seed.',
  missRateCacheExponent:
    'Misses ∝ (cache per thread)^−exponent: a 12 MB cache misses less than 9 MB, two threads sharing a cache miss more. ' +
    ASSUMED.missRateCacheExponent.source +
    '.',
  workingSetMB:
    'Data a process must fetch again (one line per memory latency) after another process used its CPU.',
  seed: 'Seeds the compute bursts between misses. Same seed, same numbers.',
  quantumMs:
    'How long a process runs before a waiting process of equal priority gets its CPU (whole 10 ms clock ticks). ' +
    ASSUMED.quantumMs.source +
    '.',
  contextSwitchUs: 'OS time to switch processes on a CPU, besides the cache reload.',
  scheduling:
    'Global: one queue of computable processes, as OpenVMS time-slices them; at the end of a quantum the CPU takes the next, so with more jobs than CPUs every job progresses (makespan ≈ jobs × alone ÷ CPUs plus the switching cost). ' +
    'Sticky: an OS that never rebalances — each process stays on the CPU it was first given, so the makespan steps with ⌈jobs ÷ CPUs⌉ (3 + 3 + 2 + 2 copies per core: 3 × alone, close to the paper’s OFF).',
  affinity:
    'Pins jobs to CPUs as the sample runs did with SET PROCESS/AFFINITY (scenario tables and charts).',
  startStaggerS:
    'Each job starts this long after the previous one (two sessions typed by hand start apart).',
  coreSliceMisses:
    'Misses per hardware thread simulated event by event to measure a core’s rates; the OS level scales them to the whole job.',
} as const satisfies ParamDocs<typeof HYPERTHREADS_PARAMS>;

export default HYPERTHREADS_DOCS;
