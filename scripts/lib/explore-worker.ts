/**
 * The explore CLI's worker thread (started by scripts/cli/worker.ts through ts-worker.mjs): runs
 * one job at a time with `compute` and posts its progress lines and its result. The main thread
 * terminates it when the run's time budget is used up.
 */
import { parentPort } from 'node:worker_threads';
import { compute, type Job } from '../cli/compute';

const port = parentPort;
if (port) {
  port.on('message', (job: Job) => {
    void compute(job, (line) => port.postMessage({ progress: line })).then((result) =>
      port.postMessage({ result }),
    );
  });
}
