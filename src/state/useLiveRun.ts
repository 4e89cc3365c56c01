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

const IDLE = { status: 'idle', progress: null, result: null, error: null, hash: null } as const;

export function useLiveRun<Api, R>(
  makeWorker: () => Worker,
  call: (api: Remote<Api>, onProgress: (p: LiveProgress) => boolean) => Promise<R>,
  options: LiveRunOptions = {},
): { state: LiveRunState<R>; start: (hash: string) => void; cancel: () => void } {
  const [state, setState] = useState<LiveRunState<R>>(IDLE);
  const { name = 'measurement', timeoutMs = 30_000, cancelGraceMs = 1_000 } = options;
  const client = useRef<WorkerClient<Api> | null>(null);
  const abort = useRef<AbortController | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      abort.current?.abort();
      client.current?.terminate();
    };
  }, []);

  const start = useCallback(
    (hash: string) => {
      if (abort.current) return;
      const controller = new AbortController();
      abort.current = controller;
      setState({ status: 'running', progress: null, result: null, error: null, hash });
      client.current ??= new WorkerClient<Api>(makeWorker, { name, timeoutMs, cancelGraceMs });
      const done = (next: LiveRunState<R>) => {
        abort.current = null;
        if (mounted.current) setState(next);
      };
      client.current
        .call<R, LiveProgress>(call, {
          signal: controller.signal,
          onProgress: (progress) => {
            if (mounted.current)
              setState((s) => (s.hash === hash && s.status === 'running' ? { ...s, progress } : s));
          },
        })
        .then(
          (result) =>
            done({
              status: controller.signal.aborted ? 'cancelled' : 'done',
              progress: null,
              result,
              error: null,
              hash,
            }),
          (error: Error) =>
            done(
              error instanceof CancelledError
                ? { ...IDLE, status: 'cancelled', hash }
                : { ...IDLE, status: 'error', error, hash },
            ),
        );
    },
    [call, makeWorker, name, timeoutMs, cancelGraceMs],
  );

  const cancel = useCallback(() => {
    if (!abort.current) return;
    abort.current.abort();
    setState((s) => (s.status === 'running' ? { ...s, status: 'cancelling' } : s));
  }, []);

  return { state, start, cancel };
}
