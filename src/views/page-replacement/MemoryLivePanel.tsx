import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { Remote } from 'comlink';
import type {
  MemoryLiveOptions,
  MemoryLiveResult,
  PageReplacementLiveApi,
} from '../../../workers/page-replacement-live.worker';
import { LineChart } from '../../charts/LineChart';
import {
  labelLevels,
  PAGE_OPTIONS,
  scenarioMemoryBytes,
  STRIDE_OPTIONS,
  type MemoryLevels,
} from '../../models/page-replacement/live';
import type { LineChartData } from '../../models/types';
import { scenarioHash } from '../../state/scenarioLink';
import { useLiveRun, type LiveProgress } from '../../state/useLiveRun';
import { CopyResults, machineFacts } from '../CopyResults';
import type { ExtraPanelProps } from '../extraPanel';
import { formatValue } from '../../format';
import { LiveRunStatus, type LiveRunWords } from '../LiveRunStatus';

const MB = 2 ** 20;

/** The sweeps offered: a check (for a first look and the tests), the default, and the full one. */
const SWEEPS = {
  check: {
    label: 'Check: 4 KB – 1 MB (about a second)',
    maxBytes: MB,
    pointsPerOctave: 1,
    rounds: 3,
  },
  default: {
    label: 'Default: 4 KB – 64 MB (a few seconds)',
    maxBytes: 64 * MB,
    pointsPerOctave: 1,
    rounds: 5,
  },
  full: {
    label: 'Full sweep: 4 KB – 256 MB, half steps (up to a minute)',
    maxBytes: 256 * MB,
    pointsPerOctave: 2,
    rounds: 7,
  },
} as const;
type SweepKey = keyof typeof SWEEPS;

/** 4 KB, 1.5 MB, 256 MB. */
export function formatBytes(b: number): string {
  if (b >= MB) return `${formatValue(b / MB)} MB`;
  if (b >= 1024) return `${formatValue(b / 1024)} KB`;
  return `${b} B`;
}

const WORDS: LiveRunWords<MemoryLiveResult> = {
  progressLabel: 'Memory sweep progress',
  starting: 'Allocating the buffer and reading the clock…',
  running: (p) => `Chasing pointers… point ${p.done} of ${p.total}`,
  cancelling: 'Cancelling…',
  cancelled: (result) =>
    result?.sweep.dense.length
      ? 'Cancelled: the curve below holds the sizes measured so far.'
      : 'Cancelled before any size was measured.',
  failed: 'The measurement could not run:',
};

function makeWorker(): Worker {
  return new Worker(new URL('../../../workers/page-replacement-live.worker.ts', import.meta.url), {
    type: 'module',
    name: 'page-replacement-live',
  });
}

/**
 * “Live: this machine — the memory cliff”. A dependent-load pointer chase in a worker
 * (src/models/page-replacement/live.ts): ns per load against working-set size, dense and one
 * element per page, with its steps named; beside it, the model's miss-rate cliff for a loop
 * over the same sizes in this scenario's memory.
 */
export default function MemoryLivePanel({ scenario }: ExtraPanelProps) {
  const headingId = useId();
  const strideId = useId();
  const pageId = useId();
  const sweepId = useId();
  const hash = scenarioHash(scenario);
  const { params } = scenario;
  const [strideBytes, setStride] = useState<number>(64);
  const [pageBytes, setPage] = useState<number>(4096);
  const [sweep, setSweep] = useState<SweepKey>('default');
  const options: MemoryLiveOptions = useMemo(() => {
    const s = SWEEPS[sweep];
    return {
      strideBytes,
      pageBytes,
      maxBytes: s.maxBytes,
      pointsPerOctave: s.pointsPerOctave,
      rounds: s.rounds,
    };
  }, [strideBytes, pageBytes, sweep]);
  const call = useCallback(
    (api: Remote<PageReplacementLiveApi>, onProgress: (p: LiveProgress) => boolean) =>
      api.run(params, options, onProgress),
    [params, options],
  );
  const { state, start, cancel } = useLiveRun<PageReplacementLiveApi, MemoryLiveResult>(
    makeWorker,
    call,
    // Cancel is heard every 50 ms at most; past 150 ms the worker is terminated.
    { name: 'memory sweep', cancelGraceMs: 150 },
  );
  // The previous run stays on the chart (dashed) so a change of page size can be compared.
  const [shown, setShown] = useState<{
    now: MemoryLiveResult | null;
    before: MemoryLiveResult | null;
  }>({
    now: null,
    before: null,
  });
  useEffect(() => {
    const r = state.result;
    if (r && r.sweep.dense.length) setShown((s) => (s.now === r ? s : { now: r, before: s.now }));
  }, [state.result]);

  const busy = state.status === 'running' || state.status === 'cancelling';
  const stale = shown.now !== null && state.hash !== hash;
  const isolated = globalThis.crossOriginIsolated === true;

  return (
    <section className="live-panel" aria-labelledby={headingId} data-testid="memory-live-panel">
      <h2 id={headingId}>Live: this machine — the memory cliff</h2>
      <p>
        The cliff above, one level down: a chain of pointers in a random cycle, each load waiting
        for the one before, so no prefetcher can hide the latency (lmbench’s <code>lat_mem_rd</code>
        ). The time per load climbs each time the working set outgrows a cache level, and again when
        it needs more pages than the TLB maps. The <em>dense</em> chain puts an element every stride
        bytes; the <em>per-page</em> chain puts one element in each page (at a random line of it),
        so the caches hold little but the TLB still sees every page: its TLB step stays where the
        dense chain’s is, while its cache steps move far to the right. Set the page size above the
        real one and the TLB step moves with it.
      </p>
      <p data-testid="memory-live-isolation" data-isolated={isolated}>
        {isolated
          ? 'This page is cross-origin isolated, so the browser gives workers its finer clock.'
          : 'This page is not cross-origin isolated, so the browser’s clock is coarse (often 100 µs); batches are lengthened to span at least 50 of its ticks.'}
      </p>
      <div className="live-actions">
        <label htmlFor={strideId}>Dense stride</label>
        <select
          id={strideId}
          value={strideBytes}
          disabled={busy}
          onChange={(e) => setStride(Number(e.currentTarget.value))}
        >
          {STRIDE_OPTIONS.map((b) => (
            <option key={b} value={b}>
              {b} B
            </option>
          ))}
        </select>
        <label htmlFor={pageId}>Page size (per-page chain)</label>
        <select
          id={pageId}
          value={pageBytes}
          disabled={busy}
          onChange={(e) => setPage(Number(e.currentTarget.value))}
        >
          {PAGE_OPTIONS.map((b) => (
            <option key={b} value={b}>
              {formatBytes(b)}
            </option>
          ))}
        </select>
        <label htmlFor={sweepId}>Sizes</label>
        <select
          id={sweepId}
          value={sweep}
          disabled={busy}
          onChange={(e) => setSweep(e.currentTarget.value as SweepKey)}
        >
          {(Object.keys(SWEEPS) as SweepKey[]).map((k) => (
            <option key={k} value={k}>
              {SWEEPS[k].label}
            </option>
          ))}
        </select>
      </div>
      <div className="live-actions">
        <button
          type="button"
          onClick={() => start(hash)}
          disabled={busy}
          data-testid="memory-live-run"
        >
          {shown.now ? 'Measure again' : 'Measure this machine'}
        </button>
        <button type="button" onClick={cancel} disabled={!busy} data-testid="memory-live-cancel">
          Cancel
        </button>
      </div>
      <LiveRunStatus state={state} words={WORDS} testId="memory-live-status" />
      {shown.now && (
        <MemoryResults
          result={shown.now}
          before={shown.before}
          stale={stale}
          memoryBytes={scenarioMemoryBytes({
            frames: Number(params['frames']),
            pageBytes: Number(params['pageBytes']),
          })}
        />
      )}
    </section>
  );
}

function MemoryResults({
  result,
  before,
  stale,
  memoryBytes,
}: {
  result: MemoryLiveResult;
  before: MemoryLiveResult | null;
  stale: boolean;
  memoryBytes: number;
}) {
  const { sweep } = result;
  const levels: MemoryLevels = useMemo(() => labelLevels(sweep), [sweep]);
  const latency = useMemo(() => latencyChart(result, levels, before), [result, levels, before]);
  const cliff = useMemo(() => cliffChart(result, memoryBytes), [result, memoryBytes]);
  const captionId = useId();
  const json = () =>
    JSON.stringify(
      {
        kind: 'latency-lab/memory-cliff',
        version: 1,
        ...machineFacts(),
        timerResolutionUs: sweep.timerResolutionUs,
        minBatchMs: sweep.minBatchMs,
        strideBytes: sweep.strideBytes,
        pageBytes: sweep.pageBytes,
        cancelled: sweep.cancelled,
        dense: sweep.dense.map((p) => ({
          bytes: p.bytes,
          nsPerLoad: p.nsPerLoad,
          nsMedian: p.nsMedian,
        })),
        perPage: sweep.perPage.map((p) => ({
          bytes: p.bytes,
          pages: p.elements,
          nsPerLoad: p.nsPerLoad,
          nsMedian: p.nsMedian,
        })),
        levels,
      },
      null,
      1,
    );
  return (
    <div
      data-testid="memory-live-results"
      data-stale={stale}
      data-steps={levels.steps.length}
      data-points={sweep.dense.length}
      data-sizes={sweep.sizes.length}
      data-cancelled={sweep.cancelled}
    >
      {stale && (
        <p className="calm-note">
          The model curve below is for another setting of the parameters: measure again to redraw it
          for this one.
        </p>
      )}
      <LineChart data={latency} />
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table data-testid="memory-live-levels">
          <caption id={captionId}>
            <span className="caption-title">Steps found on this machine</span>{' '}
            <span className="caption-source">
              measured here; names by the rule in the notes below, not by asking the hardware
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="row-head">
                Step
              </th>
              <th scope="col">Between working sets of</th>
              <th scope="col" className="num">
                Before (ns per load)
              </th>
              <th scope="col" className="num">
                After (ns per load)
              </th>
            </tr>
          </thead>
          <tbody>
            {levels.steps.map((s) => (
              <tr key={`${s.curve}-${s.label}`} data-testid="memory-live-step" data-kind={s.kind}>
                <th scope="row" className="row-head">
                  {s.label}
                </th>
                <td>
                  {formatBytes(s.fromBytes)} and {formatBytes(s.toBytes)}
                  {s.kind === 'tlb' &&
                    ` (${s.fromElements.toLocaleString('en-US')} and ${s.toElements.toLocaleString('en-US')} elements one per ${formatBytes(sweep.pageBytes)})`}
                </td>
                <td className="num">{formatValue(s.beforeNs)}</td>
                <td className="num">{formatValue(s.afterNs)}</td>
              </tr>
            ))}
            {levels.steps.length === 0 && (
              <tr>
                <td colSpan={4}>No step found: the curve never rose by 40 % from one plateau.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <LineChart data={cliff} />
      <ul className="notes">
        <li data-testid="memory-live-timer">
          Timer resolution here: {formatValue(sweep.timerResolutionUs)} µs; each point is the
          fastest of several batches of at least {formatValue(sweep.minBatchMs)} ms (the least
          disturbed by other work); {formatValue(sweep.elapsedMs / 1000)} s in all. Measure again to
          see the spread.
        </li>
        <li>
          Steps: a point more than 40 % above its plateau’s median, followed by another, starts a
          step; the step runs while each point is again 40 % above the one before. Dense-curve
          plateaus are named by order — L1, L2, …; when the sweep reached 32 MB and found three or
          more, the last is DRAM (the one before it the last-level cache). A per-page step is called
          the TLB when the dense curve, read at the same number of cache lines, does not rise as
          much: the caches do not explain it.
        </li>
        <li>
          What a browser cannot do: choose the page size (the operating system does, and may back a
          large buffer with 2 MB pages, which hides the 4 KB TLB step), pin the worker to a core, or
          see the cache sizes. A TLB step between two cache steps adds a plateau to the dense curve
          that the rule names as a cache level. These are measurements of this machine, not errors
          against a model.
        </li>
      </ul>
      <CopyResults json={json} testId="memory-live-copy" />
    </div>
  );
}

function latencyChart(
  result: MemoryLiveResult,
  levels: MemoryLevels,
  before: MemoryLiveResult | null,
): LineChartData {
  const { sweep } = result;
  const series: LineChartData['series'] = [
    {
      name: `Dense: one element every ${sweep.strideBytes} B`,
      points: sweep.dense.map((p) => ({ x: p.bytes / 1024, y: p.nsPerLoad })),
    },
  ];
  if (sweep.perPage.length)
    series.push({
      name: `Per page: one element every ${formatBytes(sweep.pageBytes)}`,
      points: sweep.perPage.map((p) => ({ x: p.bytes / 1024, y: p.nsPerLoad })),
    });
  if (before && before.sweep.perPage.length && before.sweep.pageBytes !== sweep.pageBytes)
    series.push({
      name: `Previous run: one element every ${formatBytes(before.sweep.pageBytes)}`,
      dashed: true,
      points: before.sweep.perPage.map((p) => ({ x: p.bytes / 1024, y: p.nsPerLoad })),
    });
  return {
    kind: 'line',
    id: 'memory-live-latency',
    title: 'This machine: time per dependent load against working-set size',
    xLabel: 'Working set',
    xUnit: 'KB',
    yLabel: 'Time per load',
    yUnit: 'ns',
    xScale: 'log',
    yScale: 'log',
    series,
    markers: levels.steps.map((s) => ({
      x: Math.sqrt(s.fromBytes * s.toBytes) / 1024,
      label: s.label,
    })),
    caption:
      'Measured in a worker on this machine. Markers: the steps found, placed between the last size of the plateau below and the first of the plateau above.',
  };
}

function cliffChart(result: MemoryLiveResult, memoryBytes: number): LineChartData {
  return {
    kind: 'line',
    id: 'memory-live-model-cliff',
    title: 'The model: miss rate of a loop over the same working sets',
    xLabel: 'Working set',
    xUnit: 'KB',
    yLabel: 'Miss rate',
    yUnit: '%',
    xScale: 'log',
    series: [
      { name: 'LRU', points: result.model.map((p) => ({ x: p.bytes / 1024, y: p.lruPct })) },
      { name: 'RAND', points: result.model.map((p) => ({ x: p.bytes / 1024, y: p.randPct })) },
    ],
    markers: [{ x: memoryBytes / 1024, label: `memory: ${formatBytes(memoryBytes)}` }],
    caption:
      'The page-replacement model on the chase’s pattern (every page once per pass, in a fixed order) in this scenario’s memory (frames × page size), first pass left out. LRU falls off the cliff where the loop stops fitting; RAND, like a cache with pseudo-random replacement, goes down more gently. Each cache level above is such a memory, with lines for pages.',
  };
}
