/**
 * Links read by the permalink codec, remembered, and the long ones read off the main thread.
 *
 * A link opened from outside (page load, address bar, back or forward) may be up to 1 MB
 * (`MAX_LINK_CHARS`): a packed 200,000-reference string, or a megabyte of keys. Reading one
 * took 0.3–0.5 s of the main thread (issue 37), so a link from outside longer than
 * `LINK_WORKER_CHARS` is read in a worker (`workers/link.worker.ts`): the page shows what it
 * showed before, or "Reading the link…" on a first load, until the answer comes; its problems
 * are the same codec's, word for word. A link the app wrote itself (a control moved, a trace
 * loaded) is read here at once: its long lists are already in the codec's list cache.
 */
import { useSyncExternalStore } from 'react';
import { findModelInfo } from '../models/registry';
import { parsePermalink, rememberListText, type ParseResult } from '../scenario';
import type { LinkApi, LinkReading } from '../../workers/link.worker';
import { locationSnapshot, replaceLongLink, setLongLinkReader } from './location';
import { scenarioHash } from './scenarioLink';
import { WorkerClient } from './workerClient';

/** Links from outside longer than this are read in the link worker. */
export const LINK_WORKER_CHARS = 16_384;

/** The last few links read, most recent last (the route, its problems, the version notice). */
const cache = new Map<string, ParseResult>();
const CACHE_SIZE = 4;
const listeners = new Set<() => void>();
/** Bumped when a worker's reading lands, so that the route reads its link again. */
let landed = 0;

function remember(hash: string, result: ParseResult): ParseResult {
  cache.delete(hash);
  cache.set(hash, result);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return result;
}

/** The codec's reading of `hash`, here and now (remembered). */
export function parseNow(hash: string): ParseResult {
  return cache.get(hash) ?? remember(hash, parsePermalink(hash));
}

let client: WorkerClient<LinkApi> | null = null;
function linkClient(): WorkerClient<LinkApi> {
  client ??= new WorkerClient<LinkApi>(
    () =>
      new Worker(new URL('../../workers/link.worker.ts', import.meta.url), {
        type: 'module',
        name: 'link',
      }),
    { name: 'link', timeoutMs: 15_000 },
  );
  return client;
}

/** The worker's reading, remembered; its short link, when the address should become it. */
function land(hash: string, reading: LinkReading): string | null {
  const { result, lists } = reading;
  const model = result.scenario ? findModelInfo(result.scenario.modelId) : undefined;
  for (const l of lists) {
    const spec = model?.params.find((p) => p.key === l.key);
    // The scenario's own string: the cache then compares it with itself, not 1 MB with 1 MB.
    const value = result.scenario?.params[l.key];
    if (spec?.kind === 'list' && typeof value === 'string') rememberListText(spec, value, l.text);
  }
  remember(hash, result);
  // Only for the link the page has taken as from outside; otherwise useRoute replaces it later.
  return locationSnapshot().externalHash === hash ? shortLinkOf(result) : null;
}

/**
 * The short link of a reading (its scenario and mode, as the page would write them), or null
 * when it names no model or is not short.
 */
export function shortLinkOf(reading: ParseResult): string | null {
  const { scenario, view, controls, compare, part } = reading;
  if (!scenario || !findModelInfo(scenario.modelId)) return null;
  const short = scenarioHash(scenario, { view, controls, part, pinned: compare });
  return short.length > LINK_WORKER_CHARS ? null : short;
}

/** The long links being read, each with the promise of its reading landed and shown. */
const pending = new Map<string, Promise<void>>();

function readInWorker(hash: string): Promise<void> {
  const running = pending.get(hash);
  if (running) return running;
  let short: string | null = null;
  const tell = () => {
    for (const l of listeners) l();
  };
  const read = linkClient()
    .call((api) => api.parse(hash))
    .then(
      (reading) => {
        short = land(hash, reading);
      },
      // No worker (it failed to load, or hung): the same reading here, late rather than never.
      () => void remember(hash, parsePermalink(hash)),
    )
    .catch(() => void remember(hash, parsePermalink(hash)));
  const done = read.then(() => {
    pending.delete(hash);
    landed++;
    // Each in a task of its own (issue 37: no task over 50 ms): the reading taken in (and a
    // long list kept), then the address made the short link (the browser's work of leaving a
    // 1 MB URL), then the page's one render of the short link (replaceLongLink's next task),
    // which reads `landed` as it is; the listeners, told after it, find nothing new. Without
    // a short link, the listeners are told in the next task and the page renders the reading.
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        if (short !== null && replaceLongLink(hash, short))
          setTimeout(() => {
            tell();
            resolve();
          }, 0);
        else {
          tell();
          resolve();
        }
      }, 0),
    );
  });
  pending.set(hash, done);
  return done;
}

/**
 * A long link the page opens with (issue 37), read before the page first renders: src/main.tsx
 * calls this before React starts, so the worker reads while the rest of the page's code loads,
 * and the page's first render is of the short link, once, with the long link's problems
 * (nothing renders "reading" and then the page). Resolves once the reading has landed and the
 * address is the short link (or the address moved on); never rejects.
 */
export function readLongLinkFirst(hash: string): Promise<void> {
  if (cache.has(hash) || hash.length <= LINK_WORKER_CHARS) return Promise.resolve();
  return readInWorker(hash);
}

// A long link from outside goes to the worker as soon as it arrives, a task before the page
// renders it (src/state/location.ts): the worker's start and the post are not in that render.
// One read before (opened, then followed again): its short link, for the address at once.
setLongLinkReader((hash) => {
  const known = cache.get(hash);
  if (known) return shortLinkOf(known);
  void readInWorker(hash);
  return null;
});

/**
 * The reading of `hash` if it is known or quick; null while a long link from outside
 * (`fromOutside`) is read in the worker (the hook below re-renders when it lands).
 */
export function readLink(hash: string, fromOutside: boolean): ParseResult | null {
  const known = cache.get(hash);
  if (known) return known;
  if (!fromOutside || hash.length <= LINK_WORKER_CHARS) return parseNow(hash);
  void readInWorker(hash);
  return null;
}

/** The reading of `hash` if it is known or short; undefined for a long one not read yet. */
export function knownReading(hash: string): ParseResult | undefined {
  return cache.get(hash) ?? (hash.length <= LINK_WORKER_CHARS ? parseNow(hash) : undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getLanded = () => landed;

/** A number that changes whenever a worker's reading lands (a dependency for memos). */
export function useLinkReadings(): number {
  return useSyncExternalStore(subscribe, getLanded, getLanded);
}
