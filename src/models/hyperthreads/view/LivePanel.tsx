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
import { LiveRunStatus, type LiveRunWords } from '../../../views/LiveRunStatus';
import { useCancellableRun } from '../../../state/useLiveRun';
import { RecordTable } from '../../../views/RecordTable';
import { runCothreadTest, type CothreadResult } from './liveWorkers';

/** The runs offered: a check (two workers, tiny jobs), the default, and every N with longer jobs. */
const RUNS = {
  check: { label: 'Check: 1 and 2 workers, 20 ms jobs', targetMs: 20, every: false, check: true },
  default: {
    label: 'Default: 100 ms jobs (a few seconds)',
    targetMs: 100,
    every: false,
    check: false,
  },
  full: { label: 'Full: every N, 400 ms jobs', targetMs: 400, every: true, check: false },
} as const;
type RunKey = keyof typeof RUNS;

const WORDS: LiveRunWords<CothreadResult> = {
  progressLabel: 'Cothread test progress',
  starting: 'Starting the workers and sizing the jobs…',
  running: (p) => `Running… round ${p.done} of ${p.total}`,
  cancelling: 'Cancelling…',
  cancelled: (result) =>
    result?.rounds.length
      ? 'Cancelled: the rounds below are the ones finished by then.'
      : 'Cancelled before a round finished.',
  failed: 'The test could not run:',
};

const WORKLOAD_NAME: Record<LiveWorkload, string> = {
  compute: 'Compute-bound',
  memory: 'Memory-bound',
};

/**
 * “Live: this machine — cores and threads”. The paper's cothread test (more runnable jobs
 * than cores) in the browser: N workers each run a compute-bound and then a memory-bound
 * job, started together; throughput and time per job against N, as measured here.
 */
export default function LivePanel(_props: ExtraPanelProps) {
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
      <h2 id={headingId}>Live: this machine — cores and threads</h2>
      <p>
        The paper’s cothread test, in your browser: N Web Workers, from 1 to twice the{' '}
        <strong data-testid="ht-live-cores">{cores}</strong> logical processors this browser
        reports, each run the same job, all started together. One job is compute-bound (integer
        hashing that never waits for memory), the other memory-bound (a pointer chase, each load
        waiting for the last). When there are more jobs than cores they share; a hardware thread can
        only help by filling the time its core would spend stalled.
      </p>
      <p className="calm-note">
        What a browser can and cannot know: <code>navigator.hardwareConcurrency</code> counts
        logical processors — hardware threads when SMT is on — and some browsers cap or round it. A
        page cannot see whether the machine has hyperthreads, cannot turn them on or off, and cannot
        pin a worker to a core: the operating system places the workers, beside whatever else is
        running.{' '}
        {isolated
          ? 'This page is cross-origin isolated: the jobs start on a shared-memory barrier.'
          : 'This page is not cross-origin isolated: the jobs start at an agreed time a little in the future.'}
      </p>
      <div className="live-actions">
        <label htmlFor={runId}>Run</label>
        <select
          id={runId}
          value={run}
          disabled={busy}
          onChange={(e) => setRun(e.currentTarget.value as RunKey)}
        >
          {(Object.keys(RUNS) as RunKey[]).map((k) => (
            <option key={k} value={k}>
              {RUNS[k].label}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => start(null)} disabled={busy} data-testid="ht-live-run">
          {state.result ? 'Run again' : 'Run the cothread test here'}
        </button>
        <button type="button" onClick={cancel} disabled={!busy} data-testid="ht-live-cancel">
          Cancel
        </button>
      </div>
      <LiveRunStatus state={state} words={WORDS} testId="ht-live-status" />
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
  const charts = useMemo(() => cothreadCharts(rounds, cores), [rounds, cores]);
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
            From {half} to {cores} jobs — the part of the reported processors that would be second
            hardware threads if each core has two, like the paper’s threads OFF → ON: compute-bound
            throughput {formatPct(gain('compute'))}, memory-bound {formatPct(gain('memory'))}. On a
            machine without SMT these are extra cores, and both should roughly double.
          </li>
        )}
        <li>
          Each job is sized to take about {result?.settings.targetMs ?? '…'} ms alone here. Per job:
          the median of each job’s own start-to-finish time. Past {cores} jobs the workers share
          processors, so each job takes longer while throughput stays flat — unless stalls leave
          room. Montecito switched threads only on a cache miss; today’s SMT (Intel, AMD) issues
          from both threads every cycle, so compute-bound work can gain a little too.
        </li>
        {result && (
          <li>
            Memory-bound jobs chase over {formatValue((result.chainBytes ?? 0) / 2 ** 20)} MB each;
            the jobs started {result.barrier ? 'on a shared-memory barrier' : 'at an agreed time'}{' '}
            (largest start spread: {formatValue(Math.max(0, ...rounds.map((r) => r.startSpreadMs)))}{' '}
            ms).
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
          <span className="caption-title">
            Cothread test on this machine: N jobs at once, {cores} logical processors reported
          </span>{' '}
          <span className="caption-source">
            measured here; wall: first start to last finish; throughput relative to one job alone
          </span>
        </>
      }
      columns={[
        {
          label: 'Jobs (workers)',
          cell: (n) =>
            `${n}${n === cores ? ' (= reported)' : n === 2 * cores ? ' (2 × reported)' : ''}`,
        },
        ...LIVE_WORKLOADS.map(({ key }) => ({
          label: `${WORKLOAD_NAME[key]}: wall (ms)`,
          num: true,
          cell: (n: number) => formatValue(cell(key, n)?.wallMs),
        })),
        ...LIVE_WORKLOADS.map(({ key }) => ({
          label: `${WORKLOAD_NAME[key]}: per job (ms)`,
          num: true,
          cell: (n: number) => formatValue(cell(key, n)?.medianJobMs),
        })),
        ...LIVE_WORKLOADS.map(({ key }) => ({
          label: `${WORKLOAD_NAME[key]}: throughput (×)`,
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

function cothreadCharts(rounds: RoundResult[], cores: number): LineChartData[] {
  const series = (y: (r: RoundResult, rel: Map<number, number>) => number) =>
    LIVE_WORKLOADS.map((w) => {
      const rs = rounds.filter((r) => r.workload === w.key);
      const rel = relativeThroughput(rs);
      return {
        name: WORKLOAD_NAME[w.key],
        points: rs.map((r) => ({ x: r.workers, y: y(r, rel) })),
      };
    }).filter((s) => s.points.length > 0);
  const markers = [
    { x: cores, label: `${cores} reported` },
    ...(cores >= 2 ? [{ x: cores / 2, label: 'half' }] : []),
  ];
  return [
    {
      kind: 'line',
      id: 'ht-live-throughput',
      title: 'This machine: throughput against jobs at once',
      xLabel: 'Jobs (workers)',
      xUnit: 'count',
      yLabel: 'Throughput, relative to one job alone',
      yUnit: '×',
      xScale: 'linear',
      series: series((r, rel) => rel.get(r.workers) ?? NaN),
      markers,
      caption:
        'Jobs finished per second over the wall time, divided by one job alone’s. It grows with N up to the processors that really run at once, then stays flat; extra hardware threads lift the memory-bound line more than the compute-bound one.',
    },
    {
      kind: 'line',
      id: 'ht-live-job-time',
      title: 'This machine: time per job against jobs at once',
      xLabel: 'Jobs (workers)',
      xUnit: 'count',
      yLabel: 'Time per job (median)',
      yUnit: 'ms',
      xScale: 'linear',
      series: series((r) => r.medianJobMs),
      markers,
      caption:
        'Each job’s own start-to-finish time. Flat while every job has a processor of its own; past that, jobs take turns and each takes longer, as the paper’s 10 copies on 4 cores did.',
    },
  ];
}
