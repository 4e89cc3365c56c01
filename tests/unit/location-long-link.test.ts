/**
 * A long link from outside (issue 37): the browser's own handling of a 1 MB URL is already a
 * long task, and `popstate` fires inside it. The router hands such a change to its reader in a
 * task of its own, never inside the browser's, and to the page in the next; a short one is
 * handled at once, as before. The address is read through `location.href`, never
 * `location.hash` (a new copy of the link on every read).
 * (The router's globals are stand-ins here: what is asserted is which task does the work.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeWindow extends EventTarget {}

const PAGE = 'http://127.0.0.1:5173/';

function stubBrowser(hash: string) {
  const win = new FakeWindow();
  /** The address, as the browser keeps it; `hash` counts its reads (each one a copy). */
  const loc = {
    url: PAGE + hash,
    hashReads: 0,
    get href() {
      return this.url;
    },
    get hash() {
      this.hashReads++;
      const at = this.url.indexOf('#');
      return at < 0 || at === this.url.length - 1 ? '' : this.url.slice(at);
    },
    protocol: 'http:',
    host: '127.0.0.1:5173',
    pathname: '/',
    search: '',
  };
  const go = (url: string) => {
    loc.url = url.startsWith('#') ? PAGE + url : url;
  };
  const hist = {
    state: null as unknown,
    urls: [] as string[],
    replaceState(state: unknown, _t: string, url?: string) {
      this.state = state;
      if (url !== undefined) {
        this.urls.push(url);
        go(url);
      }
    },
    pushState(state: unknown, _t: string, url?: string) {
      this.state = state;
      if (url !== undefined) {
        this.urls.push(url);
        go(url);
      }
    },
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('location', loc);
  vi.stubGlobal('history', hist);
  /** What the browser does when a link is followed: a new entry, then popstate (in its task). */
  const follow = (next: string) => {
    go(next);
    hist.state = null;
    win.dispatchEvent(new Event('popstate'));
  };
  return { follow, loc, hist };
}

const nextTask = () => new Promise((r) => setTimeout(r, 0));

describe('the router and a long link from outside', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('hands a long link to the app in a task after the browser’s, once', async () => {
    const { follow } = stubBrowser('#/page-replacement');
    const { subscribeLocation, locationSnapshot } = await import('../../src/state/location');
    const seen: string[] = [];
    const off = subscribeLocation(() => seen.push(locationSnapshot().hash));
    const long = `#/page-replacement?${'k=1&'.repeat(10_000)}`;
    follow(long);
    // hashchange comes too, later in the same turn of the browser: still one change.
    window.dispatchEvent(new Event('hashchange'));
    expect(seen).toEqual([]);
    expect(locationSnapshot().hash).toBe('#/page-replacement');
    await nextTask();
    await nextTask();
    expect(seen).toEqual([long]);
    expect(locationSnapshot()).toMatchObject({ hash: long, externalHash: long });
    off();
  });

  it('gives a long link to its reader a task before the page sees it, and never copies it', async () => {
    const { follow, loc, hist } = stubBrowser('#/page-replacement');
    const { subscribeLocation, locationSnapshot, setLongLinkReader, replaceLongLink } =
      await import('../../src/state/location');
    const read: string[] = [];
    setLongLinkReader((hash) => {
      read.push(hash);
      return null;
    });
    const seen: string[] = [];
    const off = subscribeLocation(() => seen.push(locationSnapshot().hash));
    const long = `#/page-replacement?${'k=1&'.repeat(10_000)}`;
    follow(long);
    window.dispatchEvent(new Event('hashchange'));
    expect(read).toEqual([]);
    await nextTask();
    // The reader has it (to post to its worker); the page renders it in the next task.
    expect(read).toEqual([long]);
    expect(seen).toEqual([]);
    await nextTask();
    expect(seen).toEqual([long]);
    // Once read, the address becomes the short link: absolute, so the browser does not resolve
    // it against the long one, and the entry's marks stay out of the long URL's way.
    expect(replaceLongLink(long, '#/page-replacement?p=1')).toBe(true);
    expect(hist.urls.at(-1)).toBe(`${PAGE}#/page-replacement?p=1`);
    // The page sees it in a task of its own, never in the one that left the long URL.
    expect(seen).toEqual([long]);
    await nextTask();
    expect(seen).toEqual([long, '#/page-replacement?p=1']);
    expect(locationSnapshot().hash).toBe('#/page-replacement?p=1');
    expect(locationSnapshot().externalHash).toBe(long);
    expect(read).toEqual([long]);
    // `location.hash` builds a new string on every read (15–20 ms for 1 MB): never read.
    expect(loc.hashReads).toBe(0);
    off();
  });

  it('makes a long link already read its short link in the reader’s task, shown once', async () => {
    // The page is on the short link; the long link it stands for is followed again.
    const short = '#/page-replacement?p=1';
    const { follow, hist, loc } = stubBrowser(short);
    const { subscribeLocation, locationSnapshot, setLongLinkReader } =
      await import('../../src/state/location');
    setLongLinkReader(() => short);
    const seen: { hash: string; externalHash: string }[] = [];
    const off = subscribeLocation(() => {
      const { hash, externalHash } = locationSnapshot();
      seen.push({ hash, externalHash });
    });
    const long = `#/page-replacement?${'k=1&'.repeat(10_000)}`;
    follow(long);
    await nextTask();
    // The address is short again before the page has seen the long one, the new entry marked
    // in the same write (the one after the entry the page was on), so the page writes nothing.
    expect(hist.urls.at(-1)).toBe(`${PAGE}${short}`);
    expect(hist.state).toEqual({ llStep: 1, llPrev: short });
    expect(seen).toEqual([]);
    const writes = vi.spyOn(hist, 'replaceState');
    await nextTask();
    expect(writes).not.toHaveBeenCalled();
    // One change: the same short link, now standing for the long one (its problems).
    expect(seen).toEqual([{ hash: short, externalHash: long }]);
    expect(loc.hashReads).toBe(0);
    off();
  });

  it('does not replace a long link the address has moved past, nor with a longer one', async () => {
    const { follow, hist } = stubBrowser('#/page-replacement');
    const { subscribeLocation, replaceLongLink, navigate } =
      await import('../../src/state/location');
    const off = subscribeLocation(() => {});
    const long = `#/page-replacement?${'k=1&'.repeat(10_000)}`;
    follow(long);
    await nextTask();
    await nextTask();
    expect(replaceLongLink(long, `${long}&more=1`)).toBe(false);
    navigate('#/file-access', { replace: true });
    const writes = hist.urls.length;
    expect(replaceLongLink(long, '#/page-replacement?p=1')).toBe(false);
    expect(hist.urls).toHaveLength(writes);
    off();
  });

  it('handles a short link at once, as before', async () => {
    const { follow } = stubBrowser('#/page-replacement');
    const { subscribeLocation, locationSnapshot } = await import('../../src/state/location');
    const seen: string[] = [];
    const off = subscribeLocation(() => seen.push(locationSnapshot().hash));
    follow('#/file-access');
    expect(seen).toEqual(['#/file-access']);
    off();
  });

  it('drops a long link the app moved past before its task came', async () => {
    const { follow } = stubBrowser('#/page-replacement');
    const { subscribeLocation, locationSnapshot, navigate } =
      await import('../../src/state/location');
    const seen: string[] = [];
    const off = subscribeLocation(() => seen.push(locationSnapshot().hash));
    follow(`#/page-replacement?${'k=1&'.repeat(10_000)}`);
    navigate('#/file-access', { replace: true });
    await nextTask();
    expect(seen).toEqual(['#/file-access']);
    off();
  });
});
