/**
 * A pool of workers for the charts' sweeps: N instances of one worker file, each behind its own
 * `WorkerClient` (./workerClient.ts: lazy start, cancel, timeout, restart after a crash), so
 * the parts of one job run at once, one per worker, and come back assembled in order.
 *
 *  - **parts**: a job is `fn(api, i)` for parts i = 0, 1, …; every answer also says how many
 *    parts there are (`total`), so the first `size` parts are sent at once and the rest as
 *    workers come free (parts past the total answer nothing and are dropped);
 *  - **cancel**: aborting a job's signal drops its waiting parts and cancels those in flight
 *    (the worker client terminates a worker that does not stop within its grace period; the
 *    next part starts a fresh one); `LatestJob` below cancels a job as soon as a newer one
 *    is asked for;
 *  - **faults**: a part that fails fails its job (its other parts are cancelled); the crashed
 *    worker is restarted by its client on its next part;
 *  - **hold**: while a hold is on (`hold()`, as a model page's tables are computed), no part
 *    starts; parts in flight run to their end, and the waiting ones start when the last hold
 *    is released. On two cores a part started beside the tables' worker and the page takes a
 *    core from them (issue 31: the tables first).
 *
 * The pool never touches the tables' worker: a sweep can be slow without delaying a table.
 */
import type { Remote } from 'comlink';
import {
  CancelledError,
  toError,
  WorkerClient,
  type Outcome,
  type WorkerClientOptions,
} from './workerClient';

/** What one part answers: its value, and how many parts the job has. */
export interface PartAnswer<T> {
  total: number;
  value: T;
}

/**
 * Pool size for this machine: one worker per core but one, which is left to the page and the
 * tables' worker (so a sweep never takes the tables' core), 1 … `max`. A two-core machine
 * gets one pool worker: no parallel parts, but no table delayed either.
 */
export function poolSize(max = 4): number {
  const cores =
    typeof navigator !== 'undefined' && Number.isFinite(navigator.hardwareConcurrency)
      ? navigator.hardwareConcurrency
      : 2;
  return Math.max(1, Math.min(max, cores - 1));
}

interface Job<Api> {
  fn: (api: Remote<Api>, part: number) => Promise<PartAnswer<unknown>>;
  controller: AbortController;
  /** Parts not yet sent. */
  next: number;
  /** Known after the first answer. */
  total: number;
  values: unknown[];
  done: number;
  settled: boolean;
  resolve: (values: unknown[]) => void;
  reject: (e: Error) => void;
  /** Stops listening to the caller's signal. */
  release: () => void;
}

export class WorkerPool<Api> {
  private readonly slots: { client: WorkerClient<Api>; busy: boolean }[];
  /** Jobs with parts waiting, oldest first. */
  private jobs: Job<Api>[] = [];
  /** Holds on (`hold()`): no part starts while there is one. */
  private holds = 0;

  constructor(
    make: (index: number) => Worker,
    readonly size: number,
    options: WorkerClientOptions,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, (_, i) => ({
      // One name for all: a fault reads "the charts worker failed", whichever it was.
      client: new WorkerClient<Api>(() => make(i), options),
      busy: false,
    }));
  }

  /** Runs every part of one job; resolves with the parts' values in order. */
  run<T>(
    fn: (api: Remote<Api>, part: number) => Promise<PartAnswer<T>>,
    signal?: AbortSignal,
  ): Promise<T[]> {
    return new Promise<T[]>((resolve, reject) => {
      const job: Job<Api> = {
        fn,
        controller: new AbortController(),
        next: 0,
        total: Infinity,
        values: [],
        done: 0,
        settled: false,
        resolve: resolve as (values: unknown[]) => void,
        reject,
        release: () => signal?.removeEventListener('abort', cancel),
      };
      const cancel = () => this.fail(job, new CancelledError('Cancelled.'));
      if (signal?.aborted) return cancel();
      signal?.addEventListener('abort', cancel, { once: true });
      this.jobs.push(job);
      this.pump();
    });
  }

  /**
   * No part starts until the returned release is called (parts in flight go on); holds
   * count, and releasing one twice releases it once.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds === 0) this.pump();
    };
  }

  /** Whether a hold is on. */
  get held(): boolean {
    return this.holds > 0;
  }

  /** Stops every worker (each restarts on its next part). */
  terminate(): void {
    for (const slot of this.slots) slot.client.terminate();
  }

  private pump(): void {
    if (this.holds > 0) return;
    for (const slot of this.slots) {
      if (slot.busy) continue;
      this.jobs = this.jobs.filter((j) => !j.settled && j.next < this.limit(j));
      const job = this.jobs[0];
      if (!job) return;
      const part = job.next++;
      slot.busy = true;
      slot.client
        .call((api) => job.fn(api, part), { signal: job.controller.signal })
        .then(
          (answer) => this.answer(job, part, answer),
          (e: unknown) => this.fail(job, toError(e)),
        )
        .finally(() => {
          slot.busy = false;
          this.pump();
        });
    }
  }

  /** Before the total is known, only as many parts as there are workers are sent. */
  private limit(job: Job<Api>): number {
    return Number.isFinite(job.total) ? job.total : this.slots.length;
  }

  private answer(job: Job<Api>, part: number, answer: PartAnswer<unknown>): void {
    if (job.settled) return;
    const total = Math.max(0, Math.floor(answer.total));
    if (!Number.isFinite(job.total)) job.total = total;
    if (part < job.total) {
      job.values[part] = answer.value;
      job.done++;
    }
    if (job.done >= job.total) {
      // Parts sent past the total (before it was known) answer nothing and finish by themselves.
      job.settled = true;
      job.release();
      job.resolve(job.values.slice(0, job.total));
    }
  }

  private fail(job: Job<Api>, error: Error): void {
    if (job.settled) return;
    job.settled = true;
    job.release();
    job.controller.abort();
    job.reject(error);
    this.pump();
  }
}

/**
 * Newest job wins, on a pool: asking for a new job cancels the one before (it resolves as
 * `superseded`), including its parts in flight.
 */
export class LatestJob<Api, A extends unknown[], T> {
  private nextId = 0;
  private current: { id: number; controller: AbortController } | null = null;

  constructor(
    private readonly pool: WorkerPool<Api>,
    private readonly part: (api: Remote<Api>, index: number, ...args: A) => Promise<PartAnswer<T>>,
  ) {}

  request(args: A, signal?: AbortSignal): Promise<Outcome<T[]>> {
    this.current?.controller.abort();
    const id = ++this.nextId;
    const controller = new AbortController();
    this.current = { id, controller };
    const onAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    return this.pool
      .run((api, index) => this.part(api, index, ...args), controller.signal)
      .then(
        (value): Outcome<T[]> => ({ kind: 'ok', id, value }),
        (e: unknown): Outcome<T[]> =>
          controller.signal.aborted
            ? { kind: 'superseded', id }
            : { kind: 'error', id, error: toError(e) },
      )
      .finally(() => {
        signal?.removeEventListener('abort', onAbort);
        if (this.current?.id === id) this.current = null;
      });
  }
}
