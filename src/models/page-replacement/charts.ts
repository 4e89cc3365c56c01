import type { ChartData, LineChartData } from '../types';
import { framesOf, missMsOf, type PageReplacementParams } from './params';
import { CLASSIC_STRINGS } from './refs';
import { densePages, nextUses } from './dense';
import { lruMissCurve } from './miss-curve';
import { POLICIES, simulatePolicy, type PolicyResult } from './simulate';
import { elapsedMs, formatBytes, memoryText, scenarioString } from './tables';

/** Sizes sampled for the policies other than LRU (each point is a full run). */
const SWEEP_POINTS = 24;

/** Memory sizes to sweep: every size up to 24, else 24 evenly spaced, plus the scenario's own. */
export function frameSteps(distinctPages: number, current: number): number[] {
  const top = Math.max(current, Math.ceil(distinctPages * 1.25) + 1, 4);
  const xs = new Set<number>([current]);
  if (top <= SWEEP_POINTS) for (let f = 1; f <= top; f++) xs.add(f);
  else
    for (let i = 0; i <= SWEEP_POINTS; i++)
      xs.add(Math.max(1, Math.round(1 + ((top - 1) * i) / SWEEP_POINTS)));
  return [...xs].sort((a, b) => a - b);
}

/** Page sizes the page-size chart sweeps: the knob's powers of two, and the scenario's own. */
const PAGE_SIZES = [512, 1024, 2048, 4096, 8192, 16_384, 32_768, 65_536];

/**
 * Elapsed against page size at this scenario's memory in bytes: each page size re-maps the
 * same byte-address string to pages, and gets memory ÷ page size frames and its own miss cost.
 */
function pageSizeChart(p: PageReplacementParams): LineChartData {
  const sizes = [...new Set([...PAGE_SIZES, p.pageBytes])].sort((a, b) => a - b);
  const runs = sizes.map((pageBytes) => {
    const q = { ...p, pageBytes };
    const s = scenarioString(q);
    const dense = densePages(s.pages);
    const next = nextUses(dense.refs);
    const frames = framesOf(q);
    return POLICIES.map((policy) =>
      elapsedMs(
        q,
        s.references,
        simulatePolicy(policy, dense.refs, frames, { seed: p.seed, next }).misses,
      ),
    );
  });
  return {
    kind: 'line',
    id: 'page-size',
    title: `Elapsed time vs page size in the same ${formatBytes(p.memoryKB * 1024)} of memory`,
    xLabel: 'Page size',
    xUnit: 'B',
    yLabel: 'Elapsed',
    yUnit: 'ms',
    xScale: 'log',
    yScale: 'log',
    series: POLICIES.map((policy, k) => ({
      name: policy,
      dashed: policy === 'OPT',
      points: sizes.map((x, i) => ({ x, y: runs[i]![k]! })),
    })),
    markers: [{ x: p.pageBytes, label: `now: ${formatBytes(p.pageBytes)}` }],
    caption:
      'The memory stays the same: a bigger page means fewer frames (memory ÷ page size) and a dearer miss (positioning + the page’s bytes at the disc’s rate), and it brings in neighbours of the record asked for. Where neighbours are read soon after (a loop, a scan) bigger pages miss less; where the records read are scattered (Zipf), most of each page is never used and the fewer frames miss more.',
  };
}

export function pageReplacementCharts(p: PageReplacementParams): ChartData[] {
  const s = scenarioString(p);
  const dense = densePages(s.pages);
  const n = dense.refs.length;
  const next = nextUses(dense.refs);
  const frames = framesOf(p);
  const kb = p.pageBytes / 1024;
  const xs = frameSteps(dense.ids.length, frames);
  // LRU at every size in one pass (stack distances); the others one run per sampled size.
  const lruMisses = lruMissCurve(dense.refs);
  const sweep: PolicyResult[][] = xs.map((f) =>
    POLICIES.map((policy) => {
      if (policy !== 'LRU') return simulatePolicy(policy, dense.refs, f, { seed: p.seed, next });
      const misses = lruMisses(f);
      return { policy, hits: n - misses, misses };
    }),
  );
  // The x axis is memory in KB: frames × page size, so it reads the same at any page size.
  const marker = [{ x: frames * kb, label: `now: ${memoryText(p)}` }];
  const series = (y: (r: PolicyResult) => number) =>
    POLICIES.map((policy, k) => ({
      name: policy,
      dashed: policy === 'OPT',
      points: xs.map((x, i) => ({ x: x * kb, y: y(sweep[i]![k]!) })),
    }));

  const cliff: LineChartData = {
    kind: 'line',
    id: 'cliff',
    title: 'Miss rate vs memory size: the cliff',
    xLabel: 'Memory',
    xUnit: 'KB',
    yLabel: 'Miss rate',
    yUnit: '%',
    xScale: 'linear',
    series: series((r) => (n ? (100 * r.misses) / n : 0)),
    markers: [...marker, { x: dense.ids.length * kb, label: `all ${dense.ids.length} pages fit` }],
    caption:
      'Where the working set stops fitting, the miss rate jumps. A loop one page larger than memory makes LRU, FIFO and CLOCK miss on every reference; OPT (dashed) is the floor no policy can beat.',
  };

  const elapsed: LineChartData = {
    kind: 'line',
    id: 'elapsed',
    title: `Elapsed time vs memory size (${Number(missMsOf(p).toFixed(2))} ms disc read per ${formatBytes(p.pageBytes)} miss)`,
    xLabel: 'Memory',
    xUnit: 'KB',
    yLabel: 'Elapsed',
    yUnit: 'ms',
    xScale: 'linear',
    series: series((r) => elapsedMs(p, s.references, r.misses)),
    markers: marker,
    caption:
      '“MPE/iX will suffer a very sharp drop in performance when not enough memory is available … buy memory” (Sieler, “MPE/iX and Performance: Not Incompatible”, §5): each miss costs a disc read, thousands of times a reference.',
  };

  // Belady's anomaly is a property of the classic string, whatever string the scenario uses.
  const belady = densePages(CLASSIC_STRINGS.belady);
  const bx = [1, 2, 3, 4, 5, 6, 7, 8];
  const anomaly: LineChartData = {
    kind: 'line',
    id: 'belady',
    title: 'Belady’s anomaly: 1,2,3,4,1,2,5,1,2,3,4,5',
    xLabel: 'Memory',
    xUnit: 'frames',
    yLabel: 'Misses',
    yUnit: 'misses',
    xScale: 'linear',
    series: (['FIFO', 'LRU', 'OPT'] as const).map((policy) => ({
      name: policy,
      dashed: policy !== 'FIFO',
      points: bx.map((f) => ({ x: f, y: simulatePolicy(policy, belady.refs, f).misses })),
    })),
    caption:
      'FIFO misses 9 times with 3 frames and 10 times with 4: more memory, more misses. LRU and OPT are stack algorithms (the pages held with k frames are always among those held with k + 1), so they never do this.',
  };
  return s.records ? [cliff, anomaly, elapsed, pageSizeChart(p)] : [cliff, anomaly, elapsed];
}
