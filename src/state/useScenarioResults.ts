import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { findModelInfo } from '../models/registry';
import type { Scenario } from '../scenario';
import { labPinnedChannel } from './labClient';
import { ModelSession, type ScenarioResults, type SessionHost } from './modelSession';

export type { Computed, ScenarioResults } from './modelSession';
export { CHARTS_QUIET_MS } from './labClient';

/** A session that never writes a link: its scenario comes only from the page. */
const NO_HOST: SessionHost = { currentHash: () => '', navigate: () => undefined, events: null };
const noSubscription = () => () => undefined;
const nothing = () => null;
/** No scenario: nothing asked (the page shows no A). */
const NONE: ScenarioResults = {
  tables: null,
  charts: null,
  status: 'loading',
  error: null,
  chartsUpdating: false,
  intervalsPending: false,
  intervalsError: null,
  chartsError: null,
  retry: () => undefined,
};

/**
 * Compare's pinned scenario A: a session of its own (src/state/modelSession.ts) on channels
 * of its own (`labPinnedChannel`: its tables whole, intervals included, and its charts as a
 * job of their own on the pool), so that B's steps never supersede A's. Null scenario:
 * nothing asked, null results. (The page's own scenario B is the page session's,
 * `useModelSession`.)
 */
export function useScenarioResults(
  scenario: Scenario | null,
  _lane: 'pinned' = 'pinned',
): ScenarioResults {
  const modelId = scenario?.modelId ?? '';
  const on = scenario !== null;
  const session = useMemo(() => {
    const model = on ? findModelInfo(modelId) : undefined;
    return model && scenario
      ? new ModelSession(model, scenario, labPinnedChannel(), NO_HOST)
      : null;
    // A session per model while there is a scenario; later scenarios arrive by `fromLink`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modelId, on]);
  useEffect(() => {
    if (!session) return;
    session.attach();
    return () => session.dispose();
  }, [session]);
  useLayoutEffect(() => {
    if (session && scenario) session.fromLink(scenario);
  }, [session, scenario]);
  const snapshot = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getSnapshot ?? nothing,
    session?.getSnapshot ?? nothing,
  );
  return snapshot?.results ?? NONE;
}
