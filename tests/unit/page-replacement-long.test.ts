import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { longRun } from '../../src/models/page-replacement/long';
import { presetScenario } from '../../src/scenario';

const model = pageReplacementModel;
const params = { ...presetScenario(model, 'replacement-hot-scan').params, refCount: 30_000 };

describe('page-replacement long runs', () => {
  it('count exactly what the tables count for the same string', async () => {
    const run = await longRun(pageReplacementModel.paramsOf(params), 30_000);
    const table = evaluateTables(model, params).tables.find((t) => t.id === 'replacement')!;
    expect(run.cancelled).toBe(false);
    expect(run.rows.map((r) => r.policy)).toEqual(table.rows.map((r) => r.label));
    for (const r of run.rows) {
      const row = table.rows.find((t) => t.label === r.policy)!;
      expect(r.misses).toBe(row.model.misses);
      expect(r.hits + r.misses).toBe(30_000);
      expect(r.ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('report every step, and stop when progress says so', async () => {
    const seen: string[] = [];
    const all = await longRun(pageReplacementModel.paramsOf(params), 5_000, (p) => {
      seen.push(`${p.done}/${p.total} ${p.step}`);
      return true;
    });
    expect(seen).toEqual([
      '1/6 string generated',
      '2/6 FIFO',
      '3/6 LRU',
      '4/6 OPT',
      '5/6 CLOCK',
      '6/6 RAND',
    ]);
    expect(all.rows).toHaveLength(5);

    const stopped = await longRun(pageReplacementModel.paramsOf(params), 5_000, (p) => p.done < 3);
    expect(stopped.cancelled).toBe(true);
    expect(stopped.rows.map((r) => r.policy)).toEqual(['FIFO', 'LRU']);
  });

  it('clamps the length to what it offers', async () => {
    const r = await longRun(pageReplacementModel.paramsOf(params), 0);
    expect(r.refs).toBe(1);
  });
});
