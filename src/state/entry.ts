/**
 * Which page this is: the full app (`index.html`) or the embed entry (`embed/index.html`, the
 * only one other sites may frame; src/hosting/headers.ts gives each its headers). The HTML
 * says which (`<html data-entry="embed">`): both load the same script.
 */
export type Entry = 'app' | 'embed';

export function pageEntry(): Entry {
  return document.documentElement.dataset.entry === 'embed' ? 'embed' : 'app';
}

let base: { page: string; entry: Entry; url: string } | null = null;

/** The full app's folder (`https://host/path/`), from either page. */
export function appBaseUrl(): string {
  // Not from location.href: a link of 1 MB would be copied and parsed on every call.
  const page = `${location.protocol}//${location.host}${location.pathname}`;
  const entry = pageEntry();
  // A page renders it at each step: parsed again only when the page's address changes.
  if (base?.page !== page || base.entry !== entry) {
    const url = new URL(entry === 'embed' ? '../' : './', page);
    base = { page, entry, url: `${url.origin}${url.pathname}` };
  }
  return base.url;
}

/** The embed entry's folder (`https://host/path/embed/`). */
export function embedBaseUrl(): string {
  return `${appBaseUrl()}embed/`;
}

/** An older embed link: the full app's address with `view=embed` in its hash. */
export function isEmbedHash(hash: string): boolean {
  return /[?&]view=embed(&|$)/.test(hash);
}

/**
 * Whether another origin frames this page (or a sandbox without allow-same-origin: an opaque
 * origin). A host that sends `frame-ancestors 'none'` stops that before any script runs; this
 * is the fallback where the host cannot send headers (a meta element cannot set it).
 */
export function framedByOtherOrigin(): boolean {
  if (window.top === window.self) return false;
  try {
    // Reading another origin's location throws.
    return window.top?.location.origin !== location.origin;
  } catch {
    return true;
  }
}
