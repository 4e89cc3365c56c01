import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

/**
 * True when the module at `moduleUrl` is the script Node was started with (not imported). Never
 * in a worker thread, whose `process.argv` is the main thread's: a worker that imports the
 * script must not run it again.
 */
export function isDirectRun(moduleUrl: string): boolean {
  if (!isMainThread) return false;
  try {
    const script = process.argv[1];
    if (script === undefined) return false;
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
