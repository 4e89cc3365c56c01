/**
 * The memory cliff on this machine. Calibration: the pointer chase (lmbench's `lat_mem_rd`,
 * src/models/page-replacement/live.ts) at one working set per doubling, repeated; the
 * plateaus and steps are read with the memory page's own rule (`detectSteps`). Prediction:
 * ns per load at the half-way sizes, between two calibrated sizes. On a plateau, the level's
 * latency. Across a step, the page-replacement model's loop on a cache whose capacity lies
 * somewhere in that doubling (`modelCliff`, RAND replacement, as real caches' pseudo-random
 * replacement behaves): latency = hit level + (next level − hit level) × miss fraction.
 */
import { modelCliff } from '../../models/page-replacement/cliff';
import {
  detectSteps,
  measureMemorySweep,
  STEP_RISE,
  sweepSizes,
} from '../../models/page-replacement/live';
import { median } from '../../models/stats';
import { draft, sdLog, spreadOfNew } from '../interval';
import type { PredictionDraft } from '../types';
import { fmt, type ClaimDef, type RunSize } from './claim';
import { CLAIM_META } from './meta';

export interface MemoryEnv {
  clock?: () => number;
}

/**
 * The model's form, declared (not fitted): on a plateau a level's latency drifts up to about
 * ±20 % across a doubling (TLB reach, associativity), sd 0.10; across a step the capacity is
 * anywhere in the doubling, so the interval must reach both plateaus: sd = ln(ratio) ÷ (2 × 1.96)
 * plus the plateau's 0.10.
 */
export const MEMORY_PLATEAU_SD = 0.1;

const MAX_BYTES: Record<RunSize, number> = {
  test: 256 * 1024,
  short: 16 * 2 ** 20,
  full: 64 * 2 ** 20,
};
const REPEATS: Record<RunSize, number> = { test: 2, short: 3, full: 3 };
const MIN = 4096;

interface MemoryDetail {
  sizes: number[];
  /** ns per load per size, one array per repeat. */
  repeats: number[][];
}

/** The sizes measured: half-way (in log) between two calibrated sizes. */
export function memoryTargets(size: RunSize): number[] {
  // The first size a multiple of 64 B, so the sweep's own sizes (doubling from it) are these.
  const first = Math.round((MIN * Math.SQRT2) / 64) * 64;
  return sweepSizes(first, MAX_BYTES[size] / Math.SQRT2, 1);
}

const kb = (b: number) => (b >= 2 ** 20 ? `${fmt(b / 2 ** 20)} MB` : `${fmt(b / 1024)} KB`);

export const memoryClaim: ClaimDef<MemoryEnv> = {
  id: 'memory',
  ...CLAIM_META.memory,
  async calibrate(env, size) {
    const t0 = (env.clock ?? (() => performance.now()))();
    const repeats: number[][] = [];
    let sizes: number[] = [];
    for (let r = 0; r < REPEATS[size]; r++) {
      const s = await measureMemorySweep({
        minBytes: MIN,
        maxBytes: MAX_BYTES[size],
        pageBytes: 0,
        rounds: 2,
        minBatchMs: 1,
        seed: 1 + r,
        clock: env.clock,
      });
      sizes = s.sizes;
      repeats.push(s.dense.map((p) => p.nsPerLoad));
    }
    const med = sizes.map((_, i) => median(repeats.map((r) => r[i]!)));
    const detail: MemoryDetail = { sizes, repeats };
    const constants: Record<string, number> = {};
    sizes.forEach((b, i) => (constants[`ns@${b}`] = med[i]!));
    return {
      claim: 'memory',
      constants,
      repeats: repeats.length,
      elapsedMs: (env.clock ?? (() => performance.now()))() - t0,
      detail,
    };
  },
  predict(c, size) {
    const { sizes, repeats } = c.detail as MemoryDetail;
    const t = sizes.map((b) => c.constants[`ns@${b}`]!);
    const sd = sizes.map((_, i) => sdLog(repeats.map((r) => r[i]!)));
    const { steps } = detectSteps(sizes.map((b, i) => ({ x: b, y: t[i]! })));
    const out: PredictionDraft[] = [];
    for (const w of memoryTargets(size)) {
      const i = sizes.findIndex((b, k) => b <= w && (sizes[k + 1] ?? Infinity) > w);
      if (i < 0 || i + 1 >= sizes.length) continue;
      const [a, b] = [sizes[i]!, sizes[i + 1]!];
      const [ta, tb] = [t[i]!, t[i + 1]!];
      const inStep = steps.some((s) => s.fromX <= a && s.toX >= b) || tb > STEP_RISE * ta;
      let value: number;
      let modelSd = MEMORY_PLATEAU_SD;
      if (!inStep) value = Math.sqrt(ta * tb);
      else {
        // The loop of w bytes on a cache of capacity a·2^(j/4), j = 1…3, lines scaled so the
        // simulated loop stays at most 2,048 pages (a loop's miss rate depends on the ratio).
        const unit = Math.max(64, 2 ** Math.ceil(Math.log2(w / 2048)));
        const miss =
          [1, 2, 3]
            .map((j) => {
              const cap = a * 2 ** (j / 4);
              const pt = modelCliff({ memoryKB: cap / 1024, pageBytes: unit, seed: 1 }, [w])[0]!;
              return pt.randPct / 100;
            })
            .reduce((x, y) => x + y, 0) / 3;
        value = ta + (tb - ta) * miss;
        modelSd = Math.hypot(MEMORY_PLATEAU_SD, Math.log(tb / ta) / (2 * 1.96));
      }
      out.push(
        draft({
          quantity: `ns@${w}`,
          label: `ns per load, ${kb(w)} working set${inStep ? ' (across a step)' : ''}`,
          unit: 'ns',
          value,
          spreadSd: spreadOfNew(Math.max(sd[i]!, sd[i + 1]!), repeats.length),
          modelSd,
        }),
      );
    }
    return out;
  },
  async measure(env, _c, size) {
    const targets = memoryTargets(size);
    const s = await measureMemorySweep({
      minBytes: targets[0]!,
      maxBytes: targets[targets.length - 1]!,
      pageBytes: 0,
      rounds: size === 'full' ? 5 : 3,
      minBatchMs: size === 'full' ? 2 : 1,
      seed: 11,
      clock: env.clock,
    });
    const out: Record<string, number> = {};
    for (const p of s.dense) out[`ns@${p.bytes}`] = p.nsPerLoad;
    return out;
  },
  outcome(c, predicted, measured) {
    const { sizes } = c.detail as MemoryDetail;
    const t = sizes.map((b) => c.constants[`ns@${b}`]!);
    const { steps } = detectSteps(sizes.map((b, i) => ({ x: b, y: t[i]! })));
    const where = steps.length
      ? steps
          .map((s) => `${kb(s.fromX)}–${kb(s.toX)} (${fmt(s.fromY)} → ${fmt(s.toY)} ns)`)
          .join(', ')
      : 'no step within the sizes probed';
    const n = measured ? predicted.filter((p) => measured[p.quantity] !== undefined) : [];
    return {
      paper:
        'The paper (HP-UX 11i v3 UFC) counts the cliff in page frames: LRU on a loop one page larger than memory misses every reference. It measures no cache latencies; lmbench’s lat_mem_rd is the test used here.',
      here: `On this machine a loop falls off a cliff at ${where}; ${n.length ? `the model placed ${n.length} half-way sizes between them.` : 'the half-way sizes are predicted from these steps.'}`,
    };
  },
};
