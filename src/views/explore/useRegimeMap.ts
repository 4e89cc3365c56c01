import { useCallback, useEffect, useRef, useState } from 'react';
import { assembleMap, rowChunks, type MapRequest, type RegimeMap } from '../../compare/regimeMap';
import type { ParamValues } from '../../models/types';
import { requestMapPlan, requestMapRows } from '../../state/mapClient';

export type MapStatus = 'idle' | 'planning' | 'running' | 'done' | 'cancelled' | 'error';

export interface MapRun {
  status: MapStatus;
  /** Rows computed of the map being computed (0 of 0 while it is planned). */
  done: number;
  total: number;
  /** The last map computed to the end, and the parameters it was computed for. */
  map: RegimeMap | null;
  mapParams: ParamValues | null;
  error: string | null;
}

const IDLE: MapRun = {
  status: 'idle',
  done: 0,
  total: 0,
  map: null,
  mapParams: null,
  error: null,
};

/**
 * A regime map on demand: `compute` plans it on the maps' worker pool, then asks for its rows
 * one chunk (a row) each, counting them as they come back; `cancel` stops it at once (chunks
 * not yet sent never start; what comes back is ignored). A map computed to the end stays on
 * screen until the next one is; a cancelled or failed run leaves it there.
 */
export function useRegimeMap(modelId: string): {
  run: MapRun;
  compute: (params: ParamValues, req: MapRequest) => void;
  cancel: () => void;
} {
  const [run, setRun] = useState<MapRun>(IDLE);
  // Set in the click handlers themselves, so that a Cancel right after Compute finds it.
  const current = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    const controller = current.current;
    if (!controller) return;
    current.current = null;
    controller.abort();
    setRun((r) => ({ ...r, status: 'cancelled' }));
  }, []);

  const compute = useCallback(
    (params: ParamValues, req: MapRequest) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const { signal } = controller;
      const mine = () => current.current === controller && !signal.aborted;
      const fail = (error: Error) => {
        if (!mine()) return;
        current.current = null;
        setRun((r) => ({ ...r, status: 'error', error: error.message }));
      };
      setRun((r) => ({ ...r, status: 'planning', done: 0, total: 0, error: null }));
      void requestMapPlan(modelId, params, req, signal).then((planned) => {
        if (planned.kind === 'error') return fail(planned.error);
        if (planned.kind !== 'ok' || !mine()) return;
        const plan = planned.value;
        const total = plan.frame.y.values.length;
        setRun((r) => ({ ...r, status: 'running', done: 0, total }));
        const onChunk = (_chunk: number, rows: number) => {
          if (mine()) setRun((r) => ({ ...r, done: r.done + rows }));
        };
        void requestMapRows(modelId, params, plan, rowChunks(total), onChunk, signal).then((o) => {
          if (o.kind === 'error') return fail(o.error);
          if (o.kind !== 'ok' || !mine()) return;
          current.current = null;
          setRun({
            status: 'done',
            done: total,
            total,
            map: assembleMap(plan, o.value),
            mapParams: params,
            error: null,
          });
        });
      });
    },
    [modelId],
  );

  // Leaving the page (or the model) stops a map in progress.
  useEffect(
    () => () => {
      current.current?.abort();
      current.current = null;
    },
    [modelId],
  );

  return { run, compute, cancel };
}
