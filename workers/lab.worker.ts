/**
 * The model worker entry: it loads the models and the comparison, exposes them over comlink,
 * and does nothing else. The app starts several instances of this file (src/state/labClient.ts):
 * one answers `tables` on every slider step, others the slower `charts` sweeps and the traces.
 */
import { evaluateChartPart, evaluateCharts, evaluateTables } from '../src/compare/compare';
import { knobSweep } from '../src/compare/knobSweep';
import { sensitivity, type TableSensitivity } from '../src/compare/sensitivity';
import { mapRows, planMap, type MapPlan, type MapRequest } from '../src/compare/regimeMap';
import { loadModel } from '../src/models/registry';
import type {
  ChartData,
  ChartOptions,
  LineChartData,
  ModelDefinition,
  ParamValues,
  TablesOptions,
} from '../src/models/types';
import type { ScenarioTables } from '../src/compare/types';
import { transfer } from 'comlink';
import { packRecords } from '../src/compare/packRecords';
import { exposeInWorker, isDedicatedWorker } from './expose';
import { isGateMessage, waitForGate } from './answerGate';

async function model(modelId: string): Promise<ModelDefinition> {
  const m = await loadModel(modelId);
  if (!m) throw new Error(`Unknown model "${modelId}"`);
  return m;
}

/**
 * `lab:tables`, the time the last table took in this worker (User Timing; only the latest is
 * kept): scripts/bench.ts reads it to split control → table into its parts.
 */
export const TABLES_MEASURE = 'lab:tables';

/** Tables requests heard so far: a warm-up stops when one comes. */
let asked = 0;
/** Models this worker has warmed (or begun to): a page opened again does not warm them twice. */
const warmed = new Set<string>();
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const labApi = {
  /** The model's tables beside the paper's, with the error per cell. */
  async tables(
    modelId: string,
    params: ParamValues,
    options?: TablesOptions,
  ): Promise<ScenarioTables> {
    asked++;
    const t0 = performance.now();
    const result = evaluateTables(await model(modelId), params, options);
    performance.clearMeasures(TABLES_MEASURE);
    performance.measure(TABLES_MEASURE, { start: t0 });
    return result;
  },
  /**
   * A model page's step (src/state/modelSession.ts): the tables, and how long they took here
   * (the bench splits a step into its parts with it).
   */
  async step(
    modelId: string,
    params: ParamValues,
    options?: TablesOptions,
  ): Promise<{ tables: ScenarioTables; workerMs: number }> {
    const t0 = performance.now();
    const tables = await labApi.tables(modelId, params, options);
    return { tables, workerMs: performance.now() - t0 };
  },
  /**
   * Computes the tables of `scenarios` (src/state/warmScenarios.ts) and throws them away, one
   * per task, so that the model's code is compiled before a student's first drag; it stops as
   * soon as a tables request comes. How many were computed (0 when the model was warmed before).
   */
  async warm(modelId: string, scenarios: ParamValues[]): Promise<number> {
    const since = asked;
    if (warmed.has(modelId)) return 0;
    warmed.add(modelId);
    const m = await model(modelId);
    let done = 0;
    for (const params of scenarios) {
      await nextTask();
      if (asked !== since) break;
      try {
        evaluateTables(m, params, { intervals: false });
      } catch {
        // A scenario the model refuses teaches the compiler nothing: the next one is tried.
      }
      done++;
    }
    return done;
  },
  /** Sweeps and timelines for the scenario, with the paper's points they refer to. */
  async charts(modelId: string, params: ParamValues): Promise<ChartData[]> {
    return evaluateCharts(await model(modelId), params);
  },
  /**
   * One part of the charts and how many parts there are (src/state/labClient.ts spreads the
   * parts over a pool of these workers and puts them back in order).
   */
  async chartPart(
    modelId: string,
    params: ParamValues,
    part: number,
  ): Promise<{ total: number; charts: ChartData[] }> {
    return evaluateChartPart(await model(modelId), params, part);
  },
  /**
   * `chartPart` for a model page's session: long numeric series as transferable buffers
   * (src/state/packRecords.ts), moved rather than copied to the page.
   */
  async chartPartPacked(
    modelId: string,
    params: ParamValues,
    part: number,
    options?: ChartOptions,
  ): Promise<{ total: number; charts: unknown }> {
    const { total, charts } = evaluateChartPart(await model(modelId), params, part, options);
    const packed = packRecords(charts);
    return transfer({ total, charts: packed.value }, packed.transfer);
  },
  /** The explore strip's chart: the headline column across one knob's range (knobSweep.ts). */
  async knobSweep(
    modelId: string,
    params: ParamValues,
    key: string,
  ): Promise<LineChartData | null> {
    return knobSweep(await model(modelId), params, key);
  },
  /** Per table, which parameters its headline cells depend on most (sensitivity.ts). */
  async sensitivity(modelId: string, params: ParamValues): Promise<TableSensitivity[]> {
    return sensitivity(await model(modelId), params);
  },
  /** A regime map's plan: its grid, table, column and what competes (regimeMap.ts). */
  async mapPlan(modelId: string, params: ParamValues, req: MapRequest): Promise<MapPlan> {
    return planMap(await model(modelId), params, req);
  },
  /** Rows `from` ≤ j < `to` of a planned regime map: one chunk of the page's map. */
  async mapRows(
    modelId: string,
    params: ParamValues,
    plan: MapPlan,
    from: number,
    to: number,
  ): Promise<ReturnType<typeof mapRows>> {
    return mapRows(await model(modelId), params, plan, from, to);
  },
};

export type LabApi = typeof labApi;

// A charts worker's answers wait while the page's step computes its tables
// (workers/answerGate.ts): the flag comes first, in a message of its own, unseen by comlink.
if (isDedicatedWorker() && self.name === 'lab-charts') {
  let gate: Int32Array | null = null;
  self.addEventListener('message', (e: MessageEvent) => {
    if (!isGateMessage(e.data)) return;
    gate = new Int32Array(e.data.labAnswerGate);
    e.stopImmediatePropagation();
  });
  const post = self.postMessage.bind(self) as (message: unknown, transfer: Transferable[]) => void;
  (self as unknown as { postMessage: typeof post }).postMessage = (message, transfer) => {
    waitForGate(gate);
    post(message, transfer);
  };
}

exposeInWorker(labApi);
