import type { ModelDefinition, ParamValues } from '../../src/models/types';

/** One figure of a bench (scripts/bench-*.ts and each model's tools/bench*.ts; never pass/fail). */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

/** Runs per second of one model call in Node (`npm run bench`, section i). */
export interface ModelBenchResult {
  name: string;
  runsPerSecond: number;
  msPerRun: number;
}
/** Times `fn` under `name` (warm-up, then runs): what a model's tools/bench.ts `modelRuns` gets. */
export type Measure = (name: string, fn: () => unknown) => ModelBenchResult;

/**
 * What a model's bench times as "a slider step": src/compare's `evaluateTables` (the model's
 * tables beside the paper's), handed in by the shared bench, so that a model's tools/ never
 * reach the papers' values themselves.
 */
export type EvaluateTables = (model: ModelDefinition, params: ParamValues) => unknown;

/** What the shared bench hands each model's `bench…()` function (scripts/bench/modules.ts). */
export interface BenchContext {
  evaluateTables: EvaluateTables;
}
