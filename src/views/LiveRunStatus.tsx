import type { ReactNode } from 'react';
import type { LiveProgress, LiveRunState } from '../state/useLiveRun';

/** The words a live panel shows for each state of its run. */
export interface LiveRunWords<R> {
  /** The progress bar's accessible name. */
  progressLabel: string;
  /** Before the first progress report (warming up, generating…). */
  starting: string;
  running: (p: LiveProgress) => string;
  cancelling: string;
  /** After a cancel: what the partial result (if any) means. */
  cancelled: (result: R | null) => ReactNode;
  /** Before the error's own message. */
  failed: string;
}

/**
 * Progress, cancel and error words of a live run (src/state/useLiveRun.ts), the same in every
 * panel: a polite status region with a progress bar, and an alert when the run fails.
 */
export function LiveRunStatus<R>({
  state,
  words,
  testId,
}: {
  state: LiveRunState<R>;
  words: LiveRunWords<R>;
  testId: string;
}) {
  const busy = state.status === 'running' || state.status === 'cancelling';
  return (
    <>
      <div role="status" className="live-status" data-testid={testId}>
        {busy && (
          <>
            <progress
              max={state.progress?.total ?? 1}
              value={state.progress?.done ?? 0}
              aria-label={words.progressLabel}
            />{' '}
            {state.status === 'cancelling'
              ? words.cancelling
              : state.progress
                ? words.running(state.progress)
                : words.starting}
          </>
        )}
        {state.status === 'cancelled' && words.cancelled(state.result)}
      </div>
      {state.status === 'error' && state.error && (
        <p className="error-box" role="alert">
          {words.failed} {state.error.message}
        </p>
      )}
    </>
  );
}
