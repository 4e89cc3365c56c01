/**
 * Reads a page-replacement trace (an uploaded file or pasted text) off the main thread, with
 * progress and cancel: 200,000 references are a few MB of text. It imports the reader, exposes
 * it over comlink, and does nothing else.
 */
import type { ListParamSpec } from '../src/models/types';
import { readTraceTextInSteps, type TraceReading } from '../src/scenario/trace';
import { exposeInWorker } from './expose';

export const traceApi = {
  /** A File is read here too, so not even its text passes through the page. */
  async read(
    spec: ListParamSpec,
    source: string | Blob,
    onProgress: (p: { done: number; total: number }) => boolean | Promise<boolean>,
  ): Promise<TraceReading | null> {
    const text = typeof source === 'string' ? source : await source.text();
    return readTraceTextInSteps(spec, text, (f) =>
      onProgress({ done: Math.round(f * 1000), total: 1000 }),
    );
  },
};

export type TraceApi = typeof traceApi;

exposeInWorker(traceApi);
