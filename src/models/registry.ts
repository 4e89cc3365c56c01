import type { ModelDefinition } from './types';
import { fileAccessModel } from './file-access';
import { pageReplacementModel } from './page-replacement';
import { fileCacheModel } from './file-cache';
import { hyperthreadsModel } from './hyperthreads';
import { crossBoundaryModel } from './cross-boundary';
import { directorySearchModel } from './directory-search';

/** Every model the app, the worker and the CLI know about, in menu order. */
export const MODELS: readonly ModelDefinition[] = [
  fileAccessModel,
  pageReplacementModel,
  fileCacheModel,
  hyperthreadsModel,
  crossBoundaryModel,
  directorySearchModel,
];

export function findModel(id: string): ModelDefinition | undefined {
  return MODELS.find((m) => m.id === id);
}
