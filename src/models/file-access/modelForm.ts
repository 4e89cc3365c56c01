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
 */
import type { FileAccessParams } from './params';

export const POSTSCRIPT_READINGS = {
  seekEveryRecords: [384, 391],
  seekCallPages: [8, 24],
} as const;

/** The scenarios the paper's words allow for this one (none when it is not the Postscript's). */
export function readingsOf(p: FileAccessParams): FileAccessParams[] {
  const r = POSTSCRIPT_READINGS;
  const isReading =
    p.table === 'mpe-sl-postscript' &&
    (r.seekEveryRecords as readonly number[]).includes(p.seekEveryRecords) &&
    (r.seekCallPages as readonly number[]).includes(p.seekCallPages) &&
    p.prefetchPages === 24 &&
    p.prefetchDistanceRecords === 128;
  if (!isReading) return [];
  return r.seekEveryRecords.flatMap((seekEveryRecords) =>
    r.seekCallPages.map((seekCallPages) => ({ ...p, seekEveryRecords, seekCallPages })),
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
