import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScenarioTables } from '../compare/types';
import type { ChartData } from '../models/types';
import type { Scenario } from '../scenario';
import {
  CHARTS_QUIET_MS,
  requestCharts,
  requestIntervals,
  requestTables,
  VALUES_FIRST,
  type Lane,
  type Outcome,
} from './labClient';
import { scenarioHash } from './scenarioLink';

import type { Computed, ScenarioResults } from './modelSession';

export type { Computed, ScenarioResults } from './modelSession';

type Failure = { hash: string; error: Error } | null;

interface State {
  tables: Computed<ScenarioTables> | null;
  charts: Computed<ChartData[]> | null;
  tablesError: Failure;
  chartsError: Failure;
  intervalsError: Failure;
}

export { CHARTS_QUIET_MS } from './labClient';

const NO_PARAMS = {};

const EMPTY: State = {
  tables: null,
  charts: null,
  tablesError: null,
  chartsError: null,
  intervalsError: null,
};

/**
 * Compare's pinned scenario A (the page's own scenario B is its session's:
 * src/state/modelSession.ts). Asks the workers for the scenario's tables and charts whenever it changes, and keeps what
 * was last shown until newer results arrive (no flashing back to a skeleton mid-drag).
 * Results for an earlier scenario that still arrive are shown (src/state/labClient.ts delivers
 * them in order and drops older ones), each labelled with the hash it belongs to.
 */
export function useScenarioResults(
  scenario: Scenario | null,
  lane: Lane = 'main',
): ScenarioResults {
  // A pinned scenario A holds still: its tables come whole (intervals included) at once, on
  // channels of its own, so that B's requests never supersede A's. No scenario: nothing asked.
  const hash = scenario ? scenarioHash(scenario) : '';
  const [state, setState] = useState<State>(EMPTY);
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);
  const modelId = scenario?.modelId ?? '';
  const params = scenario?.params ?? NO_PARAMS;
  const pinned = lane === 'pinned';

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const take = useCallback(
    <T>(key: 'tables' | 'charts', forHash: string) =>
      (outcome: Outcome<T>) => {
        if (!mounted.current || outcome.kind === 'superseded') return;
        const errorKey = key === 'tables' ? 'tablesError' : 'chartsError';
        setState((s) =>
          outcome.kind === 'ok'
            ? { ...s, [key]: { hash: forHash, modelId, value: outcome.value }, [errorKey]: null }
            : { ...s, [errorKey]: { hash: forHash, error: outcome.error } },
        );
      },
    [modelId],
  );

  useEffect(() => {
    if (hash === '') return;
    // The values first: a model whose intervals cost many runs sends them later (below).
    void requestTables(
      modelId,
      params,
      pinned ? 'pinned' : 'tables',
      pinned ? {} : VALUES_FIRST,
    ).then(take<ScenarioTables>('tables', hash));
    // `hash` identifies modelId + params completely; params is a new object on every parse.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, attempt]);

  // Leaving a scenario cancels its sweep, so that it never competes with the next tables.
  const leaving = useRef<AbortSignal | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller.signal;
    return () => controller.abort();
  }, [hash]);

  const chartsCurrent = state.charts?.hash === hash;
  const haveCharts = state.charts?.modelId === modelId;
  const tablesSettled = state.tables?.hash === hash || state.tablesError?.hash === hash;
  useEffect(() => {
    if (hash === '' || chartsCurrent || (haveCharts && !tablesSettled)) return;
    const signal = leaving.current;
    const timer = setTimeout(
      () =>
        void requestCharts(modelId, params, signal, lane).then(take<ChartData[]>('charts', hash)),
      haveCharts ? CHARTS_QUIET_MS : 0,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, chartsCurrent, haveCharts, tablesSettled, attempt]);

  // The intervals of tables shown without them: asked once the scenario holds still, on the
  // sweep pool (never the tables' worker), cancelled when it changes.
  const needIntervals = state.tables?.hash === hash && state.tables.value.intervalsLater === true;
  useEffect(() => {
    if (!needIntervals) return;
    const signal = leaving.current;
    const timer = setTimeout(
      () =>
        void requestIntervals(modelId, params, signal).then((outcome) => {
          if (!mounted.current || outcome.kind === 'superseded') return;
          setState((s) =>
            s.tables?.hash !== hash
              ? s
              : outcome.kind === 'ok'
                ? {
                    ...s,
                    tables: { hash, modelId, value: outcome.value },
                    intervalsError: null,
                  }
                : { ...s, intervalsError: { hash, error: outcome.error } },
          );
        }),
      CHARTS_QUIET_MS,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, needIntervals, attempt]);

  const sameModel = <T>(c: Computed<T> | null) => (c && c.modelId === modelId ? c : null);
  const tables = sameModel(state.tables);
  const charts = sameModel(state.charts);
  const error = state.tablesError?.hash === hash ? state.tablesError.error : null;
  const chartsError = state.chartsError?.hash === hash ? state.chartsError.error : null;
  return {
    tables,
    charts,
    status: error ? 'error' : tables?.hash === hash ? 'ready' : 'loading',
    error,
    chartsUpdating: charts?.hash !== hash && !chartsError,
    intervalsPending: needIntervals && state.intervalsError?.hash !== hash,
    intervalsError: state.intervalsError?.hash === hash ? state.intervalsError.error : null,
    chartsError,
    retry: () => setAttempt((n) => n + 1),
  };
}
