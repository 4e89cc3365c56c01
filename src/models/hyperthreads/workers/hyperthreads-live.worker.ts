/**
 * One of the hyperthreads page's N live workers: it prepares a job (a chain for the
 * memory-bound workload), calibrates its size, and runs it at an agreed start
 * (src/models/hyperthreads/live.ts). It imports the model's live code, exposes it over
 * comlink, and does nothing else. The page (src/models/hyperthreads/view/liveWorkers.ts) starts N
 * of these and combines their times.
 */
import { JobRunner, type JobSpec, type JobTiming } from '../live';
import { exposeInWorker } from '../../../../workers/expose';

const runner = new JobRunner();

export const hyperthreadsLiveApi = {
  /** Builds what the job needs (once per spec) and reports whether the clock is the finer one. */
  async prepare(spec: JobSpec): Promise<{ isolated: boolean }> {
    await runner.prepare(spec);
    return { isolated: globalThis.crossOriginIsolated === true };
  },
  /** Units of work for a job of about `targetMs` alone. */
  async calibrate(spec: JobSpec, targetMs: number): Promise<number> {
    await runner.prepare(spec);
    return runner.calibrate(targetMs);
  },
  /**
   * Runs `units` of work from the agreed start: a shared barrier when the page is
   * cross-origin isolated (`barrier`), else the absolute time `startAt`. `onProgress` (a
   * comlink proxy) is asked every 40 ms and stops the job by returning false.
   */
  run(
    units: number,
    start: { startAt: number; barrier?: SharedArrayBuffer; parties?: number },
    onProgress?: (p: number) => boolean | Promise<boolean>,
  ): Promise<JobTiming> {
    return runner.run(units, {
      startAt: start.startAt,
      barrier:
        start.barrier && start.parties
          ? { counter: new Int32Array(start.barrier), parties: start.parties }
          : undefined,
      check: onProgress ? () => onProgress(0) : undefined,
    });
  },
};

export type HyperthreadsLiveApi = typeof hyperthreadsLiveApi;

exposeInWorker(hyperthreadsLiveApi);
