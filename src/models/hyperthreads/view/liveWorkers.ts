/**
 * The cothread test on this machine, the page's side: N workers (each through the one worker
 * client, src/state/workerClient.ts) run the same job, started together — on a shared-memory
 * barrier when the page is cross-origin isolated, else at an agreed time a little in the
 * future — and each reports its own start and finish; this combines them per N.
 */
import {
  chainBytesFor,
  combineRound,
  LIVE_WORKLOADS,
  type JobSpec,
  type LiveWorkload,
  type RoundResult,
} from '../live';
import { CancelledError, WorkerClient } from '../../../state/workerClient';
import type { HyperthreadsLiveApi } from '../workers/hyperthreads-live.worker';

export interface CothreadSettings {
  counts: number[];
  /** How long one job takes alone (ms): the work is sized to it on this machine. */
  targetMs: number;
  workloads?: LiveWorkload[];
}

export interface CothreadResult {
  rounds: RoundResult[];
  /** Units of work per job, by workload, as calibrated here. */
  units: Partial<Record<LiveWorkload, number>>;
  chainBytes: number;
  /** Whether the jobs started on a SharedArrayBuffer barrier (else at an agreed time). */
  barrier: boolean;
  settings: CothreadSettings;
  cancelled: boolean;
}

export interface CothreadProgress {
  done: number;
  total: number;
}

export function makeClient(i: number): WorkerClient<HyperthreadsLiveApi> {
  return new WorkerClient<HyperthreadsLiveApi>(
    () =>
      new Worker(new URL('../workers/hyperthreads-live.worker.ts', import.meta.url), {
        type: 'module',
        name: `hyperthreads-live-${i}`,
      }),
    { name: `cothread job ${i + 1}`, timeoutMs: 60_000, cancelGraceMs: 150 },
  );
}

/** Milliseconds from now to the agreed start when there is no barrier: enough for N messages. */
export const startLeadMs = (n: number) => 25 + 2 * n;

/**
 * Every workload at every N in `settings.counts`. `onRound` hears each finished round (for a
 * live chart); `signal` cancels: the jobs in flight stop within their next check (40 ms), or
 * are terminated after 150 ms.
 */
export async function runCothreadTest(
  settings: CothreadSettings,
  signal: AbortSignal,
  onRound: (rounds: RoundResult[], progress: CothreadProgress) => void,
): Promise<CothreadResult> {
  const counts = [...new Set(settings.counts)].filter((n) => n >= 1).sort((a, b) => a - b);
  const workloads = settings.workloads ?? LIVE_WORKLOADS.map((w) => w.key);
  const maxN = counts[counts.length - 1] ?? 1;
  const chainBytes = chainBytesFor(maxN);
  const clients = Array.from({ length: maxN }, (_, i) => makeClient(i));
  const barrier =
    globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer !== 'undefined';
  const result: CothreadResult = {
    rounds: [],
    units: {},
    chainBytes,
    barrier,
    settings: { ...settings, counts, workloads },
    cancelled: false,
  };
  const total = workloads.length * counts.length;
  const spec = (workload: LiveWorkload, i: number): JobSpec => ({
    workload,
    chainBytes,
    seed: 1 + i,
  });
  try {
    for (const workload of workloads) {
      const units = await clients[0]!.call(
        (api) => api.calibrate(spec(workload, 0), settings.targetMs),
        {
          signal,
        },
      );
      result.units[workload] = units;
      for (const n of counts) {
        const team = clients.slice(0, n);
        await Promise.all(
          team.map((c, i) => c.call((api) => api.prepare(spec(workload, i)), { signal })),
        );
        const shared = barrier ? new SharedArrayBuffer(4) : undefined;
        const startAt = performance.timeOrigin + performance.now() + startLeadMs(n);
        const timings = await Promise.all(
          team.map((c) =>
            c.call<Awaited<ReturnType<HyperthreadsLiveApi['run']>>, number>(
              (api, progress) =>
                api.run(
                  units,
                  shared ? { startAt, barrier: shared, parties: n } : { startAt },
                  progress,
                ),
              { signal },
            ),
          ),
        );
        const round = combineRound(workload, timings);
        if (round.cancelled || signal.aborted) throw new CancelledError('Cancelled.');
        result.rounds.push(round);
        onRound([...result.rounds], { done: result.rounds.length, total });
      }
    }
  } catch (e) {
    if (!(e instanceof CancelledError) && !signal.aborted) throw e;
    result.cancelled = true;
  } finally {
    for (const c of clients) c.terminate();
  }
  return result;
}
