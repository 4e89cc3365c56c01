/**
 * Your machine's cross-boundary claim (src/machine/claims/crossBoundary.ts) in the page: wall
 * time from the workers' creation to the last reply, on this page's own RPC and shared-memory
 * workers (./liveWorkers.ts), found by src/views/machine/hosts.ts.
 */
import type { MachineHosts } from '../../../machine/claims/claim';
import type { Transport, TransportEnv } from '../../../machine/claims/crossBoundary';
import { STATE, STATE_STOP } from '../live';
import { calleeClient, sabClient, sabUnavailable } from './liveWorkers';
import { message } from '../../../i18n/catalog';
import '../../../i18n/parts/panel';

type RunTimes = { startupMs: number; totalMs: number };

async function runRpc(calls: number): Promise<RunTimes> {
  const t0 = performance.now();
  const client = calleeClient();
  const worker = client.worker();
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
    client.terminate();
  }
}

async function runSm(calls: number): Promise<RunTimes> {
  const t0 = performance.now();
  const server = sabClient('server');
  const client = sabClient('client');
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

const transportEnv: TransportEnv = {
  run: (k: Transport, n: number) => (k === 'rpc' ? runRpc(n) : runSm(n)),
  // The claim's reason is English, as the machine's other outcomes (src/machine/claims).
  smUnavailable: () => {
    const why = sabUnavailable();
    return why === null ? null : message('en', why);
  },
};

export const MACHINE_HOSTS: MachineHosts = { crossBoundary: () => ({ env: transportEnv }) };
