/**
 * The values first (issue #12): a slider step asks for the tables with `{ intervals: false }`;
 * a model whose intervals cost many runs (file-access: 2 × 8 + 1 runs a row) then skips them
 * and says so (`intervalsLater`), and the page asks for them once the scenario holds still.
 * The tables must be the same but for the intervals: same rows, values, notes, errors.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { withoutIntervals } from './invariant-helpers';
import { loadModels } from '../../src/models/registry';
import { fileAccessModel } from '../../src/models/file-access';
import { hyperthreadsModel } from '../../src/models/hyperthreads';
import { presetParams } from '../../src/scenario';

/** The tables without any interval, nor their coverage (what the values-first answer may lack). */
describe('values first, intervals later', () => {
  it('file-access: the same tables but for the intervals, on every preset; none computed', () => {
    for (const preset of fileAccessModel.presets) {
      // A prefetch distance no other test uses, so no row is remembered yet.
      const values = { ...presetParams(fileAccessModel, preset.id), prefetchDistanceRecords: 777 };
      const fast = evaluateTables(fileAccessModel, values, { intervals: false });
      expect(fast.intervalsLater).toBe(true);
      const freadseekRows = fast.tables[0]!.rows.filter((r) => r.label.includes('FreadSeek'));
      expect(freadseekRows.length).toBeGreaterThan(0);
      for (const r of freadseekRows) expect(r.intervals).toBeUndefined();
      const full = evaluateTables(fileAccessModel, values);
      expect(full.intervalsLater).toBeUndefined();
      expect(full.tables[0]!.rows.every((r) => r.intervals)).toBe(true);
      expect(withoutIntervals(fast)).toEqual(withoutIntervals(full));
      // Once computed, a row's intervals are remembered and come with the values.
      expect(evaluateTables(fileAccessModel, values, { intervals: false }).tables).toEqual(
        full.tables,
      );
    }
  });

  it('hyperthreads: the cothread table the same but for the intervals; none computed', () => {
    // A job count no other test uses, so no paper row is remembered yet.
    const values = { ...presetParams(hyperthreadsModel, 'vms-cothread'), jobs: 13 };
    const fast = evaluateTables(hyperthreadsModel, values, { intervals: false });
    expect(fast.intervalsLater).toBe(true);
    for (const r of fast.tables[0]!.rows) expect(r.intervals).toBeUndefined();
    const full = evaluateTables(hyperthreadsModel, values);
    expect(full.tables[0]!.rows.every((r) => r.intervals)).toBe(true);
    expect(withoutIntervals(fast)).toEqual(withoutIntervals(full));
    // The paper's rows' intervals are remembered and come with the values from then on.
    const again = evaluateTables(hyperthreadsModel, values, { intervals: false }).tables[0]!;
    expect(again.rows.slice(0, 3)).toEqual(full.tables[0]!.rows.slice(0, 3));
  }, 60_000);

  it('other models ignore it and compute everything, with nothing deferred', async () => {
    for (const m of await loadModels()) {
      if (m.id === 'file-access' || m.id === 'hyperthreads') continue;
      expect(m.deferrableIntervals).toBe(false);
      const fast = evaluateTables(m, {}, { intervals: false });
      expect(fast.intervalsLater).toBeUndefined();
      expect(fast).toEqual(evaluateTables(m, {}));
    }
  }, 60_000);
});
