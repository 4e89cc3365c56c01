import type { ModelDeclarations, ModelDefinition, ModelInfo, ParamDocs } from './types';
import { fileAccessEntry } from './file-access/entry';
import { pageReplacementEntry } from './page-replacement/entry';
import { fileCacheEntry } from './file-cache/entry';
import { hyperthreadsEntry } from './hyperthreads/entry';
import { crossBoundaryEntry } from './cross-boundary/entry';
import { directorySearchEntry } from './directory-search/entry';

/**
 * One entry per model: what its folder's `entry.ts` declares (all the main thread needs:
 * parameters, presets, words, where its regime map starts, its naive baselines) and how to
 * load its mechanism. The mechanism is a dynamic import, so the main bundle carries no model
 * code: only the worker, the CLI and the tests call `load`. Shared code reads a model only
 * from here, and names none (tests/unit/add-a-model.test.ts checks it).
 */
export interface ModelEntry extends ModelDeclarations {
  load: () => Promise<{ default: ModelDefinition }>;
  /**
   * Its parameters' docs (`docs.ts`): words for the controls, a chunk of their own, so the
   * permalink codec's declarations stay keys, ranges and defaults. A model without them shows
   * its controls with their labels alone.
   */
  docs?: () => Promise<{ default: ParamDocs }>;
}

/**
 * Every model, in menu order. Adding a model is its folder (see docs/architecture.md) and one line
 * here, with the import of its `entry.ts`.
 */
export const MODEL_ENTRIES: readonly ModelEntry[] = [
  {
    ...fileAccessEntry,
    load: () => import('./file-access'),
    docs: () => import('./file-access/docs'),
  },
  {
    ...pageReplacementEntry,
    load: () => import('./page-replacement'),
    docs: () => import('./page-replacement/docs'),
  },
  {
    ...fileCacheEntry,
    load: () => import('./file-cache'),
    docs: () => import('./file-cache/docs'),
  },
  {
    ...hyperthreadsEntry,
    load: () => import('./hyperthreads'),
    docs: () => import('./hyperthreads/docs'),
  },
  {
    ...crossBoundaryEntry,
    load: () => import('./cross-boundary'),
    docs: () => import('./cross-boundary/docs'),
  },
  {
    ...directorySearchEntry,
    load: () => import('./directory-search'),
    docs: () => import('./directory-search/docs'),
  },
];

export interface Registry {
  /** The declarations, for the main thread (views, the permalink codec). */
  MODEL_INFOS: readonly ModelInfo[];
  findModelInfo(id: string): ModelInfo | undefined;
  /** A model's whole entry (its regime map's start, its baselines, …); undefined if unknown. */
  findModelEntry(id: string): ModelEntry | undefined;
  /** The model with its mechanism (worker, CLI, tests); undefined for an unknown id. */
  loadModel(id: string): Promise<ModelDefinition | undefined>;
  /** Every model with its mechanism, in menu order. */
  loadModels(): Promise<ModelDefinition[]>;
  /** A model's parameter docs by key (`{}` for an unknown id or a model without any). */
  loadParamDocs(id: string): Promise<ParamDocs>;
}

/** The registry over a list of entries (a test may add a fixture model this way). */
export function createRegistry(entries: readonly ModelEntry[]): Registry {
  const infos = entries.map((e) => e.info);
  const byId = new Map(entries.map((e) => [e.info.id, e]));
  const loadModel = async (id: string) => {
    const entry = byId.get(id);
    if (!entry) return undefined;
    const model = (await entry.load()).default;
    if (model.id !== id) throw new Error(`Model "${id}" loaded as "${model.id}".`);
    return model;
  };
  return {
    MODEL_INFOS: infos,
    findModelInfo: (id) => byId.get(id)?.info,
    findModelEntry: (id) => byId.get(id),
    loadModel,
    loadModels: async () => {
      const models = await Promise.all(infos.map((i) => loadModel(i.id)));
      return models.filter((m): m is ModelDefinition => m !== undefined);
    },
    loadParamDocs: async (id) => {
      const docs = byId.get(id)?.docs;
      return docs ? (await docs()).default : {};
    },
  };
}

export const { MODEL_INFOS, findModelInfo, findModelEntry, loadModel, loadModels, loadParamDocs } =
  createRegistry(MODEL_ENTRIES);
