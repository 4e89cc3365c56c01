/**
 * (v) Every other model's figures: each `scripts/bench-<model>.ts` (other than bench-model)
 * exports `bench…()` functions returning figures, and `benchBrowser…(page, baseUrl)` functions
 * that measure in headless Chromium. A module that fails is reported, never fatal.
 */
import { readdirSync } from 'node:fs';
import { launchChromium, ROOT, startPreview } from '../lib/browser';
import type { Figure } from './report';

/** What a bench module's `bench…` function is. */
type BenchFn = (...args: unknown[]) => Promise<Figure[]> | Figure[];

/** (v) The per-model bench modules; a module that fails is reported, never fatal. */
export async function modelFigures(): Promise<(Figure & { module: string })[]> {
  const out: (Figure & { module: string })[] = [];
  const files = readdirSync(`${ROOT}scripts`)
    .filter((f) => /^bench-.+\.ts$/.test(f) && f !== 'bench-model.ts')
    .sort();
  let server: Awaited<ReturnType<typeof startPreview>> | null = null;
  let browser: Awaited<ReturnType<typeof launchChromium>> | null = null;
  try {
    for (const file of files) {
      const mod = (await import(`../${file}`)) as Record<string, unknown>;
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
          } else figures = await (fn as BenchFn)();
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
