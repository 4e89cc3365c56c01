import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Remote } from 'comlink';
import type { ListParamSpec } from '../../types';
import { rememberListText, type Scenario } from '../../../scenario';
import { MAX_TRACE_CHARS, type TraceReading } from '../../../scenario/trace';
import { navigate } from '../../../state/location';
import { scenarioHash } from '../../../state/scenarioLink';
import { useLiveRun, type LiveProgress } from '../../../state/useLiveRun';
import type { TraceApi } from '../../../../workers/trace.worker';
import type { ExtraPanelProps } from '../../../views/extraPanel';
import '../../../i18n/parts/panel';
import { useT } from '../../../i18n/LangContext';
import { traceText } from '../../../views/problemText';
import { errorText } from '../../../i18n/errorText';

type Status =
  | { kind: 'idle' }
  | { kind: 'loaded'; what: string; count: number }
  | { kind: 'error'; what: string; why: string };

/** The worker's answer: the reading, with the link's text for it; null when cancelled. */
type Reading = (TraceReading & { linkText?: string }) | null;

function makeWorker(): Worker {
  return new Worker(new URL('../../../../workers/trace.worker.ts', import.meta.url), {
    type: 'module',
    name: 'trace',
  });
}

/** The reading in its worker; a finished one is applied once, as the link's explicit string. */
function useTraceReader(scenario: Scenario, spec: ListParamSpec | undefined) {
  const t = useT();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // What the run in flight reads: set just before it starts.
  const source = useRef<{ what: string; input: string | Blob }>({ what: '', input: '' });
  const call = useCallback(
    (api: Remote<TraceApi>, onProgress: (p: LiveProgress) => boolean) =>
      api.read(spec!, source.current.input, onProgress),
    [spec],
  );
  const { state, start, cancel } = useLiveRun<TraceApi, Reading>(makeWorker, call, {
    name: 'trace reader',
    timeoutMs: 60_000,
  });
  const latest = useRef({ scenario, spec });
  latest.current = { scenario, spec };
  const applied = useRef<object | null>(null);

  // A finished reading is applied once: it becomes the link's explicit string.
  useEffect(() => {
    if (applied.current === state || (state.status !== 'done' && state.status !== 'error')) return;
    applied.current = state;
    const what = source.current.what;
    if (state.status === 'error') {
      setStatus({
        kind: 'error',
        what,
        why: t('panel.trace.unread', { why: state.error ? errorText(t, state.error) : '' }),
      });
      return;
    }
    const r = state.result;
    if (!r) return;
    if (!r.ok) {
      setStatus({ kind: 'error', what, why: traceText(t, r) });
      return;
    }
    setStatus({ kind: 'loaded', what, count: r.count });
    const { scenario: now, spec: listSpec } = latest.current;
    if (!listSpec) return;
    const specKey = listSpec.key;
    if (r.linkText) rememberListText(listSpec, r.value, r.linkText);
    navigate(scenarioHash({ ...now, params: { ...now.params, [specKey]: r.value } }), {
      replace: false,
    });
    // The words are the language's when the reading ended.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const read = (what: string, input: string | Blob) => {
    source.current = { what, input };
    setStatus({ kind: 'idle' });
    start(scenarioHash(scenario));
  };
  const readFile = (file: File) => {
    const what = t('panel.trace.file', { name: file.name });
    // Refused before reading: a huge file is never loaded into memory.
    if (file.size > MAX_TRACE_CHARS) {
      const why = t('panel.trace.tooBig', { size: file.size, max: MAX_TRACE_CHARS });
      setStatus({ kind: 'error', what, why });
    } else read(what, file);
  };
  return { status, setStatus, state, cancel, source, read, readFile };
}

/**
 * A reference string from a trace file or pasted text (one page number per line, or comma or
 * space separated; `#` comments), up to the `refs` parameter's limits. What is loaded becomes
 * the scenario's explicit string, so it is in the link (packed when long) like any other value.
 * The text is read in a worker of its own, with progress and cancel: 200,000 references are
 * megabytes of text, and the page must stay responsive while they are read.
 */
export default function TraceFilePanel({ model, scenario }: ExtraPanelProps) {
  const t = useT();
  const headingId = useId();
  const fileId = useId();
  const spec = model.params.find((p): p is ListParamSpec => p.kind === 'list');
  const { status, setStatus, state, cancel, source, read, readFile } = useTraceReader(
    scenario,
    spec,
  );
  const currentCount = useItemCount(spec && String(scenario.params[spec.key] ?? ''));
  const busy = state.status === 'running' || state.status === 'cancelling';
  if (!spec) return null;

  const clear = () => {
    setStatus({ kind: 'idle' });
    const next = { ...scenario, params: { ...scenario.params, [spec.key]: '' } };
    navigate(scenarioHash(next), { replace: false });
  };

  return (
    <section className="live-panel trace-file" aria-labelledby={headingId} data-testid="trace-file">
      <h2 id={headingId}>{t('panel.trace.title')}</h2>
      <p className="control-doc">
        {t.rich('panel.trace.doc', {
          min: spec.itemMin,
          max: spec.itemMax,
          items: spec.maxItems,
          mb: MAX_TRACE_CHARS / 2 ** 20,
          code: (c) => <code>{c}</code>,
        })}
      </p>
      <p data-testid="trace-file-current">
        {t('panel.trace.now', { n: currentCount })}{' '}
        {currentCount > 0 && (
          <button type="button" onClick={clear}>
            {t('panel.trace.clear')}
          </button>
        )}
      </p>
      <div className="control">
        <label className="control-label" htmlFor={fileId}>
          {t('panel.trace.fileLabel')}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".txt,.csv,.trace,.ref,text/plain,text/csv"
          data-testid="trace-file-input"
          disabled={busy}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) readFile(file);
          }}
        />
      </div>
      <PasteField busy={busy} onUse={(text) => read(t('panel.trace.pasted'), text)} />
      <p role="status" data-testid="trace-file-status">
        {busy &&
          t('panel.trace.reading', {
            what: source.current.what,
            pct: Math.round(((state.progress?.done ?? 0) / (state.progress?.total ?? 1)) * 100),
          })}
        {state.status === 'cancelled' && t('panel.trace.cancelled', { what: source.current.what })}
        {!busy &&
          status.kind === 'loaded' &&
          t('panel.trace.loaded', { n: status.count, what: status.what })}
      </p>
      {busy && (
        <button
          type="button"
          onClick={cancel}
          disabled={state.status === 'cancelling'}
          data-testid="trace-file-cancel"
        >
          {t('panel.trace.cancel')}
        </button>
      )}
      {status.kind === 'error' && (
        <p className="control-message" role="alert" data-testid="trace-file-error">
          {t('panel.trace.error', { what: status.what, why: status.why })}
        </p>
      )}
    </section>
  );
}

/** The explicit list's length, counted once per list (a step re-renders the panel). */
function useItemCount(list: string | undefined): number {
  return useMemo(() => countItems(list ?? ''), [list]);
}

/** Counted, not split: a 200,000-item split on every render made 200,000 strings. */
function countItems(list: string): number {
  let count = list === '' ? 0 : 1;
  for (let i = list.indexOf(','); i >= 0; i = list.indexOf(',', i + 1)) count++;
  return count;
}

/** Pasted page numbers, used on a press. */
function PasteField({ busy, onUse }: { busy: boolean; onUse: (text: string) => void }) {
  const pasteId = useId();
  // Uncontrolled: a pasted megabyte stays in the field, not in React's state on every key.
  const pasteField = useRef<HTMLTextAreaElement>(null);
  const [hasPaste, setHasPaste] = useState(false);
  const t = useT();
  return (
    <div className="control">
      <label className="control-label" htmlFor={pasteId}>
        {t('panel.trace.paste')}
      </label>
      <textarea
        id={pasteId}
        className="trace-paste"
        rows={3}
        spellCheck={false}
        ref={pasteField}
        placeholder="7 0 1 2 0 3 0 4 …"
        data-testid="trace-file-paste"
        onChange={(e) => setHasPaste(/\S/.test(e.currentTarget.value))}
      />
      <button
        type="button"
        disabled={busy || !hasPaste}
        onClick={() => onUse(pasteField.current?.value ?? '')}
      >
        {t('panel.trace.use')}
      </button>
    </div>
  );
}
