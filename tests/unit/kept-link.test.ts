/**
 * A scenario whose list is too long for an address (issue 37): the address names it, kept in
 * the browser (`refs=kept.<key>`), the link to share carries it whole, and a `kept.` link
 * opened where the list was never kept says so. Node has no localStorage: a stand-in is put
 * on `window` where a test needs one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const loadCodec = () => import('../../src/scenario');
const registry = () => import('../../src/models/registry');

async function bigScenario() {
  const { presetScenario } = await loadCodec();
  const { findModelInfo } = await registry();
  const cliff = presetScenario(findModelInfo('page-replacement')!, 'replacement-loop-cliff');
  // 200,000 references to up to 1,000,000 pages: about 670 KB packed.
  const refs = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 1_000_000).join(',');
  return { ...cliff, params: { ...cliff.params, refs } };
}

function fakeStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('lists kept in the browser', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('the address names a long list; the shared link carries it; both read back', async () => {
    const { serializeForAddress, serializeScenario, parsePermalink } = await loadCodec();
    const s = await bigScenario();
    const address = serializeForAddress(s);
    const full = serializeScenario(s);
    expect(full).toContain('refs=packed.');
    expect(full.length).toBeGreaterThan(500_000);
    expect(address).toMatch(/[?&]refs=kept\.[0-9a-z]+-[0-9a-z]+&/);
    expect(address.length).toBeLessThan(1000);
    for (const link of [address, full]) {
      const r = parsePermalink(link);
      expect(r.problems).toEqual([]);
      expect(r.scenario).toEqual(s);
    }
    // A short list stays in the address as it is.
    const { presetScenario } = await loadCodec();
    const { findModelInfo } = await registry();
    const small = presetScenario(findModelInfo('page-replacement')!, 'replacement-loop-cliff');
    expect(serializeForAddress(small)).toBe(serializeScenario(small));
  });

  it('a reload of the same browser reads the kept list from storage', async () => {
    const storage = fakeStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const first = await loadCodec();
    const s = await bigScenario();
    const address = first.serializeForAddress(s);
    expect([...storage.items.keys()].some((k) => k.startsWith('latency-lab:kept:'))).toBe(true);
    // A new page: nothing in memory, the same storage.
    vi.resetModules();
    const again = await loadCodec();
    const r = again.parsePermalink(address);
    expect(r.problems).toEqual([]);
    expect(r.scenario?.params.refs).toBe(s.params.refs);
  });

  it('where the list was never kept (another browser, the CLI), the link says so', async () => {
    const { serializeForAddress } = await loadCodec();
    const address = serializeForAddress(await bigScenario());
    vi.resetModules();
    const elsewhere = await loadCodec();
    const r = elsewhere.parsePermalink(address);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.param).toBe('refs');
    expect(r.problems[0]!.message).toContain(
      'names a list of references kept in the browser where this link was made',
    );
    expect(r.problems[0]!.message).toContain('“Copy link”');
    expect(r.scenario?.params.refs).toBe('');
  });

  it('a stored list that is not what its key names is not used', async () => {
    const storage = fakeStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const { serializeForAddress } = await loadCodec();
    const address = serializeForAddress(await bigScenario());
    for (const [k, v] of storage.items)
      if (k.startsWith('latency-lab:kept:')) storage.items.set(k, v.slice(0, -4) + 'AAAA');
    vi.resetModules();
    const again = await loadCodec();
    expect(again.parsePermalink(address).problems[0]?.message).toContain('kept in the browser');
  });
});
