import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { CONTENT_SECURITY_POLICY, headersFile, headersFor } from './src/hosting/headers.ts';
import { compileCatalogue } from './scripts/lib/icu.ts';

export { CONTENT_SECURITY_POLICY };

// Cross-origin isolation on the dev server (SharedArrayBuffer for the live panels); the
// preview server sends the per-path headers of src/hosting/headers.ts instead.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * The Content-Security-Policy (src/hosting/headers.ts) as a meta element too, for a static
 * host that cannot send headers. Only in the build: the dev server's HMR injects inline scripts.
 */
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
 * The headers per path (src/hosting/headers.ts, written once): the build writes them as
 * `_headers` for Netlify / Cloudflare Pages, and `vite preview` (the browser tests' server)
 * sends them, so the tests see what a host with those rules serves.
 */
function hostingHeaders(): Plugin {
  return {
    name: 'latency-lab-headers',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile() });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://host').pathname;
        for (const [name, value] of Object.entries(headersFor(path))) res.setHeader(name, value);
        next();
      });
    },
  };
}

/**
 * The message catalogues (src/i18n/messages/<lang>.json, ICU text) compiled at build time:
 * `import … from './messages/es.json?icu'` gives each message's syntax tree (scripts/lib/icu.ts),
 * so the page formats them with intl-messageformat's `formatToParts` and no parser. A part of
 * one: `?only=shell.,lang.&icu` (the ids with those prefixes), `?except=shell.&icu`. That
 * module's one import of the parser is pointed at the parser's types (its element tests):
 * chart2music, which does parse its own messages, still gets the whole parser in its chunk.
 */
function icuCatalogues(): Plugin {
  const FORMATTERS = /intl-messageformat[\\/]lib[\\/]src[\\/]formatters\.js$/;
  return {
    name: 'latency-lab-icu',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (
        source !== '@formatjs/icu-messageformat-parser' ||
        !importer ||
        !FORMATTERS.test(importer)
      )
        return null;
      return this.resolve('@formatjs/icu-messageformat-parser/lib/types.js', importer, {
        skipSelf: true,
      });
    },
    async load(id) {
      const [file, query] = id.split('?') as [string, string | undefined];
      const params = new URLSearchParams(query ?? '');
      if (!file.endsWith('.json') || !params.has('icu')) return null;
      this.addWatchFile(file);
      const all = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const prefixes = (key: string) => params.get(key)?.split(',');
      const [only, except] = [prefixes('only'), prefixes('except')];
      const source = Object.fromEntries(
        Object.entries(all).filter(
          ([k]) =>
            (!only || only.some((p) => k.startsWith(p))) && !except?.some((p) => k.startsWith(p)),
        ),
      );
      const text = JSON.stringify(JSON.stringify(compileCatalogue(source)));
      return { code: `export default JSON.parse(${text});`, moduleType: 'js' };
    },
  };
}

/**
 * Offline after the first visit: a Workbox service worker (vite-plugin-pwa, not hand-written
 * caching) precaches the whole build — page, every JS chunk including the model workers, CSS,
 * icons — and serves it when the network is gone. Links are hashes, so every route of the
 * app is index.html (the embed entry, embed/index.html, has its own). A new build never
 * takes over an open page (no skipWaiting): it waits, the old worker keeps serving the old
 * chunks, and the page offers "Reload to update" (src/serviceWorker.ts, registered from a
 * chunk, so the CSP still holds). The first worker claims the page of the first visit
 * (clientsClaim: a page no worker controls, so nothing is taken from an old one): a student
 * whose class page reloads while the class server is down gets the app's own page.
 * tests/e2e/class-offline.test.ts drives that.
 * tests/e2e/offline.test.ts and tests/e2e/deploy.test.ts drive both.
 */
const offline = VitePWA({
  injectRegister: false,
  registerType: 'prompt',
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,txt,json}'],
    // embed/index.html is precached (the glob) and served for embed/ by the precache route;
    // the app's index.html must never stand in for it (it refuses to be framed).
    navigateFallbackDenylist: [/\/embed\//],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false,
  },
});

export default defineConfig({
  base: './',
  plugins: [icuCatalogues(), react(), contentSecurityPolicy(), hostingHeaders(), offline],
  worker: { format: 'es' },
  server: { headers: isolation },
  // Not server.headers (preview's default): hostingHeaders() sends each path its own.
  preview: { headers: {} },
  // lightningcss (Vite's own dependency) for the stylesheets: it bundles src/styles.css's
  // @imports in order and resolves the named breakpoints of src/styles/media.css.
  css: {
    transformer: 'lightningcss',
    lightningcss: { drafts: { customMedia: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Two pages sharing one script and its chunks: the full app, and the embed entry that
    // other sites may frame (src/hosting/headers.ts gives each its own headers).
    rollupOptions: {
      output: {
        // Everything the first page imports as one chunk (the entry's own, so named `main`):
        // the React runtime, the shell, the model page, the permalink codec with valibot and
        // the models' declarations, i18n's runtime and the shell's messages. Left to itself the
        // bundler split those into sixteen chunks by which lazy parts share them, and sixteen
        // files gzip ~5 KB worse than one (each its own dictionary, plus the imports and
        // exports between them). `$initial` keeps out what only a lazy part imports (the
        // sliders' scale goes with the controls, the lessons' reader with the lesson pages).
        codeSplitting: {
          groups: [{ name: 'main', tags: ['$initial'] }],
        },
      },
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        embed: fileURLToPath(new URL('./embed/index.html', import.meta.url)),
      },
    },
  },
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
