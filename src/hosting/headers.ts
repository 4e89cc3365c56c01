/**
 * The HTTP headers of the built app, per path: written once here, used three ways — the build
 * writes them out as `dist/_headers` (Netlify / Cloudflare Pages), `vite preview` (and so the
 * browser tests) sends them, and tests/unit/hosting-headers.test.ts checks that the sample
 * nginx config (docs/hosting/nginx.conf) says the same.
 *
 * Every file: no MIME sniffing and a Referrer-Policy; the class server (server/guard.ts) sends
 * these two on every response, its API's and its 404s too.
 *
 * Why per path: the full app must not be framed by other sites (a page could frame it nearly
 * invisible and steer clicks), while the embed entry (`embed/`) is made to be framed anywhere.
 * The view is chosen before the `#`, in the path, because the hash never reaches a server.
 *
 * The rules never give one header twice for a path (a host joins repeated values with commas,
 * which for two CSPs means both apply): `/*` carries only what every file shares.
 */

/**
 * The Content-Security-Policy of the built app: everything from the page's own origin, workers
 * also from blob: URLs, images also from data: URLs, no plugins, no <base> elsewhere, no form
 * submission. No inline script and no eval (the build has neither); no 'unsafe-inline' for
 * styles either: React and d3 set styles through the CSSOM (`element.style`), which CSP does
 * not restrict, and the CSS is a file. The build also puts it in a meta element, for a host that
 * sends no headers (tests/e2e/faults.test.ts checks that no page reports a violation).
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

/**
 * frame-ancestors works only as a header (a meta element's is ignored); where the host sends
 * none, src/state/entry.ts refuses to show the full app inside another origin's frame.
 */
const APP_CSP = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
const EMBED_CSP = `${CONTENT_SECURITY_POLICY}; frame-ancestors *`;

export interface HeaderRule {
  /** A path as `_headers` writes it: exact, or ending in `*` (any rest). */
  path: string;
  headers: Record<string, string>;
}

export const HEADER_RULES: readonly HeaderRule[] = [
  {
    // Every file: cross-origin isolation (SharedArrayBuffer and fine timers for the live
    // panels; the workers' scripts need COEP too), and no MIME sniffing. Inside a frame COOP is
    // ignored, and COEP binds only what the framed page itself loads (its own files), so both
    // pages frame as well with them; the embed link opened in a tab of its own keeps them.
    path: '/*',
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'X-Content-Type-Options': 'nosniff',
      // No Referer to other sites (a paper's link would tell it the class server's address
      // and page); the app's own requests keep it. Not 'no-referrer': under it browsers send
      // `Origin: null` on the app's own POST and PUT, which the class server checks.
      'Referrer-Policy': 'same-origin',
    },
  },
  // The full app: no site may frame it.
  { path: '/', headers: { 'Content-Security-Policy': APP_CSP } },
  { path: '/index.html', headers: { 'Content-Security-Policy': APP_CSP } },
  // The embed entry: any site may.
  { path: '/embed/', headers: { 'Content-Security-Policy': EMBED_CSP } },
  { path: '/embed/index.html', headers: { 'Content-Security-Policy': EMBED_CSP } },
];

/** Whether a rule's path matches a request's path (the query already removed). */
export function pathMatches(rulePath: string, path: string): boolean {
  return rulePath.endsWith('*') ? path.startsWith(rulePath.slice(0, -1)) : path === rulePath;
}

/** The headers for a request path: every matching rule's, in order. */
export function headersFor(path: string, rules = HEADER_RULES): Record<string, string> {
  return Object.assign({}, ...rules.filter((r) => pathMatches(r.path, path)).map((r) => r.headers));
}

/** The rules as a `_headers` file (Netlify and Cloudflare Pages read the same format). */
export function headersFile(rules = HEADER_RULES): string {
  const head = [
    '# Written by the build from src/hosting/headers.ts; see docs/hosting.md.',
    '# Assumes the app is served from the site root.',
  ];
  const blocks = rules.map((r) =>
    [r.path, ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n'),
  );
  return `${[head.join('\n'), ...blocks].join('\n\n')}\n`;
}
