import type { ChartData, LineChartData } from '../types';
import type { PageReplacementParams } from './params';
import { CLASSIC_STRINGS } from './refs';
import { densePages, nextUses } from './dense';
import { lruMissCurve } from './miss-curve';
import { POLICIES, simulatePolicy, type PolicyResult } from './simulate';
import { elapsedMs, referencePages } from './tables';

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

export function pageReplacementCharts(p: PageReplacementParams): ChartData[] {
  const dense = densePages(referencePages(p));
  const n = dense.refs.length;
  const next = nextUses(dense.refs);
  const xs = frameSteps(dense.ids.length, p.frames);
  // LRU at every size in one pass (stack distances); the others one run per sampled size.
  const lruMisses = lruMissCurve(dense.refs);
  const sweep: PolicyResult[][] = xs.map((f) =>
    POLICIES.map((policy) => {
      if (policy !== 'LRU') return simulatePolicy(policy, dense.refs, f, { seed: p.seed, next });
      const misses = lruMisses(f);
      return { policy, hits: n - misses, misses };
    }),
  );
  const marker = [{ x: p.frames, label: `now: ${p.frames} frames` }];
  const series = (y: (r: PolicyResult) => number) =>
    POLICIES.map((policy, k) => ({
      name: policy,
      dashed: policy === 'OPT',
      points: xs.map((x, i) => ({ x, y: y(sweep[i]![k]!) })),
    }));

  const cliff: LineChartData = {
    kind: 'line',
    id: 'cliff',
    title: 'Miss rate vs memory size: the cliff',
    xLabel: 'Memory',
    xUnit: 'frames',
    yLabel: 'Miss rate',
    yUnit: '%',
    xScale: 'linear',
    series: series((r) => (n ? (100 * r.misses) / n : 0)),
    markers: [...marker, { x: dense.ids.length, label: `all ${dense.ids.length} pages fit` }],
    caption:
      'Where the working set stops fitting, the miss rate jumps. A loop one page larger than memory makes LRU, FIFO and CLOCK miss on every reference; OPT (dashed) is the floor no policy can beat.',
  };

  const elapsed: LineChartData = {
    kind: 'line',
    id: 'elapsed',
    title: `Elapsed time vs memory size (${p.discReadMs} ms disc read per miss)`,
    xLabel: 'Memory',
    xUnit: 'frames',
    yLabel: 'Elapsed',
    yUnit: 'ms',
    xScale: 'linear',
    series: series((r) => elapsedMs(p, n, r.misses)),
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
  return [cliff, anomaly, elapsed];
}
