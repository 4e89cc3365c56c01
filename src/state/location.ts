/**
 * The URL hash is the app's only state. This is the whole router: one store over
 * `location.hash` and one hook. No router library, because the permalink codec
 * (src/scenario) already parses the route; a library would parse it a second time.
 *
 * `replaceState`/`pushState` do not fire `hashchange`, so `navigate` tells subscribers itself.
 * Changes made by hand (typing in the address bar, back/forward, clicking an `<a href="#/…">`)
 * arrive as `hashchange` and are marked `external`: only those are checked for link problems.
 */
import { useSyncExternalStore } from 'react';

export interface LocationSnapshot {
  /** `location.hash` as it is now, e.g. `#/file-access?records=…`; `''` on a bare URL. */
  hash: string;
  /** The last hash that came from outside the app (page load, address bar, link, back button). */
  externalHash: string;
}

const listeners = new Set<() => void>();
let snapshot: LocationSnapshot = { hash: currentHash(), externalHash: currentHash() };

function currentHash(): string {
  return typeof location === 'undefined' ? '' : location.hash;
}

function emit(next: LocationSnapshot): void {
  if (next.hash === snapshot.hash && next.externalHash === snapshot.externalHash) return;
  snapshot = next;
  for (const l of listeners) l();
}

function onExternalChange(): void {
  const hash = currentHash();
  // popstate and hashchange both fire on back/forward; the first one wins, the second is a no-op.
  if (hash === snapshot.hash) return;
  emit({ hash, externalHash: hash });
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('hashchange', onExternalChange);
    window.addEventListener('popstate', onExternalChange);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('hashchange', onExternalChange);
      window.removeEventListener('popstate', onExternalChange);
    }
  };
}

const getSnapshot = () => snapshot;

export function useLocationHash(): LocationSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * Moves the app to `hash` (`#/…`). `replace` while dragging, so one drag is one history entry;
 * push for deliberate steps (a preset, another table) so the back button undoes them.
 */
export function navigate(hash: string, { replace }: { replace: boolean }): void {
  if (hash === currentHash()) return;
  if (replace) history.replaceState(history.state, '', hash);
  else history.pushState(null, '', hash);
  emit({ hash: currentHash(), externalHash: snapshot.externalHash });
}
