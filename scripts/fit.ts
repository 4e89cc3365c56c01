/**
 * `npm run fit -- <id> [its flags]`: runs a model's own fit, src/models/<id>/tools/fit.ts, found
 * by its registry id (this script names no model): its `main(tables, flags)`, handed the papers'
 * tables and the flags after the id (`npm run fit -- file-access --quick`). Without an id: the
 * models that have a fit.
 */
import type { PublishedTables } from '../src/models/types';
import { findPaperTable } from '../src/papers';
import { modelTools } from './lib/model-tools';

const fits = modelTools(/^fit\.ts$/);
const [id, ...flags] = process.argv.slice(2);
const fit = fits.find((f) => f.id === id);
if (!fit) {
  console.error(`fit: give a model id with a fit: ${fits.map((f) => f.id).join(', ')}`);
  process.exit(2);
}
const { main } = (await import(fit.url.href)) as {
  main(tables: PublishedTables, flags: readonly string[]): void;
};
main(findPaperTable, flags);
