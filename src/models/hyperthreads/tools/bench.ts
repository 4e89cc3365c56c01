/**
 * Bench figures for the hyperthreads model (wired into `npm run bench` by scripts/bench.ts):
 *  - simulated events per second for the paper's 10-copies scenario (vms-cothread preset,
 *    8640, hyperthreads OFF and ON): core-slice events + OS events, each run with a fresh
 *    seed so the core slices are simulated rather than memoized;
 *  - ms per `evaluateTables` for each preset (what a slider step costs: an OS parameter moves,
 *    so every system run is new and the core slices are reused);
 *  - ms per `charts` for the vms-cothread preset.
 * Figures, never pass/fail; `npm run bench` hands it `evaluateTables` (scripts/bench/modules.ts).
 */
import { performance } from 'node:perf_hooks';
import { hyperthreadsModel } from '..';
import { simulateHyperthreads } from '../simulate';
import { presetParams } from '../../../scenario';
import type { BenchContext, Figure as BenchFigure } from '../../../../scripts/lib/figure';

let _sink: unknown;

function timeLoop(minMs: number, fn: (i: number) => void): { runs: number; ms: number } {
  let runs = 0;
  const t0 = performance.now();
  let ms: number;
  do {
    fn(runs++);
    ms = performance.now() - t0;
  } while (ms < minMs || runs < 3);
  return { runs, ms };
}

export async function benchHyperthreads(
  { evaluateTables }: BenchContext,
  durationMs = 2000,
): Promise<BenchFigure[]> {
  const p = hyperthreadsModel.paramsOf(presetParams(hyperthreadsModel, 'vms-cothread'));
  // Warm up the JIT.
  for (let i = 0; i < 5; i++) _sink = simulateHyperthreads({ ...p, seed: 1_000_000 + i });

  let events = 0;
  const sim = timeLoop(durationMs, (i) => {
    const q = { ...p, seed: 10 + i };
    const off = simulateHyperthreads(q, { threadsPerCore: 1 });
    const on = simulateHyperthreads(q);
    events += off.totalEvents + on.totalEvents;
    _sink = on;
  });

  const figures: BenchFigure[] = [
    {
      name: 'hyperthreads: simulated events/s, 10 copies on 4 cores (OFF + ON)',
      value: Math.round((events * 1000) / sim.ms),
      unit: 'events/s',
      note: `${Math.round(events / sim.runs)} events per OFF+ON pair (core slices of ${p.coreSliceMisses} misses/thread + OS quanta); ${(sim.ms / sim.runs).toFixed(2)} ms per pair`,
    },
  ];
  for (const id of ['vms-cothread', 'vms-sample-runs']) {
    const params = presetParams(hyperthreadsModel, id);
    for (let i = 0; i < 3; i++) _sink = evaluateTables(hyperthreadsModel, params);
    const t = timeLoop(durationMs / 2, (i) => {
      // A slider step: a new context-switch cost each run, so no system run is memoized
      // (core slices are, as they are in the app when an OS parameter moves).
      _sink = evaluateTables(hyperthreadsModel, { ...params, contextSwitchUs: 10 + (i % 5000) });
    });
    figures.push({
      name: `hyperthreads: evaluateTables (${id})`,
      value: Math.round((t.ms / t.runs) * 100) / 100,
      unit: 'ms/run',
      note: 'target < 10 ms (runs on every slider step)',
    });
  }
  const params = presetParams(hyperthreadsModel, 'vms-cothread');
  const c = timeLoop(durationMs / 2, (i) => {
    _sink = hyperthreadsModel.charts({ ...params, seed: 500 + i });
  });
  figures.push({
    name: 'hyperthreads: charts (vms-cothread)',
    value: Math.round(c.ms / c.runs),
    unit: 'ms/run',
    note: 'target ≲ 300 ms',
  });
  _sink = undefined;
  return figures;
}
