/**
 * File-access in Node (`npm run bench`, section i, scripts/bench-model.ts): runs per second of
 * `evaluateTables` (what every slider step costs) and of `charts` on the SL.PUB.SYS preset.
 */
import { presetScenario } from '../../../scenario';
import { fileAccessModel } from '..';
import type { EvaluateTables, Measure, ModelBenchResult } from '../../../../scripts/lib/figure';

export function modelRuns(measure: Measure, evaluateTables: EvaluateTables): ModelBenchResult[] {
  const { params } = presetScenario(fileAccessModel, 'mpe-sl-seq');
  // file-access remembers rows by the parameters they read: a fresh seed each run defeats that
  // (every row recomputed, the cost of a first visit), a fresh prefetch distance is a slider step.
  let n = 0;
  return [
    measure('file-access evaluateTables, every row new (mpe-sl-seq)', () =>
      evaluateTables(fileAccessModel, { ...params, seed: ++n }),
    ),
    measure('file-access evaluateTables, a prefetch-distance step (mpe-sl-seq)', () =>
      evaluateTables(fileAccessModel, { ...params, prefetchDistanceRecords: 1 + (++n % 4000) }),
    ),
    measure('file-access charts (mpe-sl-seq)', () => fileAccessModel.charts(params)),
  ];
}
