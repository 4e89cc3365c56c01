/**
 * The model worker entry: it loads the models and the comparison, exposes them over comlink,
 * and does nothing else. The app starts several instances of this file (src/state/labClient.ts):
 * one answers `tables` on every slider step, others the slower `charts` sweeps and the traces.
 */
import { evaluateCharts, evaluateTables } from '../src/compare/compare';
import { loadModel } from '../src/models/registry';
import type { ChartData, ModelDefinition, ParamValues } from '../src/models/types';
import type { ScenarioTables } from '../src/compare/types';
import { exposeInWorker } from './expose';

async function model(modelId: string): Promise<ModelDefinition> {
  const m = await loadModel(modelId);
  if (!m) throw new Error(`Unknown model "${modelId}"`);
  return m;
}

export const labApi = {
  /** The model's tables beside the paper's, with the error per cell. */
  async tables(modelId: string, params: ParamValues): Promise<ScenarioTables> {
    return evaluateTables(await model(modelId), params);
  },
  /** Sweeps and timelines for the scenario, with the paper's points they refer to. */
  async charts(modelId: string, params: ParamValues): Promise<ChartData[]> {
    return evaluateCharts(await model(modelId), params);
  },
};

export type LabApi = typeof labApi;

exposeInWorker(labApi);
