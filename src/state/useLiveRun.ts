/**
 * A live measurement in a worker, started by the visitor: progress as it goes, cancel, and
 * the result tagged with the scenario (as its hash) it was measured for. The worker is
 * created on the first run, reused, and terminated when the panel goes away or fails.
 *
 * `makeWorker` must contain the literal `new Worker(new URL('…', import.meta.url), …)` so the
 * bundler finds the worker; `call` runs one measurement through the comlink remote, and
 * passes on `onProgress`, whose return value says whether to go on.
 */
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import { useCallback, useEffect, useRef, useState } from 'react';

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

const IDLE = { status: 'idle', progress: null, result: null, error: null, hash: null } as const;

export function useLiveRun<Api, R>(
  makeWorker: () => Worker,
  call: (api: Remote<Api>, onProgress: (p: LiveProgress) => boolean) => Promise<R>,
): { state: LiveRunState<R>; start: (hash: string) => void; cancel: () => void } {
  const [state, setState] = useState<LiveRunState<R>>(IDLE);
  const worker = useRef<{ worker: Worker; api: Remote<Api> } | null>(null);
  const cancelled = useRef(false);
  const running = useRef(false);
  const mounted = useRef(true);

  const drop = useCallback(() => {
    worker.current?.api[releaseProxy]();
    worker.current?.worker.terminate();
    worker.current = null;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      drop();
    };
  }, [drop]);

  const start = useCallback(
    (hash: string) => {
      if (running.current) return;
      running.current = true;
      cancelled.current = false;
      setState({ status: 'running', progress: null, result: null, error: null, hash });
      const fail = (error: Error) => {
        running.current = false;
        drop();
        if (mounted.current) setState({ ...IDLE, status: 'error', error, hash });
      };
      let api: Remote<Api>;
      try {
        if (typeof Worker === 'undefined') throw new Error('This browser cannot run Web Workers.');
        if (!worker.current) {
          const w = makeWorker();
          w.addEventListener('error', (e) => {
            e.preventDefault();
            fail(
              new Error(`The measurement worker failed: ${e.message || 'it could not be loaded'}`),
            );
          });
          worker.current = { worker: w, api: wrap<Api>(w) };
        }
        api = worker.current.api;
      } catch (e) {
        fail(e instanceof Error ? e : new Error(String(e)));
        return;
      }
      const onProgress = proxy((progress: LiveProgress) => {
        if (mounted.current && running.current)
          setState((s) => (s.hash === hash && s.status === 'running' ? { ...s, progress } : s));
        return !cancelled.current;
      });
      call(api, onProgress).then(
        (result) => {
          if (!running.current) return;
          running.current = false;
          if (mounted.current)
            setState({
              status: cancelled.current ? 'cancelled' : 'done',
              progress: null,
              result,
              error: null,
              hash,
            });
        },
        (e: unknown) => {
          if (running.current) fail(e instanceof Error ? e : new Error(String(e)));
        },
      );
    },
    [call, drop, makeWorker],
  );

  const cancel = useCallback(() => {
    if (!running.current) return;
    cancelled.current = true;
    setState((s) => (s.status === 'running' ? { ...s, status: 'cancelling' } : s));
  }, []);

  return { state, start, cancel };
}
