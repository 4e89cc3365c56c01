import type { ColumnSpec } from '../../models/types';
import { formatError, formatErrorPct, formatPct, formatValue, withUnit } from '../../format';
import { headlineColumn } from '../../compare/knobSweep';
import type { ComparedTable } from '../../compare/types';
import type { Translate } from '../../i18n/LangContext';
import { ENGLISH } from './exploreText';

/**
 * "What changed and why": the headline cells before and after a change of the scenario, and
 * the mechanism's reason in its own numbers — where the time now goes (the share of elapsed
 * not spent on the CPU, when the table has both), and the internal quantities (disc requests,
 * page faults, crossings, pages searched…) that moved most. Pure: the page keeps the tables
 * of the scenario before the change and hands both here.
 */

export interface CellChange {
  row: string;
  before: number;
  after: number;
  /** (after − before) / before × 100; null when before is 0. */
  pct: number | null;
}

export interface ChangeStory {
  table: string;
  column: ColumnSpec;
  cells: CellChange[];
  /** Sentences, each from the model's own numbers. */
  reasons: string[];
}

/** A change smaller than this (per cent) is "no change" in the story. */
export const STEADY_PCT = 0.5;
/** At most this many internal quantities are named as the reason. */
const MAX_MOVERS = 2;

const finite = (v: number | null | undefined): v is number =>
  v !== null && v !== undefined && Number.isFinite(v);

export const changePct = (before: number, after: number): number | null =>
  before === 0 ? (after === 0 ? 0 : null) : ((after - before) / Math.abs(before)) * 100;

/**
 * `28.1 → 29.3 s (+4.3 %)`, or `28.1 s, unchanged`. A percentage moves by percentage points:
 * `4 → 11.6 % (+7.6 pp)`, never by a percent of itself.
 */
export function describeCell(c: CellChange, unit: string, t: Translate = ENGLISH): string {
  if (c.pct !== null && Math.abs(c.pct) < STEADY_PCT)
    return t('explore.story.unchanged', { value: withUnit(formatValue(c.after), unit) });
  const pct =
    unit === '%'
      ? ` (${formatError(c.after - c.before, 'pp')})`
      : c.pct === null
        ? ''
        : ` (${formatErrorPct(c.pct)})`;
  return `${formatValue(c.before)} → ${withUnit(formatValue(c.after), unit)}${pct}`;
}

function cellChanges(before: ComparedTable, after: ComparedTable, key: string): CellChange[] {
  return after.rows.flatMap((r) => {
    const b = before.rows.find((x) => x.label === r.label)?.model[key];
    const a = r.model[key];
    return finite(a) && finite(b)
      ? [{ row: r.label, before: b, after: a, pct: changePct(b, a) }]
      : [];
  });
}

/** Where the time goes: elapsed not spent on the CPU, before and after, for one row. */
function waitReason(
  tr: Translate,
  before: ComparedTable,
  after: ComparedTable,
  row: string,
): string | null {
  const cpu = after.columns.find((c) => /^cpu/i.test(c.key));
  const elapsed = after.columns.find((c) => /^elapsed/i.test(c.key));
  if (!cpu || !elapsed) return null;
  const share = (t: ComparedTable) => {
    const r = t.rows.find((x) => x.label === row);
    const e = r?.model[elapsed.key];
    const c = r?.model[cpu.key];
    return finite(e) && finite(c) && e > 0 ? Math.max(0, Math.min(1, 1 - c / e)) : null;
  };
  const b = share(before);
  const a = share(after);
  if (b === null || a === null || Math.abs(a - b) < 0.01) return null;
  const bound =
    a >= 0.5 && b < 0.5 ? 'waits' : a < 0.5 && b >= 0.5 ? 'computes' : a < 0.05 ? 'cpu' : 'none';
  return tr('explore.story.wait', {
    row,
    before: formatPct(b * 100),
    after: formatPct(a * 100),
    bound,
  });
}

/**
 * The model's internal quantities that moved most, preferring the changed row's own: by
 * `minPct` or more (1 %), or by any amount (`minPct` 0).
 */
function movers(
  before: ComparedTable[],
  after: ComparedTable[],
  row: string,
  minPct = 1,
): string[] {
  const found: { text: string; size: number; own: boolean; whole: boolean }[] = [];
  for (const t of after) {
    if (!t.modelOnly) continue;
    const was = before.find((x) => x.id === t.id);
    if (!was) continue;
    for (const r of t.rows)
      for (const c of t.columns) {
        const a = r.model[c.key];
        const b = was.rows.find((x) => x.label === r.label)?.model[c.key];
        if (!finite(a) || !finite(b) || a === b) continue;
        const pct = changePct(b, a);
        if (pct !== null && Math.abs(pct) < minPct) continue;
        const size = b !== 0 && a !== 0 && a / b > 0 ? Math.abs(Math.log(a / b)) : Infinity;
        const where = t.rows.length > 1 ? `, ${r.label}` : '';
        found.push({
          text: `${c.label}${where}: ${formatValue(b)} → ${withUnit(formatValue(a), c.unit)}`,
          size,
          own: r.label === row,
          // A table of a few rows is the run as a whole (makespan, throughput), not one job.
          whole: t.rows.length <= 3,
        });
      }
  }
  found.sort(
    (x, y) => Number(y.own) - Number(x.own) || Number(y.whole) - Number(x.whole) || y.size - x.size,
  );
  return found.slice(0, MAX_MOVERS).map((f) => f.text);
}

/** The other columns of the headline table that moved in `row`: "CPU time: 1,694 → 3,388 ms". */
function rowMoves(
  before: ComparedTable,
  after: ComparedTable,
  row: string,
  skip: string,
): string[] {
  const r = after.rows.find((x) => x.label === row);
  const was = before.rows.find((x) => x.label === row);
  if (!r || !was) return [];
  return after.columns.flatMap((c) => {
    const a = r.model[c.key];
    const b = was.model[c.key];
    if (c.key === skip || !finite(a) || !finite(b)) return [];
    const pct = changePct(b, a);
    if (pct !== null && Math.abs(pct) < STEADY_PCT) return [];
    return [`${c.label}, ${row}: ${formatValue(b)} → ${withUnit(formatValue(a), c.unit)}`];
  });
}

/** The counts the model keeps for `row` (its own output tables), as they stand: none moved. */
function steadyCounts(after: ComparedTable[], row: string): string[] {
  const out: string[] = [];
  for (const t of after) {
    if (!t.modelOnly) continue;
    const r = t.rows.find((x) => x.label === row) ?? (t.rows.length === 1 ? t.rows[0] : undefined);
    if (!r) continue;
    for (const c of t.columns) {
      const v = r.model[c.key];
      if (finite(v) && out.length < MAX_MOVERS)
        out.push(`${c.label} ${withUnit(formatValue(v), c.unit)}`);
    }
  }
  return out;
}

/**
 * The story of a change, or null when the two scenarios' headline tables cannot be joined
 * (another model, no tables). `knobs` names what was moved ("Prefetch distance 4 → 128
 * records", ChangeSummary's knobChanges): when nothing the model counts moved, the story says
 * that knob changed the cost of each step, or that it does not act on this experiment.
 */
export function changeStory(
  before: ComparedTable[],
  after: ComparedTable[],
  knobs = '',
  tr: Translate = ENGLISH,
): ChangeStory | null {
  const head = after.find((t) => !t.modelOnly) ?? after[0];
  const was = head && before.find((t) => t.id === head.id);
  if (!head || !was) return null;
  const key = headlineColumn(head);
  const column = head.columns.find((c) => c.key === key);
  if (!column) return null;
  const cells = cellChanges(was, head, key);
  const moved = cells.filter((c) => c.pct === null || Math.abs(c.pct) >= STEADY_PCT);
  const biggest = moved.reduce<CellChange | null>(
    (m, c) => (!m || Math.abs(c.pct ?? Infinity) > Math.abs(m.pct ?? Infinity) ? c : m),
    null,
  );
  const reasons: string[] = [];
  const knob = knobs || tr('explore.story.theChange');
  const ONE_PCT = `${formatValue(1)} %`;
  if (biggest) {
    const wait = waitReason(tr, was, head, biggest.row);
    if (wait) reasons.push(wait);
    const inside = movers(before, after, biggest.row);
    const small = inside.length > 0 ? [] : movers(before, after, biggest.row, 0);
    if (inside.length > 0) reasons.push(tr('explore.story.inside', { list: inside.join('; ') }));
    else if (small.length > 0)
      reasons.push(tr('explore.story.insideSmall', { list: small.join('; '), one: ONE_PCT }));
    else if (!wait) {
      // Nothing the model counts moved: the same steps, each costing more or less.
      const also = rowMoves(was, head, biggest.row, key);
      if (also.length > 0)
        reasons.push(tr('explore.story.also', { list: also.slice(0, MAX_MOVERS).join('; ') }));
      const counts = steadyCounts(after, biggest.row);
      reasons.push(
        tr('explore.story.noCount', {
          counts: counts.length > 0 ? ` (${counts.join(', ')})` : '',
          knob,
        }),
      );
    }
  } else {
    const small = movers(before, after, '', 0);
    if (small.length > 0)
      reasons.push(
        tr('explore.story.noneMovedInside', { list: small.join('; '), half: formatPct(0.5) }),
      );
    else if (knobs) reasons.push(tr('explore.story.doesNotAct', { knobs, half: formatPct(0.5) }));
    else reasons.push(tr('explore.story.noneMoved', { half: formatPct(0.5) }));
  }
  return { table: head.title, column, cells, reasons };
}
