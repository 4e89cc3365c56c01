import { useEffect, useState } from 'react';
import type { TableSensitivity } from '../compare/sensitivity';
import type { ParamValues } from '../models/types';
import { requestSensitivity } from './labClient';

export interface Sensitivity {
  tables: TableSensitivity[] | null;
  /** What is on screen is for other parameters (or nothing has come yet). */
  updating: boolean;
  error: Error | null;
}

/**
 * The sensitivity panel's elasticities for the scenario, off the main thread: asked once the
 * scenario has held still for a moment, again whenever it changes. The last answer stays on
 * screen until the next arrives.
 */
export function useSensitivity(modelId: string, params: ParamValues): Sensitivity {
  const askKey = JSON.stringify([modelId, params]);
  const [state, setState] = useState<{
    for: string;
    tables: TableSensitivity[] | null;
    error: Error | null;
  }>({ for: '', tables: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    // Held still first: a drag asks once, where it stops.
    const timer = setTimeout(() => {
      void requestSensitivity(modelId, params, controller.signal).then((o) => {
        if (o.kind === 'ok') setState({ for: askKey, tables: o.value, error: null });
        else if (o.kind === 'error') setState((s) => ({ ...s, for: askKey, error: o.error }));
      });
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // askKey identifies modelId and every parameter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askKey]);
  return { tables: state.tables, updating: state.for !== askKey, error: state.error };
}
