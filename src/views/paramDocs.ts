import { use } from 'react';
import { MODEL_INFOS, loadParamDocs } from '../models/registry';
import type { ParamDocs, ParamSpec } from '../models/types';

/**
 * The parameters' docs, which the first page does not load (they are each model's `docs.ts`,
 * a chunk of its own): a control reads its doc with `useParamDoc`, which suspends the first
 * time until that model's docs arrive. Each declaration is found by identity, so a control
 * needs only its spec (the explore strip's copy of a knob included).
 */
const modelOf = new WeakMap<ParamSpec, string>();
for (const info of MODEL_INFOS) for (const spec of info.params) modelOf.set(spec, info.id);

const loaded = new Map<string, Promise<ParamDocs>>();

/** A model's docs, loaded once; the promise says when it is settled, so `use` reads it at once. */
export function paramDocs(modelId: string): Promise<ParamDocs> {
  let docs = loaded.get(modelId);
  if (!docs) {
    // React's convention for a settled thenable: `use` reads `value` without suspending again.
    // A chunk that fails to load (offline before it was cached) leaves the labels alone, and
    // the next page asks again.
    const p: Promise<ParamDocs> = loadParamDocs(modelId)
      .catch((): ParamDocs => {
        loaded.delete(modelId);
        return {};
      })
      .then((d) => {
        Object.assign(p, { status: 'fulfilled', value: d });
        return d;
      });
    loaded.set(modelId, p);
    docs = p;
  }
  return docs;
}

/** The id of the model a declaration belongs to (undefined for none registered). */
export const modelOfSpec = (spec: ParamSpec): string | undefined => modelOf.get(spec);

/** One parameter's doc ('' for a declaration of no registered model). */
export function useParamDoc(spec: ParamSpec): string {
  const id = modelOf.get(spec);
  return id === undefined ? '' : (use(paramDocs(id))[spec.key] ?? '');
}
