import type { ChartData, LineChartData } from '../types';
import type { FileCacheParams } from './params';
import { mixedModeCost, simulateStealback } from './simulate';

const BLOCKS = [
  4096, 8192, 16_384, 32_768, 65_536, 131_072, 262_144, 524_288, 1_048_576, 4_194_304,
];

export function fileCacheCharts(p: FileCacheParams): ChartData[] {
  const xs = [...new Set([...BLOCKS, p.blockBytes])].sort((a, b) => a - b);
  const latencies = [
    { name: `disc write ${p.discWriteLatencyMs} ms (now)`, ms: p.discWriteLatencyMs },
    { name: 'disc write 8 ms (no write cache)', ms: 8 },
    { name: 'disc write 0.2 ms (fast write cache)', ms: 0.2 },
  ];
  const speedup: LineChartData = {
    kind: 'line',
    id: 'ufc-speedup-block',
    title: 'Mixed mode: 11i v3 speed-up vs block size',
    xLabel: 'Block written',
    xUnit: 'B',
    yLabel: 'Speed-up',
    yUnit: '×',
    xScale: 'log',
    series: latencies.map((l, i) => ({
      name: l.name,
      dashed: i > 0,
      points: xs.map((x) => ({
        x,
        y: mixedModeCost({ ...p, blockBytes: x, discWriteLatencyMs: l.ms }).speedup,
      })),
    })),
    markers: [{ x: p.blockBytes, label: `now: ${p.blockBytes} B` }],
    caption:
      'Small blocks: the fixed disc-write latency dwarfs a few µs of copying, so the speed-up is large. Large blocks: both versions are dominated by moving bytes, and the ratio falls toward disc bandwidth vs memory bandwidth.',
  };
  const off = simulateStealback(p, false);
  const on = simulateStealback(p, true);
  const hit: LineChartData = {
    kind: 'line',
    id: 'ufc-stealback-hit-rate',
    title: 'Working-set hit rate over time, stealback off and on',
    xLabel: 'References',
    xUnit: 'refs',
    yLabel: 'Working-set hit rate',
    yUnit: '%',
    xScale: 'linear',
    series: [
      { name: 'stealback off', points: off.windows.map((w) => ({ x: w.endStep, y: w.wsHitPct })) },
      {
        name: 'stealback on',
        dashed: true,
        points: on.windows.map((w) => ({ x: w.endStep, y: w.wsHitPct })),
      },
    ],
    caption:
      'Each point is the hit rate over the preceding window of references. Off: the scan pushes the working set out of the cache (cache wiping). On: once it holds fcache_seqlimit_file pages, the scan recycles its own.',
  };
  const resident: LineChartData = {
    kind: 'line',
    id: 'ufc-stealback-resident',
    title: 'Working-set pages in the cache over time',
    xLabel: 'References',
    xUnit: 'refs',
    yLabel: 'Working set cached',
    yUnit: 'pages',
    xScale: 'linear',
    series: [
      {
        name: 'stealback off',
        points: off.windows.map((w) => ({ x: w.endStep, y: w.wsResidentPages })),
      },
      {
        name: 'stealback on',
        dashed: true,
        points: on.windows.map((w) => ({ x: w.endStep, y: w.wsResidentPages })),
      },
    ],
  };
  return [speedup, hit, resident];
}
