/**
 * How fast the models run in Node, without a browser: runs per second of `evaluateTables`
 * (what every slider step costs) and of `charts` (sweeps and timelines) for the file-access
 * model on the SL.PUB.SYS preset and the directory-search model on the paper's shop.
 * `scripts/bench.ts` imports `benchModels`; run directly,
 *
 *   npx tsx scripts/bench-model.ts
 *
 * prints the results as JSON.
 */
import { performance } from 'node:perf_hooks';
import { evaluateTables } from '../src/compare/compare';
import { directorySearchModel } from '../src/models/directory-search';
import { fileAccessModel } from '../src/models/file-access';
import { presetScenario } from '../src/scenario';
import { isDirectRun } from './lib/direct-run';

export interface ModelBenchResult {
  name: string;
  runsPerSecond: number;
  msPerRun: number;
}

export interface BenchOptions {
  /** Measured time per benchmark (default 2,000 ms); at least `minRuns` runs are timed. */
  durationMs?: number;
  /** Untimed runs first, so the JIT has compiled the hot paths (default 500 ms, at least 1 run). */
  warmupMs?: number;
  minRuns?: number;
}

/** Keeps results reachable so no run can be optimized away. */
let _sink: unknown;

function measure(
  name: string,
  fn: () => unknown,
  { durationMs = 2000, warmupMs = 500, minRuns = 3 }: BenchOptions,
): ModelBenchResult {
  const warmupEnd = performance.now() + warmupMs;
  do _sink = fn();
  while (performance.now() < warmupEnd);

  let runs = 0;
  const start = performance.now();
  let elapsed: number;
  do {
    _sink = fn();
    runs += 1;
    elapsed = performance.now() - start;
  } while (elapsed < durationMs || runs < minRuns);
  return { name, runsPerSecond: (runs * 1000) / elapsed, msPerRun: elapsed / runs };
}

/**
 * Runs per second (and ms per run) of `evaluateTables` (model tables joined with the paper's)
 * and `charts`: file-access on preset `mpe-sl-seq`, directory-search on `vmsp-directory`.
 * Blocks for about 5 × (warmup + duration).
 */
export function benchModels(options: BenchOptions = {}): ModelBenchResult[] {
  const { params } = presetScenario(fileAccessModel, 'mpe-sl-seq');
  const vmsp = presetScenario(directorySearchModel, 'vmsp-directory').params;
  // file-access remembers rows by the parameters they read: a fresh seed each run defeats that
  // (every row recomputed, the cost of a first visit), a fresh prefetch distance is a slider step.
  let n = 0;
  const results = [
    measure(
      'file-access evaluateTables, every row new (mpe-sl-seq)',
      () => evaluateTables(fileAccessModel, { ...params, seed: ++n }),
      options,
    ),
    measure(
      'file-access evaluateTables, a prefetch-distance step (mpe-sl-seq)',
      () =>
        evaluateTables(fileAccessModel, { ...params, prefetchDistanceRecords: 1 + (++n % 4000) }),
      options,
    ),
    measure('file-access charts (mpe-sl-seq)', () => fileAccessModel.charts(params), options),
    measure(
      'directory-search evaluateTables (vmsp-directory)',
      () => evaluateTables(directorySearchModel, vmsp),
      options,
    ),
    measure(
      'directory-search charts (vmsp-directory)',
      () => directorySearchModel.charts(vmsp),
      options,
    ),
  ];
  _sink = undefined;
  return results;
}

if (isDirectRun(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(benchModels(), null, 2)}\n`);
}
