import { DIRECTORY_UNCERTAINTY } from './constants';
import { propagateLinear } from '../uncertainty';
import type { ChartData, ChartOptions, LineChartData } from '../types';
import { pageCount } from './directory';
import type { DirectorySearchParams } from './params';
import { searchSavingsUs, simulateDirectorySearch, type DirectorySearchResult } from './simulate';

/** More ids than this are drawn one in every ⌈users ÷ MAX_POINTS⌉, so the chart stays light. */
export const MAX_POINTS = 600;
/** Page boundaries are marked only when there are this few pages. */
const MAX_PAGE_MARKERS = 8;

/**
 * The paper's Figures 2–5 (not in the text): search time per user id, the ids in the order
 * of the unsorted directory. The unsorted search is a line: a ramp along each page, a jump
 * at each page boundary. The same ids sorted, and with binary search, are dots.
 */
export function perUserChart(p: DirectorySearchParams, r: DirectorySearchResult): LineChartData {
  const dir = r.directory;
  const stride = Math.max(1, Math.ceil(dir.users / MAX_POINTS));
  const us = r.usPerInstruction;
  const series = (
    name: string,
    instructions: Float64Array,
    found: Uint8Array,
    dots: boolean,
  ): LineChartData['series'][number] => {
    const points = [];
    for (let k = 0; k < dir.users; k += stride) {
      const id = dir.creationOrder[k]!;
      if (found[id]) points.push({ x: k + 1, y: instructions[id]! * us });
    }
    return { name, points, dots };
  };
  const { unsortedLinear, sortedLinear, sortedBinary } = r.searches;
  const pages = pageCount(dir.unsorted);
  const markers: NonNullable<LineChartData['markers']> = [];
  if (pages > 1 && pages <= MAX_PAGE_MARKERS) {
    for (let page = 1; page < pages; page++) {
      // The first id of the page, as a position in creation order (profiles come first).
      const x = dir.unsorted.pageStart[page]! - dir.profiles + 1;
      if (x > 1) markers.push({ x, label: `page ${page + 1}` });
    }
  }
  return {
    kind: 'line',
    id: 'per-user',
    title: `Search time per user id (${dir.users.toLocaleString('en-US')} ids, in the unsorted directory’s order)`,
    xLabel: 'Place in the unsorted directory',
    xUnit: 'id',
    yLabel: 'Search time',
    yUnit: 'µs',
    xScale: 'linear',
    series: [
      series('Unsorted directory', unsortedLinear.instructions, unsortedLinear.found, false),
      series('Sorted directory', sortedLinear.instructions, sortedLinear.found, true),
      series('Binary search', sortedBinary.instructions, sortedBinary.found, true),
    ],
    markers,
    caption:
      'One point per user id, in creation order. The unsorted line rises along each page as the scan goes further down it, and every id past page 1 first scans the earlier pages in vain: their low/high ids span the alphabet. ' +
      'Sorted (dots), each id is checked against one page only, but lands at its alphabetical place in it: dots above the line are ids that got slower. Binary search is nearly flat.' +
      (stride > 1 ? ` One id in ${stride} is drawn.` : ''),
  };
}

/** Users per sweep point: 10 … 2,000 (or the scenario's), log-spaced, plus the first page boundaries. */
export function sweepUsers(p: DirectorySearchParams, perPage: number): number[] {
  const top = Math.max(2000, p.users);
  const xs = new Set<number>();
  for (let i = 0; i <= 24; i++) xs.add(Math.round(10 * (top / 10) ** (i / 24)));
  // Just before and after the first boundaries, where the saving jumps.
  for (let k = 1; k <= 3; k++) {
    const edge = k * perPage - p.profiles;
    if (edge >= 1) xs.add(edge).add(edge + 1);
  }
  xs.add(p.users);
  return [...xs].filter((x) => x >= 1 && x <= top).sort((a, b) => a - b);
}

/**
 * The savings of one scenario, remembered: a drag of the size or of another knob asks the
 * sweep's other points again at every step (a chart worker keeps them; bounded).
 */
const savingsMemo = new Map<string, Record<'sorted' | 'binary', number>>();
function savingsOf(q: DirectorySearchParams): Record<'sorted' | 'binary', number> {
  const key = JSON.stringify(q);
  let v = savingsMemo.get(key);
  if (!v) {
    const s = searchSavingsUs(q);
    v = { sorted: s.sortedSavingUs, binary: s.binarySavingUs };
    if (savingsMemo.size >= 512) savingsMemo.clear();
    savingsMemo.set(key, v);
  }
  return v;
}

/**
 * The paper surmises that “larger VM shops would enjoy a larger saving”: the saving per
 * search against the number of user ids, everything else as in the scenario. `preview` (a
 * drag's, `ChartOptions.preview`): every other size (the page boundaries and the scenario's
 * own kept), without the bands; its points are the full chart's.
 */
export function usersSweepChart(
  p: DirectorySearchParams,
  perPage: number,
  preview = false,
): LineChartData {
  const all = sweepUsers(p, perPage);
  const grid = new Set(all.filter((_, i) => i % 2 === 0 || i === all.length - 1));
  for (let k = 1; k <= 3; k++) grid.add(k * perPage - p.profiles).add(k * perPage - p.profiles + 1);
  const xs = preview ? all.filter((x) => grid.has(x) || x === p.users) : all;
  // The size is the x axis here, so only the time per instruction's uncertainty (and the
  // creation order's spread) remains: the delta method along that one key.
  const savings = xs.map((users) => {
    if (preview) return { users, values: savingsOf({ ...p, users }), intervals: null };
    const { values, intervals } = propagateLinear({ ...p, users }, DIRECTORY_UNCERTAINTY, {
      evaluate: savingsOf,
      keysRead: ['usPerInstruction'],
      step: (_, v) => 0.02 * v,
      floor: -Infinity,
    });
    return { users, values, intervals };
  });
  const chart: LineChartData = {
    kind: 'line',
    id: 'sweep-users',
    title: 'Saving per search against the size of the directory',
    xLabel: 'User ids in the directory',
    xUnit: 'ids',
    yLabel: 'Saving per search',
    yUnit: 'µs',
    xScale: 'log',
    series: [
      ...(['sorted', 'binary'] as const).map((k) => ({
        name: k === 'sorted' ? 'Sorted directory' : 'Binary search',
        points: savings.map((s) => ({ x: s.users, y: s.values[k]! })),
        ...(preview
          ? {}
          : {
              band: savings.map((s) => ({
                x: s.users,
                lo: s.intervals![k]![0]!,
                hi: s.intervals![k]![1]!,
              })),
            }),
      })),
    ],
    markers: [{ x: p.users, label: `now: ${p.users.toLocaleString('en-US')}` }],
    caption:
      'While the directory fits in one page, sorting only moves ids within it; each page added catches the ids behind it in the unsorted directory. ' +
      'Binary search saves more again, and its saving grows with the directory. Per day, multiply by the searches a day — more in a larger shop. Bands: 95 % intervals from the time per instruction the paper gives only as “comparable to” 125 ns.',
  };
  if (!preview) return chart;
  const caption = `Drag preview: every other size and no bands; the full chart follows when the knob is let go. ${chart.caption ?? ''}`;
  return { ...chart, preview: true, caption };
}

export function directorySearchCharts(
  p: DirectorySearchParams,
  r: DirectorySearchResult = simulateDirectorySearch(p),
  options: ChartOptions = {},
): ChartData[] {
  return [perUserChart(p, r), usersSweepChart(p, r.perPage, options.preview === true)];
}
