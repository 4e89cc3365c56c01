/**
 * The first page's JavaScript, gzipped, as the bench counts it (scripts/bench/sizes.ts):
 * `npx vite build && npx tsx scripts/initial-js.ts` prints the total and each chunk.
 */
import { jsSizes } from './bench/sizes';

const { initial } = jsSizes();
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
for (const c of [...initial].sort((a, b) => b.gzipBytes - a.gzipBytes))
  console.log(`${kb(c.gzipBytes).padStart(7)} KB gz  ${c.file}`);
const total = initial.reduce((a, c) => a + c.gzipBytes, 0);
console.log(`initial JS: ${kb(total)} KB gz (target ≤ 120)`);
