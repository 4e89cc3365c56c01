import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { findModelInfo } from '../models/registry';
import type { ModelInfo, ParamValue } from '../models/types';
import {
  parsePermalink,
  presetParams,
  presetScenario,
  selectedPresetId,
  type Problem,
  type Scenario,
} from '../scenario';
import { navigate, useLocationHash } from './location';
import { scenarioHash } from './scenarioLink';
import { prefetchTables } from './useScenarioResults';

export type Route =
  | { page: 'home' }
  | { page: 'predictions' }
  | { page: 'model'; model: ModelInfo; scenario: Scenario };

/** Pages that are not a model: their hash, exactly (a query after it is ignored). */
export const PREDICTIONS_HASH = '#/predictions';
const isPredictions = (hash: string) =>
  hash === PREDICTIONS_HASH || hash.startsWith(`${PREDICTIONS_HASH}?`);

export interface RouteState {
  route: Route;
  /** Problems of the link that was last opened from outside (they stay until another one is). */
  problems: Problem[];
  /** Identifies that link, so a dismissed banner stays dismissed only for it. */
  problemsKey: string;
}

/**
 * The codec, remembering its last answer: a control parses the hash it moves to (to ask for
 * that scenario's tables at once), and the route parses the same hash right after.
 */
let lastParse: { hash: string; result: ReturnType<typeof parsePermalink> } | null = null;
function parseHash(hash: string): ReturnType<typeof parsePermalink> {
  if (lastParse?.hash !== hash) lastParse = { hash, result: parsePermalink(hash) };
  return lastParse.result;
}

/** URL → validated scenario. Parsing is memoized on the hash; the codec never throws. */
export function useRoute(): RouteState {
  const { hash, externalHash } = useLocationHash();
  const route = useMemo<Route>(() => {
    if (isPredictions(hash)) return { page: 'predictions' };
    const { scenario } = parseHash(hash || '#/');
    const model = scenario ? findModelInfo(scenario.modelId) : undefined;
    return scenario && model ? { page: 'model', model, scenario } : { page: 'home' };
  }, [hash]);
  const problems = useMemo(
    () => (isPredictions(externalHash) ? [] : parsePermalink(externalHash || '#/').problems),
    [externalHash],
  );
  return { route, problems, problemsKey: externalHash };
}

export interface ScenarioActions {
  /** One parameter changed; `replace` while dragging or typing. */
  setParam: (key: string, value: ParamValue, how: { replace: boolean }) => void;
  /** Back to the selected paper table's experiment (or the defaults); a new history entry. */
  reset: () => void;
}

/**
 * Controls change the scenario only by writing the URL; the route then flows back down.
 * The callbacks are stable (they read the latest scenario from a ref), so a slider step
 * re-renders only the control that moved, not all of them.
 */
export function useScenarioActions(model: ModelInfo, scenario: Scenario): ScenarioActions {
  const latest = useRef(scenario);
  useLayoutEffect(() => {
    latest.current = scenario;
  }, [scenario]);

  const setParam = useCallback(
    (key: string, value: ParamValue, { replace }: { replace: boolean }) => {
      // Choosing another paper table loads that table's experiment, as its doc says.
      if (key === model.presetParam && model.presets.some((p) => p.id === value)) {
        navigate(scenarioHash(presetScenario(model, String(value))), { replace: false });
        return;
      }
      const current = latest.current;
      const next = { ...current, params: { ...current.params, [key]: value } };
      // The ref is ahead of the next render, so two steps within one frame both count.
      latest.current = next;
      const hash = scenarioHash(next);
      // The tables worker starts now, while React renders the moved control; the results
      // hook's request for this scenario joins this one (src/state/labClient.ts).
      const parsed = parseHash(hash).scenario;
      if (parsed) prefetchTables(parsed);
      navigate(hash, { replace });
    },
    [model],
  );
  const reset = useCallback(() => {
    // The same base paramsDifferingFromPreset compares with, so afterwards nothing differs.
    const current = latest.current;
    const params = presetParams(model, selectedPresetId(model, current.params));
    navigate(scenarioHash({ ...current, params }), { replace: false });
  }, [model]);
  return { setParam, reset };
}
