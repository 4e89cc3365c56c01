import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Cross-origin isolation headers: needed later for SharedArrayBuffer (issue 3);
// harmless now, and set on both the dev and the preview server so they behave alike.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * The Content-Security-Policy of the built app, for a static host that cannot send headers:
 * everything from the page's own origin, workers also from blob: URLs, images also from data:
 * URLs, no plugins, no <base> elsewhere, no form submission. No inline script and no eval
 * (the build has neither); no 'unsafe-inline' for styles either: React and d3 set styles
 * through the CSSOM (`element.style`), which CSP does not restrict, and the CSS is a file.
 * (frame-ancestors cannot be set from a meta element; a host that can send headers should
 * add it.) Only in the build: the dev server's HMR injects inline scripts.
 * tests/e2e/faults.test.ts checks that no page reports a violation.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'latency-lab-csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * Offline after the first visit: a Workbox service worker (vite-plugin-pwa, not hand-written
 * caching) precaches the whole build — page, every JS chunk including the model workers, CSS,
 * icons — and serves it when the network is gone. Links are hashes, so every route is
 * index.html. A new build never takes over an open page (no skipWaiting, no clientsClaim): it
 * waits, the old worker keeps serving the old chunks, and the page offers "Reload to update"
 * (src/serviceWorker.ts, registered from a chunk, so the CSP still holds).
 * tests/e2e/offline.test.ts and tests/e2e/deploy.test.ts drive both.
 */
const offline = VitePWA({
  injectRegister: false,
  registerType: 'prompt',
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,txt,json}'],
    cleanupOutdatedCaches: true,
    clientsClaim: false,
    skipWaiting: false,
  },
});

export default defineConfig({
  base: './',
  plugins: [react(), contentSecurityPolicy(), offline],
  worker: { format: 'es' },
  server: { headers: isolation },
  preview: { headers: isolation },
  build: { target: 'es2022', sourcemap: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/papers/**/*.test.ts'],
          environment: 'node',
          // Budgets against a hang, not targets: the slowest test takes ~10 s on a quiet
          // machine, so these hold at 4× slowdown and more. Timing targets live in the bench.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Budgets against a hang (tests wait for states, never for time), wide enough for a
          // 2-core machine running the suite beside other work.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // No retry: a retry hides the next flaky test; find the race instead.
          retry: 0,
        },
      },
    ],
  },
});
