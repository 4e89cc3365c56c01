/**
 * A Node worker thread for the cothread claim (src/machine/claims/cothreads.ts), started
 * through ts-worker.mjs: the same job code as the page's workers (JobRunner), over
 * worker_threads messages.
 */
import { parentPort } from 'node:worker_threads';
import { JobRunner, type JobSpec } from '../live';

const runner = new JobRunner();

type Msg =
  | { id: number; op: 'prepare'; spec: JobSpec }
  | { id: number; op: 'units'; spec: JobSpec; targetMs: number }
  | { id: number; op: 'run'; units: number; barrier: SharedArrayBuffer; parties: number };

parentPort!.on('message', (m: Msg) => {
  void (async () => {
    try {
      if (m.op === 'prepare') {
        await runner.prepare(m.spec);
        parentPort!.postMessage({ id: m.id, value: null });
      } else if (m.op === 'units') {
        await runner.prepare(m.spec);
        parentPort!.postMessage({ id: m.id, value: runner.calibrate(m.targetMs) });
      } else {
        const t = await runner.run(m.units, {
          barrier: { counter: new Int32Array(m.barrier), parties: m.parties },
        });
        parentPort!.postMessage({ id: m.id, value: t });
      }
    } catch (e) {
      parentPort!.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) });
    }
  })();
});
