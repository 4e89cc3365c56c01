/**
 * The one worker client. Every kind of run — tables, chart sweeps, traces, live measurements —
 * goes through it, so they all get the same behaviour:
 *
 *  - the worker is created on first use (lazily, so the page loads none it does not need);
 *  - **cancel**: an `AbortSignal`; the run is told through its progress callback (which
 *    returns false from then on) and may return what it has; if it has not settled after
 *    `cancelGraceMs`, the worker is terminated and the call rejects with `CancelledError`;
 *  - **progress**: a callback passed to the worker (a comlink proxy) that also says whether
 *    to go on;
 *  - **timeout**: a call that neither settles nor reports progress within `timeoutMs` rejects
 *    with `WorkerTimeoutError`, and the worker is terminated (a hung or looping worker);
 *  - **faults**: a worker that fails to load or crashes rejects the call in flight; the next
 *    call starts a fresh worker (restart).
 *
 * `LatestOnly` (below) adds "newest request wins" on top, for results that follow a slider.
 *
 * `make` must contain the literal `new Worker(new URL('…', import.meta.url), …)` so that the
 * bundler finds the worker file.
 */
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';

export class WorkerTimeoutError extends Error {
  override name = 'WorkerTimeoutError';
}

export class CancelledError extends Error {
  override name = 'CancelledError';
}

export interface WorkerClientOptions {
  /** Used in error messages (“the tables worker …”). */
  name: string;
  /**
   * Silence (no result, no progress) after which a call fails and the worker is restarted; a
   * function is read at each call.
   */
  timeoutMs?: number | (() => number);
  /** After a cancel, how long a run may take to stop by itself before the worker is terminated. */
  cancelGraceMs?: number;
}

export interface CallOptions<P> {
  signal?: AbortSignal;
  onProgress?: (progress: P) => void;
  /** Overrides the client's timeout for this call (`Infinity`: none). */
  timeoutMs?: number;
}

/** Reads any thrown value as an Error (comlink passes errors as plain objects at times). */
export function toError(e: unknown): Error {
  if (e instanceof Error) return e;
  if (e && typeof e === 'object' && 'message' in e) return new Error(String(e.message));
  return new Error(String(e));
}

export class WorkerClient<Api> {
  private current: { worker: Worker; api: Remote<Api> } | null = null;
  /** Rejects the calls in flight when the worker itself fails. */
  private readonly failures = new Set<(e: Error) => void>();

  constructor(
    private readonly make: () => Worker,
    private readonly options: WorkerClientOptions,
  ) {}

  private connect(): { worker: Worker; api: Remote<Api> } {
    if (this.current) return this.current;
    if (typeof Worker === 'undefined') throw new Error('This browser cannot run Web Workers.');
    const worker = this.make();
    const fail = (message: string) => {
      const error = new Error(message);
      this.terminate();
      for (const reject of [...this.failures]) reject(error);
    };
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      fail(`The ${this.options.name} worker failed: ${e.message || 'it could not be loaded'}`);
    });
    worker.addEventListener('messageerror', () =>
      fail(`The ${this.options.name} worker sent a message that could not be read.`),
    );
    this.current = { worker, api: wrap<Api>(worker) };
    return this.current;
  }

  /** The underlying worker, for benchmarks of raw `postMessage` itself (created if needed). */
  worker(): Worker {
    return this.connect().worker;
  }

  /** Ends the worker; the next call starts a fresh one. */
  terminate(): void {
    if (!this.current) return;
    this.current.api[releaseProxy]();
    this.current.worker.terminate();
    this.current = null;
  }

  /**
   * One run. `fn` gets the comlink remote and a progress callback to hand to the worker
   * (it reports progress and returns false once the run is cancelled).
   */
  call<R, P = never>(
    fn: (api: Remote<Api>, progress: (p: P) => boolean) => Promise<R>,
    options: CallOptions<P> = {},
  ): Promise<R> {
    const { signal, onProgress } = options;
    const own = this.options.timeoutMs;
    const timeoutMs = options.timeoutMs ?? (typeof own === 'function' ? own() : own) ?? Infinity;
    const graceMs = this.options.cancelGraceMs ?? 150;
    return new Promise<R>((resolve, reject) => {
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let graceTimer: ReturnType<typeof setTimeout> | undefined;
      const finish = (f: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(graceTimer);
        this.failures.delete(onFailure);
        signal?.removeEventListener('abort', onAbort);
        f();
      };
      const onFailure = (e: Error) => finish(() => reject(e));
      const arm = () => {
        clearTimeout(timer);
        if (Number.isFinite(timeoutMs))
          timer = setTimeout(() => {
            this.terminate();
            onFailure(
              new WorkerTimeoutError(
                `The ${this.options.name} worker did not answer within ${Math.round(timeoutMs / 1000)} s; it was stopped and will be restarted.`,
              ),
            );
          }, timeoutMs);
      };
      const onAbort = () => {
        clearTimeout(timer);
        graceTimer = setTimeout(() => {
          this.terminate();
          onFailure(new CancelledError('Cancelled.'));
        }, graceMs);
      };
      if (signal?.aborted) {
        reject(new CancelledError('Cancelled.'));
        return;
      }
      signal?.addEventListener('abort', onAbort);
      this.failures.add(onFailure);
      const progress = proxy((p: P) => {
        if (settled) return false;
        if (!signal?.aborted) {
          arm();
          onProgress?.(p);
        }
        return !signal?.aborted;
      });
      arm();
      let run: Promise<R>;
      try {
        run = fn(this.connect().api, progress);
      } catch (e) {
        run = Promise.reject(e);
      }
      run.then(
        (value) => finish(() => resolve(value)),
        (e: unknown) => finish(() => reject(toError(e))),
      );
    });
  }
}

export type Outcome<T> =
  | { kind: 'ok'; id: number; value: T }
  | { kind: 'error'; id: number; error: Error }
  | { kind: 'superseded'; id: number };

interface Job<A extends unknown[]> {
  id: number;
  args: A;
  resolve: (outcome: Outcome<unknown>) => void;
}

/**
 * Newest request wins, on one client: at most one call is in flight; a new request replaces
 * the one waiting behind it (that one resolves as `superseded` and never runs). Every request
 * gets a monotonically increasing id, and a result older than one already delivered is
 * dropped. A result that arrives after a newer request was made is still delivered (it is
 * newer than what is on screen, and it says which request it answers): during a drag the
 * table keeps moving instead of freezing until the pointer stops.
 */
export class LatestOnly<Api, A extends unknown[], T> {
  private nextId = 0;
  private lastDeliveredId = 0;
  private inFlight: Job<A> | null = null;
  private waiting: Job<A> | null = null;

  constructor(
    private readonly client: WorkerClient<Api>,
    private readonly invoke: (api: Remote<Api>, ...args: A) => Promise<T>,
  ) {}

  request(...args: A): Promise<Outcome<T>> {
    return new Promise((resolve) => {
      const job: Job<A> = {
        id: ++this.nextId,
        args,
        resolve: resolve as (o: Outcome<unknown>) => void,
      };
      if (this.waiting) this.waiting.resolve({ kind: 'superseded', id: this.waiting.id });
      this.waiting = job;
      this.pump();
    });
  }

  private pump(): void {
    if (this.inFlight || !this.waiting) return;
    const job = this.waiting;
    this.waiting = null;
    this.inFlight = job;
    const settle = (outcome: Outcome<unknown>) => {
      this.inFlight = null;
      if (outcome.kind === 'ok' && job.id < this.lastDeliveredId)
        job.resolve({ kind: 'superseded', id: job.id });
      else {
        if (outcome.kind === 'ok') this.lastDeliveredId = job.id;
        job.resolve(outcome);
      }
      this.pump();
    };
    this.client
      .call((api) => this.invoke(api, ...job.args))
      .then(
        (value) => settle({ kind: 'ok', id: job.id, value }),
        (error: unknown) => settle({ kind: 'error', id: job.id, error: toError(error) }),
      );
  }
}
