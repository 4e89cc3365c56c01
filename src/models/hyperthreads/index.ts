import type { ModelDefinition, ParamValues } from '../types';
import { hyperthreadsCharts } from './charts';
import { ASSUMED, FITTED } from './constants';
import { HYPERTHREADS_PARAMS, type HyperthreadsParams } from './params';
import { cothreadTable, jobsTable, overallTable, sampleRunsTable } from './tables';

export { simulateCore, simulateSystem } from './simulate';
export { runScenario } from './run';
export type { HyperthreadsParams } from './params';

/**
 * Values are validated by the scenario codec before they reach a model; this only fills
 * anything missing from the declared defaults so the model can also be called directly.
 */
export function toHyperthreadsParams(values: ParamValues): HyperthreadsParams {
  const out: Record<string, number | string> = {};
  for (const spec of HYPERTHREADS_PARAMS) out[spec.key] = values[spec.key] ?? spec.default;
  return out as unknown as HyperthreadsParams;
}

/** The rx8640 of the sample runs (“HP rx8640 (1.60GHz/9.0MB)”) running tc_cf. */
const SAMPLE_RUNS: ParamValues = {
  table: 'vms-sample-runs',
  clockGHz: 1.6,
  cacheMB: 9,
  memoryLatencyNs: ASSUMED.latency8640Ns.value,
  jobs: 2,
  jobComputeGcycles: FITTED.tcCfComputeGcycles.value,
  cyclesBetweenMisses: FITTED.tcCfCyclesBetweenMisses.value,
  startStaggerS: FITTED.sessionStaggerS.value,
};

export const hyperthreadsModel: ModelDefinition = {
  id: 'hyperthreads',
  version: 1,
  title: 'Hyperthreads: Montecito switch-on-event multithreading (OpenVMS cothreads)',
  paper: '003_5515af7182eae1b5.txt',
  summary:
    'Each Montecito core holds two hardware threads but runs one at a time, switching on a cache miss or a timer; ' +
    'OpenVMS sees every thread as a CPU. Cores are simulated miss by miss, the OS quantum by quantum, so you can see ' +
    'when a second thread hides memory stalls and when it only adds switches.',
  params: HYPERTHREADS_PARAMS,
  presetParam: 'table',
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
  tables: (values) => {
    const p = toHyperthreadsParams(values);
    const paper = p.table === 'vms-sample-runs' ? sampleRunsTable(p) : cothreadTable(p);
    return [paper, overallTable(p), jobsTable(p)];
  },
  charts: (values) => hyperthreadsCharts(toHyperthreadsParams(values)),
};
