/**
 * Your machine's cothread claim (src/machine/claims/cothreads.ts) in Node (tests,
 * scripts/machine-coverage.ts): N job workers (./machine-job-worker.ts, the page's JobRunner),
 * found by scripts/lib/machine-node.ts.
 */
import { availableParallelism } from 'node:os';
import type { CothreadEnv } from '../../../machine/claims/cothreads';
import { JobWorker } from '../../../../scripts/lib/machine-node';
import {
  combineRound,
  chainBytesFor,
  type JobSpec,
  type JobTiming,
  type LiveWorkload,
} from '../live';

const ENTRY = new URL('./machine-job-worker.ts', import.meta.url).href;

/** The cothread host: job workers started on demand, ended by `close`. */
export function nodeCothreadEnv(
  workloads: readonly LiveWorkload[] = ['compute', 'memory'],
  logical = availableParallelism(),
): CothreadEnv & { close(): Promise<void> } {
  const pool: JobWorker[] = [];
  const maxWorkers = 2 * Math.max(1, Math.min(16, logical));
  const chainBytes = Math.min(4 * 2 ** 20, chainBytesFor(maxWorkers));
  const spec = (w: LiveWorkload, i: number): JobSpec => ({ workload: w, chainBytes, seed: 1 + i });
  const worker = (i: number) => (pool[i] ??= new JobWorker(ENTRY));
  return {
    logical,
    workloads,
    units: (w, targetMs) => worker(0).call<number>({ op: 'units', spec: spec(w, 0), targetMs }),
    async round(w, units, n) {
      const team = Array.from({ length: n }, (_, i) => worker(i));
      await Promise.all(team.map((t, i) => t.call({ op: 'prepare', spec: spec(w, i) })));
      const barrier = new SharedArrayBuffer(4);
      const timings = await Promise.all(
        team.map((t) => t.call<JobTiming>({ op: 'run', units, barrier, parties: n })),
      );
      return { wallMs: combineRound(w, timings).wallMs };
    },
    async close() {
      await Promise.all(pool.splice(0).map((w) => w.terminate()));
    },
  };
}
