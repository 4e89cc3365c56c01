import { useUpdate } from '../state/updates';

/**
 * "A new version is available": Reload lets the new build in (the state is in the link, so
 * the page comes back as it is, on the new version); Later keeps this one for the session —
 * a teacher mid-lesson decides when.
 */
export function UpdateBar() {
  const { waiting, postponed, reload, later } = useUpdate();
  if (!waiting || postponed) return null;
  return (
    <div className="update-bar" role="status" aria-live="polite" data-testid="update-bar">
      <span>A new version of Latency Lab is available. This page keeps working as it is.</span>{' '}
      <button type="button" onClick={reload} data-testid="update-reload">
        Reload to update
      </button>{' '}
      <button type="button" onClick={later} data-testid="update-later">
        Later
      </button>
    </div>
  );
}
