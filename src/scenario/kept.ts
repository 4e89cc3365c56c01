/**
 * Long lists kept in this browser, named in the address by a short key (issue 37).
 *
 * A pasted or uploaded trace of 200,000 references packs to up to 700 KB. Written into the
 * address on every step, it cost the page a history entry of that size each time (Chromium's
 * `pushState` of a 536 KB URL took about 20 ms of CPU a step, more on a busy machine) and a
 * re-read of the link. So the address (and the history) carries `refs=kept.<key>` instead: the
 * key names the packed text, which this browser keeps (localStorage, the last
 * `KEPT_LISTS` lists; in memory where there is no storage). Reload, back, forward, another
 * tab of the same browser: all read it back. The link to share ("Copy link", the embed
 * code) is always the full one, with the packed list in it, so a sender's link reproduces what
 * they saw anywhere. A `kept.` link opened where the list was never kept says so (and uses
 * the default), never guesses.
 */
import { formatNumber } from './format';

export const KEPT_PREFIX = 'kept.';

/** A list's link text longer than this is kept, not written into the address. */
export const KEEP_LIST_CHARS = 8_192;

/** How many kept lists this browser holds (the oldest goes first). */
export const KEPT_LISTS = 8;

const STORAGE_PREFIX = 'latency-lab:kept:';
const STORAGE_INDEX = 'latency-lab:kept';

/** Lists kept or read in this page: key → link text (packed). */
const memory = new Map<string, string>();
/** The last list named, so a page's step does not hash 700 KB again. */
let last = { text: '', key: '' };

/** 53 bits of cyrb53 over the text, in base 36, with its length: the list's name. */
export function keptKey(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${hash.toString(36)}-${text.length.toString(36)}`;
}

/** The browser's localStorage, when there is one that works (not in workers, Node, or a locked-down browser). */
function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function persist(key: string, text: string): void {
  const s = storage();
  if (!s) return;
  try {
    const index = (s.getItem(STORAGE_INDEX) ?? '').split(',').filter((k) => k && k !== key);
    index.push(key);
    while (index.length > KEPT_LISTS) s.removeItem(STORAGE_PREFIX + index.shift()!);
    s.setItem(STORAGE_PREFIX + key, text);
    s.setItem(STORAGE_INDEX, index.join(','));
  } catch {
    // Full or refused: the list stays kept in this page's memory (a reload will not find it).
  }
}

/**
 * The address's text for a list whose link text is `text` (already encoded): `kept.<key>`,
 * the text kept in this browser. Called once per new list; later steps find it in `last`.
 */
export function keepList(text: string): string {
  if (last.text === text) return KEPT_PREFIX + last.key;
  const key = keptKey(text);
  last = { text, key };
  if (!memory.has(key)) {
    memory.set(key, text);
    persist(key, text);
  }
  return KEPT_PREFIX + key;
}

/** The link text a `kept.<key>` value names, or null when this browser does not hold it. */
export function keptText(value: string): string | null {
  const key = value.slice(KEPT_PREFIX.length);
  const known = memory.get(key);
  if (known !== undefined) return known;
  let text: string | null;
  try {
    text = storage()?.getItem(STORAGE_PREFIX + key) ?? null;
  } catch {
    text = null;
  }
  // A stored text that is not what its key names (edited by hand) is not used.
  if (text === null || keptKey(text) !== key) return null;
  memory.set(key, text);
  return text;
}

/** What a `kept.` value the browser does not hold is told. */
export function keptMissing(value: string): string {
  return `${value} names a list of references kept in the browser where this link was made, not in this one (the address keeps lists over ${formatNumber(KEEP_LIST_CHARS)} characters there): ask for its full link (“Copy link” on its page)`;
}
