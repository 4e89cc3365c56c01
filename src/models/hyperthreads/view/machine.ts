/**
 * Your machine's cothread claim (src/machine/claims/cothreads.ts) in the page: this page's
 * own job workers (./liveWorkers.ts), found by src/views/machine/hosts.ts.
 */
import type { MachineHosts } from '../../../machine/claims/claim';
import type { CothreadEnv } from '../../../machine/claims/cothreads';
import { chainBytesFor, combineRound, type JobSpec, type LiveWorkload } from '../live';
import type { WorkerClient } from '../../../state/workerClient';
import type { HyperthreadsLiveApi } from '../workers/hyperthreads-live.worker';
import { makeClient, startLeadMs } from './liveWorkers';

function browserCothreadEnv(): CothreadEnv & { close(): void } {
  const logical = navigator.hardwareConcurrency || 1;
  const chainBytes = chainBytesFor(2 * Math.max(1, Math.min(16, logical)));
  const pool: WorkerClient<HyperthreadsLiveApi>[] = [];
  const worker = (i: number) => (pool[i] ??= makeClient(i));
  const spec = (w: LiveWorkload, i: number): JobSpec => ({ workload: w, chainBytes, seed: 1 + i });
  const barrier =
    globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer !== 'undefined';
  return {
    logical,
    workloads: ['compute', 'memory'],
    units: (w, targetMs) => worker(0).call((api) => api.calibrate(spec(w, 0), targetMs)),
    async round(w, units, n) {
      const team = Array.from({ length: n }, (_, i) => worker(i));
      await Promise.all(team.map((c, i) => c.call((api) => api.prepare(spec(w, i)))));
      const shared = barrier ? new SharedArrayBuffer(4) : undefined;
      const startAt = performance.timeOrigin + performance.now() + startLeadMs(n);
      const timings = await Promise.all(
        team.map((c) =>
          c.call((api) =>
            api.run(units, shared ? { startAt, barrier: shared, parties: n } : { startAt }),
          ),
        ),
      );
      return { wallMs: combineRound(w, timings).wallMs };
    },
    close() {
      for (const c of pool.splice(0)) c.terminate();
    },
  };
}

export const MACHINE_HOSTS: MachineHosts = {
  cothreads: () => {
    const env = browserCothreadEnv();
    return { env, close: () => env.close() };
  },
};
