/**
 * Reads a page-replacement trace (an uploaded file or pasted text) off the main thread, with
 * progress and cancel: 200,000 references are a few MB of text. It imports the reader (and the
 * link's list writer), exposes it over comlink, and does nothing else.
 */
import type { ListParamSpec } from '../src/models/types';
import { listLinkText } from '../src/scenario/permalink';
import { readTraceTextInSteps, type TraceReading } from '../src/scenario/trace';
import { exposeInWorker } from './expose';

export const traceApi = {
  /** A File is read here too, so not even its text passes through the page. */
  async read(
    spec: ListParamSpec,
    source: string | Blob,
    onProgress: (p: { done: number; total: number }) => boolean | Promise<boolean>,
  ): Promise<(TraceReading & { linkText?: string }) | null> {
    const text = typeof source === 'string' ? source : await source.text();
    const r = await readTraceTextInSteps(spec, text, (f) =>
      onProgress({ done: Math.round(f * 1000), total: 1000 }),
    );
    // Packed here too, so the page does not pack 200,000 items on its main thread.
    return r?.ok ? { ...r, linkText: listLinkText(r.value) } : r;
  },
};

export type TraceApi = typeof traceApi;

exposeInWorker(traceApi);
