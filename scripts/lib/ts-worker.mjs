/**
 * A worker thread that runs a TypeScript module: registers tsx's loader in this thread, then
 * imports `workerData.entry` (a file: URL). Plain JavaScript, so that it starts the same way
 * under the `tsx` CLI and under vitest, neither of whose loaders reaches a new thread by itself.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
