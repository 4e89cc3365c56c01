import { useEffect, useState } from 'react';
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
  const { [key]: _own, ...others } = params;
  const askKey = JSON.stringify([modelId, key, others]);
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
    // askKey identifies modelId, key and every other parameter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askKey]);
  return { chart: state.chart, updating: state.for !== askKey, error: state.error };
}
