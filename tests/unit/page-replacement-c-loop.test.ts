/**
 * The bench's C loop (src/models/page-replacement/tools/paging.c) must count what the JS policies count, or its
 * refs/s are no comparison: random strings of several shapes and frame counts, LRU and CLOCK,
 * misses equal. Skipped where there is no `cc`. (Its speed is a bench figure, not a test.)
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateItems, PATTERNS, CLASSIC_STRINGS } from '../../src/models/page-replacement/refs';
import { simulatePolicy } from '../../src/models/page-replacement/simulate';
import { densePages } from '../../src/models/page-replacement/dense';
import { buildCLoop, type CLoop } from '../../src/models/page-replacement/tools/native';

const hasCc = !spawnSync('cc', ['--version']).error;

describe.skipIf(!hasCc)('C loop of the bench', () => {
  let loop: CLoop;
  beforeAll(() => {
    const built = buildCLoop();
    if (!built.ok) throw new Error(built.reason);
    loop = built.loop;
  }, 30_000);
  afterAll(() => loop?.dispose());

  it('counts the same misses as the JS LRU and CLOCK on strings of every pattern', () => {
    for (const [k, pattern] of PATTERNS.entries()) {
      const items = generateItems({
        pattern,
        refCount: 20_000,
        distinctItems: 600,
        hotItems: 40,
        hotPct: 80,
        zipfExponent: 1,
        seed: 7 + k,
      });
      const { refs } = densePages(items);
      for (const frames of [1, 3, 64, 500])
        for (const r of loop.run(refs, frames, 1))
          expect({ pattern, frames, policy: r.policy, misses: r.misses }).toEqual({
            pattern,
            frames,
            policy: r.policy,
            misses: simulatePolicy(r.policy, refs, frames).misses,
          });
    }
  }, 30_000);

  it("gives OSTEP's LRU answer (6 hits of 11 with 3 frames)", () => {
    const { refs } = densePages(CLASSIC_STRINGS.ostep);
    const lru = loop.run(refs, 3, 1).find((r) => r.policy === 'LRU')!;
    expect(refs.length - lru.misses).toBe(6);
  });
});
