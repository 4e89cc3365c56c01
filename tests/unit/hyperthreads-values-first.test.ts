/**
 * Hyperthreads defers its intervals on every paper table (issue #31): a step asked with
 * `{ intervals: false }` runs no uncertainty propagation at all, on the cothread tests and on
 * the sample runs alike (whose intervals push every fitted constant through the simulation:
 * seconds at 256 hardware threads). Counted, not timed: the propagation functions are wrapped.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioTables } from '../../src/compare/types';
import { withoutIntervals } from './invariant-helpers';

const calls = vi.hoisted(() => ({ propagate: 0, propagateLinear: 0 }));
vi.mock('../../src/models/uncertainty', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/models/uncertainty')>();
  return {
    ...real,
    propagate: (...args: Parameters<typeof real.propagate>) => {
      calls.propagate++;
      return real.propagate(...args);
    },
    propagateLinear: (...args: Parameters<typeof real.propagateLinear>) => {
      calls.propagateLinear++;
      return real.propagateLinear(...args);
    },
  };
});

const { evaluateTables } = await import('../../src/compare/compare');
const { hyperthreadsModel } = await import('../../src/models/hyperthreads');
const { presetParams } = await import('../../src/scenario');

/** The tables without any interval, nor their coverage (what the values-first answer may lack). */
const intervalRows = (t: ScenarioTables) =>
  t.tables.flatMap((table) => table.rows.filter((r) => r.intervals !== undefined));

describe('hyperthreads: values first, intervals later, on every paper table', () => {
  beforeEach(() => {
    calls.propagate = 0;
    calls.propagateLinear = 0;
  });

  for (const preset of hyperthreadsModel.presets) {
    it(`${preset.id}: no propagation while a knob moves, and says intervals come later`, () => {
      // A job count no other test uses, so no paper row's intervals are remembered.
      const values = { ...presetParams(hyperthreadsModel, preset.id), jobs: 17 };
      const fast = evaluateTables(hyperthreadsModel, values, { intervals: false });
      expect(calls).toEqual({ propagate: 0, propagateLinear: 0 });
      expect(fast.intervalsLater).toBe(true);
      expect(intervalRows(fast)).toEqual([]);
    });
  }

  it('vms-sample-runs: the full answer the same but for the intervals, which it has', () => {
    const values = { ...presetParams(hyperthreadsModel, 'vms-sample-runs'), jobs: 17 };
    const fast = evaluateTables(hyperthreadsModel, values, { intervals: false });
    const full = evaluateTables(hyperthreadsModel, values);
    expect(calls.propagate).toBeGreaterThan(0);
    expect(full.intervalsLater).toBeUndefined();
    expect(full.tables[0]!.rows.every((r) => r.intervals)).toBe(true);
    expect(withoutIntervals(fast)).toEqual(withoutIntervals(full));
  });
});
