/**
 * Directory-search in Node (`npm run bench`, section i, scripts/bench-model.ts): runs per second
 * of `evaluateTables` and of `charts` on the paper's shop (vmsp-directory).
 */
import { presetScenario } from '../../../scenario';
import { directorySearchModel } from '..';
import type { EvaluateTables, Measure, ModelBenchResult } from '../../../../scripts/lib/figure';

export function modelRuns(measure: Measure, evaluateTables: EvaluateTables): ModelBenchResult[] {
  const vmsp = presetScenario(directorySearchModel, 'vmsp-directory').params;
  return [
    measure('directory-search evaluateTables (vmsp-directory)', () =>
      evaluateTables(directorySearchModel, vmsp),
    ),
    measure('directory-search charts (vmsp-directory)', () => directorySearchModel.charts(vmsp)),
  ];
}
