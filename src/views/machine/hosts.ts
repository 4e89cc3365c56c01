/**
 * The machine claims' hosts in the page: a worker for the one-thread claims, the
 * cross-boundary workers for RPC and shared memory, and the hyperthreads page's job workers
 * for the cothread test. The claims themselves are src/machine/claims.
 */
import type { CothreadEnv } from '../../machine/claims/cothreads';
import type { Transport, TransportEnv } from '../../machine/claims/crossBoundary';
import type { HostedClaim, RunSize } from '../../machine/claims/claim';
import { CLAIM_META } from '../../machine/claims/meta';
import {
  chainBytesFor,
  combineRound,
  type JobSpec,
  type LiveWorkload,
} from '../../models/hyperthreads/live';
import type { MachineReport } from '../../machine/types';
import { WorkerClient } from '../../state/workerClient';
import type { MachineApi, WorkerClaim } from '../../../workers/machine.worker';
import type { SabApi } from '../../../workers/cross-boundary-sab.worker';
import type { HyperthreadsLiveApi } from '../../../workers/hyperthreads-live.worker';
import { sabUnavailable } from '../../models/cross-boundary/view/liveWorkers';
import { message } from '../../i18n/catalog';
import '../../i18n/parts/panel';
import { STATE, STATE_STOP } from '../../models/cross-boundary/live';

export function browserMachineReport(): MachineReport {
  const nav = navigator as Navigator & {
    userAgentData?: { brands?: { brand: string; version: string }[] };
    deviceMemory?: number;
  };
  return {
    hardwareConcurrency: nav.hardwareConcurrency ?? null,
    brands: (nav.userAgentData?.brands ?? []).map((b) => `${b.brand} ${b.version}`),
    userAgent: nav.userAgent,
    deviceMemory: typeof nav.deviceMemory === 'number' ? nav.deviceMemory : null,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
  };
}

let machineWorker: WorkerClient<MachineApi> | null = null;
const machineClient = () =>
  (machineWorker ??= new WorkerClient<MachineApi>(
    () =>
      new Worker(new URL('../../../workers/machine.worker.ts', import.meta.url), {
        type: 'module',
        name: 'machine',
      }),
    { name: 'your machine' },
  ));

/**
 * A one-thread claim, run in the machine worker: calibration, prediction and measurement
 * (its code names a model's mechanism, which the main thread never loads).
 */
export function inWorker(id: WorkerClaim): HostedClaim<null> {
  return {
    id,
    ...CLAIM_META[id],
    calibrate: (_env, size: RunSize) => machineClient().call((api) => api.calibrate(id, size)),
    predict: (c, size) => machineClient().call((api) => api.predict(id, c, size)),
    measure: (_env, c, size: RunSize) => machineClient().call((api) => api.measure(id, c, size)),
    outcome: (c, predicted, measured) =>
      machineClient().call((api) =>
        api.outcome(id, c, [...predicted], measured ? { ...measured } : null),
      ),
  };
}

// ——— Cross-boundary: wall time from the workers' creation to the last reply ———

type RunTimes = { startupMs: number; totalMs: number };

async function runRpc(calls: number): Promise<RunTimes> {
  const t0 = performance.now();
  const worker = new Worker(
    new URL('../../../workers/cross-boundary-rpc.worker.ts', import.meta.url),
    {
      type: 'module',
      name: 'machine-rpc',
    },
  );
  let reply: ((x: number) => void) | null = null;
  let failed: ((e: Error) => void) | null = null;
  worker.addEventListener('message', (e: MessageEvent) => {
    const d = e.data as { raw?: number } | null;
    if (d && typeof d.raw === 'number') reply?.(d.raw);
  });
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    failed?.(new Error(`The RPC worker failed: ${e.message || 'it could not be loaded'}`));
  });
  try {
    let sum = 0;
    let startupMs = NaN;
    for (let i = 1; i <= calls; i++) {
      // The first reply waits for the worker to load: that is the start-up.
      if (i === 2) startupMs = performance.now() - t0;
      sum += await new Promise<number>((resolve, reject) => {
        reply = resolve;
        failed = reject;
        worker.postMessage({ raw: i });
      });
    }
    const totalMs = performance.now() - t0 + (sum < 0 ? NaN : 0);
    return { startupMs: calls > 1 ? startupMs : totalMs, totalMs };
  } finally {
    worker.terminate();
  }
}

const sabWorker = (role: string) =>
  new WorkerClient<SabApi>(
    () =>
      new Worker(new URL('../../../workers/cross-boundary-sab.worker.ts', import.meta.url), {
        type: 'module',
        name: `machine-sab-${role}`,
      }),
    { name: `shared-memory ${role}` },
  );

async function runSm(calls: number): Promise<RunTimes> {
  const t0 = performance.now();
  const server = sabWorker('server');
  const client = sabWorker('client');
  try {
    // Start-up: both workers loaded and answering (a buffer already marked “stop” returns at once).
    const done = new SharedArrayBuffer(16);
    new Int32Array(done)[STATE] = STATE_STOP;
    await Promise.all([
      server.call((api) => api.serve(done)),
      client.call<unknown, number>((api, progress) => api.run(done, 0, 1, progress)),
    ]);
    const startupMs = performance.now() - t0;
    const sab = new SharedArrayBuffer(16);
    void server.call((api) => api.serve(sab)).catch(() => undefined);
    await client.call<unknown, number>((api, progress) => api.run(sab, calls, calls, progress));
    return { startupMs, totalMs: performance.now() - t0 };
  } finally {
    client.terminate();
    server.terminate();
  }
}

export function browserTransportEnv(): TransportEnv {
  return {
    run: (k: Transport, n: number) => (k === 'rpc' ? runRpc(n) : runSm(n)),
    // The claim's reason is English, as the machine's other outcomes (src/machine/claims).
    smUnavailable: () => {
      const why = sabUnavailable();
      return why === null ? null : message('en', why);
    },
  };
}

// ——— Cothreads: the hyperthreads page's job workers ———

export function browserCothreadEnv(): CothreadEnv & { close(): void } {
  const logical = navigator.hardwareConcurrency || 1;
  const maxWorkers = 2 * Math.max(1, Math.min(16, logical));
  const chainBytes = chainBytesFor(maxWorkers);
  const pool: WorkerClient<HyperthreadsLiveApi>[] = [];
  const worker = (i: number) =>
    (pool[i] ??= new WorkerClient<HyperthreadsLiveApi>(
      () =>
        new Worker(new URL('../../../workers/hyperthreads-live.worker.ts', import.meta.url), {
          type: 'module',
          name: `machine-job-${i}`,
        }),
      { name: `job ${i + 1}`, timeoutMs: 60_000 },
    ));
  const spec = (workload: LiveWorkload, i: number): JobSpec => ({
    workload,
    chainBytes,
    seed: 1 + i,
  });
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
      const startAt = performance.timeOrigin + performance.now() + 25 + 2 * n;
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
