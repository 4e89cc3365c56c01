import { findModelInfo } from '../models/registry';
import type { RawParams } from '../models/types';

/**
 * Old links keep working when a model changes. A link records the model version it was made
 * with (`v`); when that is older than the model, its raw parameters pass through the chain of
 * migrations below, one version step at a time, before they are validated. A migration may
 * rename keys, convert units or drop parameters that no longer exist. The parser then tells
 * the reader that results may differ from what the older version produced.
 *
 * Raw parameters are the link's text values after percent-decoding (first occurrence of a
 * key), so a migration sees exactly what the link said. Each model declares its own steps
 * (`migrations` in its info.ts).
 */
export type { Migration, RawParams } from '../models/types';

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
  const steps = findModelInfo(modelId)?.migrations;
  for (let from = fromVersion; from < toVersion; from++) {
    const step = steps && Object.hasOwn(steps, from) ? steps[from] : undefined;
    if (step) out = step(out);
  }
  return out;
}
