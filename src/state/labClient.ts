/**
 * Talks to the model workers. The main thread never runs a model: it only asks.
 *
 * Two instances of workers/lab.worker.ts, created on first use: `tables` is fast and asked on
 * every slider step; `charts` runs sweeps that take much longer. Separate workers keep a slow
 * sweep from holding up the next table.
 *
 * Latest wins, per worker: at most one call is in flight; a new request replaces the one
 * waiting behind it (that one resolves as `superseded` and never runs). Every request gets a
 * monotonically increasing id, and a result older than one already delivered is dropped.
 * A result that arrives after a newer request was made is still delivered (it is newer than
 * what is on screen, and it says which scenario it is for): during a drag the table keeps
 * moving instead of freezing until the pointer stops.
 */
import { wrap, releaseProxy, type Remote } from 'comlink';
import type { ChartData, ParamValues } from '../models/types';
import type { ScenarioTables } from '../compare/types';
import type { LabApi } from '../../workers/lab.worker';

export type Outcome<T> =
  | { kind: 'ok'; id: number; value: T }
  | { kind: 'error'; id: number; error: Error }
  | { kind: 'superseded'; id: number };

interface Job {
  id: number;
  modelId: string;
  params: ParamValues;
  resolve: (outcome: Outcome<unknown>) => void;
}

type Method = 'tables' | 'charts';

function toError(e: unknown): Error {
  if (e instanceof Error) return e;
  if (e && typeof e === 'object' && 'message' in e) return new Error(String(e.message));
  return new Error(String(e));
}

class LatestOnlyWorker {
  private worker: Worker | null = null;
  private api: Remote<LabApi> | null = null;
  private nextId = 0;
  private lastDeliveredId = 0;
  private inFlight: Job | null = null;
  private waiting: Job | null = null;
  /** Rejects the call in flight when the worker itself fails (load error, crash). */
  private failInFlight: ((e: Error) => void) | null = null;

  constructor(private readonly method: Method) {}

  request<T>(modelId: string, params: ParamValues): Promise<Outcome<T>> {
    return new Promise((resolve) => {
      const job: Job = {
        id: ++this.nextId,
        modelId,
        params,
        resolve: resolve as (o: Outcome<unknown>) => void,
      };
      if (this.waiting) this.waiting.resolve({ kind: 'superseded', id: this.waiting.id });
      this.waiting = job;
      this.pump();
    });
  }

  private connect(): Remote<LabApi> {
    if (this.api) return this.api;
    if (typeof Worker === 'undefined') throw new Error('This browser cannot run Web Workers.');
    const worker = new Worker(new URL('../../workers/lab.worker.ts', import.meta.url), {
      type: 'module',
      name: `lab-${this.method}`,
    });
    const fail = (message: string) => {
      this.failInFlight?.(new Error(message));
      this.reset();
    };
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      fail(`The ${this.method} worker failed: ${e.message || 'it could not be loaded'}`);
    });
    worker.addEventListener('messageerror', () =>
      fail(`The ${this.method} worker sent a message that could not be read.`),
    );
    this.worker = worker;
    this.api = wrap<LabApi>(worker);
    return this.api;
  }

  /** Drops the worker; the next request starts a fresh one. */
  private reset(): void {
    this.api?.[releaseProxy]();
    this.worker?.terminate();
    this.api = null;
    this.worker = null;
  }

  private pump(): void {
    if (this.inFlight || !this.waiting) return;
    const job = this.waiting;
    this.waiting = null;
    this.inFlight = job;
    const settle = (outcome: Outcome<unknown>) => {
      if (this.inFlight !== job) return;
      this.inFlight = null;
      this.failInFlight = null;
      if (outcome.kind === 'ok' && job.id < this.lastDeliveredId)
        job.resolve({ kind: 'superseded', id: job.id });
      else {
        if (outcome.kind === 'ok') this.lastDeliveredId = job.id;
        job.resolve(outcome);
      }
      this.pump();
    };
    this.failInFlight = (error) => settle({ kind: 'error', id: job.id, error });
    let call: Promise<unknown>;
    try {
      const api = this.connect();
      call =
        this.method === 'tables'
          ? api.tables(job.modelId, job.params)
          : api.charts(job.modelId, job.params);
    } catch (e) {
      call = Promise.reject(e);
    }
    call.then(
      (value) => settle({ kind: 'ok', id: job.id, value }),
      (e: unknown) => settle({ kind: 'error', id: job.id, error: toError(e) }),
    );
  }
}

let tablesWorker: LatestOnlyWorker | null = null;
let chartsWorker: LatestOnlyWorker | null = null;

export function requestTables(
  modelId: string,
  params: ParamValues,
): Promise<Outcome<ScenarioTables>> {
  tablesWorker ??= new LatestOnlyWorker('tables');
  return tablesWorker.request<ScenarioTables>(modelId, params);
}

export function requestCharts(modelId: string, params: ParamValues): Promise<Outcome<ChartData[]>> {
  chartsWorker ??= new LatestOnlyWorker('charts');
  return chartsWorker.request<ChartData[]>(modelId, params);
}
