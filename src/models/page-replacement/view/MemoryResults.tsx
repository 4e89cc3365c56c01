import { useMemo } from 'react';
import type { MemoryLiveResult } from '../workers/page-replacement-live.worker';
import { LineChart } from '../../../charts/LineChart';
import { labelLevels, type MemoryLevels } from '../live';
import type { LineChartData } from '../../types';
import { CopyResults, machineFacts } from '../../../views/CopyResults';
import { formatValue } from '../../../format';
import { RecordTable } from '../../../views/RecordTable';
import '../../../i18n/parts/panel';
import { useT, type Translate } from '../../../i18n/LangContext';

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
  const t = useT();
  const { sweep } = result;
  const levels: MemoryLevels = useMemo(() => labelLevels(sweep), [sweep]);
  const latency = useMemo(
    () => latencyChart(t, result, levels, before),
    [t, result, levels, before],
  );
  const cliff = useMemo(() => cliffChart(t, result, memoryBytes), [t, result, memoryBytes]);
  return (
    <div
      data-testid="memory-live-results"
      data-stale={stale}
      data-steps={levels.steps.length}
      data-points={sweep.dense.length}
      data-sizes={sweep.sizes.length}
      data-cancelled={sweep.cancelled}
    >
      {stale && <p className="calm-note">{t('panel.memres.stale')}</p>}
      <LineChart data={latency} />
      <StepsTable levels={levels} pageBytes={sweep.pageBytes} />
      <LineChart data={cliff} />
      <ul className="notes">
        <li data-testid="memory-live-timer">
          {t('panel.memres.timer', {
            res: formatValue(sweep.timerResolutionUs),
            batch: formatValue(sweep.minBatchMs),
            s: formatValue(sweep.elapsedMs / 1000),
          })}
        </li>
        <li>{t('panel.memres.rule', { pct: 40, mb: 32 })}</li>
        <li>{t('panel.memres.cannot')}</li>
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
  const t = useT();
  return (
    <RecordTable
      testId="memory-live-levels"
      caption={
        <>
          <span className="caption-title">{t('panel.memres.steps')}</span>{' '}
          <span className="caption-source">{t('panel.memres.stepsSource')}</span>
        </>
      }
      columns={[
        { label: t('panel.memres.step'), cell: (s) => stepLabel(t, s.label) },
        {
          label: t('panel.memres.between'),
          cell: (s) =>
            t('panel.memres.betweenCell', {
              from: formatBytes(s.fromBytes),
              to: formatBytes(s.toBytes),
              tlb: String(s.kind === 'tlb'),
              fromN: s.fromElements,
              toN: s.toElements,
              page: formatBytes(pageBytes),
            }),
        },
        { label: t('panel.memres.before'), num: true, cell: (s) => formatValue(s.beforeNs) },
        { label: t('panel.memres.after'), num: true, cell: (s) => formatValue(s.afterNs) },
      ]}
      rows={levels.steps}
      rowKey={(s) => `${s.curve}-${s.label}`}
      rowData={(s) => ({ 'data-testid': 'memory-live-step', 'data-kind': s.kind })}
      empty={t('panel.memres.none', { pct: 40 })}
    />
  );
}

/** A step's name: L1, L2 → DRAM… stay; “TLB reach” in the page's language. */
const stepLabel = (t: Translate, label: string) =>
  label.replace('TLB reach', t('panel.memres.tlbReach'));

function latencyChart(
  t: Translate,
  result: MemoryLiveResult,
  levels: MemoryLevels,
  before: MemoryLiveResult | null,
): LineChartData {
  const { sweep } = result;
  const series: LineChartData['series'] = [
    {
      name: t('panel.memres.dense', { every: `${sweep.strideBytes} B` }),
      points: sweep.dense.map((p) => ({ x: p.bytes / 1024, y: p.nsPerLoad })),
    },
  ];
  if (sweep.perPage.length)
    series.push({
      name: t('panel.memres.perPage', { every: formatBytes(sweep.pageBytes) }),
      points: sweep.perPage.map((p) => ({ x: p.bytes / 1024, y: p.nsPerLoad })),
    });
  if (before && before.sweep.perPage.length && before.sweep.pageBytes !== sweep.pageBytes)
    series.push({
      name: t('panel.memres.previous', { every: formatBytes(before.sweep.pageBytes) }),
      dashed: true,
      points: before.sweep.perPage.map((p) => ({ x: p.bytes / 1024, y: p.nsPerLoad })),
    });
  return {
    kind: 'line',
    id: 'memory-live-latency',
    title: t('panel.memres.latency'),
    xLabel: t('panel.memres.workingSet'),
    xUnit: 'KB',
    yLabel: t('panel.memres.perLoad'),
    yUnit: 'ns',
    xScale: 'log',
    yScale: 'log',
    series,
    markers: levels.steps.map((s) => ({
      x: Math.sqrt(s.fromBytes * s.toBytes) / 1024,
      label: stepLabel(t, s.label),
    })),
    caption: t('panel.memres.latencyCaption'),
  };
}

function cliffChart(t: Translate, result: MemoryLiveResult, memoryBytes: number): LineChartData {
  return {
    kind: 'line',
    id: 'memory-live-model-cliff',
    title: t('panel.memres.cliff'),
    xLabel: t('panel.memres.workingSet'),
    xUnit: 'KB',
    yLabel: t('panel.memres.missRate'),
    yUnit: '%',
    xScale: 'log',
    series: [
      { name: 'LRU', points: result.model.map((p) => ({ x: p.bytes / 1024, y: p.lruPct })) },
      { name: 'RAND', points: result.model.map((p) => ({ x: p.bytes / 1024, y: p.randPct })) },
    ],
    markers: [
      {
        x: memoryBytes / 1024,
        label: t('panel.memres.memory', { size: formatBytes(memoryBytes) }),
      },
    ],
    caption: t('panel.memres.cliffCaption'),
  };
}
