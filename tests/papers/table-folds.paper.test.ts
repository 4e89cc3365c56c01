/**
 * Issue 33: validation that still means something once every MPE/iX value is seen — the
 * file-access model with each of its four tables left out in turn (scripts/leave-out.ts, the
 * committed src/papers/leave-out-data.ts). The page's sentences are computed from the folds;
 * the doc says the same words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isTableFold, summarizeTableFolds, tableFoldSentences } from '../../src/compare/tableFolds';
import { isInside } from '../../src/papers/leave-out';
import { LEAVE_OUT_FOLDS } from '../../src/papers/leave-out-data';

const folds = LEAVE_OUT_FOLDS.filter(isTableFold);

describe('file access, one table out of four', () => {
  it('has one fold per table the paper prints, each with its estimated between term', () => {
    expect(folds.map((f) => f.heldOut.split(' ')[0])).toEqual([
      'mpe-sl-seq',
      'mpe-catalog-resident',
      'mpe-nl-seq',
      'mpe-sl-postscript',
    ]);
    // CPU and elapsed of every row; the Postscript's three modified-program rows only.
    expect(folds.map((f) => f.cells.length)).toEqual([10, 10, 10, 6]);
    for (const f of folds) {
      expect(f.betweenSd).toBeGreaterThanOrEqual(0);
      for (const c of f.cells) expect(c.lo > 0 && c.lo <= c.model && c.model <= c.hi).toBe(true);
    }
  });

  it('the summary counts the committed cells', () => {
    const s = summarizeTableFolds(LEAVE_OUT_FOLDS);
    const cells = folds.flatMap((f) => f.cells);
    expect(s.cells).toBe(cells.length);
    expect(s.inside).toBe(cells.filter(isInside).length);
    expect(s.goal.coverage).toBe(s.inside >= 0.9 * s.cells);
    expect(s.goal.width).toBe(s.medianWidthPct <= 40);
  });

  it('docs/predictions.md says the computed sentences, word for word', () => {
    const doc = readFileSync(new URL('../../docs/predictions.md', import.meta.url), 'utf8');
    for (const sentence of tableFoldSentences(summarizeTableFolds(LEAVE_OUT_FOLDS)))
      expect(doc).toContain(sentence);
  });
});
