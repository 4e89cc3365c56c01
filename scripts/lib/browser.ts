/**
 * Shared by the browser tests and scripts/bench.ts: where Chromium is, how to launch it here,
 * a `vite preview` of the built `dist/` on a free port of 127.0.0.1, and waits for the page's
 * tables and charts.
 * (scripts/ensure-chromium.mjs, run before both, installs Chromium when it can.)
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from './net';
import { preview, type PreviewServer } from 'vite';

export { freePort };

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The same places scripts/ensure-chromium.mjs looks, in the same order. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error(
      "Chromium not found: run 'apt-get install -y chromium' (Debian) or set CHROMIUM_PATH",
    );
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export interface Preview {
  /** e.g. `http://127.0.0.1:41234/` */
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves the already-built dist/ (run `vite build` first) exactly as `npm run preview` would.
 * LATENCY_LAB_DIST overrides the folder (absolute path), so parallel builds don't collide.
 */
export async function startPreview(): Promise<Preview> {
  const outDir = process.env.LATENCY_LAB_DIST ?? `${ROOT}dist`;
  if (!existsSync(`${outDir}/index.html`))
    throw new Error(`${outDir} is missing: run \`vite build\` first (npm run test:browser does).`);
  const port = await freePort();
  const server: PreviewServer = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/**
 * The screenshot scripts' frame: the preview build and Chromium, a fresh context (service
 * workers blocked, a loaded machine's 180 s default timeout) at each shot's viewport, `take`
 * on its page, then everything closed.
 */
export async function screenshotEach<S extends { width: number; height: number }>(
  shots: readonly S[],
  take: (page: Page, shot: S, url: string) => Promise<void>,
) {
  const server = await startPreview();
  const browser = await launchChromium();
  try {
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        serviceWorkers: 'block',
      });
      context.setDefaultTimeout(180_000);
      await take(await context.newPage(), shot, server.url);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Waits until the tables are ready, for whichever scenario (a link that is not canonical). */
export const tablesReady = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid=results]')?.getAttribute('data-status') === 'ready',
  );

/** Waits until the charts on screen are for the same scenario as the tables. */
export async function chartsCaughtUp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=results]');
    const h = r?.getAttribute('data-rendered-hash');
    return !!h && r?.getAttribute('data-rendered-charts-hash') === h;
  });
}
