/**
 * The file-cache model beside seed 001: the one mechanism cell (32×), and the measured tables
 * joined by label with nothing computed for them.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { fileCacheModel } from '../../src/models/file-cache';
import { FITTED } from '../../src/models/file-cache/constants';
import { findPaperTable } from '../../src/papers';
import { HPUX_UFC_TABLES } from '../../src/papers/hpux-ufc';

describe('ufc-mixed-mode', () => {
  it('the fitted disc latency reproduces the “32× faster” within 2 %', () => {
    const t = evaluateTables(fileCacheModel, { table: 'ufc-mixed-mode' }).tables[0]!;
    const row = t.rows[0]!;
    console.log(
      `speedup_x model ${row.model.speedup_x!.toFixed(2)} paper ${row.paper?.speedup_x} error ${row.errorPct.speedup_x?.toFixed(2)} % (discWriteLatencyMs ${FITTED.discWriteLatencyMs.value})`,
    );
    expect(Math.abs(row.errorPct.speedup_x!)).toBeLessThan(2);
    // The sensitivity rows are predictions (the paper has no such rows).
    expect(t.rows.slice(1).every((r) => r.prediction)).toBe(true);
  });
});

describe('measured tables', () => {
  for (const paper of HPUX_UFC_TABLES.filter((t) => t.id !== 'ufc-mixed-mode'))
    it(`${paper.id}: every paper row is joined, the model claims no value`, () => {
      const t = evaluateTables(fileCacheModel, { table: paper.id }).tables[0]!;
      expect(t.id).toBe(paper.id);
      expect(t.rows.map((r) => r.label)).toEqual(paper.rows.map((r) => r.label));
      for (const r of t.rows) {
        expect(r.prediction).toBe(false);
        expect(Object.keys(r.model)).toEqual([]);
        for (const c of t.columns) expect(r.paper?.[c.key]).toEqual(expect.any(Number));
      }
      expect(findPaperTable(paper.id)).toBe(paper);
    });
});
