/** The whole CLI as a function of its arguments (scripts/explore.ts runs it on the process's). */
import { machineRun } from '../lib/machine-option';
import { helpText, parseArgs, DEFAULT_TIMEOUT_S, USAGE } from './args';
import { jobEstimate, overBudgetLine } from './budget';
import type { Job } from './compute';
import { errorResult, UsageError, type RunResult } from './errors';
import { listPresets, readLink } from './explore';
import { runInWorker } from './worker';

/** All of stdin as text (for the link given as `-`). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The whole CLI as a function of its arguments (tests call this without spawning). A link of
 * `-` is read from `stdin` (by default the process's).
 */
export async function run(
  argv: readonly string[],
  stdin: () => Promise<string> = readStdin,
  /** Where progress goes (the process's stderr when run directly), and whether it is a terminal. */
  stderr: { write: (line: string) => void; isTTY: boolean } | null = null,
): Promise<RunResult> {
  if (argv.includes('--machine')) return machineRun(argv);
  try {
    const args = parseArgs(argv);
    if (args.help) return { stdout: helpText(), stderr: '', exitCode: 0 };
    if (args.list) {
      return { stdout: `${JSON.stringify(listPresets(), null, 2)}\n`, stderr: '', exitCode: 0 };
    }
    const link = args.link === '-' ? (await stdin()).trim() : (args.link ?? '');
    if (link === '') throw new UsageError(`missing permalink (stdin was empty) — ${USAGE}`);
    const showProgress =
      stderr !== null && (args.progress === 'always' || (args.progress === 'auto' && stderr.isTTY));
    const job: Job = {
      link,
      format: args.format ?? 'json',
      map: args.map,
      sensitivity: args.sensitivity,
      progressAfterMs: showProgress ? (args.progress === 'always' ? 0 : 1000) : null,
    };
    // The link's mistakes first, here (fast); then the estimate; then the run, in its thread.
    const { scenario, model } = await readLink(link);
    const timeoutS = args.timeoutS ?? DEFAULT_TIMEOUT_S;
    const estimate = jobEstimate(model, scenario.params, job);
    if (estimate && estimate.seconds > timeoutS) {
      throw new UsageError(overBudgetLine(model.id, estimate, timeoutS));
    }
    return await runInWorker(job, timeoutS, model.id, stderr?.write ?? null);
  } catch (err) {
    return errorResult(err);
  }
}
