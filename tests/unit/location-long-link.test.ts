/**
 * A long link from outside (issue 37): the browser's own handling of a 1 MB URL is already a
 * long task, and `popstate` fires inside it. The router hands such a change to the app in a
 * task of its own, never inside the browser's; a short one is handled at once, as before.
 * (The router's globals are stand-ins here: what is asserted is which task does the work.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeWindow extends EventTarget {}

function stubBrowser(hash: string) {
  const win = new FakeWindow();
  const loc = { hash };
  const hist = {
    state: null as unknown,
    replaceState(state: unknown, _t: string, url?: string) {
      this.state = state;
      if (url !== undefined) loc.hash = url;
    },
    pushState(state: unknown, _t: string, url?: string) {
      this.state = state;
      if (url !== undefined) loc.hash = url;
    },
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('location', loc);
  vi.stubGlobal('history', hist);
  /** What the browser does when a link is followed: a new entry, then popstate (in its task). */
  const follow = (next: string) => {
    loc.hash = next;
    hist.state = null;
    win.dispatchEvent(new Event('popstate'));
  };
  return { follow };
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
    expect(seen).toEqual([long]);
    expect(locationSnapshot()).toMatchObject({ hash: long, externalHash: long });
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
