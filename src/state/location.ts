/**
 * The URL hash is the app's only state. This is the whole router: one store over
 * `location.hash` and one hook. No router library, because the permalink codec
 * (src/scenario) already parses the route; a library would parse it a second time.
 *
 * `replaceState`/`pushState` do not fire `hashchange`, so `navigate` tells subscribers itself.
 * Changes made by hand (typing in the address bar, back/forward, clicking an `<a href="#/…">`)
 * arrive as `hashchange` and are marked `external`: only those are checked for link problems.
 *
 * Undo and redo are the browser's own history, walked with `history.back()`/`forward()`: the
 * back button and Undo are the same step, and a reload keeps them. Each entry the app sees
 * is marked in `history.state` with its position (`llStep`) and the hashes of the entries
 * before and after it (`llPrev`, `llNext`), so the page knows whether there is a step to
 * undo or redo, and whether it would leave the model (which Undo does not do).
 */
import { useSyncExternalStore } from 'react';

export interface LocationSnapshot {
  /** `location.hash` as it is now, e.g. `#/file-access?records=…`; `''` on a bare URL. */
  hash: string;
  /** The last hash that came from outside the app (page load, address bar, link, back button). */
  externalHash: string;
  /** The hash of the history entry before this one, when the app knows it (Undo's target). */
  prevHash: string | null;
  /** The hash of the entry after this one, when there is one (Redo's target). */
  nextHash: string | null;
}

/** What the app keeps in `history.state` for each entry. */
interface EntryMarks {
  llStep: number;
  llPrev?: string;
  llNext?: string;
}

const hasWindow = typeof window !== 'undefined' && typeof history !== 'undefined';
const listeners = new Set<() => void>();

/** The last `location.href` read, and its hash. */
let seenHref = '';
let seenHash = '';

/**
 * `location.hash`, sliced from `location.href`. Each read of `location.hash` builds a new
 * string: for a link of 1 MB that is 15–20 ms of the main thread, and a followed link was
 * read about ten times (issue 37). `location.href` is the browser's own string, handed to the
 * script without a copy while the address stays the same, so the hash is sliced from it once
 * (a slice shares its characters) and the same string is returned until the address changes:
 * comparing it with itself and finding it in a map again cost nothing.
 */
export function currentHash(): string {
  if (typeof location === 'undefined') return '';
  const href = location.href;
  if (href !== seenHref) {
    const at = href.indexOf('#');
    seenHref = href;
    // As `location.hash`: '' when there is no fragment or it is empty.
    seenHash = at < 0 || at === href.length - 1 ? '' : href.slice(at);
  }
  return seenHash;
}

function marksOf(state: unknown): EntryMarks | null {
  if (typeof state !== 'object' || state === null) return null;
  const step = (state as { llStep?: unknown }).llStep;
  return typeof step === 'number' ? (state as EntryMarks) : null;
}

/**
 * An entry whose hash is longer than this keeps its marks here, in memory, not in
 * `history.state`: Chromium's `history.replaceState` re-reads the entry's URL, which for a
 * link of 1 MB of keys took 1.5 s of the main thread (issue 37). Such an entry loses its
 * marks on a reload (Undo then starts from it, as from a link just opened).
 */
const LONG_ENTRY_CHARS = 16_384;
const longEntries = new Map<string, EntryMarks>();
const LONG_ENTRIES_KEPT = 16;

/** The marks of the entry the browser is on: its own, or kept in memory for a long one. */
function marksNow(): EntryMarks | null {
  return longEntries.get(currentHash()) ?? marksOf(history.state);
}

function writeMarks(marks: EntryMarks): void {
  const hash = currentHash();
  if (hash.length > LONG_ENTRY_CHARS) {
    longEntries.delete(hash);
    longEntries.set(hash, { ...(marksNow() ?? {}), ...marks });
    if (longEntries.size > LONG_ENTRIES_KEPT) longEntries.delete(longEntries.keys().next().value!);
    return;
  }
  const state: unknown = history.state;
  const base = typeof state === 'object' && state !== null ? state : {};
  history.replaceState({ ...base, ...marks }, '');
}

/** The entry the app is on: marked now if it was not (first load, a followed link). */
function currentMarks(): EntryMarks {
  if (!hasWindow) return { llStep: 0 };
  const marks = marksNow();
  if (marks) return marks;
  const fresh = freshMarks();
  writeMarks(fresh);
  return fresh;
}

/** A new entry's marks (the first load, or a link followed): right after the last one seen. */
function freshMarks(): EntryMarks {
  return lastSeen === null ? { llStep: 0 } : { llStep: lastSeen.step + 1, llPrev: lastSeen.hash };
}

/** The entry the app was last on, to mark the next one (and to tell back from forward). */
let lastSeen: { step: number; hash: string } | null = null;

function look(): EntryMarks {
  const marks = currentMarks();
  lastSeen = { step: marks.llStep, hash: currentHash() };
  return marks;
}

function snapshotOf(externalHash: string): LocationSnapshot {
  const marks = look();
  return {
    hash: currentHash(),
    externalHash,
    prevHash: marks.llPrev ?? null,
    nextHash: marks.llNext ?? null,
  };
}

let snapshot: LocationSnapshot = hasWindow
  ? snapshotOf(currentHash())
  : { hash: '', externalHash: '', prevHash: null, nextHash: null };

function emit(next: LocationSnapshot): void {
  if (
    next.hash === snapshot.hash &&
    next.externalHash === snapshot.externalHash &&
    next.prevHash === snapshot.prevHash &&
    next.nextHash === snapshot.nextHash
  )
    return;
  snapshot = next;
  for (const l of listeners) l();
}

/** Rewrites the entry reached by Undo/Redo before it is shown (it keeps the current view). */
let onArrival: ((hash: string) => string) | null = null;

/** Whether a long link's change waits for a task of its own (see onExternalChange). */
let deferred = false;

/**
 * Starts reading a long link from outside off the main thread (src/state/linkParse.ts); when
 * its reading is already known, returns its short link at once (else null).
 */
let longLinkReader: ((hash: string) => string | null) | null = null;
export function setLongLinkReader(read: (hash: string) => string | null): void {
  longLinkReader = read;
}

/** Runs `then` in a task of its own, after the current one and whatever is queued. */
const nextTask = (then: () => void) => setTimeout(then, 0);

function onExternalChange(): void {
  const hash = currentHash();
  // popstate and hashchange both fire on back/forward; the first one wins, the second is a no-op.
  if (hash === snapshot.hash) return;
  // A long link from outside: the browser's own handling of it (its URL, its history entry) is
  // already a long task, and popstate fires inside it. The app hands the link to its reader in
  // a task of its own, after that one, and renders it in another (issue 37): each is short.
  // A link whose reading is known already (opened before) becomes its short link in the
  // reader's task, so the page renders the short link, once.
  if (hash.length > LONG_ENTRY_CHARS) {
    if (deferred) return;
    deferred = true;
    nextTask(() => {
      const long = currentHash();
      if (long === snapshot.hash) {
        deferred = false;
        return;
      }
      const short = long.length > LONG_ENTRY_CHARS ? (longLinkReader?.(long) ?? null) : null;
      const replaced = short !== null && replaceAddress(long, short);
      nextTask(() => {
        deferred = false;
        const now = currentHash();
        // The short link stands for the long one: its problems are the long link's.
        const external = replaced && now === short ? long : now;
        if (now !== snapshot.hash || external !== snapshot.externalHash)
          handleExternalChange(now, external);
      });
    });
    return;
  }
  handleExternalChange(hash);
}

function handleExternalChange(hash: string, external = hash): void {
  const from = lastSeen;
  const marks = currentMarks();
  // Back to an earlier entry: it now knows the one after it (for Redo).
  if (from && marks.llStep < from.step && marks.llNext !== from.hash)
    writeMarks({ ...marks, llNext: from.hash });
  const rewrite = onArrival;
  onArrival = null;
  const target = rewrite ? rewrite(hash) : hash;
  if (target !== hash) history.replaceState(history.state, '', target);
  emit(snapshotOf(target === hash ? external : currentHash()));
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('hashchange', onExternalChange);
    window.addEventListener('popstate', onExternalChange);
  }
  listeners.add(listener);
  // A hash change while nobody listened (before the first render subscribed, on a slow load)
  // was never seen: catch up now, or the page stays on the route it started with.
  if (currentHash() !== snapshot.hash) onExternalChange();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('hashchange', onExternalChange);
      window.removeEventListener('popstate', onExternalChange);
    }
  };
}

const getSnapshot = () => snapshot;

/** The store itself, for readers outside React (and tests). */
export { subscribe as subscribeLocation, getSnapshot as locationSnapshot };

export function useLocationHash(): LocationSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * Moves the app to `hash` (`#/…`). `replace` while dragging, so one drag is one history entry;
 * push for deliberate steps (a preset, another table) so the back button undoes them.
 */
export function navigate(hash: string, { replace }: { replace: boolean }): void {
  if (hash === currentHash()) return;
  if (replace) history.replaceState(history.state, '', hash);
  else {
    const marks = currentMarks();
    const from = currentHash();
    writeMarks({ ...marks, llNext: hash });
    history.pushState({ llStep: marks.llStep + 1, llPrev: from } satisfies EntryMarks, '', hash);
  }
  emit(snapshotOf(snapshot.externalHash));
}

/** The page's address without its hash (read in parts: `href` would mean slicing it). */
const pageAddress = () =>
  `${location.protocol}//${location.host}${location.pathname}${location.search}`;

/**
 * A long link from outside, once read (issue 37): the address becomes `short`, the canonical
 * link of what it held, in place (no new history entry), so that the browser never saves a
 * history entry with the long URL again and the app never writes it. The entry keeps its
 * marks; `externalHash` stays the long link, so its problems are still shown. Nothing happens
 * when the address has moved on, or when `short` is not shorter; true when it was replaced.
 *
 * The page sees the short link in a task after this one: leaving a URL of 1 MB is the
 * browser's work (its history entry, the document's URL), tens of ms on its own, and the
 * render that follows is another task's.
 */
export function replaceLongLink(long: string, short: string): boolean {
  if (!replaceAddress(long, short)) return false;
  const externalHash = snapshot.externalHash;
  nextTask(() => {
    // Unless the address moved on meanwhile (then that change is the one to show).
    if (currentHash() === short) emit(snapshotOf(externalHash));
  });
  return true;
}

/** The address `long` becomes `short` in place, keeping its marks (nothing is told). */
function replaceAddress(long: string, short: string): boolean {
  if (!hasWindow || currentHash() !== long || short.length >= long.length) return false;
  // A new entry (a link followed, not yet seen by the page) gets its marks here, in the same
  // write, rather than in a second one when the page sees it.
  const marks = marksNow() ?? freshMarks();
  longEntries.delete(long);
  // An absolute address: a relative one is resolved against the long one, which took
  // ten times as long (≈ 250 ms for a link of 1 MB on a loaded machine).
  history.replaceState({ ...marks }, '', pageAddress() + short);
  return true;
}

/**
 * One step back (`-1`, Undo) or forward (`1`, Redo) in the browser's history. `rewrite` may
 * adjust the hash reached before it is shown (Undo keeps projector mode as it is now).
 */
export function stepHistory(delta: -1 | 1, rewrite?: (hash: string) => string): void {
  onArrival = rewrite ?? null;
  if (delta < 0) history.back();
  else history.forward();
}
