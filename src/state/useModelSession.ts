import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { ModelInfo } from '../models/types';
import type { Scenario } from '../scenario';
import { labStepChannel } from './labClient';
import { currentHash, navigate } from './location';
import { mark, ModelSession, type SessionHost, type SessionSnapshot } from './modelSession';

const windowHost: SessionHost = {
  currentHash,
  navigate,
  events: typeof window === 'undefined' ? null : window,
};

/**
 * A model page's session (src/state/modelSession.ts): created with the page, ended with it.
 * `linkScenario` is the route's reading of the link: loaded when it changes from outside
 * (back, forward, a pasted link, undo). `hashOf` writes a scenario's link on this page (its
 * view and comparison, or a lesson step's own link). The page renders the session's scenario,
 * which is ahead of the link during a gesture.
 */
export function useModelSession(
  model: ModelInfo,
  linkScenario: Scenario,
  hashOf: (scenario: Scenario) => string,
): SessionSnapshot & { session: ModelSession } {
  const [session] = useState(
    () => new ModelSession(model, linkScenario, labStepChannel(), windowHost),
  );
  useLayoutEffect(() => session.setLinks({ hashOf }));
  useEffect(() => {
    session.attach();
    return () => session.dispose();
  }, [session]);
  useLayoutEffect(() => session.fromLink(linkScenario), [session, linkScenario]);
  const snapshot = useSyncExternalStore(
    session.subscribe,
    session.getSnapshot,
    session.getSnapshot,
  );
  // For the bench: the moment a step's tables are in the DOM (a no-op unless marks are on).
  const shown = snapshot.results.tables?.hash;
  useLayoutEffect(() => {
    if (shown) mark('ll:commit', { hash: shown });
  }, [shown]);
  return { ...snapshot, session };
}

/**
 * The scenario in hand (src/state/modelSession.ts `getLive`), for the knobs: it moves at each
 * step of a gesture, while the page shows the scenario of the tables on screen until the
 * step's tables are there.
 */
export function useLiveScenario(session: ModelSession): Scenario {
  return useSyncExternalStore(session.subscribeLive, session.getLive, session.getLive);
}
