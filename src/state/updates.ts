/**
 * Whether a new version of the app is waiting, as a tiny store the page can show (the update
 * bar) — filled by src/serviceWorker.ts, which loads after the first render. No dependencies,
 * so the initial bundle carries only this.
 */
import { useSyncExternalStore } from 'react';

interface UpdateState {
  /** A new build's service worker is installed and waiting for this page to let it in. */
  waiting: boolean;
  /** The reader chose "Later": the bar stays hidden for this session. */
  postponed: boolean;
}

let state: UpdateState = { waiting: false, postponed: false };
let activate: () => void = () => {};
const listeners = new Set<() => void>();
const POSTPONED_KEY = 'latency-lab:update-postponed';

function set(next: Partial<UpdateState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

/** Called by the service worker's registration: a new version waits; `go` lets it in. */
export function updateWaiting(go: () => void): void {
  activate = go;
  set({ waiting: true, postponed: sessionStorage.getItem(POSTPONED_KEY) === '1' });
}

/** The update bar's state and its two answers. */
export function useUpdate(): UpdateState & { reload: () => void; later: () => void } {
  const s = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => state,
  );
  return {
    ...s,
    reload: () => activate(),
    later: () => {
      sessionStorage.setItem(POSTPONED_KEY, '1');
      set({ postponed: true });
    },
  };
}
