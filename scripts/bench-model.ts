/**
 * How fast the models run in Node, without a browser: runs per second of what each model's
 * src/models/<id>/tools/bench.ts `modelRuns` times (found by its registry id), e.g. file-access's
 * `evaluateTables` (what every slider step costs) and `charts`. `scripts/bench.ts` imports
 * `benchModels`; run directly,
 *
 *   npx tsx scripts/bench-model.ts
 *
 * prints the results as JSON.
 */
import { performance } from 'node:perf_hooks';
import { isDirectRun } from './lib/direct-run';
import { evaluateTables } from '../src/compare/compare';
import type { EvaluateTables, Measure, ModelBenchResult } from './lib/figure';
import { modelTools } from './lib/model-tools';

export type { ModelBenchResult };

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
 * Runs per second (and ms per run) of each model's `modelRuns`, in menu order. Blocks for about
 * (warmup + duration) per figure.
 */
export async function benchModels(options: BenchOptions = {}): Promise<ModelBenchResult[]> {
  const results: ModelBenchResult[] = [];
  const timed: Measure = (name, fn) => measure(name, fn, options);
  for (const { url } of modelTools(/^bench\.ts$/)) {
    const { modelRuns } = (await import(url.href)) as {
      modelRuns?: (m: Measure, evaluate: EvaluateTables) => ModelBenchResult[];
    };
    if (modelRuns) results.push(...modelRuns(timed, evaluateTables));
  }
  _sink = undefined;
  return results;
}

if (isDirectRun(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await benchModels(), null, 2)}\n`);
}
