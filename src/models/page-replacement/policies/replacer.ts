/**
 * What a replacement policy decides, and nothing else. The one loop (`simulatePolicy` in
 * ../simulate.ts) walks the reference string, counts misses, fills the free frames first and
 * reports misses to a trace; a policy answers three questions:
 *
 *   hit(p, i)  is page p in memory? If so, do the policy's bookkeeping for a hit (LRU moves p
 *              to the front, CLOCK sets its reference bit, OPT records its next use).
 *   evict(i)   memory is full (at reference i): choose the victim, forget it, and return its page id.
 *   load(p, i) bring p in, after `evict` or while frames are still free.
 *
 * `i` is the reference's index in the string (OPT looks up the next use by it). Page ids are
 * dense (0 … distinct−1, see ../dense.ts), so every policy keeps flat typed arrays indexed
 * by page: no Map, no allocation per reference.
 */
export interface Replacer {
  hit(p: number, i: number): boolean;
  evict(i: number): number;
  load(p: number, i: number): void;
}
