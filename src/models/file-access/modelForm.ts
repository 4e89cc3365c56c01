/**
 * Model form: where the paper's words allow more than one program, every reading is run and
 * their spread is carried in the prediction interval (uncertainty.ts, `modelFormRelSd`).
 *
 * The Postscript's modified program (000, Postscript): "after processing 24 logical pages
 * (100,000 bytes) the test program was prefetching 8 logical pages instead of 24! The program
 * was modified again, to fetch 24 logical pages at a time".
 * - How often: 24 logical pages of 4,096 B are 384 records of 256 B; 100,000 B are 390.6
 *   records, so a program counting bytes calls FREADSEEK at the 391st record.
 * - How much per call: FREADSEEK names a record, not an amount, and the system read 8 pages
 *   for it ("the prefetch was reading 8 logical pages"), so the fix is three calls of 8 pages;
 *   or the fix made each prefetch one request of 24 pages.
 * The preset runs 384 records and 8-page calls; the other three readings give the spread.
 * The same two doubts stay with the program wherever a slider takes it (another prefetch
 * distance, size or period), so the readings are taken around the scenario, not only at the
 * paper's point: an interval that narrowed one record away from 128 would claim a knowledge
 * of the program the paper does not give.
 */
import type { FileAccessParams } from './params';

/** 24 logical pages of 4,096 B against the 100,000 bytes the paper also says. */
export const BYTES_READING_RATIO = 100_000 / (24 * 4096);

/** The scenarios the paper's words allow for this one (none when it is not the Postscript's). */
export function readingsOf(p: FileAccessParams): FileAccessParams[] {
  if (p.table !== 'mpe-sl-postscript') return [];
  const every = [p.seekEveryRecords, Math.ceil(p.seekEveryRecords * BYTES_READING_RATIO)];
  const perCall = [p.seekCallPages, p.prefetchPages];
  return every.flatMap((seekEveryRecords) =>
    perCall.map((seekCallPages) => ({ ...p, seekEveryRecords, seekCallPages })),
  );
}

/**
 * Relative standard deviation of each output across the readings, around the scenario's own
 * value: exp(√mean (ln yᵢ − ln y)²) − 1 (0 for a scenario the paper does not describe).
 */
export function modelFormSpread(
  p: FileAccessParams,
  values: Record<string, number>,
  evaluate: (q: FileAccessParams) => Record<string, number>,
): Record<string, number> {
  const readings = readingsOf(p);
  const out: Record<string, number> = {};
  if (readings.length === 0) return out;
  const ys = readings.map(evaluate);
  for (const [key, v] of Object.entries(values)) {
    if (!(v > 0)) continue;
    const dev = ys.map((y) => (y[key]! > 0 ? Math.log(y[key]! / v) ** 2 : 0));
    out[key] = Math.expm1(Math.sqrt(dev.reduce((a, b) => a + b, 0) / dev.length));
  }
  return out;
}
