/**
 * The dated blind record (issue 33): what the file-access model predicted, at 3ea2146, for the
 * MPE/iX cells withheld until 26 Nov 2026, scored against the values the paper printed. The
 * counts are computed from the committed record and the released values; they must equal the
 * independent measurement of the issue, and the predictions page and its doc say exactly the
 * sentences the computation makes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  blindSentences,
  scoreBlindRecord,
  summarizeBlindRecord,
} from '../../src/compare/blindRecord';
import type { BlindCell } from '../../src/papers/blind';
import { BLIND_CONTEXT, BLIND_RECORD, BLIND_RECORD_COMMIT } from '../../src/papers/blind-record';

const s = summarizeBlindRecord();

describe('the blind record (predicted at 3ea2146, before the release)', () => {
  it('holds the 24 withheld cells: NL’s 15 and the Postscript’s 9, CPU, elapsed and Delta', () => {
    expect(BLIND_RECORD_COMMIT).toBe('3ea2146');
    expect(BLIND_RECORD).toHaveLength(24);
    expect(BLIND_RECORD.filter((c) => c.table === 'mpe-nl-seq')).toHaveLength(15);
    expect(new Set(BLIND_RECORD.filter((c) => c.table !== 'mpe-nl-seq').map((c) => c.row))).toEqual(
      new Set(['Memory Mapped & FreadSeek', 'FreadDir & FreadSeek', 'Fread & FreadSeek']),
    );
    for (const c of BLIND_RECORD) expect(c.lo <= c.model && c.model <= c.hi, c.row).toBe(true);
    expect(BLIND_CONTEXT.filter((c) => c.table === 'mpe-sl-postscript')).toHaveLength(9);
  });

  it('counts as the issue measured them: 13 of 16 inside (20 of 24 with Delta), 8 of 16 without the between term', () => {
    expect([s.inside, s.cells]).toEqual([13, 16]);
    expect([s.insideWithDelta, s.cellsWithDelta]).toEqual([20, 24]);
    expect(s.insideWithoutBetween).toBe(8);
  });

  it('median |error| 19.1 % against 19.9 % for the baseline, closer on 5 of 16; with Delta 32.4 % against 25.6 %', () => {
    expect(s.medianAbsErrorPct.toFixed(1)).toBe('19.1');
    expect(s.baselineMedianAbsErrorPct.toFixed(1)).toBe('19.9');
    expect(s.closer).toBe(5);
    expect(s.medianAbsErrorPctWithDelta.toFixed(1)).toBe('32.4');
    expect(s.baselineMedianAbsErrorPctWithDelta.toFixed(1)).toBe('25.6');
  });

  it('NL over-predicted on all ten cells (elapsed +13 … +42 %); the Postscript’s elapsed −43 % mapped, −42 … −44 % file system', () => {
    expect([s.nlOver, s.nlCells]).toEqual([10, 10]);
    expect(s.nlElapsedErrorPct.map(Math.round)).toEqual([13, 42]);
    expect(Math.round(s.postscriptMappedElapsedErrorPct)).toBe(-43);
    expect(s.postscriptFileSystemElapsedErrorPct.map(Math.round)).toEqual([-42, -44]);
    expect(s.seekDirectionAgrees).toEqual({ nl: true, postscript: false });
    expect(Math.round(s.medianWidthPct)).toBe(54);
  });

  it('a cell moved outside its interval changes the count (the computation reads the record)', () => {
    const moved: BlindCell[] = BLIND_RECORD.map((c, i) =>
      i === 0 ? { ...c, lo: c.hi * 2, model: c.hi * 3, hi: c.hi * 4 } : c,
    );
    expect(summarizeBlindRecord(scoreBlindRecord(moved)).inside).toBe(s.inside - 1);
  });

  it('the sentences say the computed counts plainly', () => {
    const text = blindSentences(s).join(' ');
    for (const phrase of [
      '13 of 16 withheld CPU and elapsed cells fell inside their 95 % intervals (20 of 24 with Delta)',
      'Median |error| 19.1 % against 19.9 % for the naive baseline',
      'closer on only 5 of 16 cells',
      'With Delta the model was worse than the baseline: 32.4 % against 25.6 %',
      'Without the assumed 10 % between-experiment term, 8 of 16 would have been inside',
      'over-predicted on all ten cells (elapsed +13 … +42 %)',
      'mapped elapsed was −43 %, its two file-system rows’ elapsed −42 … −44 %',
      'the paper’s way on NL but the opposite way on the Postscript',
      'median width 54 % of the value',
    ])
      expect(text).toContain(phrase);
  });

  it('docs/predictions.md says the same sentences, word for word', () => {
    const doc = readFileSync(new URL('../../docs/predictions.md', import.meta.url), 'utf8');
    for (const sentence of blindSentences(s)) expect(doc).toContain(sentence);
  });
});
