import { posix } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { problem, type Problem } from '../src/class/refusals.ts';
import { headersFor } from '../src/hosting/headers.ts';

/**
 * What every request to the class server passes before it is routed:
 *
 * - its `Host` must name this server as it listens (127.0.0.1 / localhost and the port; with
 *   --lan also this machine's addresses): a page on another name that resolves here (DNS
 *   rebinding) gets 421, so it can neither read the API nor make the join link name another
 *   host;
 * - a request that changes something (any method but GET and HEAD) must come from the app's own
 *   pages: `Sec-Fetch-Site` cross-site or same-site, or an `Origin` of another host, is 403 (a
 *   client that sends neither, such as curl or the bench, is not a browser and is let through);
 * - its path must be the one it names: an empty segment (`//`), a dot segment or an encoded
 *   slash (`/embed/..%2Findex.html`) would let one file be served under another path's headers,
 *   so such a path is a 404 before routing (no link of the app has one).
 *
 * And every response leaves with `X-Content-Type-Options: nosniff` and the `Referrer-Policy`
 * of src/hosting/headers.ts.
 */

/** Every response, whatever made it (the API, a file, a refusal). */
const ALWAYS = (() => {
  const all = headersFor('/');
  return {
    'X-Content-Type-Options': all['X-Content-Type-Options']!,
    'Referrer-Policy': all['Referrer-Policy']!,
  };
})();

/** The names this server answers to, each `host:port` in lower case. */
export interface HostCheck {
  /** Whether `host` (the Host header, lower case, with its port) is one of them. */
  allows(host: string): boolean;
}

/**
 * The names of a server listening on `port`: 127.0.0.1 and localhost, `names` (--host), and,
 * with `room`, the addresses `room()` lists now (read again when a Host is not known, so an
 * address the laptop gets mid-lesson is taken).
 */
export function hostCheck(
  port: number,
  names: readonly string[],
  room?: () => string[],
): HostCheck {
  const withPort = (name: string) => {
    const n = name.toLowerCase();
    const bare = n.includes(':') && !n.startsWith('[') ? `[${n}]` : n;
    return port === 80 ? [bare, `${bare}:80`] : [`${bare}:${port}`];
  };
  const fixed = new Set(['127.0.0.1', 'localhost', ...names].flatMap(withPort));
  let rooms = new Set((room?.() ?? []).flatMap(withPort));
  return {
    allows(host) {
      if (fixed.has(host) || rooms.has(host)) return true;
      if (!room) return false;
      rooms = new Set(room().flatMap(withPort));
      return rooms.has(host);
    },
  };
}

/**
 * The request path, decoded, when it is in its one plain form; null when it has an empty or a
 * dot segment, an encoded `/` or `\`, a NUL, or does not decode.
 */
export function plainPath(rawPath: string): string | null {
  if (/%(2f|5c)/i.test(rawPath)) return null;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\')) return null;
  return posix.normalize(path) === path ? path : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Refuse = (c: Context, status: 400 | 403 | 404 | 421, why: Problem) => Response;

/** The checks above as one middleware; `refuse` words the refusal (JSON for the API). */
export function guard(hosts: HostCheck | undefined, refuse: Refuse): MiddlewareHandler {
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    let response: Response | undefined;
    if (hosts && !hosts.allows(host))
      response = refuse(c, 421, problem('wrongHost', { host: host.slice(0, 80) }));
    else if (!SAFE_METHODS.has(c.req.method) && crossSite(c, host))
      response = refuse(c, 403, problem('crossSite'));
    else if (plainPath(rawPathOf(c.req.url)) === null) response = refuse(c, 404, problem('noPath'));
    if (response) {
      for (const [k, value] of Object.entries(ALWAYS)) response.headers.set(k, value);
      return response;
    }
    await next();
    for (const [k, value] of Object.entries(ALWAYS)) c.res.headers.set(k, value);
  };
}

/** The path as the request wrote it: between the host and the query, not decoded. */
function rawPathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start < 0) return '/';
  const end = url.search(/[?#]/);
  return url.slice(start, end < 0 ? undefined : end);
}

function crossSite(c: Context, host: string): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  return origin !== `http://${host}` && origin !== `https://${host}`;
}
