/**
 * The header rules (src/hosting/headers.ts): each path gets each header once, the full app
 * refuses framing and the embed entry allows it, and the sample nginx config says the same.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  HEADER_RULES,
  headersFile,
  headersFor,
  pathMatches,
} from '../../src/hosting/headers';

const PATHS = ['/', '/index.html', '/embed/', '/embed/index.html', '/assets/main-x.js', '/sw.js'];

describe('header rules', () => {
  it('no path gets one header from two rules (a host would join them with a comma)', () => {
    for (const path of PATHS) {
      const names = HEADER_RULES.filter((r) => pathMatches(r.path, path)).flatMap((r) =>
        Object.keys(r.headers).map((k) => k.toLowerCase()),
      );
      expect(new Set(names).size, path).toBe(names.length);
    }
  });

  it('the full app refuses every frame; the embed entry allows any', () => {
    for (const path of ['/', '/index.html'])
      expect(headersFor(path)['Content-Security-Policy']).toBe(
        `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`,
      );
    for (const path of ['/embed/', '/embed/index.html'])
      expect(headersFor(path)['Content-Security-Policy']).toBe(
        `${CONTENT_SECURITY_POLICY}; frame-ancestors *`,
      );
    for (const path of PATHS)
      expect(headersFor(path)['Cross-Origin-Embedder-Policy'], path).toBe('require-corp');
  });

  it('every path gets nosniff and a Referrer-Policy that keeps the Origin header', () => {
    for (const path of PATHS) {
      expect(headersFor(path)['X-Content-Type-Options'], path).toBe('nosniff');
      // Not 'no-referrer': under it browsers send `Origin: null` on the app's own POSTs.
      expect(headersFor(path)['Referrer-Policy'], path).toBe('same-origin');
    }
  });

  it('the _headers file lists every rule with its headers', () => {
    const file = headersFile();
    for (const rule of HEADER_RULES) {
      const block = file.split('\n\n').find((b) => b.startsWith(`${rule.path}\n`));
      expect(block, rule.path).toBeDefined();
      for (const [name, value] of Object.entries(rule.headers))
        expect(block).toContain(`\n  ${name}: ${value}`);
    }
  });

  it('docs/hosting/nginx.conf sends the same headers per path', () => {
    const conf = readFileSync(new URL('../../docs/hosting/nginx.conf', import.meta.url), 'utf8');
    const vars: Record<string, string> = {};
    for (const m of conf.matchAll(/^\s*set \$(\w+) "([^"]*)";/gm)) vars[m[1]!] = m[2]!;
    const expand = (v: string) => v.replace(/\$(\w+)/g, (_, k: string) => vars[k] ?? `$${k}`);
    const blocks = [...conf.matchAll(/location (= )?(\S+) \{([^}]*)\}/g)];
    for (const path of PATHS) {
      // nginx picks the exact location if there is one, else the prefix `/`.
      const block = blocks.find((b) => b[1] && b[2] === path) ?? blocks.find((b) => !b[1]);
      const sent: Record<string, string> = {};
      for (const m of block![3]!.matchAll(/add_header ([\w-]+) ("[^"]*"|\S+) always;/g))
        sent[m[1]!] = expand(m[2]!.replace(/^"|"$/g, ''));
      for (const [name, value] of Object.entries(headersFor(path)))
        expect(sent[name], `${path} ${name}`).toBe(value);
    }
  });
});
