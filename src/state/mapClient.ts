/**
 * Regime maps on the worker pool (src/views/explore/useRegimeMap.ts): apart from ./labClient.ts
 * so that only the map's panel, loaded when opened, carries this code.
 */
import type { MapPlan, MapRequest, RegimeMap } from '../compare/regimeMap';
import type { ParamValues } from '../models/types';
import type { LabApi } from '../../workers/lab.worker';
import { labWorker, timeoutFor } from './labClient';
import type { Outcome } from './workerClient';
import { LatestJob, poolSize, WorkerPool } from './workerPool';

let mapPool: WorkerPool<LabApi> | null = null;
/**
 * Regime maps run on a pool of their own (the same `WorkerPool`, its workers named `lab-map`):
 * a pool serves its jobs oldest first, so a map of several seconds on the charts' pool would
 * hold every chart behind it.
 */
function mapsPool(): WorkerPool<LabApi> {
  mapPool ??= new WorkerPool<LabApi>(() => labWorker('lab-map'), poolSize(), {
    name: 'map',
    timeoutMs: () => timeoutFor('charts'),
    cancelGraceMs: 50,
  });
  return mapPool;
}

type MapCells = RegimeMap['cells'];
let mapPlans: LatestJob<LabApi, [string, ParamValues, MapRequest], MapPlan | null> | null = null;
let mapChunks: LatestJob<
  LabApi,
  [string, ParamValues, MapPlan, [number, number][], (chunk: number, rows: number) => void],
  MapCells
> | null = null;

/**
 * A regime map's plan (src/compare/regimeMap.ts `planMap`: the grid, the table and column,
 * what competes), on the maps' pool. A newer request, or `signal`, cancels the one before.
 */
export function requestMapPlan(
  modelId: string,
  params: ParamValues,
  req: MapRequest,
  signal?: AbortSignal,
): Promise<Outcome<MapPlan>> {
  mapPlans ??= new LatestJob(mapsPool(), async (api, part, id, p, r) =>
    part === 0 ? { total: 1, value: await api.mapPlan(id, p, r) } : { total: 1, value: null },
  );
  return mapPlans.request([modelId, params, req], signal).then((o): Outcome<MapPlan> => {
    if (o.kind !== 'ok') return o;
    const plan = o.value[0];
    return plan ? { ...o, value: plan } : { kind: 'error', id: o.id, error: new Error('No plan.') };
  });
}

/**
 * A planned map's rows, one job of `chunks` (row ranges) on the maps' pool, put back in order;
 * `onChunk(k, rows)` as each chunk comes back, never after `signal` aborts. A newer request,
 * or `signal`, cancels it: chunks not yet sent never start, and those in flight are stopped.
 */
export function requestMapRows(
  modelId: string,
  params: ParamValues,
  plan: MapPlan,
  chunks: [number, number][],
  onChunk: (chunk: number, rows: number) => void,
  signal?: AbortSignal,
): Promise<Outcome<MapCells>> {
  mapChunks ??= new LatestJob(mapsPool(), async (api, part, id, p, pl, ch, on) => {
    const range = ch[part];
    if (!range) return { total: ch.length, value: [] };
    const rows = await api.mapRows(id, p, pl, range[0], range[1]);
    on(part, rows.length);
    return { total: ch.length, value: rows };
  });
  let live = true;
  signal?.addEventListener('abort', () => (live = false), { once: true });
  const report = (chunk: number, rows: number) => {
    if (live && !signal?.aborted) onChunk(chunk, rows);
  };
  return mapChunks
    .request([modelId, params, plan, chunks, report], signal)
    .then((o): Outcome<MapCells> => {
      live = false;
      return o.kind === 'ok' ? { ...o, value: o.value.flat() } : o;
    });
}
