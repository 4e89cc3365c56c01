/**
 * `npm run fit -- <id> [its flags]`: runs a model's own fit, src/models/<id>/tools/fit.ts, found
 * by its registry id (this script names no model), as if it had been started itself: the flags
 * are its own (`npm run fit -- <id> --quick`). Without an id: the models that have a fit.
 */
import { fileURLToPath } from 'node:url';
import { modelTools } from './lib/model-tools';

const fits = modelTools(/^fit\.ts$/);
const [id, ...flags] = process.argv.slice(2);
const fit = fits.find((f) => f.id === id);
if (!fit) {
  console.error(`fit: give a model id with a fit: ${fits.map((f) => f.id).join(', ')}`);
  process.exit(2);
}
// A fit runs when it is the script Node started (scripts/lib/direct-run.ts): it is, now.
process.argv = [process.argv[0]!, fileURLToPath(fit.url), ...flags];
await import(fit.url.href);
