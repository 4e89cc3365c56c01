/** The CLI's result and its errors: a mistake in the link or the arguments exits 2, one line. */

export interface RunResult {
  stdout: string;
  /** At most one line (plus its newline): the error when exitCode ≠ 0, else a notice or nothing. */
  stderr: string;
  exitCode: number;
}

/** A mistake in the link or on the command line: exit code 2, one line. */
export class UsageError extends Error {}

export function firstLine(text: string): string {
  return text.split(/\r?\n/)[0] ?? '';
}

export function errorResult(err: unknown): RunResult {
  if (err instanceof UsageError) {
    return { stdout: '', stderr: `${firstLine(err.message)}\n`, exitCode: 2 };
  }
  let message = 'unknown error';
  try {
    message = firstLine(err instanceof Error ? err.message : String(err));
  } catch {
    // keep 'unknown error'
  }
  return { stdout: '', stderr: `explore: unexpected error: ${message}\n`, exitCode: 1 };
}
