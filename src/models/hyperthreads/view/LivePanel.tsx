import { useCallback, useId, useMemo, useState } from 'react';
import { LineChart } from '../../../charts/LineChart';
import {
  LIVE_WORKLOADS,
  relativeThroughput,
  workerCounts,
  type LiveWorkload,
  type RoundResult,
} from '../live';
import type { LineChartData } from '../../types';
import { CopyResults, machineFacts } from '../../../views/CopyResults';
import type { ExtraPanelProps } from '../../../views/extraPanel';
import { formatValue } from '../../../format';
import { LiveRun } from '../../../views/LiveRunStatus';
import { useT, type Translate } from '../../../i18n/LangContext';
import { useCancellableRun } from '../../../state/useLiveRun';
import { RecordTable } from '../../../views/RecordTable';
import { runCothreadTest, type CothreadResult } from './liveWorkers';

/** The runs offered: a check (two workers, tiny jobs), the default, and every N with longer jobs. */
const RUNS = {
  check: { targetMs: 20, every: false, check: true },
  default: { targetMs: 100, every: false, check: false },
  full: { targetMs: 400, every: true, check: false },
} as const;
type RunKey = keyof typeof RUNS;

/**
 * “Live: this machine — cores and threads”. The paper's cothread test (more runnable jobs
 * than cores) in the browser: N workers each run a compute-bound and then a memory-bound
 * job, started together; throughput and time per job against N, as measured here.
 */
export default function LivePanel(_props: ExtraPanelProps) {
  const t = useT();
  const headingId = useId();
  const runId = useId();
  const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1;
  const [run, setRun] = useState<RunKey>('default');
  const [rounds, setRounds] = useState<RoundResult[]>([]);

  const runTest = useCallback(
    async (signal: AbortSignal, onProgress: (p: { done: number; total: number }) => void) => {
      const r = RUNS[run];
      const counts = r.check ? [1, 2] : workerCounts(cores, r.every);
      setRounds([]);
      const result = await runCothreadTest({ counts, targetMs: r.targetMs }, signal, (rs, p) => {
        setRounds(rs);
        onProgress(p);
      });
      setRounds(result.rounds);
      return result;
    },
    [run, cores],
  );
  const { state, start, cancel } = useCancellableRun(runTest);

  const busy = state.status === 'running' || state.status === 'cancelling';
  const isolated = globalThis.crossOriginIsolated === true;

  return (
    <section className="live-panel" aria-labelledby={headingId} data-testid="ht-live-panel">
      <h2 id={headingId}>{t('panel.ht.title')}</h2>
      <p>
        {t.rich('panel.ht.lede', { cores: <strong data-testid="ht-live-cores">{cores}</strong> })}
      </p>
      <p className="calm-note">
        {t.rich('panel.ht.know', { isolated: String(isolated), code: (c) => <code>{c}</code> })}
      </p>
      <LiveRun
        state={state}
        start={() => start(null)}
        cancel={cancel}
        words="panel.ht"
        testId="ht-live"
        partial={(r) => Boolean(r?.rounds.length)}
      >
        <label htmlFor={runId}>{t('panel.ht.choice')}</label>
        <select
          id={runId}
          value={run}
          disabled={busy}
          onChange={(e) => setRun(e.currentTarget.value as RunKey)}
        >
          {(Object.keys(RUNS) as RunKey[]).map((k) => (
            <option key={k} value={k}>
              {t(`panel.ht.runs.${k}`)}
            </option>
          ))}
        </select>
      </LiveRun>
      {rounds.length > 0 && (
        <CothreadResults rounds={rounds} result={state.result} cores={cores} busy={busy} />
      )}
    </section>
  );
}

function CothreadResults({
  rounds,
  result,
  cores,
  busy,
}: {
  rounds: RoundResult[];
  result: CothreadResult | null;
  cores: number;
  busy: boolean;
}) {
  const t = useT();
  const charts = useMemo(() => cothreadCharts(t, rounds, cores), [t, rounds, cores]);
  const cell = (w: LiveWorkload, n: number) =>
    rounds.find((r) => r.workload === w && r.workers === n);
  const half = Math.max(1, Math.round(cores / 2));
  const gain = (w: LiveWorkload) => {
    const a = cell(w, half)?.jobsPerSecond;
    const b = cell(w, cores)?.jobsPerSecond;
    return a && b && half < cores ? 100 * (b / a - 1) : NaN;
  };
  return (
    <div data-testid="ht-live-results" data-rounds={rounds.length} data-busy={busy}>
      {charts.map((c) => (
        <LineChart key={c.id} data={c} />
      ))}
      <CothreadTable rounds={rounds} cores={cores} />
      <ul className="notes">
        {half < cores && (
          <li data-testid="ht-live-gain">
            {t('panel.ht.gain', {
              half,
              cores,
              compute: formatPct(gain('compute')),
              memory: formatPct(gain('memory')),
            })}
          </li>
        )}
        <li>{t('panel.ht.sized', { ms: result ? result.settings.targetMs : '…', cores })}</li>
        {result && (
          <li>
            {t('panel.ht.chase', {
              mb: formatValue((result.chainBytes ?? 0) / 2 ** 20),
              barrier: String(result.barrier),
              spread: formatValue(Math.max(0, ...rounds.map((r) => r.startSpreadMs))),
            })}
          </li>
        )}
      </ul>
      {result && <CopyResults json={() => cothreadJson(rounds, result)} testId="ht-live-copy" />}
    </div>
  );
}

/** The rounds as JSON for the copy button. */
function cothreadJson(rounds: RoundResult[], result: CothreadResult | null): string {
  return JSON.stringify(
    {
      kind: 'latency-lab/cothread',
      version: 1,
      ...machineFacts(),
      barrier: result?.barrier ?? null,
      jobMsAlone: result?.settings.targetMs ?? null,
      unitsPerJob: result?.units ?? null,
      chainBytes: result?.chainBytes ?? null,
      cancelled: result?.cancelled ?? null,
      rounds: rounds.map((r) => ({
        workload: r.workload,
        workers: r.workers,
        wallMs: r.wallMs,
        jobMs: r.jobMs,
        jobsPerSecond: r.jobsPerSecond,
        startSpreadMs: r.startSpreadMs,
      })),
    },
    null,
    1,
  );
}

/** Wall, per-job time and relative throughput, by jobs at once and workload. */
function CothreadTable({ rounds, cores }: { rounds: RoundResult[]; cores: number }) {
  const t = useT();
  const byWorkload = (w: LiveWorkload) => rounds.filter((r) => r.workload === w);
  const counts = [...new Set(rounds.map((r) => r.workers))].sort((a, b) => a - b);
  const rel = {
    compute: relativeThroughput(byWorkload('compute')),
    memory: relativeThroughput(byWorkload('memory')),
  };
  const cell = (w: LiveWorkload, n: number) =>
    rounds.find((r) => r.workload === w && r.workers === n);
  return (
    <RecordTable
      testId="ht-live-table"
      caption={
        <>
          <span className="caption-title">{t('panel.ht.caption', { cores })}</span>{' '}
          <span className="caption-source">{t('panel.ht.captionSource')}</span>
        </>
      }
      columns={[
        {
          label: t('panel.ht.jobs'),
          cell: (n) =>
            t('panel.ht.jobsCell', { n, of: n === cores ? 'one' : n === 2 * cores ? 'two' : '' }),
        },
        ...LIVE_WORKLOADS.map(({ key }) => ({
          label: t('panel.ht.wall', { workload: t(`panel.ht.workload.${key}`) }),
          num: true,
          cell: (n: number) => formatValue(cell(key, n)?.wallMs),
        })),
        ...LIVE_WORKLOADS.map(({ key }) => ({
          label: t('panel.ht.perJob', { workload: t(`panel.ht.workload.${key}`) }),
          num: true,
          cell: (n: number) => formatValue(cell(key, n)?.medianJobMs),
        })),
        ...LIVE_WORKLOADS.map(({ key }) => ({
          label: t('panel.ht.throughput', { workload: t(`panel.ht.workload.${key}`) }),
          num: true,
          className: 'model',
          testId: (n: number) => `ht-live-x-${key}-${n}`,
          cell: (n: number) => formatValue(rel[key].get(n)),
        })),
      ]}
      rows={counts}
      rowKey={(n) => n}
      rowData={(n) => ({ 'data-testid': 'ht-live-row', 'data-workers': n })}
    />
  );
}

function formatPct(p: number): string {
  return Number.isFinite(p) ? `${p >= 0 ? '+' : '−'}${formatValue(Math.abs(p))} %` : '—';
}

function cothreadCharts(t: Translate, rounds: RoundResult[], cores: number): LineChartData[] {
  const series = (y: (r: RoundResult, rel: Map<number, number>) => number) =>
    LIVE_WORKLOADS.map((w) => {
      const rs = rounds.filter((r) => r.workload === w.key);
      const rel = relativeThroughput(rs);
      return {
        name: t(`panel.ht.workload.${w.key}`),
        points: rs.map((r) => ({ x: r.workers, y: y(r, rel) })),
      };
    }).filter((s) => s.points.length > 0);
  const markers = [
    { x: cores, label: t('panel.ht.reported', { cores }) },
    ...(cores >= 2 ? [{ x: cores / 2, label: t('panel.ht.half') }] : []),
  ];
  return [
    {
      kind: 'line',
      id: 'ht-live-throughput',
      title: t('panel.ht.chartX'),
      xLabel: t('panel.ht.jobs'),
      xUnit: t('panel.ht.count'),
      yLabel: t('panel.ht.chartXy'),
      yUnit: '×',
      xScale: 'linear',
      series: series((r, rel) => rel.get(r.workers) ?? NaN),
      markers,
      caption: t('panel.ht.chartXcaption'),
    },
    {
      kind: 'line',
      id: 'ht-live-job-time',
      title: t('panel.ht.chartT'),
      xLabel: t('panel.ht.jobs'),
      xUnit: t('panel.ht.count'),
      yLabel: t('panel.ht.chartTy'),
      yUnit: 'ms',
      xScale: 'linear',
      series: series((r) => r.medianJobMs),
      markers,
      caption: t('panel.ht.chartTcaption'),
    },
  ];
}
