import type { ParamValues } from '../types';
import { defineInfo } from '../define';
import { ASSUMED_VALUES, FITTED_VALUES } from './values';
import { HYPERTHREADS_PARAMS } from './params';

/** The rx8640 of the sample runs (“HP rx8640 (1.60GHz/9.0MB)”) running tc_cf. */
const SAMPLE_RUNS: ParamValues = {
  table: 'vms-sample-runs',
  clockGHz: 1.6,
  cacheMB: 9,
  memoryLatencyNs: ASSUMED_VALUES.latency8640Ns,
  jobs: 2,
  jobComputeGcycles: FITTED_VALUES.tcCfComputeGcycles,
  cyclesBetweenMisses: FITTED_VALUES.tcCfCyclesBetweenMisses,
  startStaggerS: FITTED_VALUES.sessionStaggerS,
  workingSetMB: FITTED_VALUES.tcCfWorkingSetMB,
};

/** The model's declarations: all the main thread needs (no mechanism, see ../types.ts). */
export const hyperthreadsInfo = defineInfo({
  id: 'hyperthreads',
  version: 3,
  title: 'Hyperthreads: Montecito switch-on-event multithreading (OpenVMS cothreads)',
  paper: '003_5515af7182eae1b5.txt',
  summary:
    'Each Montecito core holds two hardware threads but runs one at a time, switching on a cache miss or a timer; ' +
    'OpenVMS sees every thread as a CPU. Cores are simulated miss by miss, the OS quantum by quantum, so you can see ' +
    'when a second thread hides memory stalls and when it only adds switches.',
  params: HYPERTHREADS_PARAMS,
  presetParam: 'table',
  dragParam: 'jobs',
  sections: {
    Experiment: 'workload',
    Workload: 'workload',
    Simulation: 'workload',
    Hardware: 'machine',
    OpenVMS: 'machine',
  },
  presets: [
    {
      id: 'vms-cothread',
      title:
        'Sample CoThread Tests: 10 copies on 4 cores, hyperthreads off and on (4640, 8640, Sanddune)',
      params: { table: 'vms-cothread' },
    },
    {
      id: 'vms-sample-runs',
      title: 'Sample runs: two tc_cf sessions time-sliced, as cothreads, and on two cores (rx8640)',
      params: SAMPLE_RUNS,
    },
  ],
});
