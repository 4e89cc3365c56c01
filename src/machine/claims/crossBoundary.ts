/**
 * Shared memory against RPC between workers, on this machine. The paper's model (the IPC
 * rows of src/models/cross-boundary, `ipcTotalS`): a run costs its start-up plus calls × the
 * per-call overhead; shared memory pays more to start (here: two workers and a shared buffer,
 * there: fork, exec, attach) and less per call (an Atomics handoff against a postMessage
 * round trip), so it wins above a crossover number of calls. Calibration: a run of a few
 * hundred calls, repeated, gives each transport's start-up (until the workers answer) and
 * per-call cost here; prediction: the time of a long run and of one an eighth as long
 * (start-up included), and the crossover.
 */
import { median } from '../../models/stats';
import { draft, sdLog, spreadOfNew } from '../interval';
import type { PredictionDraft } from '../types';
import { fmt, type ClaimDef, type RunSize } from './claim';
import { crossoverCalls, runFit, twoPointFit, type TransportFit } from './ipcFit';
import { crossBoundaryPaperLine } from '../paperLines';

export type Transport = 'rpc' | 'sm';

export interface TransportEnv {
  /**
   * `calls` calls, each the paper's increment: `totalMs` from creating the callee worker(s) to
   * the last reply; `startupMs` until the workers could answer (RPC: the first reply; shared
   * memory: both workers answering); the workers are gone when it returns.
   */
  run(kind: Transport, calls: number): Promise<{ startupMs: number; totalMs: number }>;
  /** Why the shared-memory row cannot run here (no cross-origin isolation), or null. */
  smUnavailable(): string | null;
  clock?: () => number;
}

/**
 * The model's form, declared (not fitted): per-call costs drift with the JIT and with how
 * the browser batches its messages, and start-up with what else is loading, sd 0.25.
 */
export const CROSS_MODEL_SD = 0.25;
const REPEATS: Record<RunSize, number> = { test: 2, short: 3, full: 3 };
const PROBE: Record<RunSize, number> = { test: 64, short: 256, full: 512 };
/** The long run measured. */
export const LONG_CALLS: Record<RunSize, number> = { test: 512, short: 2048, full: 16_384 };

export { crossoverCalls, runFit, twoPointFit, type TransportFit } from './ipcFit';

const totalMs = (f: TransportFit, n: number) => f.startupMs + (n * f.perCallUs) / 1000;

interface CrossDetail {
  fits: Record<Transport, TransportFit[]>;
  smWhy: string | null;
}

const kinds = (d: CrossDetail): Transport[] => (d.smWhy ? ['rpc'] : ['rpc', 'sm']);
const LABEL: Record<Transport, string> = {
  rpc: 'postMessage round trips (the RPC analogue)',
  sm: 'SharedArrayBuffer + Atomics handoff (the shared-memory analogue)',
};

export const crossBoundaryClaim: ClaimDef<TransportEnv> = {
  id: 'crossBoundary',
  title: 'Shared memory against RPC between workers (Itanium mixed mode)',
  modelVersion: 'cross-2',
  limits: [
    'The transports are a browser’s: postMessage stands for the DCE RPC and an Atomics handoff between two workers for the paper’s shared-memory segment with semaphores; no DOCT translation is involved.',
  ],
  async calibrate(env, size) {
    const clock = env.clock ?? (() => performance.now());
    const t0 = clock();
    const smWhy = env.smUnavailable();
    const detail: CrossDetail = { fits: { rpc: [], sm: [] }, smWhy };
    const n = PROBE[size];
    for (let r = 0; r < REPEATS[size]; r++)
      for (const k of kinds(detail)) detail.fits[k].push(runFit(n, await env.run(k, n)));
    const constants: Record<string, number> = {};
    for (const k of kinds(detail)) {
      constants[`${k}StartupMs`] = median(detail.fits[k].map((f) => f.startupMs));
      constants[`${k}PerCallUs`] = median(detail.fits[k].map((f) => f.perCallUs));
    }
    return {
      claim: 'crossBoundary',
      constants,
      repeats: REPEATS[size],
      elapsedMs: clock() - t0,
      detail,
    };
  },
  predict(c, size) {
    const d = c.detail as CrossDetail;
    const out: PredictionDraft[] = [];
    const long = LONG_CALLS[size];
    for (const k of kinds(d))
      for (const n of [long / 8, long]) {
        const fit = {
          startupMs: c.constants[`${k}StartupMs`]!,
          perCallUs: c.constants[`${k}PerCallUs`]!,
        };
        out.push(
          draft({
            quantity: `${k}@${n}`,
            label: `ms for ${n.toLocaleString('en-US')} calls, ${LABEL[k]}, start-up included`,
            unit: 'ms',
            value: totalMs(fit, n),
            spreadSd: spreadOfNew(sdLog(d.fits[k].map((f) => totalMs(f, n))), d.fits[k].length),
            modelSd: CROSS_MODEL_SD,
          }),
        );
      }
    return out;
  },
  async measure(env, c, size) {
    const d = c.detail as CrossDetail;
    const long = LONG_CALLS[size];
    const out: Record<string, number> = {};
    for (const k of kinds(d))
      for (const n of [long / 8, long]) out[`${k}@${n}`] = (await env.run(k, n)).totalMs;
    return out;
  },
  outcome(c, _p, measured) {
    const d = c.detail as CrossDetail;
    const paper = crossBoundaryPaperLine();
    if (d.smWhy) return { paper, here: `Shared memory cannot run here: ${d.smWhy}` };
    const fit = (k: Transport): TransportFit => ({
      startupMs: c.constants[`${k}StartupMs`]!,
      perCallUs: c.constants[`${k}PerCallUs`]!,
    });
    const said = (x: number | null) =>
      x === null
        ? 'never beats RPC (its per-call cost is not lower here)'
        : x === 0
          ? 'beats RPC from the first call'
          : `beats RPC above ≈ ${fmt(x, 2)} calls`;
    const predicted = crossoverCalls(fit('rpc'), fit('sm'));
    let here = `On this machine shared memory ${said(predicted)} (predicted from the calibration)`;
    if (measured) {
      const ns = Object.keys(measured)
        .filter((q) => q.startsWith('rpc@'))
        .map((q) => Number(q.slice(4)))
        .sort((a, b) => a - b);
      if (ns.length === 2 && measured[`sm@${ns[0]}`] !== undefined) {
        const [a, b] = [ns[0]!, ns[1]!];
        const m = (k: Transport) =>
          twoPointFit(a, measured[`${k}@${a}`]!, b, measured[`${k}@${b}`]!);
        here += `; measured: ${said(crossoverCalls(m('rpc'), m('sm')))}`;
      }
    }
    return { paper, here: `${here}.` };
  },
};
