import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { headersFor } from '../../src/hosting/headers.ts';

/** The built app (dist/) with the hosting headers of src/hosting/headers.ts. */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** What tells the app it is served by the class server (src/class/client.ts reads it). */
export const CLASS_META = '<meta name="latency-lab-class" content="server">';

/** A 404 (or another refusal) outside the API: text, with the full app's headers. */
export function notFoundPage(
  c: Context,
  status: 400 | 403 | 404 | 421 = 404,
  message = 'Not found',
) {
  const res = c.text(message, status);
  for (const [k, value] of Object.entries(headersFor('/index.html'))) res.headers.set(k, value);
  return res;
}

/** Every file of `distDir`, by plain path only (the guard let no other through). */
export function fileRoutes(app: Hono, distDir: string) {
  const root = resolve(distDir);
  app.get('*', async (c) => {
    // The guard let only plain paths through: decoded, without dot or empty segments.
    const path = decodeURIComponent(new URL(c.req.url).pathname);
    const name = path.endsWith('/') ? `${path}index.html` : path;
    const file = resolve(root, `.${name}`);
    if (!file.startsWith(root + sep)) return notFoundPage(c);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return notFoundPage(c);
    const headers = headersFor(path);
    // Any page but the embed entry is the full app: it gets the app's frame rule.
    if (extname(file) === '.html' && !headers['Content-Security-Policy'])
      Object.assign(headers, headersFor('/index.html'));
    for (const [k, value] of Object.entries(headers)) c.header(k, value);
    c.header('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    if (path === '/' || path === '/index.html') {
      c.header('Cache-Control', 'no-cache');
      const html = await readFile(file, 'utf8');
      return c.body(html.replace(/<head\b[^>]*>/i, (head) => `${head}${CLASS_META}`));
    }
    return c.body(await readFile(file));
  });
}
