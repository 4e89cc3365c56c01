/**
 * The one worker entry: it imports the models and the comparison, exposes them over comlink,
 * and does nothing else. The app starts two instances of this file (see src/state/labClient.ts):
 * one answers `tables` on every slider step, the other the slower `charts` sweeps.
 */
import { expose } from 'comlink';
import { evaluateCharts, evaluateTables } from '../src/compare/compare';
import { findModel } from '../src/models/registry';
import type { ChartData, ModelDefinition, ParamValues } from '../src/models/types';
import type { ScenarioTables } from '../src/compare/types';

function model(modelId: string): ModelDefinition {
  const m = findModel(modelId);
  if (!m) throw new Error(`Unknown model "${modelId}"`);
  return m;
}

export const labApi = {
  /** The model's tables beside the paper's, with the error per cell. */
  tables(modelId: string, params: ParamValues): ScenarioTables {
    return evaluateTables(model(modelId), params);
  },
  /** Sweeps and timelines for the scenario, with the paper's points they refer to. */
  charts(modelId: string, params: ParamValues): ChartData[] {
    return evaluateCharts(model(modelId), params);
  },
};

export type LabApi = typeof labApi;

// Expose only inside a dedicated worker, so tests can import this module in Node.
const scope = globalThis as { postMessage?: unknown; window?: unknown };
if (typeof self !== 'undefined' && typeof scope.postMessage === 'function' && !('window' in scope))
  expose(labApi);
