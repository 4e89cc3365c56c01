/** The CLI's worker thread, kept between runs and terminated when a run's budget is used up. */
import { Worker } from 'node:worker_threads';
import { timedOutLine } from './budget';
import type { Job } from './compute';
import { errorResult, type RunResult } from './errors';

interface Idle {
  worker: Worker;
}
/** Workers kept between runs (one is enough: a test's next run starts without loading again). */
const idle: Idle[] = [];
const WORKER_BOOT = new URL('../lib/ts-worker.mjs', import.meta.url);
const WORKER_ENTRY = new URL('../lib/explore-worker.ts', import.meta.url).href;

type FromWorker = { progress: string } | { result: RunResult };

function startWorker(): Worker {
  const worker = new Worker(WORKER_BOOT, { workerData: { entry: WORKER_ENTRY } });
  // A kept worker never holds the process open; a run in progress is held by its timer.
  worker.unref();
  return worker;
}

/** Ends the kept workers (a test that wants its next run to start a fresh thread). */
export async function closeWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map(({ worker }) => worker.terminate()));
}

/**
 * Runs a job in a worker thread and waits at most `timeoutS`: a model that runs synchronously
 * cannot be interrupted in its own thread, but its thread can be terminated.
 */
export function runInWorker(
  job: Job,
  timeoutS: number,
  modelId: string,
  write: ((line: string) => void) | null,
): Promise<RunResult> {
  const worker = idle.pop()?.worker ?? startWorker();
  return new Promise<RunResult>((resolve) => {
    let settled = false;
    const finish = (result: RunResult, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keep && idle.length === 0) idle.push({ worker });
      else void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () =>
        finish({ stdout: '', stderr: `${timedOutLine(modelId, timeoutS)}\n`, exitCode: 2 }, false),
      timeoutS * 1000,
    );
    const onMessage = (msg: FromWorker) => {
      if ('progress' in msg) write?.(msg.progress);
      else finish(msg.result, true);
    };
    const onError = (err: Error) => finish(errorResult(err), false);
    const onExit = (code: number) =>
      finish(errorResult(new Error(`the model's worker thread exited (code ${code})`)), false);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
  });
}
