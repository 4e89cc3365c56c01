/**
 * Scoring the dated blind record (src/papers/blind-record.ts) against the values the MPE/iX
 * paper printed, released on 26 Nov 2026: the counts and sentences the predictions page shows.
 */
import { median } from '../models/stats';
import type { BlindCell } from '../papers/blind';
import { BLIND_CONTEXT, BLIND_RECORD } from '../papers/blind-record';
import { MPE_IX_TABLES } from '../papers/mpe-ix';

/** A cell of the record beside the value the paper printed, released on 26 Nov 2026. */
export interface ScoredBlindCell extends BlindCell {
  measured: number;
  /** Signed error of the prediction, %. */
  errorPct: number;
  /** Signed error of the naive baseline, %. */
  baselineErrorPct: number;
  inside: boolean;
  /** The interval as it would have been without the between-experiment term. */
  withoutBetween: [number, number];
  insideWithoutBetween: boolean;
  /** The model nearer the measurement than the baseline (on the log scale). */
  closer: boolean;
}

function measuredOf(table: string, row: string, column: string): number {
  const v = MPE_IX_TABLES.find((t) => t.id === table)?.rows.find((r) => r.label === row)?.values[
    column
  ];
  if (typeof v !== 'number') throw new Error(`no released value for ${table} ${row} ${column}`);
  return v;
}

/**
 * The 95 % quantile factor the record's intervals used, recovered from a cell's upper end (an
 * upper end of CPU or elapsed is never capped): ln(hi ÷ value) ÷ √(sum of its parts²).
 */
function kOf(c: BlindCell): number {
  const p = c.parts;
  return Math.log(c.hi / c.model) / Math.hypot(p.parametersUp, p.scatter, p.between, p.modelForm);
}

/** Every cell of the record, scored against the released values. */
export function scoreBlindRecord(record: readonly BlindCell[] = BLIND_RECORD): ScoredBlindCell[] {
  const ks = record.filter((c) => c.column === 'cpu_ms').map(kOf);
  const k = median(ks);
  const scored = record.map((c): ScoredBlindCell => {
    const measured = measuredOf(c.table, c.row, c.column);
    const p = c.parts;
    const withoutBetween: [number, number] = [
      c.model * Math.exp(-k * Math.hypot(p.parametersDown, p.scatter, p.modelForm)),
      c.model * Math.exp(k * Math.hypot(p.parametersUp, p.scatter, p.modelForm)),
    ];
    return {
      ...c,
      measured,
      errorPct: (c.model / measured - 1) * 100,
      baselineErrorPct: (c.baseline / measured - 1) * 100,
      inside: measured >= c.lo && measured <= c.hi,
      withoutBetween,
      insideWithoutBetween: false,
      closer: Math.abs(Math.log(c.model / measured)) < Math.abs(Math.log(c.baseline / measured)),
    };
  });
  // As the model did then: an elapsed time's lower end is no lower than its CPU's.
  for (const c of scored) {
    const cpu = scored.find((x) => x.table === c.table && x.row === c.row && x.column === 'cpu_ms');
    if (c.column === 'elapsed_ms' && cpu)
      c.withoutBetween[0] = Math.min(c.model, Math.max(c.withoutBetween[0], cpu.withoutBetween[0]));
    c.insideWithoutBetween = c.measured >= c.withoutBetween[0] && c.measured <= c.withoutBetween[1];
  }
  return scored;
}

const TIMES = ['cpu_ms', 'elapsed_ms'];

export interface BlindSummary {
  cells: number;
  inside: number;
  cellsWithDelta: number;
  insideWithDelta: number;
  insideWithoutBetween: number;
  medianAbsErrorPct: number;
  baselineMedianAbsErrorPct: number;
  closer: number;
  medianAbsErrorPctWithDelta: number;
  baselineMedianAbsErrorPctWithDelta: number;
  closerWithDelta: number;
  nlCells: number;
  nlOver: number;
  nlElapsedErrorPct: [number, number];
  postscriptMappedElapsedErrorPct: number;
  postscriptFileSystemElapsedErrorPct: [number, number];
  /** Whether FreadDir & FreadSeek against FreadDir (elapsed) went the paper's way, per table. */
  seekDirectionAgrees: { nl: boolean; postscript: boolean };
  /** Median (hi − lo) ÷ value of the CPU and elapsed intervals, %. */
  medianWidthPct: number;
  /** Delta intervals wider than 4 × their value: how many, and the range of (hi − lo) ÷ value. */
  wideDelta: { count: number; of: number; range: [number, number] };
}

const abs = (xs: number[]) => xs.map((x) => Math.abs(x));
const range = (xs: number[]): [number, number] => [Math.min(...xs), Math.max(...xs)];
/** From the smallest magnitude to the largest. */
const byMagnitude = (xs: number[]): [number, number] => {
  const s = [...xs].sort((a, b) => Math.abs(a) - Math.abs(b));
  return [s[0]!, s[s.length - 1]!];
};

export function summarizeBlindRecord(
  scored: readonly ScoredBlindCell[] = scoreBlindRecord(),
  context = BLIND_CONTEXT,
): BlindSummary {
  const times = scored.filter((c) => TIMES.includes(c.column));
  const nl = times.filter((c) => c.table === 'mpe-nl-seq');
  const ps = times.filter((c) => c.table === 'mpe-sl-postscript' && c.column === 'elapsed_ms');
  const modelOf = (table: string, row: string) =>
    scored.find((c) => c.table === table && c.row === row && c.column === 'elapsed_ms')?.model ??
    context.find((c) => c.table === table && c.row === row && c.column === 'elapsed_ms')!.model;
  const agrees = (table: string) =>
    Math.sign(modelOf(table, 'FreadDir & FreadSeek') - modelOf(table, 'FreadDir')) ===
    Math.sign(
      measuredOf(table, 'FreadDir & FreadSeek', 'elapsed_ms') -
        measuredOf(table, 'FreadDir', 'elapsed_ms'),
    );
  const deltas = scored.filter((c) => c.column === 'delta_ms');
  const deltaWidths = deltas.map((c) => (c.hi - c.lo) / c.model).filter((w) => w > 4);
  return {
    cells: times.length,
    inside: times.filter((c) => c.inside).length,
    cellsWithDelta: scored.length,
    insideWithDelta: scored.filter((c) => c.inside).length,
    insideWithoutBetween: times.filter((c) => c.insideWithoutBetween).length,
    medianAbsErrorPct: median(abs(times.map((c) => c.errorPct))),
    baselineMedianAbsErrorPct: median(abs(times.map((c) => c.baselineErrorPct))),
    closer: times.filter((c) => c.closer).length,
    medianAbsErrorPctWithDelta: median(abs(scored.map((c) => c.errorPct))),
    baselineMedianAbsErrorPctWithDelta: median(abs(scored.map((c) => c.baselineErrorPct))),
    closerWithDelta: scored.filter((c) => c.closer).length,
    nlCells: nl.length,
    nlOver: nl.filter((c) => c.errorPct > 0).length,
    nlElapsedErrorPct: range(nl.filter((c) => c.column === 'elapsed_ms').map((c) => c.errorPct)),
    postscriptMappedElapsedErrorPct: ps.find((c) => c.row.startsWith('Memory Mapped'))!.errorPct,
    postscriptFileSystemElapsedErrorPct: byMagnitude(
      ps.filter((c) => !c.row.startsWith('Memory Mapped')).map((c) => c.errorPct),
    ),
    seekDirectionAgrees: { nl: agrees('mpe-nl-seq'), postscript: agrees('mpe-sl-postscript') },
    medianWidthPct: median(times.map((c) => ((c.hi - c.lo) / c.model) * 100)),
    wideDelta: { count: deltaWidths.length, of: deltas.length, range: range(deltaWidths) },
  };
}

const pct1 = (x: number) => x.toFixed(1);
const signed = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(Math.round(x))}`;
const spelled = [
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];
const words = (n: number) => spelled[n] ?? String(n);

/** The record's findings in plain sentences: what the predictions page and its doc say. */
export function blindSentences(s: BlindSummary = summarizeBlindRecord()): string[] {
  const compare = (a: number, b: number) =>
    a > b ? 'worse than' : a < b ? 'better than' : 'as good as';
  const way = (ok: boolean) => (ok ? 'the paper’s way' : 'the opposite way');
  return [
    `${s.inside} of ${s.cells} withheld CPU and elapsed cells fell inside their 95 % intervals (${s.insideWithDelta} of ${s.cellsWithDelta} with Delta).`,
    `Median |error| ${pct1(s.medianAbsErrorPct)} % against ${pct1(s.baselineMedianAbsErrorPct)} % for the naive baseline (“SL scaled by file size”, “prefetch changes nothing”): the model was closer on ${2 * s.closer < s.cells ? 'only ' : ''}${s.closer} of ${s.cells} cells.`,
    `With Delta the model was ${compare(s.medianAbsErrorPctWithDelta, s.baselineMedianAbsErrorPctWithDelta)} the baseline: ${pct1(s.medianAbsErrorPctWithDelta)} % against ${pct1(s.baselineMedianAbsErrorPctWithDelta)} % (closer on ${s.closerWithDelta} of ${s.cellsWithDelta}).`,
    `Without the assumed 10 % between-experiment term, ${s.insideWithoutBetween} of ${s.cells} would have been inside.`,
    `NL.PUB.SYS was over-predicted on ${s.nlOver === s.nlCells ? `all ${words(s.nlCells)}` : `${s.nlOver} of ${s.nlCells}`} cells (elapsed ${signed(s.nlElapsedErrorPct[0])} … ${signed(s.nlElapsedErrorPct[1])} %).`,
    `The Postscript’s mapped elapsed was ${signed(s.postscriptMappedElapsedErrorPct)} %, its two file-system rows’ elapsed ${signed(s.postscriptFileSystemElapsedErrorPct[0])} … ${signed(s.postscriptFileSystemElapsedErrorPct[1])} %.`,
    `FreadDir & FreadSeek against FreadDir went ${way(s.seekDirectionAgrees.nl)} on NL but ${way(s.seekDirectionAgrees.postscript)} on the Postscript.`,
    `The intervals held mostly by being wide: median width ${Math.round(s.medianWidthPct)} % of the value; ${s.wideDelta.count} of the ${s.wideDelta.of} Delta intervals were ${s.wideDelta.range[0].toFixed(1)}–${Math.round(s.wideDelta.range[1])} × their value.`,
  ];
}
