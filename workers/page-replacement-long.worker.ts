/**
 * The page-replacement model's long runs (up to ten million references) with progress and
 * cancel, started by the model's panel. It imports the model, exposes it over comlink, and
 * does nothing else.
 */
import { pageReplacementModel } from '../src/models/page-replacement';
import {
  longRun,
  type LongRunProgress,
  type LongRunResult,
} from '../src/models/page-replacement/long';
import type { ParamValues } from '../src/models/types';
import { exposeInWorker } from './expose';

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
