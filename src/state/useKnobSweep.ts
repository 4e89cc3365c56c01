import { useEffect, useRef, useState } from 'react';
import type { LineChartData, ParamValues } from '../models/types';
import { requestKnobSweep } from './labClient';

export interface KnobSweep {
  chart: LineChartData | null;
  /** The sweep on screen is for other parameters (or none has come yet). */
  updating: boolean;
  error: Error | null;
}

/**
 * The explore strip's chart for one knob: asked again only when the knob or another parameter
 * changes — never for a drag of the knob itself (the sweep covers its whole range; the page
 * moves the "now" marker). The last sweep stays on screen until the next arrives.
 */
export function useKnobSweep(modelId: string, params: ParamValues, key: string): KnobSweep {
  const askKey = useAskKey(modelId, params, key);
  const [state, setState] = useState<{
    for: string;
    chart: LineChartData | null;
    error: Error | null;
  }>({ for: '', chart: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    // Held still for a moment first: a drag of another knob asks once, where it stops.
    const timer = setTimeout(() => {
      void requestKnobSweep(modelId, params, key, controller.signal).then((o) => {
        if (o.kind === 'ok') setState({ for: askKey, chart: o.value, error: null });
        else if (o.kind === 'error') setState((s) => ({ ...s, for: askKey, error: o.error }));
      });
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // askKey changes with modelId, key and every other parameter (useAskKey).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askKey]);
  return { chart: state.chart, updating: state.for !== askKey, error: state.error };
}

/** Whether `a` and `b` hold the same values, `key` aside (values are numbers or strings). */
function sameOthers(a: ParamValues, b: ParamValues, key: string): boolean {
  if (a === b) return true;
  for (const k in a) if (k !== key && a[k] !== b[k]) return false;
  for (const k in b) if (k !== key && !(k in a)) return false;
  return true;
}

/**
 * A key that changes when the model, the knob or any other parameter does, and not when the
 * knob itself moves: a counter bumped on a change, found by comparing values one by one (no
 * string of the whole scenario at each step of a drag).
 */
function useAskKey(modelId: string, params: ParamValues, key: string): string {
  const last = useRef<{ modelId: string; key: string; params: ParamValues; n: number } | null>(
    null,
  );
  const was = last.current;
  if (!was || was.modelId !== modelId || was.key !== key || !sameOthers(was.params, params, key))
    last.current = { modelId, key, params, n: (was?.n ?? 0) + 1 };
  else last.current = { ...was, params };
  return `${modelId}|${key}|${last.current.n}`;
}
