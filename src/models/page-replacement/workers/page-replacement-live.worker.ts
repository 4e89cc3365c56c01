/**
 * The memory page's live measurement: the pointer-chase sweep (latency against working-set
 * size, dense and one element per page) of src/models/page-replacement/live.ts, and the
 * page-replacement model's cliff for the same sizes. It imports the model, exposes it over
 * comlink, and does nothing else. Started by the model's live panel
 * (src/models/page-replacement/view/MemoryLivePanel.tsx) when the visitor asks for a run.
 */
import { pageReplacementModel } from '..';
import { modelCliff } from '../cliff';
import {
  measureMemorySweep,
  type MemoryProgress,
  type MemorySweepOptions,
  type MemorySweepResult,
  type ModelCliffPoint,
} from '../live';
import type { ParamValues } from '../../types';
import { exposeInWorker } from '../../../../workers/expose';

export type MemoryLiveOptions = Omit<MemorySweepOptions, 'clock' | 'onProgress'>;

export interface MemoryLiveResult {
  sweep: MemorySweepResult;
  /** The model's miss rate for a loop over each size, in the scenario's memory. */
  model: ModelCliffPoint[];
  /** Whether this worker could use the finer, cross-origin-isolated clock. */
  isolated: boolean;
}

export const pageReplacementLiveApi = {
  /**
   * Measures the sweep; `onProgress` (a comlink proxy) hears after every point and at least
   * every 50 ms, and stops the run by returning false.
   */
  async run(
    values: ParamValues,
    options: MemoryLiveOptions,
    onProgress?: (p: MemoryProgress) => boolean | Promise<boolean>,
  ): Promise<MemoryLiveResult> {
    const sweep = await measureMemorySweep({ ...options, onProgress });
    const params = pageReplacementModel.paramsOf(values);
    return {
      sweep,
      model: modelCliff(params, sweep.sizes),
      isolated: globalThis.crossOriginIsolated === true,
    };
  },
};

export type PageReplacementLiveApi = typeof pageReplacementLiveApi;

exposeInWorker(pageReplacementLiveApi);
