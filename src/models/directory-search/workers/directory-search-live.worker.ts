/**
 * The directory-search model's live measurement: times DMKUDR's searches over a directory of
 * the scenario's shape on this machine (src/models/directory-search/live.ts). It imports the
 * model, exposes it over comlink, and does nothing else. Started by the model's live panel
 * (src/models/directory-search/view/LivePanel.tsx) when the visitor asks for a run.
 */
import { directorySearchModel } from '..';
import {
  timeDirectorySearches,
  type LiveOptions,
  type LiveProgress,
  type LiveResult,
} from '../live';
import type { ParamValues } from '../../types';
import { exposeInWorker } from '../../../../workers/expose';

export const directorySearchLiveApi = {
  /**
   * Times the scenario's searches; `onProgress` (a comlink proxy) hears after every batch and
   * stops the run by returning false.
   */
  run(
    values: ParamValues,
    onProgress?: (p: LiveProgress) => boolean | Promise<boolean>,
    options: Pick<LiveOptions, 'rounds' | 'minBatchMs' | 'targets'> = {},
  ): Promise<LiveResult> {
    return timeDirectorySearches(directorySearchModel.paramsOf(values), { ...options, onProgress });
  },
};

export type DirectorySearchLiveApi = typeof directorySearchLiveApi;

exposeInWorker(directorySearchLiveApi);
