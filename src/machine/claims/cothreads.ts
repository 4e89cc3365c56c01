/**
 * The cothread test on this machine: more runnable jobs than processors. The paper's
 * scheduler part (src/models/hyperthreads: the OS shares its CPUs among the runnable jobs)
 * predicts that N jobs on P logical processors finish at the rate of min(N, P_eff) jobs
 * alone, where P_eff is how many jobs alone this machine's processors are worth together.
 * Calibration: one job alone and P jobs together, short, repeated, give P_eff. Prediction:
 * throughput (relative to one job alone) at P/2, P and 2P jobs of full length, for a
 * compute-bound and a memory-bound (pointer-chase) job.
 *
 * What it cannot predict: whether the logical processors are hardware threads of shared cores
 * (a page cannot tell), so the SMT gain itself is measured and shown, not modelled.
 */
import { median } from '../../models/stats';
import type { LiveWorkload } from '../../models/hyperthreads/live';
import { draft, geomean, sdLog, spreadOfNew } from '../interval';
import type { PredictionDraft } from '../types';
import { fmt, type ClaimDef, type RunSize } from './claim';
import { cothreadPaperLine } from '../paperLines';

export interface CothreadEnv {
  /** Logical processors the host reports (navigator.hardwareConcurrency, os.availableParallelism). */
  logical: number;
  workloads: readonly LiveWorkload[];
  /** Units of work for a job of about `targetMs` alone. */
  units(workload: LiveWorkload, targetMs: number): Promise<number>;
  /** `n` jobs of `units`, started together: first start to last finish (ms). */
  round(workload: LiveWorkload, units: number, n: number): Promise<{ wallMs: number }>;
  clock?: () => number;
}

/**
 * The model's form, declared (not fitted): where the OS places the jobs beside everything else
 * running, and turbo clocks that fall as more cores are busy, sd 0.15.
 */
export const COTHREAD_MODEL_SD = 0.15;
const PROBE_MS: Record<RunSize, number> = { test: 8, short: 25, full: 40 };
const JOB_MS: Record<RunSize, number> = { test: 20, short: 80, full: 250 };
const REPEATS: Record<RunSize, number> = { test: 2, short: 3, full: 3 };
/** At most this many processors are used (a many-core machine would start too many workers). */
export const COTHREAD_MAX_P = 16;

export const processorsOf = (logical: number) =>
  Math.max(1, Math.min(COTHREAD_MAX_P, Math.floor(logical) || 1));

/** Job counts measured: P/2 (when P ≥ 2), P, 2P. */
export const cothreadCounts = (p: number) => [
  ...new Set([Math.max(1, Math.floor(p / 2)), p, 2 * p]),
];

interface CothreadDetail {
  p: number;
  /** Relative throughput at P, per repeat, per workload. */
  relP: Partial<Record<LiveWorkload, number[]>>;
}

export const cothreadsClaim: ClaimDef<CothreadEnv> = {
  id: 'cothreads',
  title: 'Cores against hardware threads (the cothread test)',
  modelVersion: 'cothreads-2',
  limits: [
    'A page cannot tell whether two logical processors are hardware threads of one core, turn SMT off, or pin a worker: the model predicts the OS’s sharing of what the machine reports, and the gain of the second half of the logical processors is measured, not predicted.',
    'Today’s SMT issues from both threads every cycle; Montecito switched threads only on a long miss.',
  ],
  async calibrate(env, size) {
    const clock = env.clock ?? (() => performance.now());
    const t0 = clock();
    const p = processorsOf(env.logical);
    const detail: CothreadDetail = { p, relP: {} };
    const constants: Record<string, number> = { processors: p };
    for (const w of env.workloads) {
      const units = await env.units(w, PROBE_MS[size]);
      const rel: number[] = [];
      for (let r = 0; r < REPEATS[size]; r++) {
        const one = (await env.round(w, units, 1)).wallMs;
        const all = p > 1 ? (await env.round(w, units, p)).wallMs : one;
        rel.push((p * one) / all);
      }
      detail.relP[w] = rel;
      constants[`${w}Peff`] = geomean(rel);
      constants[`${w}JobAloneMs`] = PROBE_MS[size];
    }
    return {
      claim: 'cothreads',
      constants,
      repeats: REPEATS[size],
      elapsedMs: clock() - t0,
      detail,
    };
  },
  predict(c) {
    const d = c.detail as CothreadDetail;
    const out: PredictionDraft[] = [];
    for (const [w, rel] of Object.entries(d.relP) as [LiveWorkload, number[]][]) {
      // Processor sharing: P jobs run at least at one job's rate and at most at P jobs' (a
      // calibration outside that was disturbed): P_eff is held to [1, P].
      const peff = Math.max(1, Math.min(d.p, c.constants[`${w}Peff`]!));
      for (const n of cothreadCounts(d.p)) {
        // Processor sharing: n jobs run at min(n, P_eff) jobs alone; below P, the share of
        // P_eff that n processors are worth.
        const value = n >= d.p ? peff : Math.max(1, Math.min(n, (peff * n) / d.p));
        out.push(
          draft({
            quantity: `${w}@${n}`,
            label: `throughput of ${n} ${w}-bound job${n === 1 ? '' : 's'} ÷ one alone`,
            unit: '×',
            value,
            spreadSd: n === 1 ? 0.05 : spreadOfNew(sdLog(rel), rel.length),
            modelSd: COTHREAD_MODEL_SD,
          }),
        );
      }
    }
    return out;
  },
  async measure(env, c, size) {
    const d = c.detail as CothreadDetail;
    const out: Record<string, number> = {};
    for (const w of env.workloads) {
      if (!d.relP[w]) continue;
      const units = await env.units(w, JOB_MS[size]);
      const one = median([
        (await env.round(w, units, 1)).wallMs,
        (await env.round(w, units, 1)).wallMs,
      ]);
      for (const n of cothreadCounts(d.p)) {
        const wall = n === 1 ? one : (await env.round(w, units, n)).wallMs;
        out[`${w}@${n}`] = (n * one) / wall;
      }
    }
    return out;
  },
  outcome(c, predicted, measured) {
    const d = c.detail as CothreadDetail;
    const paper = cothreadPaperLine();
    const half = Math.max(1, Math.floor(d.p / 2));
    const gain = (w: string, src: Readonly<Record<string, number>>) =>
      src[`${w}@${d.p}`]! / src[`${w}@${half}`]! - 1;
    const pred = Object.fromEntries(predicted.map((x) => [x.quantity, x.value]));
    const parts = Object.keys(d.relP).map((w) => {
      const g = measured?.[`${w}@${d.p}`] !== undefined ? gain(w, measured) : gain(w, pred);
      return `${w}-bound ${fmt(100 * g, 2)} %${measured ? '' : ' (predicted)'}`;
    });
    return {
      paper,
      here:
        d.p < 2
          ? 'This machine reports one logical processor: there is no second half to gain from.'
          : `The second half of this machine’s ${d.p} logical processors (${half} → ${d.p} jobs) gains ${parts.join(', ')} here; 2 × ${d.p} jobs gain nothing more, as the OS only time-shares them.`,
    };
  },
};
