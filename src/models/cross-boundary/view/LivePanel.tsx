import { useCallback, useMemo, useState } from 'react';
import { LineChart } from '../../../charts/LineChart';
import type { ExtraPanelProps, PaperTable } from '../../../views/extraPanel';
import { runDirect, type LiveRow, type LiveRowId, type RunControl } from '../live';
import { timerResolutionUs } from '../../stats';
import { liveVsPaperChart } from './liveChart';
import { inFrame, runComlink, runPostMessage, runSab, sabUnavailable } from './liveWorkers';
import { LiveRun } from '../../../views/LiveRunStatus';
import { useCancellableRun, type LiveProgress } from '../../../state/useLiveRun';
import { formatValue, numberLocale } from '../../../format';
import { useT } from '../../../i18n/LangContext';
import { seriesName } from '../../../i18n/modelText';

const ITERATION_OPTIONS = [1_000, 10_000, 100_000, 1_000_000];
const ORDER: LiveRowId[] = ['direct', 'postMessage', 'comlink', 'sab'];

/** `digits` significant figures (whole numbers from 100 up), in the page's locale. */
const sig = (v: number, digits: number) =>
  !Number.isFinite(v)
    ? '—'
    : new Intl.NumberFormat(
        numberLocale(),
        v >= 100
          ? { maximumFractionDigits: 0 }
          : { minimumSignificantDigits: digits, maximumSignificantDigits: digits },
      ).format(v);
const fmtUs = (us: number) => sig(us, us >= 1 ? 3 : 2);
const fmtMs = (ms: number) => sig(ms, 3);

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

const RUNS: Record<LiveRowId, (n: number, resMs: number, ctl: RunControl) => Promise<LiveRow>> = {
  direct: runDirect,
  postMessage: (n, _, ctl) => runPostMessage(n, ctl),
  comlink: (n, _, ctl) => runComlink(n, ctl),
  sab: (n, _, ctl) => runSab(n, ctl),
};

/** The live run: each row in turn in its own transport, rows shown as they finish. */
function useTransportRuns(iterations: number) {
  const [rows, setRows] = useState<LiveRow[]>([]);
  const [row, setRow] = useState<LiveRowId>('direct');
  const [resolutionMs, setResolutionMs] = useState<number | null>(null);
  const run = useCallback(
    async (signal: AbortSignal, onProgress: (p: LiveProgress) => void) => {
      setRows([]);
      let last = 0;
      const ctl: RunControl = {
        cancelled: () => signal.aborted,
        progress: (id, done, total) => {
          const now = performance.now();
          if (done < total && now - last < 100) return;
          last = now;
          setRow(id);
          onProgress({ done, total });
        },
      };
      const res = timerResolutionUs() / 1000;
      setResolutionMs(res);
      for (const id of ORDER) {
        if (signal.aborted) break;
        ctl.progress(id, 0, iterations);
        const r = await RUNS[id](iterations, res, ctl);
        setRows((rs) => [...rs, r]);
      }
      return true;
    },
    [iterations],
  );
  return { rows, row, resolutionMs, ...useCancellableRun(run) };
}

export default function LivePanel(props: ExtraPanelProps) {
  const t = useT();
  const [iterations, setIterations] = useState(10_000);
  const { rows, row, resolutionMs, state, start, cancel } = useTransportRuns(iterations);
  const isolated =
    typeof globalThis.crossOriginIsolated === 'boolean' && globalThis.crossOriginIsolated;
  const paperTable = props.paperTable('doct-ipc');
  const paperRows = useMemo(() => paperPerCallRows(paperTable), [paperTable]);
  const named = useMemo(
    () => rows.map((r) => ({ ...r, label: t(`panel.cb.row.${r.id}`) })),
    [rows, t],
  );
  const chart = useMemo(() => liveVsPaperChart(named, paperTable, t), [named, paperTable, t]);
  const { done = 0, total = 1 } = state.progress ?? {};
  const sabWhy = sabUnavailable();

  return (
    <section className="panel" aria-labelledby="cb-live-title" data-testid="cb-live">
      <h2 id="cb-live-title">{t('panel.cb.run')}</h2>
      <p>{t('panel.cb.lede')}</p>
      <p data-testid="cb-live-isolated" data-isolated={String(isolated)}>
        {t.rich('panel.cb.isolated', {
          isolated: String(isolated),
          why: sabWhy ? t(sabWhy) : '',
          strong: (c) => <strong>{c}</strong>,
        })}
      </p>
      <LiveRun
        state={state}
        start={() => start(null)}
        cancel={cancel}
        words="panel.cb"
        testId="cb-live"
        values={{ row: t(`panel.cb.row.${row}`), pct: Math.round((100 * done) / total) }}
      >
        <label htmlFor="cb-live-iterations" className="control-label">
          {t('panel.cb.iterations')}
        </label>
        <select
          id="cb-live-iterations"
          value={iterations}
          disabled={state.status === 'running' || state.status === 'cancelling'}
          onChange={(e) => setIterations(Number(e.target.value))}
        >
          {ITERATION_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {formatValue(n)}
            </option>
          ))}
        </select>
      </LiveRun>
      {resolutionMs !== null && (
        <p data-testid="cb-live-resolution">
          {t('panel.cb.resolution', { us: fmtUs(resolutionMs * 1000) })}
        </p>
      )}
      <PerCallTable paperRows={paperRows} rows={named} />
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
  const t = useT();
  return (
    <div className="table-scroll" role="region" aria-label={t('panel.cb.region')} tabIndex={0}>
      <table>
        <caption>
          <span className="caption-title">{t('panel.cb.caption')}</span>{' '}
          <span className="caption-source">{t('panel.cb.captionSource', { n: 900_000 })}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="row-head">
              {t('panel.cb.row')}
            </th>
            <th scope="col" className="num">
              {t('panel.cb.perCall')}
            </th>
            <th scope="col" className="num">
              {t('panel.cb.calls')}
            </th>
            <th scope="col" className="num">
              {t('panel.cb.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {paperRows.map((p) => (
            <tr key={p.label}>
              <th scope="row" className="row-head">
                {t('panel.cb.paperRow', { label: seriesName(t, 'cross-boundary', p.label) })}
              </th>
              <td className="num">
                {p.perCallUs === null ? `< ${formatValue(0.1)}` : fmtUs(p.perCallUs)}
              </td>
              <td className="num">{formatValue(1_000_000)}</td>
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
                {!r.unavailable && (r.reps || r.id === 'sab') && (
                  <div className="control-doc">
                    {t(`panel.cb.note.${r.id === 'sab' ? 'sab' : 'direct'}`, {
                      reps: r.reps ?? 0,
                      n: r.iterations,
                    })}
                  </div>
                )}
                {r.unavailable && (
                  <div className="control-message">
                    {t(inFrame() ? 'panel.cb.notRunFrame' : 'panel.cb.notRun')}
                  </div>
                )}
              </th>
              <td className="num">
                {r.unavailable ? t('panel.cb.notRunCell') : fmtUs(r.perCallMedianUs)}
              </td>
              <td className="num">{formatValue(r.calls)}</td>
              <td className="num">{r.unavailable ? '—' : fmtMs(r.totalMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
