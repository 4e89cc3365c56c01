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
