/**
 * A live measurement (or long run) in a worker, started by the visitor: progress as it goes,
 * cancel, a timeout, and the result tagged with the scenario (as its hash) it was measured
 * for. Built on the one worker client (./workerClient.ts): the worker is created on the first
 * run, reused, restarted after a fault, and terminated when the panel goes away.
 *
 * `makeWorker` must contain the literal `new Worker(new URL('…', import.meta.url), …)` so the
 * bundler finds the worker; `call` runs one measurement through the comlink remote, and
 * passes on `onProgress`, whose return value says whether to go on.
 */
import type { Remote } from 'comlink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CancelledError, WorkerClient } from './workerClient';

export interface LiveProgress {
  done: number;
  total: number;
}

export type LiveStatus = 'idle' | 'running' | 'cancelling' | 'done' | 'cancelled' | 'error';

export interface LiveRunState<R> {
  status: LiveStatus;
  progress: LiveProgress | null;
  result: R | null;
  error: Error | null;
  /** The scenario the run (and its result) is for. */
  hash: string | null;
}

export interface LiveRunOptions {
  /** Used in error messages. */
  name?: string;
  /** Silence (no progress) after which the run fails and its worker is restarted. */
  timeoutMs?: number;
  /** How long a cancelled run may take to stop by itself before its worker is terminated. */
  cancelGraceMs?: number;
}

export const IDLE = {
  status: 'idle',
  progress: null,
  result: null,
  error: null,
  hash: null,
} as const;

/**
 * The run state machine every live panel shares: start (one run at a time), progress, cancel
 * (an AbortSignal), and the outcome — done, cancelled (with what the run returned, or nothing
 * when it was stopped hard) or failed. `run` does the work and reports progress.
 */
export function useCancellableRun<R>(
  run: (signal: AbortSignal, onProgress: (p: LiveProgress) => void) => Promise<R>,
): { state: LiveRunState<R>; start: (hash: string | null) => void; cancel: () => void } {
  const [state, setState] = useState<LiveRunState<R>>(IDLE);
  const abort = useRef<AbortController | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      abort.current?.abort();
    };
  }, []);

  const start = useCallback(
    (hash: string | null) => {
      if (abort.current) return;
      const controller = new AbortController();
      abort.current = controller;
      setState({ status: 'running', progress: null, result: null, error: null, hash });
      const done = (next: LiveRunState<R>) => {
        abort.current = null;
        if (mounted.current) setState(next);
      };
      const onProgress = (progress: LiveProgress) => {
        if (mounted.current)
          setState((s) => (s.hash === hash && s.status === 'running' ? { ...s, progress } : s));
      };
      let running: Promise<R>;
      try {
        running = run(controller.signal, onProgress);
      } catch (e) {
        running = Promise.reject(e);
      }
      running.then(
        (result) =>
          done({
            status: controller.signal.aborted ? 'cancelled' : 'done',
            progress: null,
            result,
            error: null,
            hash,
          }),
        (e: unknown) => {
          const error = e instanceof Error ? e : new Error(String(e));
          done(
            error instanceof CancelledError
              ? { ...IDLE, status: 'cancelled', hash }
              : { ...IDLE, status: 'error', error, hash },
          );
        },
      );
    },
    [run],
  );

  const cancel = useCallback(() => {
    if (!abort.current) return;
    abort.current.abort();
    setState((s) => (s.status === 'running' ? { ...s, status: 'cancelling' } : s));
  }, []);

  return { state, start, cancel };
}

/** A live run in one worker of its own, through the worker client (see the header). */
export function useLiveRun<Api, R>(
  makeWorker: () => Worker,
  call: (api: Remote<Api>, onProgress: (p: LiveProgress) => boolean) => Promise<R>,
  options: LiveRunOptions = {},
): { state: LiveRunState<R>; start: (hash: string) => void; cancel: () => void } {
  const { name = 'measurement', timeoutMs = 30_000, cancelGraceMs = 1_000 } = options;
  const client = useRef<WorkerClient<Api> | null>(null);

  useEffect(() => () => client.current?.terminate(), []);

  const run = useCallback(
    (signal: AbortSignal, onProgress: (p: LiveProgress) => void) => {
      client.current ??= new WorkerClient<Api>(makeWorker, { name, timeoutMs, cancelGraceMs });
      return client.current.call<R, LiveProgress>(call, { signal, onProgress });
    },
    [call, makeWorker, name, timeoutMs, cancelGraceMs],
  );
  return useCancellableRun(run);
}
