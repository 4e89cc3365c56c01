/**
 * What a scenario's tables cost, counted before they run (`WorkEstimate`): the CLI refuses a
 * link whose estimate is over its time budget rather than starting a run of many minutes.
 *
 * A run (simulate.ts) visits every logical page of the file once, and makes one FREADSEEK call
 * per prefetch group at every prefetch point; between those events it charges records in bulk.
 * So a run's steps are pages + FREADSEEK calls; a FREADSEEK row is the mean of up to 16 runs
 * (simulate.ts: alignments of its groups, and the file system's two readings). The tables make one run per row, or, with
 * intervals, 2 × (fitted constants) + 1 runs per row (uncertainty.ts, `propagate`) plus the
 * Postscript's four readings per FREADSEEK row (modelForm.ts); the inference table adds three
 * runs of fixed small files (about 11,400 pages). The time is pages and calls each at its own
 * fast rate (below). A run met again with the same parameters is remembered, and a reading's run
 * that would repeat the other's step for step is taken from it (simulate.ts): savings the
 * count leaves out, so that it stays an upper bound: it counts every run as new.
 */
import type { TablesOptions, WorkEstimate } from '../types';
import { UNCERTAINTY } from './constants';
import type { FileAccessParams } from './params';
import { logicalPageCount, phasesOf, readAheadRulesOf } from './simulate';
import { TABLE_ROWS } from './tables';

/**
 * Pages a second on a fast machine: an upper bound of the rate, so that steps ÷ rate is a lower
 * bound of the time. Measured on the tables of heavy links (26 Nov 2026, `explore()` in Node on
 * the project's shared 2-core VM): 5–40 million steps a second, depending on the file's layout;
 * taken as 200 million, five times the fastest seen, so a refusal stays certain on a faster
 * machine. The run written out as one loop (27 Nov) about doubled the page rate (24 million a
 * second at a load of 45, single runs of 125,000 pages), still under this bound.
 */
export const FAST_STEPS_PER_SECOND = 200e6;

/**
 * FREADSEEK calls a second on a fast machine, counted apart from pages since 27 Nov: a call to a
 * group already asked for costs two additions (simulate.ts), so calls run far faster than pages
 * (1.7 billion a second at a load of 45, 256 calls a record). Taken as 10 billion.
 */
export const FAST_CALLS_PER_SECOND = 10e9;

const INFERENCE_PAGES = 2 * logicalPageCount(90_000, 256, 4096) + logicalPageCount(7040, 80, 4096);

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function fileAccessWork(
  p: FileAccessParams,
  { intervals = true }: TablesOptions = {},
): WorkEstimate {
  const pages = logicalPageCount(p.records, p.recordBytes, p.logicalPageBytes);
  const callsPerPoint = Math.max(1, Math.ceil(p.prefetchPages / Math.max(1, p.seekCallPages)));
  const seekCalls = Math.ceil(p.records / p.seekEveryRecords) * callsPerPoint;
  const rows = TABLE_ROWS[p.table].rows;
  const perRow = intervals ? 2 * UNCERTAINTY.keys.length + 1 : 1;
  const readings = intervals && p.table === 'mpe-sl-postscript' ? 4 : 0;
  let pageSteps = 0;
  let callSteps = 0;
  let runs = 0;
  for (const row of rows) {
    // A FREADSEEK run is the mean of several (alignments, the file system's two readings).
    const each = phasesOf(p, row).length * readAheadRulesOf(row).length;
    const n = (perRow + (row.freadseek ? readings : 0)) * each;
    runs += n;
    pageSteps += n * pages;
    if (row.freadseek) callSteps += n * seekCalls;
  }
  const inference = p.table === 'mpe-sl-seq' || p.table === 'mpe-sl-postscript';
  if (inference) pageSteps += INFERENCE_PAGES;
  return {
    steps: pageSteps + callSteps,
    what: `${fmt(runs)} runs of a ${fmt(pages)}-page file${seekCalls > 0 && rows.some((r) => r.freadseek) ? `, ${fmt(seekCalls)} FREADSEEK calls in each FREADSEEK run` : ''}`,
    seconds: pageSteps / FAST_STEPS_PER_SECOND + callSteps / FAST_CALLS_PER_SECOND,
  };
}
