/**
 * The page's regime map (src/views/explore/RegimeMapPanel.tsx) is planned once and computed a
 * row per chunk on a pool of workers; put back together, the chunks must be exactly the map
 * the CLI computes in one go (src/compare/regimeMap.ts). Also: each model's default map is
 * about something (its knobs exist, and more than one option wins somewhere), the paper's mark
 * is the preset's experiment, and the chart's scales put each grid value mid-cell.
 */
import { describe, expect, it } from 'vitest';
import { cellEdges, colourScale } from '../../src/charts/regimeScales';
import {
  assembleMap,
  mapRows,
  planMap,
  regimeMap,
  rowChunks,
  type MapRequest,
} from '../../src/compare/regimeMap';
import { loadModel, MODEL_INFOS } from '../../src/models/registry';
import type { ModelDefinition, ParamValues } from '../../src/models/types';
import { defaultScenario, presetScenario } from '../../src/scenario';
import { mapDefaults } from '../../src/views/explore/regimeDefaults';
import { labApi } from '../../workers/lab.worker';

const model = async (id: string): Promise<ModelDefinition> => (await loadModel(id))!;

const CASES: [string, string | null, MapRequest][] = [
  [
    'cross-boundary',
    'doct-ipc',
    { x: 'smStartupS', y: 'iterations', n: 7, compare: 'transport', only: ['SM', 'RPC'] },
  ],
  ['file-access', null, { x: 'prefetchDistanceRecords', y: 'logicalPageBytes', n: 5 }],
  ['directory-search', null, { x: 'users', y: 'profiles', n: 6, table: 'vmsp-directory-search' }],
];

describe('a regime map in chunks', () => {
  it('covers every row once, in order, whatever the chunk size', () => {
    expect(rowChunks(5)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
    ]);
    expect(rowChunks(7, 3)).toEqual([
      [0, 3],
      [3, 6],
      [6, 7],
    ]);
    expect(rowChunks(0)).toEqual([]);
  });

  for (const [id, preset, req] of CASES)
    it(`${id}: the chunks put together are the map in one go`, async () => {
      const m = await model(id);
      const params: ParamValues = preset
        ? presetScenario(m, preset).params
        : defaultScenario(m).params;
      const whole = regimeMap(m, params, req);
      for (const per of [1, 2, 4]) {
        const plan = planMap(m, params, req);
        const rows = rowChunks(plan.frame.y.values.length, per).flatMap(([from, to]) =>
          mapRows(m, params, plan, from, to),
        );
        expect(assembleMap(plan, rows)).toEqual(whole);
      }
      // Through the worker's own functions, with the plan as a worker receives it (cloned).
      const plan = structuredClone(await labApi.mapPlan(id, params, req));
      const chunks = await Promise.all(
        rowChunks(plan.frame.y.values.length).map(([from, to]) =>
          labApi.mapRows(id, params, plan, from, to),
        ),
      );
      const assembled = assembleMap(plan, chunks.flat());
      expect(assembled).toEqual(whole);
      // The map is about something: its cells do not all hold the same values.
      expect(new Set(whole.cells.flat().map((c) => JSON.stringify(c))).size).toBeGreaterThan(1);
    });

  it('marks the paper’s experiment at the preset’s values, not the declared defaults', async () => {
    const m = await model('page-replacement');
    const params = presetScenario(m, 'replacement-loop-cliff').params;
    const plan = planMap(
      m,
      { ...params, memoryKB: 160 },
      { x: 'memoryKB', y: 'distinctItems', n: 3 },
    );
    expect(plan.frame.paper).toEqual({ x: 360, y: 100 });
    expect(plan.frame.scenario).toEqual({ x: 160, y: 100 });
  });
});

describe('each model’s default map', () => {
  for (const info of MODEL_INFOS)
    it(`${info.id}: its knobs and cell exist, and more than one option wins`, async () => {
      const m = await model(info.id);
      const params = defaultScenario(m).params;
      const tables = m.tables(params, { intervals: false });
      const d = mapDefaults(info, tables);
      expect(d.x).toBe(info.dragParam);
      expect(d.y).not.toBe(d.x);
      expect(info.params.find((p) => p.key === d.y)?.kind).toBe('number');
      expect(d.cell, 'a natural choice for every model').not.toBe('');
      const [table, column] = d.cell.split('|');
      const req: MapRequest = { x: d.x, y: d.y, n: 5, table, column };
      if (d.compare) Object.assign(req, { compare: d.compare, only: d.only });
      const map = regimeMap(m, params, req);
      expect(map.options.length).toBeGreaterThan(1);
      expect(new Set(map.cells.flat().map((c) => c.best)).size).toBeGreaterThan(1);
    });
});

describe('the chart’s scales', () => {
  it('puts each grid value mid-cell, in log space on a log axis', () => {
    const edges = cellEdges({ scale: 'log', values: [1, 10, 100] });
    expect(edges.map((e) => Math.log10(e))).toEqual(
      [-0.5, 0.5, 1.5, 2.5].map((v) => expect.closeTo(v, 12)),
    );
    expect(cellEdges({ scale: 'linear', values: [0, 2, 4] })).toEqual([-1, 1, 3, 5]);
  });

  it('colours values on a log scale when they span orders of magnitude', () => {
    const wide = colourScale([0.001, 0.1, 10])!;
    const narrow = colourScale([4, 5, 6])!;
    expect(wide.log).toBe(true);
    expect(narrow.log).toBe(false);
    // Mid-way in log space is the ramp's middle colour.
    expect(wide.colour(0.1)).toBe(colourScale([0.001, 10])!.colour(0.1));
    expect(new Set([0.001, 0.1, 10].map(wide.colour)).size).toBe(3);
    expect(colourScale([])).toBeNull();
  });
});
