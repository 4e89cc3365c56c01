import type { ReactNode } from 'react';
import type { LiveRunState } from '../state/useLiveRun';
import '../i18n/parts/panel';
import { useT, type Translate } from '../i18n/LangContext';
import type { MessageId } from '../i18n/catalog';
import { errorText } from '../i18n/errorText';

/** A panel's messages' stem: the ids `<stem>.run`, `.progress`, `.starting`, `.running`, `.cancelled`, `.failed`. */
export type RunWords = {
  [K in MessageId]: K extends `${infer P}.running`
    ? `${P}.cancelled` extends MessageId
      ? P
      : never
    : never;
}[MessageId];

/**
 * A live run's controls and words (src/state/useLiveRun.ts), the same in every panel: the
 * panel's choices, Run and Cancel, a polite status region with a progress bar (`running` is
 * given `done`, `total` and `values`), what a cancel kept (`cancelled` is given `partial`), and
 * an alert when the run fails (`failed` is given `error`).
 */
export function LiveRun<R>(props: {
  state: LiveRunState<R>;
  start: () => void;
  cancel: () => void;
  words: RunWords;
  /** The stem of the test ids: `<testId>-run`, `-cancel`, `-status`. */
  testId: string;
  /** Whether a cancel kept a part of the run (default: some result came back). */
  partial?: (result: R | null) => boolean;
  /** More of `running`'s values; `again` for `run` (default: there is a result). */
  values?: Record<string, string | number>;
  again?: boolean;
  children?: ReactNode;
}) {
  const { state, words, testId, values } = props;
  const t = useT();
  const w = (k: string, v?: Parameters<Translate>[1]) => t(`${words}.${k}` as MessageId, v);
  const busy = state.status === 'running' || state.status === 'cancelling';
  const { done = 0, total = 1 } = state.progress ?? {};
  return (
    <>
      <div className="live-actions">
        {props.children}
        <button type="button" onClick={props.start} disabled={busy} data-testid={`${testId}-run`}>
          {w('run', { again: String(props.again ?? state.result !== null) })}
        </button>
        <button
          type="button"
          onClick={props.cancel}
          disabled={!busy}
          data-testid={`${testId}-cancel`}
        >
          {t('panel.run.cancel')}
        </button>
      </div>
      <div
        role="status"
        className="live-status"
        data-testid={`${testId}-status`}
        data-running={busy}
      >
        {busy && (
          <>
            <progress max={total} value={done} aria-label={w('progress')} />{' '}
            {state.status === 'cancelling'
              ? t('panel.run.cancelling')
              : w(state.progress ? 'running' : 'starting', { ...values, done, total })}
          </>
        )}
        {state.status === 'cancelled' &&
          w('cancelled', { partial: String((props.partial ?? Boolean)(state.result)) })}
      </div>
      {state.status === 'error' && state.error && (
        <p className="error-box" role="alert">
          {w('failed', { error: errorText(t, state.error) })}
        </p>
      )}
    </>
  );
}
