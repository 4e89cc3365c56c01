/**
 * The page-replacement model's long runs (up to ten million references) with progress and
 * cancel, started by the model's panel. It imports the model, exposes it over comlink, and
 * does nothing else.
 */
import { pageReplacementModel } from '..';
import { longRun, type LongRunProgress, type LongRunResult } from '../long';
import type { ParamValues } from '../../types';
import { exposeInWorker } from '../../../../workers/expose';

export const pageReplacementLongApi = {
  run(
    values: ParamValues,
    refCount: number,
    onProgress?: (p: LongRunProgress) => boolean | Promise<boolean>,
  ): Promise<LongRunResult> {
    return longRun(pageReplacementModel.paramsOf(values), refCount, onProgress);
  },
};

export type PageReplacementLongApi = typeof pageReplacementLongApi;

exposeInWorker(pageReplacementLongApi);
