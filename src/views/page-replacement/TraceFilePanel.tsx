import { useId, useState } from 'react';
import type { ListParamSpec } from '../../models/types';
import { formatNumber } from '../../scenario';
import { MAX_TRACE_CHARS, readTraceText } from '../../scenario/trace';
import { navigate } from '../../state/location';
import { scenarioHash } from '../../state/scenarioLink';
import type { ExtraPanelProps } from '../extraPanel';

type Status =
  | { kind: 'idle' }
  | { kind: 'reading'; what: string }
  | { kind: 'loaded'; what: string; count: number }
  | { kind: 'error'; what: string; why: string };

/**
 * A reference string from a trace file or pasted text (one page number per line, or comma or
 * space separated; `#` comments), up to the `refs` parameter's limits. What is loaded becomes
 * the scenario's explicit string, so it is in the link (packed when long) like any other value.
 */
export default function TraceFilePanel({ model, scenario }: ExtraPanelProps) {
  const headingId = useId();
  const fileId = useId();
  const pasteId = useId();
  const [pasted, setPasted] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const spec = model.params.find((p): p is ListParamSpec => p.kind === 'list');
  if (!spec) return null;
  const current = String(scenario.params[spec.key] ?? '');
  const currentCount = current === '' ? 0 : current.split(',').length;

  const apply = (what: string, text: string) => {
    const r = readTraceText(spec, text);
    if (!r.ok) {
      setStatus({ kind: 'error', what, why: r.why });
      return;
    }
    setStatus({ kind: 'loaded', what, count: r.count });
    const next = { ...scenario, params: { ...scenario.params, [spec.key]: r.value } };
    navigate(scenarioHash(next), { replace: false });
  };

  const readFile = async (file: File) => {
    const what = `“${file.name}”`;
    // Refused before reading: a huge file is never loaded into memory.
    if (file.size > MAX_TRACE_CHARS) {
      setStatus({
        kind: 'error',
        what,
        why: `the file is ${formatNumber(file.size)} bytes; at most ${formatNumber(MAX_TRACE_CHARS)} are read`,
      });
      return;
    }
    setStatus({ kind: 'reading', what });
    try {
      apply(what, await file.text());
    } catch (err) {
      setStatus({
        kind: 'error',
        what,
        why: `the file could not be read (${err instanceof Error ? err.message : String(err)})`,
      });
    }
  };

  const clear = () => {
    setStatus({ kind: 'idle' });
    const next = { ...scenario, params: { ...scenario.params, [spec.key]: '' } };
    navigate(scenarioHash(next), { replace: false });
  };

  return (
    <section className="live-panel trace-file" aria-labelledby={headingId} data-testid="trace-file">
      <h2 id={headingId}>Your own reference string</h2>
      <p className="control-doc">
        A trace file or pasted text: page numbers {formatNumber(spec.itemMin)}–
        {formatNumber(spec.itemMax)}, one per line or separated by commas or spaces; a{' '}
        <code>#</code> starts a comment. Up to {formatNumber(spec.maxItems)} references and{' '}
        {formatNumber(MAX_TRACE_CHARS / 2 ** 20)} MB. It replaces the string chosen above, and the
        link carries it (packed when long), so sharing the link shares the trace.
      </p>
      <p data-testid="trace-file-current">
        {currentCount === 0
          ? 'Now: no explicit string (the one chosen in Reference string is used).'
          : `Now: an explicit string of ${formatNumber(currentCount)} references.`}{' '}
        {currentCount > 0 && (
          <button type="button" onClick={clear}>
            Clear it
          </button>
        )}
      </p>
      <div className="control">
        <label className="control-label" htmlFor={fileId}>
          Trace file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".txt,.csv,.trace,.ref,text/plain,text/csv"
          data-testid="trace-file-input"
          disabled={status.kind === 'reading'}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void readFile(file);
          }}
        />
      </div>
      <div className="control">
        <label className="control-label" htmlFor={pasteId}>
          Or paste page numbers
        </label>
        <textarea
          id={pasteId}
          className="trace-paste"
          rows={3}
          spellCheck={false}
          value={pasted}
          placeholder="7 0 1 2 0 3 0 4 …"
          data-testid="trace-file-paste"
          onChange={(e) => setPasted(e.currentTarget.value)}
        />
        <button
          type="button"
          disabled={pasted.trim() === ''}
          onClick={() => apply('the pasted text', pasted)}
        >
          Use the pasted string
        </button>
      </div>
      <p role="status" data-testid="trace-file-status">
        {status.kind === 'reading' && `Reading ${status.what}…`}
        {status.kind === 'loaded' &&
          `Loaded ${formatNumber(status.count)} references from ${status.what}; the tables below use them.`}
      </p>
      {status.kind === 'error' && (
        <p className="control-message" role="alert" data-testid="trace-file-error">
          {status.what} was not used: {status.why}.
        </p>
      )}
    </section>
  );
}
