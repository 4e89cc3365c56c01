import { findModelInfo } from '../models/registry';

/**
 * Old links keep working when a model changes. A link records the model version it was made
 * with (`v`); when that is older than the model, its raw parameters pass through the chain of
 * migrations below, one version step at a time, before they are validated. A migration may
 * rename keys, convert units or drop parameters that no longer exist. The parser then tells
 * the reader that results may differ from what the older version produced.
 *
 * Raw parameters are the link's text values after percent-decoding (first occurrence of a
 * key), so a migration sees exactly what the link said.
 */
export type RawParams = ReadonlyMap<string, string>;

/** Turns the raw params of version `from` into those of version `from + 1`. */
export type Migration = (params: RawParams) => Map<string, string>;

/**
 * MIGRATIONS[modelId][from] upgrades a link of version `from` by one step. Missing steps are
 * the identity: the parameters kept their meaning and only the mechanism or constants changed.
 * Add an entry here whenever a model's params change meaning and its `version` is bumped.
 */
export const MIGRATIONS: Readonly<Record<string, Readonly<Record<number, Migration>>>> = {
  'file-access': {
    /**
     * v1 → v2: `prefetchPages` was the size of one FREADSEEK request; it is now the pages the
     * program prefetches per FREADSEEK point, in calls of `seekCallPages` (new, 8 by default).
     * A v1 link that set it keeps its meaning: one call bringing in that many pages.
     */
    1: (params) => {
      const out = new Map(params);
      const pages = params.get('prefetchPages');
      if (pages !== undefined && !params.has('seekCallPages')) out.set('seekCallPages', pages);
      return out;
    },
  },
  'directory-search': {},
};

/**
 * Brings raw params from `fromVersion` up to `toVersion` (by default the model's current
 * version), step by step; the identity where no migration exists. Never mutates `params`.
 */
export function migrate(
  modelId: string,
  fromVersion: number,
  params: RawParams,
  toVersion: number = findModelInfo(modelId)?.version ?? fromVersion,
): Map<string, string> {
  let out = new Map(params);
  const steps = Object.hasOwn(MIGRATIONS, modelId) ? MIGRATIONS[modelId] : undefined;
  for (let from = fromVersion; from < toVersion; from++) {
    const step = steps && Object.hasOwn(steps, from) ? steps[from] : undefined;
    if (step) out = step(out);
  }
  return out;
}
