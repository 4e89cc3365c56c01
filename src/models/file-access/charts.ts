import { joinChartSlices } from '../define';
import type { ChartData, ChartOptions, LineChartData, TimelineChartData } from '../types';
import type { FileAccessParams } from './params';
import {
  logicalPageCount,
  PHASES,
  readAheadRulesOf,
  simulateFileAccess,
  simulateTimeline,
  type RunSpec,
} from './simulate';
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

/**
 * Each sweep is computed in this many slices (chart parts, joined by `joinChartSlices`): slice
 * j evaluates the sweep's x values j, j + SWEEP_SLICES, …, so a worker task is two or three
 * points and a stale sweep is cancelled between them (src/state/workerPool.ts).
 */
export const SWEEP_SLICES = 6;

/**
 * The drag preview's budget for one run: steps (pages + FREADSEEK calls, as work.ts counts
 * them) over its alignments and the file system's readings. A FREADSEEK run is the mean of
 * PHASES alignments (simulate.ts); the preview takes the largest power of two of them (a subset
 * of the full chart's, evenly spread) that fits the budget, at least one. The Postscript's
 * prefetch every 384 records keeps 8 (mapped) or 4 (the file system's two readings); SL's
 * prefetch every 4 records gets 2 (mapped) or 1.
 * Chosen for speed (a few ms a run in the chart worker), not fitted; the preview's distance
 * from the full line is checked in tests/unit/file-access-preview.test.ts.
 */
export const PREVIEW_STEPS_PER_RUN = 60_000;

/** How many alignments the drag preview averages a run over (PREVIEW_STEPS_PER_RUN). */
export function previewAlignments(params: FileAccessParams, spec: RunSpec): number {
  if (!spec.freadseek) return 1;
  const pages = logicalPageCount(params.records, params.recordBytes, params.logicalPageBytes);
  const callsPerPoint = Math.max(
    1,
    Math.ceil(params.prefetchPages / Math.max(1, params.seekCallPages)),
  );
  const calls = Math.ceil(params.records / Math.max(1, params.seekEveryRecords)) * callsPerPoint;
  const fit = PREVIEW_STEPS_PER_RUN / ((pages + calls) * readAheadRulesOf(spec).length);
  let k = 1;
  while (k * 2 <= Math.min(fit, PHASES)) k *= 2;
  return k;
}

/**
 * Elapsed time of one run, remembered by everything it reads (the parameters, the run, the
 * alignments): during a drag of one knob, its own sweep's points at the fixed steps repeat
 * from step to step, and only the scenario's own value is new. The most recent POINTS_SIZE
 * are kept (a chart worker's memory: a few hundred numbers).
 */
const POINTS = new Map<string, number>();
const POINTS_SIZE = 512;

export function elapsedAt(params: FileAccessParams, spec: RunSpec, alignments = PHASES): number {
  const key = JSON.stringify([spec.method, spec.freadseek, alignments, params]);
  let y = POINTS.get(key);
  if (y === undefined) y = simulateFileAccess(params, spec, { alignments }).elapsedMs;
  else POINTS.delete(key); // re-inserted below: most recently used last
  POINTS.set(key, y);
  if (POINTS.size > POINTS_SIZE) POINTS.delete(POINTS.keys().next().value!);
  return y;
}

/** Points at the given steps plus the scenario's own value, so the marker sits on the curve. */
function withCurrent(steps: number[], current: number, min: number): number[] {
  return [...new Set([...steps, Math.max(min, current)])].sort((a, b) => a - b);
}

interface SweepSpec {
  key: 'prefetchDistanceRecords' | 'prefetchPages';
  xs: number[];
  id: string;
  title: string;
  xLabel: string;
  xUnit: string;
  extraCaption?: string;
}

const CAPTION =
  'Dashed lines read without FREADSEEK. Shaded: 95 % prediction intervals from the fit (transfer time per page, pinned only by the era’s disc rates, is most of the width). ' +
  'Where a prefetch curve lies above its dashed line, ' +
  'prefetching costs more than it saves: too late, too little, or so early it queues ahead of the data needed now.';

function previewCaption(params: FileAccessParams, sweep: SweepSpec): string {
  const fewest = Math.min(
    ...sweep.xs.flatMap((x) =>
      PREFETCH_ROWS.map(({ spec }) => previewAlignments({ ...params, [sweep.key]: x }, spec)),
    ),
  );
  return fewest >= PHASES
    ? 'Drag preview: the lines as the full chart draws them, without the intervals, which follow when the knob is let go. '
    : `Drag preview: each FREADSEEK run averaged over ${fewest} of its ${PHASES} alignments, without intervals; the full chart follows when the knob is let go. `;
}

/**
 * Slice `slice` of `sweep` (the x values j ≡ slice mod SWEEP_SLICES; the dashed baselines in
 * slice 0); `null`: all of it. A preview has no bands and runs fewer alignments
 * (previewAlignments); the full chart's headline row carries its prediction interval.
 */
function sweepSlice(
  params: FileAccessParams,
  sweep: SweepSpec,
  slice: number | null,
  preview: boolean,
): LineChartData {
  const { key, xs } = sweep;
  const here = slice === null ? xs : xs.filter((_, j) => j % SWEEP_SLICES === slice);
  const at = (x: number) => ({ ...params, [key]: x });
  const series: LineChartData['series'] = PREFETCH_ROWS.map(({ name, spec }, i) => {
    if (i > 0 || preview)
      return {
        name,
        points: here.map((x) => ({
          x,
          y: elapsedAt(at(x), spec, preview ? previewAlignments(at(x), spec) : PHASES),
        })),
      };
    // The Postscript's headline run carries its prediction interval along the sweep (the
    // file-system runs would cost the chart worker ten times more for a band each). A
    // FREADSEEK run is the mean of 8 alignments (simulate.ts) and an interval 25 of those, so
    // the band is drawn through every third step, the last and the scenario's own value.
    const current = params[key];
    const banded = new Set(
      xs.filter((x, j) => j % 3 === 0 || j === xs.length - 1 || x === current),
    );
    const rows = new Map(
      here
        .filter((x) => banded.has(x))
        .map((x) => [x, rowWithIntervals(at(x), { label: name, ...spec })] as const),
    );
    return {
      name,
      points: here.map((x) => ({
        x,
        y: rows.get(x)?.values.elapsed_ms ?? elapsedAt(at(x), spec),
      })),
      band: [...rows].map(([x, r]) => ({
        x,
        lo: r.intervals!.elapsed_ms![0],
        hi: r.intervals!.elapsed_ms![1],
      })),
    };
  });
  if (slice === null || slice === 0)
    for (const { name, spec } of BASELINES) {
      const ends = [xs[0]!, xs[xs.length - 1]!];
      if (preview) {
        const y = elapsedAt(params, spec);
        series.push({ name, dashed: true, points: ends.map((x) => ({ x, y })) });
        continue;
      }
      const r = rowWithIntervals(params, { label: name, ...spec });
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
    id: sweep.id,
    title: sweep.title,
    xLabel: sweep.xLabel,
    xUnit: sweep.xUnit,
    yLabel: 'Elapsed',
    yUnit: 'ms',
    xScale: 'log',
    series,
    markers: [{ x: params[key], label: `now: ${params[key]}` }],
    caption: (preview ? previewCaption(params, sweep) : '') + CAPTION + (sweep.extraCaption ?? ''),
    ...(preview ? { preview: true } : {}),
  };
}

function distanceSweep(params: FileAccessParams): SweepSpec {
  return {
    key: 'prefetchDistanceRecords',
    xs: withCurrent(DISTANCE_STEPS, params.prefetchDistanceRecords, 1),
    id: 'sweep-distance',
    title: `Elapsed vs prefetch distance (prefetch size ${params.prefetchPages} pages)`,
    xLabel: 'Prefetch distance',
    xUnit: 'records',
  };
}

function sizeSweep(params: FileAccessParams): SweepSpec {
  return {
    key: 'prefetchPages',
    xs: withCurrent(SIZE_STEPS, params.prefetchPages, 1),
    id: 'sweep-size',
    title: `Elapsed vs prefetch size (distance ${params.prefetchDistanceRecords} records)`,
    xLabel: 'Prefetch size',
    xUnit: 'pages',
    extraCaption:
      ` FREADSEEK names a record, not an amount: each call brings in ${params.seekCallPages} pages, so a size is rounded up to whole calls, and a call does nothing when its page is already in memory or on its way. ` +
      `With a prefetch point every ${params.seekEveryRecords} records, sizes that do not cover the distance between points leave gaps nobody asked for: mapped access faults those in one page at a time (the saw-tooth).`,
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
    const t = simulateTimeline(params, spec, horizonMs);
    lanes.push({ name: `${name}: reader`, segments: t?.cpu ?? [] });
    lanes.push({ name: `${name}: disc`, segments: t?.disc ?? [] });
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

const slices = (sweep: (params: FileAccessParams) => SweepSpec) =>
  Array.from(
    { length: SWEEP_SLICES },
    (_, j) =>
      (params: FileAccessParams, options?: ChartOptions): ChartData[] => [
        sweepSlice(params, sweep(params), j, options?.preview === true),
      ],
  );

/**
 * The charts in parts a pool of workers runs (and can cancel between): each sweep in
 * SWEEP_SLICES slices, then the timeline. `{ preview: true }` (during a drag): the sweeps
 * without intervals, at previewAlignments; the timeline is the same either way.
 */
export const FILE_ACCESS_CHART_PARTS: readonly ((
  params: FileAccessParams,
  options?: ChartOptions,
) => ChartData[])[] = [
  ...slices(distanceSweep),
  ...slices(sizeSweep),
  (params) => [timeline(params, 400)],
];

export function fileAccessCharts(params: FileAccessParams, options?: ChartOptions): ChartData[] {
  return joinChartSlices(FILE_ACCESS_CHART_PARTS.flatMap((part) => part(params, options)));
}

/** One sweep whole (not sliced), for tests: `preview` as the drag preview computes it. */
export function fileAccessSweep(
  params: FileAccessParams,
  which: 'distance' | 'size',
  preview: boolean,
): LineChartData {
  return sweepSlice(
    params,
    (which === 'distance' ? distanceSweep : sizeSweep)(params),
    null,
    preview,
  );
}
