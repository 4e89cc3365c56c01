/**
 * explore — evaluate a Latency Lab permalink from the command line.
 *
 *   npm run --silent explore -- '<permalink>' [--format json|csv|md]
 *   npm run --silent explore -- - [--format …] < link.txt   (the link on stdin: a 100,000-
 *     reference link can exceed what one command-line argument may hold, 128 KB on Linux)
 *   npm run --silent explore -- --list
 *   npm run --silent explore -- --help
 *
 * The permalink is the app's link (a full URL, or from `/#/` or `#/`). The scenario is read
 * with the same codec as the app (src/scenario), then `evaluateTables` puts the model's
 * tables beside the paper's. Any problem with the link (or the command line) is an error:
 * exit code 2 and one line on stderr; nothing on stdout. Unexpected failures: exit code 1.
 * A link made by an older version of a model is no error: it is migrated, as the app does,
 * and the notice goes to stderr while the results go to stdout (exit code 0).
 *
 * A run has a time budget (`--timeout SECONDS`, default 60): the model runs in a worker thread
 * (scripts/lib/explore-worker.ts), stopped when the budget runs out (exit code 2, one line).
 * Before it starts, a model that can estimate its work (`ModelDefinition.work`) does: a link
 * whose estimate is already over the budget is refused at once, with the same kind of line.
 *
 * This file is the command; the CLI is the folder scripts/cli/: args.ts (arguments, help),
 * explore.ts (the library: a link evaluated, the presets; the golden tests import it), map.ts
 * (`--map`), sensitivity.ts (`--sensitivity`), budget.ts (the time budget), compute.ts (one
 * run), worker.ts (the worker thread), main.ts (`run`: the CLI as a function).
 */
export * from './cli/args';
export * from './cli/budget';
export * from './cli/compute';
export * from './cli/errors';
export * from './cli/explore';
export * from './cli/map';
export * from './cli/sensitivity';
export { closeWorkers, runInWorker } from './cli/worker';
export { run } from './cli/main';
import { readStdin, run } from './cli/main';
import { isDirectRun } from './lib/direct-run';

if (isDirectRun(import.meta.url)) {
  // A closed pipe (`explore … | head`) is not an error worth a stack trace.
  process.stdout.on('error', () => undefined);
  const result = await run(process.argv.slice(2), readStdin, {
    write: (line) => process.stderr.write(line),
    isTTY: process.stderr.isTTY === true,
  });
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.stderr) process.stderr.write(result.stderr);
  // exitCode, not exit(): lets stdout drain when it is a pipe.
  process.exitCode = result.exitCode;
}
