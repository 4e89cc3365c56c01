/**
 * The one worker-entry helper. A worker file builds its API as a plain object, exports it (so
 * tests and the CLI can import and call it in Node), and calls `exposeInWorker(api)` last:
 * comlink exposes the API only when the module really runs inside a dedicated worker.
 */
import { expose } from 'comlink';

/** True inside a dedicated Web Worker; false on a page, in Node and in tests. */
export function isDedicatedWorker(): boolean {
  const scope = globalThis as { postMessage?: unknown; window?: unknown; document?: unknown };
  return (
    typeof self !== 'undefined' &&
    typeof scope.postMessage === 'function' &&
    !('window' in scope) &&
    !('document' in scope)
  );
}

/** Exposes `api` over comlink when running in a dedicated worker; does nothing elsewhere. */
export function exposeInWorker(api: object): void {
  if (isDedicatedWorker()) expose(api);
}

/**
 * For the few workers that answer raw messages themselves (a benchmark of postMessage):
 * registers `onMessage` only inside a dedicated worker, with a `post` that replies.
 */
export function onWorkerMessage(
  onMessage: (data: unknown, post: (m: unknown) => void) => void,
): void {
  if (!isDedicatedWorker()) return;
  const post = (m: unknown) => (self as unknown as Worker).postMessage(m);
  self.addEventListener('message', (e: MessageEvent) => onMessage(e.data, post));
}
