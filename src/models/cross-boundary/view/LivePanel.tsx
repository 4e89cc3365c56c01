import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LineChart } from '../../../charts/LineChart';
import type { ExtraPanelProps, PaperTable } from '../../../views/extraPanel';
import { LIVE_LABELS, runDirect, type LiveRow, type LiveRowId, type RunControl } from '../live';
import { timerResolutionUs } from '../../stats';
import { liveVsPaperChart } from './liveChart';
import { runComlink, runPostMessage, runSab, sabUnavailable } from './liveWorkers';

const ITERATION_OPTIONS = [1_000, 10_000, 100_000, 1_000_000];
const ORDER: LiveRowId[] = ['direct', 'postMessage', 'comlink', 'sab'];

const fmtUs = (us: number) =>
  !Number.isFinite(us)
    ? '—'
    : us >= 100
      ? us.toFixed(0)
      : us >= 1
        ? us.toPrecision(3)
        : us.toPrecision(2);
const fmtMs = (ms: number) =>
  !Number.isFinite(ms) ? '—' : ms >= 100 ? ms.toFixed(0) : ms.toPrecision(3);

/** The paper's rows as per-call figures: (t(1M) − t(100K)) ÷ 900,000, from its own table. */
function paperPerCallRows(
  t: PaperTable | undefined,
): { label: string; perCallUs: number | null; s1m: number | null }[] {
  if (!t) return [];
  return t.rows.map((r) => {
    const a = r.values.s_100k ?? null;
    const b = r.values.s_1m ?? null;
    return {
      label: r.label,
      perCallUs: a !== null && b !== null ? ((b - a) / 900_000) * 1e6 : null,
      s1m: b,
    };
  });
}

interface Progress {
  row: LiveRowId;
  done: number;
  total: number;
}

/** The live run: each row in turn in its own transport, with progress, cancel and errors. */
function useTransportRuns(iterations: number) {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [rows, setRows] = useState<LiveRow[]>([]);
  const [resolutionMs, setResolutionMs] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const cancelRef = useRef(false);
  const lastProgress = useRef(0);

  useEffect(() => () => void (cancelRef.current = true), []);

  const run = useCallback(async () => {
    cancelRef.current = false;
    setCancelled(false);
    setRunning(true);
    setError(null);
    setRows([]);
    const ctl: RunControl = {
      cancelled: () => cancelRef.current,
      progress: (row, done, total) => {
        const now = performance.now();
        if (done < total && now - lastProgress.current < 100) return;
        lastProgress.current = now;
        setProgress({ row, done, total });
      },
    };
    try {
      const res = timerResolutionUs() / 1000;
      setResolutionMs(res);
      for (const id of ORDER) {
        if (cancelRef.current) break;
        setProgress({ row: id, done: 0, total: iterations });
        const row =
          id === 'direct'
            ? await runDirect(iterations, res, ctl)
            : id === 'postMessage'
              ? await runPostMessage(iterations, ctl)
              : id === 'comlink'
                ? await runComlink(iterations, ctl)
                : await runSab(iterations, ctl);
        setRows((r) => [...r, row]);
      }
      setCancelled(cancelRef.current);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(false);
      setProgress(null);
    }
  }, [iterations]);

  return { running, progress, rows, resolutionMs, error, cancelled, run, cancelRef };
}

export default function LivePanel(props: ExtraPanelProps) {
  const [iterations, setIterations] = useState(10_000);
  const { running, progress, rows, resolutionMs, error, cancelled, run, cancelRef } =
    useTransportRuns(iterations);
  const isolated =
    typeof globalThis.crossOriginIsolated === 'boolean' && globalThis.crossOriginIsolated;
  const paperTable = props.paperTable('doct-ipc');
  const paperRows = useMemo(() => paperPerCallRows(paperTable), [paperTable]);
  const chart = useMemo(() => liveVsPaperChart(rows, paperTable), [rows, paperTable]);

  const pct = progress ? Math.round((100 * progress.done) / Math.max(progress.total, 1)) : 0;

  return (
    <section className="panel" aria-labelledby="cb-live-title" data-testid="cb-live">
      <h2 id="cb-live-title">Run on this machine</h2>
      <p>
        The paper’s benchmark between this page and Web Workers: the callee increments its argument,
        the caller sums the results. Rows are added beside the paper’s. Timings depend on this
        machine and browser.
      </p>
      <p data-testid="cb-live-isolated" data-isolated={String(isolated)}>
        Cross-origin isolated: <strong>{isolated ? 'yes' : 'no'}</strong>
        {!isolated && ` — ${sabUnavailable() ?? ''}`}
      </p>
      <div className="control">
        <label htmlFor="cb-live-iterations" className="control-label">
          Live run: iterations (calls)
        </label>
        <select
          id="cb-live-iterations"
          value={iterations}
          disabled={running}
          onChange={(e) => setIterations(Number(e.target.value))}
        >
          {ITERATION_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n.toLocaleString('en-US')}
            </option>
          ))}
        </select>{' '}
        <button
          type="button"
          onClick={() => void run()}
          disabled={running}
          data-testid="cb-live-run"
        >
          Run on this machine
        </button>{' '}
        <button
          type="button"
          onClick={() => (cancelRef.current = true)}
          disabled={!running}
          data-testid="cb-live-cancel"
        >
          Cancel
        </button>
      </div>
      <div
        role="status"
        aria-live="polite"
        data-testid="cb-live-status"
        data-running={String(running)}
      >
        {running && progress && (
          <>
            <progress max={100} value={pct} aria-label="Progress of the current row" />{' '}
            {LIVE_LABELS[progress.row]}: {pct} %
          </>
        )}
        {!running && cancelled && 'Cancelled: the rows below are what finished.'}
        {resolutionMs !== null && (
          <span data-testid="cb-live-resolution">
            {' '}
            Timer resolution here: {fmtUs(resolutionMs * 1000)} µs.
          </span>
        )}
      </div>
      {error && (
        <p className="error-box" role="alert">
          The measurement failed: {error}
        </p>
      )}
      <PerCallTable paperRows={paperRows} rows={rows} />
      <LineChart data={chart} />
    </section>
  );
}

/** The paper's per-call rows, then this machine's as they finish. */
function PerCallTable({
  paperRows,
  rows,
}: {
  paperRows: ReturnType<typeof paperPerCallRows>;
  rows: LiveRow[];
}) {
  return (
    <div
      className="table-scroll"
      role="region"
      aria-label="Per-call time, paper and this machine"
      tabIndex={0}
    >
      <table>
        <caption>
          <span className="caption-title">Per-call time: the paper’s rows and this machine’s</span>{' '}
          <span className="caption-source">
            Paper: (t(1M) − t(100K)) ÷ 900,000 from 002’s table; here: median over timed batches
          </span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="row-head">
              Row
            </th>
            <th scope="col" className="num">
              Per call (µs)
            </th>
            <th scope="col" className="num">
              Calls made
            </th>
            <th scope="col" className="num">
              Total (ms)
            </th>
          </tr>
        </thead>
        <tbody>
          {paperRows.map((p) => (
            <tr key={p.label}>
              <th scope="row" className="row-head">
                paper: {p.label}
              </th>
              <td className="num">{p.perCallUs === null ? '< 0.1' : fmtUs(p.perCallUs)}</td>
              <td className="num">1,000,000</td>
              <td className="num">{p.s1m === null ? '< 100' : fmtMs(p.s1m * 1000)}</td>
            </tr>
          ))}
          {rows.map((r) => (
            <tr
              key={r.id}
              data-testid="cb-live-row"
              data-row={r.id}
              data-per-call-us={r.unavailable ? '' : String(r.perCallMedianUs)}
            >
              <th scope="row" className="row-head">
                {r.label}
                {r.note && <div className="control-doc">{r.note}</div>}
                {r.unavailable && <div className="control-message">{r.unavailable}</div>}
              </th>
              <td className="num">{r.unavailable ? 'not run' : fmtUs(r.perCallMedianUs)}</td>
              <td className="num">{r.calls.toLocaleString('en-US')}</td>
              <td className="num">{r.unavailable ? '—' : fmtMs(r.totalMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
