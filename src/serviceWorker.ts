/**
 * The offline service worker, registered after the first render (its code is not in the
 * initial bundle). A new build never takes over a page by itself: its worker waits, the page
 * keeps running on the old worker's cache (every chunk it may still load is there), and the
 * update bar offers the new version. Reload lets it in; every open tab of the app then reloads
 * once on the new version — the whole state is in the URL, so nothing is lost.
 */
import { registerSW } from 'virtual:pwa-register';
import { updateWaiting } from './state/updates';

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // A page that was already controlled reloads when a new worker takes over (from this tab's
  // Reload or another tab's): its old chunks are no longer cached or served.
  const wasControlled = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!wasControlled || reloading) return;
    reloading = true;
    location.reload();
  });
  const update = registerSW({
    onNeedRefresh: () => updateWaiting(() => void update(true)),
  });
}
