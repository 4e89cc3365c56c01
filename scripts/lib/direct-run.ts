import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when the module at `moduleUrl` is the script Node was started with (not imported). */
export function isDirectRun(moduleUrl: string): boolean {
  try {
    const script = process.argv[1];
    if (script === undefined) return false;
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
