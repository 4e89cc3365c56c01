/**
 * The model's side of the live memory panel: the page-replacement model's miss-rate cliff for
 * the sizes the live sweep measured. Runs in the panel's worker (it simulates), apart from
 * ./live.ts, whose declarations and step detection the page also uses.
 */
import type { ModelCliffPoint } from './live';
import { framesOf, type PageReplacementParams } from './params';
import { simulatePolicy } from './simulate';

/** Passes round the loop; the first (compulsory misses) is left out of the rate. */
const MODEL_PASSES = 3;

/**
 * The page-replacement model on the chase's own pattern: a loop over the working set's pages
 * (the chase's cycle visits every element once per pass, like a loop) in this scenario's
 * memory (`memoryKB`, frames = memory ÷ `pageBytes`). LRU falls off a cliff exactly where the loop stops
 * fitting; RAND, like real caches with pseudo-random replacement, degrades more gradually.
 */
export function modelCliff(
  p: Pick<PageReplacementParams, 'memoryKB' | 'pageBytes' | 'seed'>,
  sizes: readonly number[],
): ModelCliffPoint[] {
  const frames = framesOf(p);
  return sizes.map((bytes) => {
    const pages = Math.max(1, Math.ceil(bytes / p.pageBytes));
    const refs = new Int32Array(pages * MODEL_PASSES);
    for (let i = 0; i < refs.length; i++) refs[i] = i % pages;
    const rate = (policy: 'LRU' | 'RAND') => {
      const all = simulatePolicy(policy, refs, frames, { seed: p.seed }).misses;
      const first = simulatePolicy(policy, refs.subarray(0, pages), frames, {
        seed: p.seed,
      }).misses;
      return (100 * (all - first)) / (pages * (MODEL_PASSES - 1));
    };
    return { bytes, pages, lruPct: rate('LRU'), randPct: rate('RAND') };
  });
}
