import { DOCT_UNCERTAIN_KEYS } from '../../src/models/cross-boundary/constants';
import { IPC_LINEAR_KEYS } from '../../src/models/cross-boundary/simulate';
import { describe, expect, it } from 'vitest';
import { listPresets } from '../../scripts/explore';
import { crossBoundaryModel, ipcCostsOf } from '../../src/models/cross-boundary';
import { crossoverWorkUs } from '../../src/models/cross-boundary/charts';
import { DOCT_ROWS, ipcCall, ipcTotalS, mpeCall } from '../../src/models/cross-boundary/simulate';
import { parsePermalink, presetScenario, serializeScenario } from '../../src/scenario';

const costs = ipcCostsOf(crossBoundaryModel.paramsOf({}));

describe('cross-boundary mechanism', () => {
  it('time is start-up + n × per call: linear in n', () => {
    for (const spec of DOCT_ROWS) {
      const a = ipcTotalS(spec, costs, 1e5) - ipcTotalS(spec, costs, 1e4);
      const b = ipcTotalS(spec, costs, 1e6) - ipcTotalS(spec, costs, 1e5);
      expect(b).toBeCloseTo(10 * a, 9);
    }
  });

  it('a call = caller side + crossing + callee side, each at its world’s speed', () => {
    const c = {
      octTranslationFactor: 3,
      cmEmulationFactor: 5,
      modeSwitchToNativeUs: 100,
      modeSwitchToCompatUs: 800,
    };
    expect(mpeCall('CM', 'NM', 10, 20, c)).toEqual({ callerUs: 50, crossingUs: 100, calleeUs: 20 });
    expect(mpeCall('NM', 'NM', 10, 20, c)).toEqual({ callerUs: 10, crossingUs: 0, calleeUs: 20 });
    expect(mpeCall('NM', 'CM', 10, 20, c)).toEqual({
      callerUs: 10,
      crossingUs: 800,
      calleeUs: 100,
    });
    // OCT code calling CM code pays no switch: it still runs the classic instruction set.
    expect(mpeCall('OCT', 'CM', 10, 20, c).crossingUs).toBe(0);
  });

  it('DOCT slows the user-mode part only: the RPC server suffers far more than the SM one', () => {
    const sm = DOCT_ROWS.find((r) => r.label.startsWith('SM - IPF client, DOCT'))!;
    const rpc = DOCT_ROWS.find((r) => r.label.startsWith('RPC - IPF client, PA / DOCT'))!;
    const at = (d: number, spec: typeof sm) => ipcCall(spec, { ...costs, doctFactor: d }).perCallUs;
    expect(at(10, rpc) - at(1, rpc)).toBeGreaterThan(50 * (at(10, sm) - at(1, sm)));
  });

  it('work per call moves the RPC-vs-local crossover; no crossover when DOCT is not slower', () => {
    const w = crossoverWorkUs(costs)!;
    expect(w).toBeGreaterThan(0);
    expect(crossoverWorkUs({ ...costs, doctFactor: 9 })!).toBeLessThan(w);
    expect(crossoverWorkUs({ ...costs, doctFactor: 1 })).toBeNull();
  });

  // Speed is `npm run bench`'s (ui-p95-ms:cross-boundary), not a test's: timing asserts flake.
  it('is deterministic and finite for every preset', () => {
    for (const p of crossBoundaryModel.presets) {
      const a = crossBoundaryModel.tables(p.params);
      expect(crossBoundaryModel.tables(p.params)).toEqual(a);
      for (const t of a)
        for (const r of t.rows)
          for (const v of Object.values(r.values)) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it('charts are finite for every preset and for extreme parameters', () => {
    for (const p of crossBoundaryModel.presets) {
      const charts = crossBoundaryModel.charts({
        ...p.params,
        workPerCallUs: 100_000,
        doctFactor: 20,
      });
      expect(charts.length).toBeGreaterThanOrEqual(3);
      for (const c of charts)
        if (c.kind === 'line')
          for (const s of c.series)
            for (const pt of s.points) expect(Number.isFinite(pt.y)).toBe(true);
    }
  });
});

describe('presets and permalinks', () => {
  it('every table has a preset whose link round-trips', () => {
    const ids = crossBoundaryModel.presets.map((p) => p.id);
    expect(ids).toEqual([
      'doct-ipc',
      'mpe-catalog-modes',
      'mpe-ksam-modes',
      'mpe-ascii-modes',
      'mpe-ascii-clone',
    ]);
    for (const id of ids) {
      const link = serializeScenario(presetScenario(crossBoundaryModel, id));
      const back = parsePermalink(link);
      expect(back.problems).toEqual([]);
      expect(back.scenario?.params.table).toBe(id);
    }
  });

  it('explore --list includes them', () => {
    const list = listPresets().filter((e) => JSON.stringify(e).includes('cross-boundary'));
    expect(list.length).toBe(5);
  });

  it('bad input is reported in words, not thrown', () => {
    const r = parsePermalink('#/cross-boundary?v=1&doctFactor=banana&iterations=-5');
    expect(r.problems.length).toBeGreaterThan(0);
    expect(() => crossBoundaryModel.tables(r.scenario!.params)).not.toThrow();
  });
});

describe('uncertainty keys', () => {
  it('the DOCT covariance is over the linear costs the fit solves for, and the DOCT factor', () => {
    expect(DOCT_UNCERTAIN_KEYS).toEqual([...IPC_LINEAR_KEYS, 'doctFactor']);
  });
});
