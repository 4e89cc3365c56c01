import type { RegimeMap } from '../compare/regimeMap';
import { formatValue, withUnit } from '../format';
import type { Translate } from '../i18n/LangContext';
import { ENGLISH } from './chartText';

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
  t: Translate = ENGLISH,
): string {
  if (show === 'wins') {
    if (cell.tied)
      return t('chart.regime.tie', {
        names: cell.tied.map((o) => optionName(map, labels, o)).join(', '),
      });
    const k = cell.best === null ? -1 : map.options.indexOf(cell.best);
    return k < 0 ? t('chart.regime.noValue') : (labels[k] ?? cell.best!);
  }
  const v = cell.values[show];
  return v === null || v === undefined
    ? t('chart.regime.noValue')
    : withUnit(formatValue(v), map.unit);
}

const optionName = (map: RegimeMap, labels: readonly string[], option: string) =>
  labels[map.options.indexOf(option)] ?? option;

/** What "tie" means on this map: within its tie %, or within the spread over its seeds. */
export function tieWords(map: RegimeMap, t: Translate = ENGLISH): string {
  return t('chart.regime.tieWords', {
    pct: formatValue(map.tiePct),
    seeds: map.seeds.length > 1 ? String(map.seeds.length) : 'none',
  });
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
  t: Translate = ENGLISH,
): string {
  const c = map.cells[j]?.[i];
  if (!c) return '';
  const where = at(map, { x: map.x.values[i]!, y: map.y.values[j]! });
  const values = map.options
    .map(
      (_, k) =>
        `${labels[k] ?? map.options[k]} ${c.values[k] === null ? t('chart.regime.noValue') : withUnit(formatValue(c.values[k]), map.unit)}${c.spread?.[k] ? t('chart.regime.spread', { value: formatValue(c.spread[k]! / 2) }) : ''}`,
    )
    .join('; ');
  const verdict = c.tied
    ? t('chart.regime.tieVerdict', {
        tie: tieWords(map, t),
        names: c.tied.map((o) => optionName(map, labels, o)).join(', '),
      })
    : c.best
      ? t('chart.regime.wins', {
          name: optionName(map, labels, c.best),
          better: map.better,
          column: map.columnLabel,
        })
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
  t: Translate = ENGLISH,
): string {
  const range = (a: RegimeMap['x']) =>
    t('chart.regime.range', {
      label: a.label,
      lo: withUnit(formatValue(a.values[0]!), a.unit),
      hi: withUnit(formatValue(a.values.at(-1)!), a.unit),
      log: String(a.scale === 'log'),
    });
  const cells = map.x.values.length * map.y.values.length;
  const head = t('chart.regime.head', { x: range(map.x), y: range(map.y), cells });
  const there = (p: { x: number; y: number }) => {
    const [i, j] = nearestCell(map, p);
    return cellText(map, labels, show, map.cells[j]![i]!, t);
  };
  const marks = t('chart.regime.marks', {
    paperAt: at(map, map.paper),
    paper: there(map.paper),
    nowAt: at(map, now),
    now: there(now),
  });
  if (show === 'wins') {
    const counts = winCounts(map);
    const who = labels
      .map((l, k) => t('chart.regime.winsIn', { label: l, count: counts[k] ?? 0, cells }))
      .filter((_, k) => counts[k]! > 0)
      .join(', ');
    const ties = tieCount(map);
    const tied = ties > 0 ? t('chart.regime.ties', { tie: tieWords(map, t), ties, cells }) : '';
    const left = map.excluded.length
      ? t('chart.regime.leftOut', { names: map.excluded.join(', ') })
      : '';
    return t('chart.regime.winsSummary', {
      head,
      column: map.columnLabel,
      better: map.better,
      who: who || t('chart.regime.none'),
      tied,
      left,
      marks,
    });
  }
  const vs = map.cells.flat().flatMap((c) => c.values[show] ?? []);
  const lo = vs.length ? Math.min(...vs) : NaN;
  const hi = vs.length ? Math.max(...vs) : NaN;
  return t('chart.regime.valuesSummary', {
    head,
    column: map.columnLabel,
    option: labels[show] ?? '',
    lo: withUnit(formatValue(lo), map.unit),
    hi: withUnit(formatValue(hi), map.unit),
    marks,
  });
}
