import { distinctOf, nextUses } from './dense';
import { Lru } from './policies/lru';
import { Opt } from './policies/opt';
import type { Replacer } from './policies/replacer';
import { clock, fifo, rand } from './policies/ring';
import { TracedReplacer, type TraceStep } from './trace';
export type { TraceStep } from './trace';
/**
 * Page replacement on one reference string: FIFO, LRU, OPT (Belady's MIN), CLOCK and RAND.
 *
 * One loop for every policy: it walks the string, counts misses and fills free frames first;
 * the policy (policies/, see policies/replacer.ts) only says whether a page is in memory,
 * which page to evict, and how to load one. FIFO, CLOCK and RAND are one ring with three
 * victim choices (policies/ring.ts). A trace is a wrapper around the policy (trace.ts), so
 * the loop without one does nothing but count.
 *
 *   FIFO  a hand over the frames: the frame loaded longest ago holds the victim.
 *   LRU   a doubly linked recency list; the tail is the victim.
 *   OPT   next-use precomputation, then a max-heap keyed by next use (lazy deletion).
 *   CLOCK FIFO's hand with a reference bit per page: a referenced page gets a second chance.
 *   RAND  a frame drawn by a seeded generator (mulberry32).
 *
 * Policies work on a dense string (page ids 0 … P−1, see `densePages` in dense.ts).
 */

import type { Policy } from './policies/names';
export { POLICIES, type Policy } from './policies/names';

export interface PolicyResult {
  policy: Policy;
  hits: number;
  misses: number;
}

export interface SimulateOptions {
  /** RAND's seed (default 1). */
  seed?: number;
  /** An empty array to receive every step; keep that to short strings. */
  trace?: TraceStep[];
  /** OPT's next-use table (`nextUses(refs)`), when the caller already has it. */
  next?: Int32Array;
}

/**
 * The one entry point: a policy on a dense reference string with `frames` frames (0: every
 * reference misses), memory empty at the start.
 */
export function simulatePolicy(
  policy: Policy,
  refs: Int32Array,
  frames: number,
  options: SimulateOptions = {},
): PolicyResult {
  if (!Number.isInteger(frames) || frames < 0)
    throw new RangeError(`frames must be a whole number ≥ 0 (got ${frames})`);
  // No frame (a memory smaller than one page): nothing stays resident, every reference misses.
  if (frames === 0) {
    options.trace?.push(
      ...Array.from(refs, (page) => ({ page, hit: false, victim: -1, slots: [] as number[] })),
    );
    return result(policy, refs, refs.length);
  }
  const distinct = distinctOf(refs);
  const replacer = makeReplacer(policy, refs, distinct, frames, options);
  if (!options.trace) return result(policy, refs, run(replacer, refs, frames));
  const traced = new TracedReplacer(replacer, refs, frames, options.trace);
  const misses = run(traced, refs, frames);
  traced.finish();
  return result(policy, refs, misses);
}

function result(policy: Policy, refs: Int32Array, misses: number): PolicyResult {
  return { policy, hits: refs.length - misses, misses };
}

function makeReplacer(
  policy: Policy,
  refs: Int32Array,
  distinct: number,
  frames: number,
  options: SimulateOptions,
): Replacer {
  switch (policy) {
    case 'FIFO':
      return fifo(distinct, frames);
    case 'LRU':
      return new Lru(distinct);
    case 'OPT':
      return new Opt(distinct, options.next ?? nextUses(refs));
    case 'CLOCK':
      return clock(distinct, frames);
    case 'RAND':
      return rand(distinct, frames, options.seed ?? 1);
  }
}

/**
 * The loop, the only one: returns the misses. It sees three kinds of replacer (Ring, Lru,
 * Opt) and, when tracing, a fourth (TracedReplacer); V8 inlines a call site with up to four,
 * so keep it at that (see policies/ring.ts).
 */
function run(replacer: Replacer, refs: Int32Array, frames: number): number {
  const n = refs.length;
  let used = 0;
  let misses = 0;
  for (let i = 0; i < n; i++) {
    const p = refs[i]!;
    if (replacer.hit(p, i)) continue;
    misses++;
    if (used < frames) used++;
    else replacer.evict(i);
    replacer.load(p, i);
  }
  return misses;
}
