import { useMemo } from 'react';
import type { MemoryLiveResult } from '../../../../workers/page-replacement-live.worker';
import { LineChart } from '../../../charts/LineChart';
import { labelLevels, type MemoryLevels } from '../live';
import type { LineChartData } from '../../types';
import { CopyResults, machineFacts } from '../../../views/CopyResults';
import { formatValue } from '../../../format';
import { RecordTable } from '../../../views/RecordTable';

const MB = 2 ** 20;

/** 4 KB, 1.5 MB, 256 MB. */
export function formatBytes(b: number): string {
  if (b >= MB) return `${formatValue(b / MB)} MB`;
  if (b >= 1024) return `${formatValue(b / 1024)} KB`;
  return `${b} B`;
}

/** The memory sweep's results: the latency curve with its named steps, and the model's cliff. */
export function MemoryResults({
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
      <StepsTable levels={levels} pageBytes={sweep.pageBytes} />
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
      <CopyResults json={() => memoryJson(sweep, levels)} testId="memory-live-copy" />
    </div>
  );
}

/** The sweep and its named steps as JSON for the copy button. */
function memoryJson(sweep: MemoryLiveResult['sweep'], levels: MemoryLevels): string {
  return JSON.stringify(
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
}

/** The steps found on this machine, each between two working-set sizes. */
function StepsTable({ levels, pageBytes }: { levels: MemoryLevels; pageBytes: number }) {
  return (
    <RecordTable
      testId="memory-live-levels"
      caption={
        <>
          <span className="caption-title">Steps found on this machine</span>{' '}
          <span className="caption-source">
            measured here; names by the rule in the notes below, not by asking the hardware
          </span>
        </>
      }
      columns={[
        { label: 'Step', cell: (s) => s.label },
        {
          label: 'Between working sets of',
          cell: (s) =>
            `${formatBytes(s.fromBytes)} and ${formatBytes(s.toBytes)}` +
            (s.kind === 'tlb'
              ? ` (${s.fromElements.toLocaleString('en-US')} and ${s.toElements.toLocaleString('en-US')} elements one per ${formatBytes(pageBytes)})`
              : ''),
        },
        { label: 'Before (ns per load)', num: true, cell: (s) => formatValue(s.beforeNs) },
        { label: 'After (ns per load)', num: true, cell: (s) => formatValue(s.afterNs) },
      ]}
      rows={levels.steps}
      rowKey={(s) => `${s.curve}-${s.label}`}
      rowData={(s) => ({ 'data-testid': 'memory-live-step', 'data-kind': s.kind })}
      empty="No step found: the curve never rose by 40 % from one plateau."
    />
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
