/**
 * A model's own tools (src/models/<id>/tools/: its fit, leave-out folds and bench entries), found
 * by its id in the registry, so that the shared scripts (fit, leave-out, bench) name no model.
 */
import { existsSync, readdirSync } from 'node:fs';
import { MODEL_INFOS } from '../../src/models/registry';

/** Where a model's tools are: src/models/<id>/tools/ (a test passes its fixture's folder). */
export type ToolsDir = (id: string) => URL;
export const toolsDir: ToolsDir = (id) => new URL(`../../src/models/${id}/tools/`, import.meta.url);

/** Each registered model's tool files named like `name`, in menu order, then by name. */
export function modelTools(name: RegExp, dirOf: ToolsDir = toolsDir): { id: string; url: URL }[] {
  return MODEL_INFOS.flatMap(({ id }) => {
    const dir = dirOf(id);
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => name.test(f)) : [];
    return files.sort().map((f) => ({ id, url: new URL(f, dir) }));
  });
}
