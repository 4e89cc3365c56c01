import type { RegimeMap } from '../compare/regimeMap';
import { formatValue, withUnit } from '../format';

/**
 * The regime map in words (RegimeMapPlot.tsx): what a cell holds, and the whole map's summary
 * for a screen reader — who wins where, or the range of the values and where they lie.
 */

/** What a cell shows: the winner's name, or the option's value with its unit. */
export function cellText(
  map: RegimeMap,
  labels: readonly string[],
  show: 'wins' | number,
  cell: RegimeMap['cells'][number][number],
): string {
  if (show === 'wins') {
    if (cell.tied) return `tie: ${cell.tied.map((o) => optionName(map, labels, o)).join(', ')}`;
    const k = cell.best === null ? -1 : map.options.indexOf(cell.best);
    return k < 0 ? 'no value' : (labels[k] ?? cell.best!);
  }
  const v = cell.values[show];
  return v === null || v === undefined ? 'no value' : withUnit(formatValue(v), map.unit);
}

const optionName = (map: RegimeMap, labels: readonly string[], option: string) =>
  labels[map.options.indexOf(option)] ?? option;

/** What "tie" means on this map: within its tie %, or within the spread over its seeds. */
export function tieWords(map: RegimeMap): string {
  const noise =
    map.seeds.length > 1 ? `, or within the run-to-run spread over ${map.seeds.length} seeds` : '';
  return `within ${map.tiePct} %${noise}`;
}

/** Cells where no option wins: its leaders tie. */
export function tieCount(map: RegimeMap): number {
  return map.cells.flat().filter((c) => c.tied).length;
}

/**
 * A cell read out (hover or keyboard focus): where it is, each option's value with its unit,
 * and who wins or which tie.
 */
export function cellReadout(
  map: RegimeMap,
  labels: readonly string[],
  i: number,
  j: number,
): string {
  const c = map.cells[j]?.[i];
  if (!c) return '';
  const where = at(map, { x: map.x.values[i]!, y: map.y.values[j]! });
  const values = map.options
    .map(
      (_, k) =>
        `${labels[k] ?? map.options[k]} ${c.values[k] === null ? 'no value' : withUnit(formatValue(c.values[k]), map.unit)}${c.spread?.[k] ? ` (±${formatValue(c.spread[k]! / 2)} over seeds)` : ''}`,
    )
    .join('; ');
  const verdict = c.tied
    ? `tie (${tieWords(map)}): ${c.tied.map((o) => optionName(map, labels, o)).join(', ')}`
    : c.best
      ? `${optionName(map, labels, c.best)} wins (${map.better} ${map.columnLabel})`
      : '';
  return map.options.length > 1 && verdict
    ? `${where}: ${values}. ${verdict}.`
    : `${where}: ${values}.`;
}

const at = (map: RegimeMap, p: { x: number; y: number }) =>
  `${map.x.label} ${withUnit(formatValue(p.x), map.x.unit)}, ${map.y.label} ${withUnit(formatValue(p.y), map.y.unit)}`;

/** The cell nearest a point (in the axes' own spacing: log or linear). */
export function nearestCell(map: RegimeMap, p: { x: number; y: number }): [number, number] {
  const near = (axis: RegimeMap['x'], v: number) => {
    const t = axis.scale === 'log' && v > 0 ? Math.log : (u: number) => u;
    let best = 0;
    axis.values.forEach((u, i) => {
      if (Math.abs(t(u) - t(v)) < Math.abs(t(axis.values[best]!) - t(v))) best = i;
    });
    return best;
  };
  return [near(map.x, p.x), near(map.y, p.y)];
}

/** Counts of cells each option wins, in the map's option order. */
export function winCounts(map: RegimeMap): number[] {
  const counts = map.options.map(() => 0);
  for (const row of map.cells)
    for (const c of row) {
      const k = c.best === null ? -1 : map.options.indexOf(c.best);
      if (k >= 0) counts[k]!++;
    }
  return counts;
}

/** The map's summary: its axes and ranges, what it shows, and what holds at the two marks. */
export function mapSummary(
  map: RegimeMap,
  labels: readonly string[],
  show: 'wins' | number,
  now: { x: number; y: number },
): string {
  const range = (a: RegimeMap['x']) =>
    `${a.label} from ${withUnit(formatValue(a.values[0]!), a.unit)} to ${withUnit(formatValue(a.values.at(-1)!), a.unit)}${a.scale === 'log' ? ' (log scale)' : ''}`;
  const cells = map.x.values.length * map.y.values.length;
  const head = `Regime map over ${range(map.x)} and ${range(map.y)}, ${cells} cells`;
  const there = (p: { x: number; y: number }) => {
    const [i, j] = nearestCell(map, p);
    return cellText(map, labels, show, map.cells[j]![i]!);
  };
  const marks = `The paper's experiment (${at(map, map.paper)}): ${there(map.paper)}. This scenario (${at(map, now)}): ${there(now)}.`;
  if (show === 'wins') {
    const counts = winCounts(map);
    const who = labels
      .map((l, k) => `${l} in ${counts[k]} of ${cells}`)
      .filter((_, k) => counts[k]! > 0)
      .join(', ');
    const ties = tieCount(map);
    const tied = ties > 0 ? ` Ties (${tieWords(map)}): ${ties} of ${cells}.` : '';
    const left = map.excluded.length
      ? ` ${map.excluded.join(', ')} (optimal by definition) left out.`
      : '';
    return `${head}: which is best on ${map.columnLabel} (${map.better} is better). Wins: ${who || 'none'}.${tied}${left} ${marks}`;
  }
  const vs = map.cells.flat().flatMap((c) => c.values[show] ?? []);
  const lo = vs.length ? Math.min(...vs) : NaN;
  const hi = vs.length ? Math.max(...vs) : NaN;
  return `${head}: ${map.columnLabel} of ${labels[show] ?? ''}, from ${withUnit(formatValue(lo), map.unit)} to ${withUnit(formatValue(hi), map.unit)}. ${marks}`;
}
