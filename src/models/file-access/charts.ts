import type { ChartData, LineChartData, TimelineChartData } from '../types';
import type { FileAccessParams } from './params';
import { simulateFileAccess, type RunSpec } from './simulate';
import { rowWithIntervals } from './tables';

const PREFETCH_ROWS: { name: string; spec: RunSpec }[] = [
  { name: 'Memory Mapped & FreadSeek', spec: { method: 'mapped', freadseek: true } },
  { name: 'FreadDir & FreadSeek', spec: { method: 'freaddir', freadseek: true } },
  { name: 'Fread & FreadSeek', spec: { method: 'fread', freadseek: true } },
];
const BASELINES: { name: string; spec: RunSpec }[] = [
  { name: 'Memory Mapped (no prefetch)', spec: { method: 'mapped', freadseek: false } },
  { name: 'FreadDir (no prefetch)', spec: { method: 'freaddir', freadseek: false } },
];

export const DISTANCE_STEPS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];
export const SIZE_STEPS = [1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 96, 128];

/** Points at the given steps plus the scenario's own value, so the marker sits on the curve. */
function withCurrent(steps: number[], current: number, min: number): number[] {
  return [...new Set([...steps, Math.max(min, current)])].sort((a, b) => a - b);
}

function sweep(
  params: FileAccessParams,
  key: 'prefetchDistanceRecords' | 'prefetchPages',
  xs: number[],
  id: string,
  title: string,
  xLabel: string,
  xUnit: string,
  extraCaption = '',
): LineChartData {
  const series: LineChartData['series'] = PREFETCH_ROWS.map(({ name, spec }, i) => {
    if (i > 0)
      return {
        name,
        points: xs.map((x) => ({
          x,
          y: simulateFileAccess({ ...params, [key]: x }, spec).elapsedMs,
        })),
      };
    // The Postscript's headline run carries its prediction interval along the sweep (the
    // file-system runs would cost the chart worker ten times more for a band each). A
    // FREADSEEK run is the mean of 8 alignments (simulate.ts) and an interval 25 of those, so
    // the band is drawn through every third step, the last and the scenario's own value.
    const current = params[key];
    const banded = xs.filter((x, j) => j % 3 === 0 || j === xs.length - 1 || x === current);
    const rows = banded.map((x) =>
      rowWithIntervals({ ...params, [key]: x }, { label: name, ...spec }),
    );
    return {
      name,
      points: xs.map((x) => {
        const j = banded.indexOf(x);
        const y =
          j >= 0
            ? rows[j]!.values.elapsed_ms!
            : simulateFileAccess({ ...params, [key]: x }, spec).elapsedMs;
        return { x, y };
      }),
      band: rows.map((r, j) => ({
        x: banded[j]!,
        lo: r.intervals!.elapsed_ms![0],
        hi: r.intervals!.elapsed_ms![1],
      })),
    };
  });
  for (const { name, spec } of BASELINES) {
    const r = rowWithIntervals(params, { label: name, ...spec });
    const ends = [xs[0]!, xs[xs.length - 1]!];
    const [lo, hi] = r.intervals!.elapsed_ms!;
    series.push({
      name,
      dashed: true,
      points: ends.map((x) => ({ x, y: r.values.elapsed_ms! })),
      band: ends.map((x) => ({ x, lo, hi })),
    });
  }
  return {
    kind: 'line',
    id,
    title,
    xLabel,
    xUnit,
    yLabel: 'Elapsed',
    yUnit: 'ms',
    xScale: 'log',
    series,
    markers: [{ x: params[key], label: `now: ${params[key]}` }],
    caption:
      'Dashed lines read without FREADSEEK. Shaded: 95 % prediction intervals from the fit (transfer time per page, pinned only by the era’s disc rates, is most of the width). ' +
      'Where a prefetch curve lies above its dashed line, ' +
      'prefetching costs more than it saves: too late, too little, or so early it queues ahead of the data needed now.' +
      extraCaption,
  };
}

function timeline(params: FileAccessParams, horizonMs: number): TimelineChartData {
  const runs: { name: string; spec: RunSpec }[] = [
    { name: 'Memory Mapped', spec: { method: 'mapped', freadseek: false } },
    PREFETCH_ROWS[0]!,
    { name: 'FreadDir', spec: { method: 'freaddir', freadseek: false } },
    PREFETCH_ROWS[1]!,
  ];
  const lanes: TimelineChartData['lanes'] = [];
  for (const { name, spec } of runs) {
    const r = simulateFileAccess(params, spec, { timelineMs: horizonMs });
    lanes.push({ name: `${name}: reader`, segments: r.timeline?.cpu ?? [] });
    lanes.push({ name: `${name}: disc`, segments: r.timeline?.disc ?? [] });
  }
  return {
    kind: 'timeline',
    id: 'timeline',
    title: `The first ${horizonMs} ms: reader CPU, stalls and disc requests`,
    unit: 'ms',
    lanes,
    caption:
      'Reader lane: CPU work (filled) and stalls waiting for the disc (hatched). Disc lane: each request from start to finish; requests queue in order.',
  };
}

/** Each chart on its own (two sweeps and a timeline), which a pool of workers runs at once. */
export const FILE_ACCESS_CHART_PARTS: readonly ((params: FileAccessParams) => ChartData[])[] = [
  (params) => [
    sweep(
      params,
      'prefetchDistanceRecords',
      withCurrent(DISTANCE_STEPS, params.prefetchDistanceRecords, 1),
      'sweep-distance',
      `Elapsed vs prefetch distance (prefetch size ${params.prefetchPages} pages)`,
      'Prefetch distance',
      'records',
    ),
  ],
  (params) => [
    sweep(
      params,
      'prefetchPages',
      withCurrent(SIZE_STEPS, params.prefetchPages, 1),
      'sweep-size',
      `Elapsed vs prefetch size (distance ${params.prefetchDistanceRecords} records)`,
      'Prefetch size',
      'pages',
      ` FREADSEEK names a record, not an amount: each call brings in ${params.seekCallPages} pages, so a size is rounded up to whole calls, and a call does nothing when its page is already in memory or on its way. ` +
        `With a prefetch point every ${params.seekEveryRecords} records, sizes that do not cover the distance between points leave gaps nobody asked for: mapped access faults those in one page at a time (the saw-tooth).`,
    ),
  ],
  (params) => [timeline(params, 400)],
];

export function fileAccessCharts(params: FileAccessParams): ChartData[] {
  return FILE_ACCESS_CHART_PARTS.flatMap((part) => part(params));
}
