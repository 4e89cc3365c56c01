/**
 * Determinism: the same permalink gives byte-identical CLI JSON on repeated runs (separate
 * processes, so no cache or warm state is shared), for a seeded random scenario, a
 * multi-threaded one, every model's default, and a 100,000-reference string given by link.
 * (Between the CLI and the browser: tests/e2e/determinism.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { MODEL_INFOS } from '../../src/models/registry';
import { defaultScenario, parsePermalink, serializeScenario } from '../../src/scenario';
import { run } from '../../scripts/explore';
import { cli } from './spawn-explore';

const SPAWN = { timeout: 240_000 };

/** A seeded (Park–Miller) random generator in [0, 1). */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

/** Like OSTEP's `paging-policy.py -n <n> -m 10`: uniform over pages 0–9. */
function ostepTrace(n: number, seed: number): number[] {
  const rand = lcg(seed);
  return Array.from({ length: n }, () => Math.floor(rand() * 10));
}

/** A hot set of 40 pages (80 % of references) and a scan through 20,000 more. */
function hotScanTrace(n: number, seed: number): number[] {
  const rand = lcg(seed);
  let scan = 0;
  return Array.from({ length: n }, () => (rand() < 0.8 ? Math.floor(rand() * 40) : 40 + scan++));
}

const pageReplacement = defaultScenario(MODEL_INFOS.find((m) => m.id === 'page-replacement')!);
const seeded = serializeScenario({
  ...pageReplacement,
  params: { ...pageReplacement.params, pattern: 'zipf', seed: 424242, refCount: 20_000 },
});
const withRefs = (refs: number[], frames: number) =>
  serializeScenario({
    ...pageReplacement,
    params: { ...pageReplacement.params, refs: refs.join(','), memoryKB: frames * 4 },
  });
const hundredK = withRefs(ostepTrace(100_000, 7), 4);
const hundredKWide = withRefs(hotScanTrace(100_000, 7), 64);

describe('explore CLI: the same link, the same bytes', () => {
  it('repeated runs in separate processes: page-replacement (seeded), hyperthreads', SPAWN, () => {
    const hyperthreads = serializeScenario(
      defaultScenario(MODEL_INFOS.find((m) => m.id === 'hyperthreads')!),
    );
    for (const link of [seeded, hyperthreads]) {
      const a = cli([link, '--format', 'json']);
      const b = cli([link, '--format', 'json']);
      expect(a.code, a.stderr).toBe(0);
      expect(a.stdout.length).toBeGreaterThan(1000);
      expect(b.stdout).toBe(a.stdout);
    }
  });

  it('every model’s default link: a fresh process matches the in-process run', SPAWN, async () => {
    for (const model of MODEL_INFOS) {
      const link = serializeScenario(defaultScenario(model));
      const spawned = cli([link]);
      expect(spawned.code, spawned.stderr).toBe(0);
      expect(spawned.stdout).toBe((await run([link])).stdout);
    }
  });

  it('a 100,000-reference link works, on the command line and on stdin, identically', SPAWN, () => {
    // Packed, the link fits in one command-line argument (Linux allows 128 KB).
    expect(hundredK).toContain('refs=packed.');
    expect(hundredK.length).toBeLessThan(128 * 1024);
    const { scenario, problems } = parsePermalink(hundredK);
    expect(problems).toEqual([]);
    expect(String(scenario?.params['refs']).split(',')).toHaveLength(100_000);
    const a = cli([hundredK, '--format', 'json']);
    expect(a.code, a.stderr).toBe(0);
    const out = JSON.parse(a.stdout) as {
      permalink: string;
      tables: { id: string; rows: { label: string; model: Record<string, number> }[] }[];
    };
    expect(out.permalink).toBe(hundredK);
    const replacement = out.tables.find((t) => t.id === 'replacement');
    const lru = replacement?.rows.find((r) => r.label === 'LRU')?.model;
    expect((lru?.['hits'] ?? 0) + (lru?.['misses'] ?? 0)).toBe(100_000);
    const b = cli(['-', '--format', 'json'], `${hundredK}\n`);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
  });

  it(
    'a link longer than one argument may be (20,000 pages: 15 bits each) goes on stdin',
    SPAWN,
    async () => {
      expect(hundredKWide.length).toBeGreaterThan(128 * 1024);
      const r = cli(['-'], hundredKWide);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe((await run([hundredKWide])).stdout);
    },
  );

  it('an empty stdin is a one-line usage error, exit 2', SPAWN, () => {
    const r = cli(['-'], '');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('stdin was empty');
  });
});
