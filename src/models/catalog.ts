import type { ModelInfo } from './types';
import { fileAccessInfo } from './file-access/info';
import { pageReplacementInfo } from './page-replacement/info';
import { fileCacheInfo } from './file-cache/info';
import { hyperthreadsInfo } from './hyperthreads/info';
import { crossBoundaryInfo } from './cross-boundary/info';
import { directorySearchInfo } from './directory-search/info';

/**
 * Every model's declarations, for the main thread (views, the permalink codec): parameters,
 * presets and words, but no mechanism — so the initial bundle carries no model code.
 * The worker, the CLI and the tests use `./registry.ts`, the same models with their mechanism.
 * Same order as the registry (a test checks).
 */
export const MODEL_INFOS: readonly ModelInfo[] = [
  fileAccessInfo,
  pageReplacementInfo,
  fileCacheInfo,
  hyperthreadsInfo,
  crossBoundaryInfo,
  directorySearchInfo,
];

export function findModelInfo(id: string): ModelInfo | undefined {
  return MODEL_INFOS.find((m) => m.id === id);
}
