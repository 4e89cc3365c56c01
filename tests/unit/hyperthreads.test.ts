/**
 * The hyperthreads model's mechanism: invariants that hold for any parameters, checked on
 * scenarios chosen to break them if the mechanism were wrong.
 */
import { describe, expect, it } from 'vitest';
import { hyperthreadsModel } from '../../src/models/hyperthreads';
import type { HyperthreadsParams } from '../../src/models/hyperthreads/params';
import {
  simulateHyperthreads,
  stallFraction,
  machineOf,
} from '../../src/models/hyperthreads/simulate';
import { simulateCore, simulateSystem } from '../../src/models/hyperthreads/engine';
import {
  presetParams,
  parsePermalink,
  serializeScenario,
  presetScenario,
} from '../../src/scenario';

const cothread = (over: Partial<HyperthreadsParams> = {}): HyperthreadsParams => ({
  ...hyperthreadsModel.paramsOf(presetParams(hyperthreadsModel, 'vms-cothread')),
  coreSliceMisses: 1500,
  ...over,
});

const improvement = (p: HyperthreadsParams) => {
  const off = simulateHyperthreads(p, { threadsPerCore: 1 }).makespanMs;
  const on = simulateHyperthreads(p).makespanMs;
  return ((off - on) / off) * 100;
};

describe('the core (switch-on-event)', () => {
  const base = {
    cyclesBetweenMisses: 1000,
    stallCycles: 500,
    switchCostCycles: 15,
    switchTimerCycles: 20_000,
    distribution: 'exponential' as const,
    seed: 3,
    sliceMisses: 2000,
  };

  it('accounts for every cycle: computing + stalled + switching = all, and threads’ progress = computing', () => {
    for (const threads of [1, 2, 3]) {
      const r = simulateCore({ ...base, threads });
      expect(r.computeShare + r.stallShare + r.switchShare).toBeCloseTo(1, 9);
      expect(r.progressPerCycle.reduce((a, x) => a + x, 0)).toBeCloseTo(r.computeShare, 9);
      expect(r.heldShare.reduce((a, x) => a + x, 0)).toBeCloseTo(1, 9);
    }
  });

  it('one thread never switches; its progress is compute ÷ (compute + stall)', () => {
    const r = simulateCore({ ...base, threads: 1, distribution: 'fixed' });
    expect(r.switches).toBe(0);
    expect(r.computeShare).toBeCloseTo(1000 / 1500, 3);
  });

  it('a second thread hides stalls: the core computes a larger share', () => {
    const one = simulateCore({ ...base, threads: 1 });
    const two = simulateCore({ ...base, threads: 2 });
    expect(two.computeShare).toBeGreaterThan(one.computeShare * 1.2);
    expect(two.switches).toBeGreaterThan(0);
    // Only one thread executes at a time: the threads' progress sums to at most one per cycle.
    expect(two.progressPerCycle.reduce((a, x) => a + x, 0)).toBeLessThanOrEqual(1);
  });

  it('timeline lanes never overlap within a thread, and at most one thread computes at a time', () => {
    const r = simulateCore({ ...base, threads: 2, sliceMisses: 50, timelineCycles: 30_000 });
    const busy: [number, number][] = [];
    for (const lane of r.timeline!) {
      for (let i = 1; i < lane.length; i++)
        expect(lane[i]!.start).toBeGreaterThanOrEqual(lane[i - 1]!.end - 1e-9);
      for (const s of lane) if (s.kind !== 'stall') busy.push([s.start, s.end]);
    }
    busy.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < busy.length; i++)
      expect(busy[i]![0]).toBeGreaterThanOrEqual(busy[i - 1]![1] - 1e-6);
  });

  it('is deterministic for a seed, and the seed matters for random bursts', () => {
    const a = simulateCore({ ...base, threads: 2 });
    const b = simulateCore({ ...base, threads: 2 });
    const c = simulateCore({ ...base, threads: 2, seed: 4 });
    expect(a.computeShare).toBe(b.computeShare);
    expect(c.computeShare).not.toBe(a.computeShare);
  });
});

describe('the system (OpenVMS on cothread CPUs)', () => {
  it('with one job per core, hyperthreads change nothing', () => {
    for (const over of [{}, { memoryLatencyNs: 800 }, { cyclesBetweenMisses: 200 }]) {
      const p = cothread({ ...over, jobs: 4 });
      const off = simulateHyperthreads(p, { threadsPerCore: 1 });
      const on = simulateHyperthreads(p);
      expect(on.makespanMs).toBeCloseTo(off.makespanMs, 6);
    }
  });

  it('with zero stall, hyperthreads cannot help', () => {
    for (const jobs of [5, 10, 16]) {
      const p = cothread({ memoryLatencyNs: 0, jobs });
      // Nothing to hide. ON only saves a few 10 µs OS context switches (8 CPUs for 10 jobs)
      // and packs the last jobs a little better onto idle cores (under 0.1 %).
      expect(improvement(p)).toBeLessThanOrEqual(0.2);
    }
  });

  it('conserves work: every job finishes having done exactly its compute cycles', () => {
    for (const over of [
      {},
      { jobs: 7, threadsPerCore: 2 },
      { jobs: 13, scheduling: 'sticky' as const },
    ]) {
      const p = cothread(over);
      for (const tpc of [1, 2]) {
        const r = simulateHyperthreads(p, { threadsPerCore: tpc });
        for (const j of r.jobs) {
          expect(Number.isFinite(j.finishMs)).toBe(true);
          expect(j.computedCycles / (p.jobComputeGcycles * 1e9)).toBeCloseTo(1, 9);
        }
      }
    }
  });

  it('a long run is simulated on a coarser OS time scale, and its times stay exact', () => {
    const p = cothread({
      processors: 1,
      coresPerProcessor: 1,
      jobs: 64,
      quantumMs: 10,
      workingSetMB: 0,
    });
    const alone = simulateHyperthreads(p, { jobs: 1, threadsPerCore: 1 });
    const off = simulateHyperthreads(p, { threadsPerCore: 1 });
    expect(off.osTimeScale).toBeGreaterThan(1);
    expect(off.events).toBeLessThan(20_000);
    // One core, no reload: 64 copies take 64 × one copy (plus context switches).
    expect(off.makespanMs / alone.makespanMs).toBeGreaterThan(64 * 0.999);
    expect(off.makespanMs / alone.makespanMs).toBeLessThan(64 * 1.01);
  });

  it('charges no more CPU than the cores were busy, and a lone job its whole wall time', () => {
    const p = cothread();
    for (const tpc of [1, 2]) {
      const r = simulateHyperthreads(p, { threadsPerCore: tpc });
      const charged = r.jobs.reduce((a, j) => a + j.chargedCpuMs, 0);
      expect(charged).toBeLessThanOrEqual(r.cores * r.makespanMs * (1 + 1e-9));
    }
    const alone = simulateHyperthreads(p, { jobs: 1 }).jobs[0]!;
    expect(alone.chargedCpuMs).toBeCloseTo(alone.wallMs, 6);
  });

  it('poor locality benefits more than good locality, which gains next to nothing or loses', () => {
    const poor = improvement(cothread({ cyclesBetweenMisses: 300 }));
    const good = improvement(cothread({ cyclesBetweenMisses: 200_000 }));
    expect(poor).toBeGreaterThan(15);
    expect(good).toBeLessThan(2);
    expect(poor).toBeGreaterThan(good + 10);
  });

  it('good locality runs slightly slower: timer switches cost, and there are no stalls to hide', () => {
    const gain = improvement(cothread({ cyclesBetweenMisses: 10_000_000 }));
    expect(gain).toBeLessThan(0);
    expect(gain).toBeGreaterThan(-2);
    // A dearer switch makes it worse.
    expect(
      improvement(cothread({ cyclesBetweenMisses: 10_000_000, switchCostCycles: 500 })),
    ).toBeLessThan(gain);
  });

  it('higher memory latency benefits more', () => {
    const gains = [100, 300, 600].map((memoryLatencyNs) =>
      improvement(cothread({ memoryLatencyNs })),
    );
    expect(gains[1]!).toBeGreaterThan(gains[0]!);
    expect(gains[2]!).toBeGreaterThan(gains[1]!);
    const p = cothread();
    expect(stallFraction(p, { ...machineOf(p), memoryLatencyNs: 600 })).toBeGreaterThan(
      stallFraction(p, machineOf(p)),
    );
  });

  it('affinity: jobs pinned to one CPU share it; pinned to separate cores they do not', () => {
    const p = cothread({ jobs: 2 });
    const one = simulateHyperthreads(p, { affinity: 'one-cpu' });
    const two = simulateHyperthreads(p, { affinity: 'separate-cores' });
    const co = simulateHyperthreads(p, { affinity: 'cothreads' });
    expect(one.makespanMs).toBeGreaterThan(1.9 * two.makespanMs);
    expect(co.makespanMs).toBeGreaterThan(two.makespanMs);
    expect(co.makespanMs).toBeLessThan(one.makespanMs);
  });

  it('a job whose affinity allows no CPU is reported unfinished, not looped on', () => {
    const r = simulateSystem({
      cores: 2,
      threadsPerCore: 1,
      clockGHz: 1,
      coreRates: [{ progressPerCycle: 1, heldShare: 1 }],
      quantumMs: 10,
      contextSwitchUs: 0,
      reloadMs: 0,
      scheduling: 'global',
      jobs: [{ computeCycles: 1e6, startMs: 0, cpus: [5] }],
    });
    expect(Number.isNaN(r.jobs[0]!.finishMs)).toBe(true);
  });

  it('jobs arrive by start time, not by their place in the list: a shuffled list gives each job the same run', () => {
    // Distinct starts, so no two jobs arrive at once; sizes and affinities travel with each job.
    const jobs = [30, 0, 55, 12, 41, 20, 5].map((startMs, i) => ({
      computeCycles: (3 + (i % 3)) * 1e7,
      startMs,
      cpus: i === 4 ? [1, 3] : null,
    }));
    const shuffled = [3, 6, 0, 5, 2, 1, 4];
    for (const scheduling of ['global', 'sticky'] as const) {
      const spec = {
        cores: 2,
        threadsPerCore: 2,
        clockGHz: 1,
        coreRates: [
          { progressPerCycle: 1, heldShare: 1 },
          { progressPerCycle: 0.6, heldShare: 0.5 },
        ],
        quantumMs: 10,
        contextSwitchUs: 5,
        reloadMs: 1,
        scheduling,
      };
      const listed = simulateSystem({ ...spec, jobs });
      const other = simulateSystem({ ...spec, jobs: shuffled.map((i) => jobs[i]!) });
      expect(other.events).toBe(listed.events);
      expect(other.makespanMs).toBe(listed.makespanMs);
      shuffled.forEach((i, k) => expect(other.jobs[k]).toEqual(listed.jobs[i]));
      expect(listed.jobs.every((j) => j.finishMs > j.startMs)).toBe(true);
    }
  });
});

describe('model definition', () => {
  it('every preset round-trips through a permalink and lists its table first', () => {
    for (const preset of hyperthreadsModel.presets) {
      const link = serializeScenario(presetScenario(hyperthreadsModel, preset.id));
      const { scenario, problems } = parsePermalink(link);
      expect(problems).toEqual([]);
      expect(hyperthreadsModel.tables(scenario!.params)[0]!.id).toBe(preset.id);
    }
  });

  it('extreme but valid parameters give finite numbers, not a crash', () => {
    const p = {
      ...presetParams(hyperthreadsModel, 'vms-cothread'),
      processors: 16,
      coresPerProcessor: 4,
      threadsPerCore: 4,
      jobs: 64,
      cyclesBetweenMisses: 10,
      memoryLatencyNs: 2000,
      quantumMs: 10,
      coreSliceMisses: 100,
    };
    const tables = hyperthreadsModel.tables(p);
    for (const t of tables)
      for (const r of t.rows)
        for (const v of Object.values(r.values)) expect(Number.isFinite(v)).toBe(true);
  });

  it('a link with nonsense is explained and replaced by defaults', () => {
    const { scenario, problems } = parsePermalink('/#/hyperthreads?jobs=lots&threadsPerCore=9&v=3');
    expect(problems.map((x) => x.param).sort()).toEqual(['jobs', 'threadsPerCore']);
    expect(scenario!.params.jobs).toBe(10);
  });
});
