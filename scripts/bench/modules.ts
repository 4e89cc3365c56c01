/**
 * (v) Every other figure: each `scripts/bench-*.ts` (other than bench-model) and each model's own
 * `src/models/<id>/tools/bench*.ts` (found by its registry id: scripts/lib/model-tools.ts) exports `bench…()` functions returning figures, and `benchBrowser…(page, baseUrl)` functions
 * that measure in headless Chromium. A module that fails is reported, never fatal.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, ROOT, startPreview } from '../lib/browser';
import { evaluateTables } from '../../src/compare/compare';
import type { BenchContext, Figure } from '../lib/figure';
import { modelTools } from '../lib/model-tools';

/** What a bench module's `bench…` function is. */
type BenchFn = (...args: unknown[]) => Promise<Figure[]> | Figure[];

/** (v) The per-model bench modules; a module that fails is reported, never fatal. */
export async function modelFigures(): Promise<(Figure & { module: string })[]> {
  const out: (Figure & { module: string })[] = [];
  const files = readdirSync(`${ROOT}scripts`)
    .filter((f) => /^bench-.+\.ts$/.test(f) && f !== 'bench-model.ts')
    .sort()
    .map((f) => new URL(`../${f}`, import.meta.url))
    .concat(modelTools(/^bench.*\.ts$/).map((t) => t.url));
  let server: Awaited<ReturnType<typeof startPreview>> | null = null;
  let browser: Awaited<ReturnType<typeof launchChromium>> | null = null;
  try {
    for (const url of files) {
      const file = fileURLToPath(url).slice(ROOT.length);
      const mod = (await import(url.href)) as Record<string, unknown>;
      for (const [name, fn] of Object.entries(mod)) {
        if (!name.startsWith('bench') || typeof fn !== 'function') continue;
        try {
          let figures: Figure[];
          if (name.startsWith('benchBrowser')) {
            server ??= await startPreview();
            browser ??= await launchChromium();
            const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
            await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
            // The model page's step marks (src/state/modelSession.ts): which scenario a step asked for.
            await page.addInitScript({ content: 'globalThis.__latencyLabMarks = true;' });
            figures = await (fn as BenchFn)(page, server.url);
            await page.close();
          } else figures = await (fn as BenchFn)({ evaluateTables } satisfies BenchContext);
          for (const f of figures) out.push({ module: file, ...f });
        } catch (e) {
          out.push({
            module: file,
            name: `${name} failed: ${String(e).split('\n')[0]}`,
            value: NaN,
            unit: '',
          });
        }
      }
    }
  } finally {
    await browser?.close();
    await server?.close();
  }
  return out;
}
