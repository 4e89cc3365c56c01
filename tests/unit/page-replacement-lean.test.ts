/** The fast loops (no trace) make the same decisions as the traced ones the trace panel shows. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  simulateClock,
  simulateClockLean,
  simulateLru,
  simulateLruLean,
  type TraceStep,
} from '../../src/models/page-replacement/simulate';

const arbCase = fc.record({
  refs: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 400 }),
  frames: fc.integer({ min: 1, max: 24 }),
});
/** Dense ids 0…k−1, as the model feeds the policies. */
function dense(xs: number[]): Int32Array {
  const ids = new Map<number, number>();
  return Int32Array.from(xs, (x) => {
    if (!ids.has(x)) ids.set(x, ids.size);
    return ids.get(x)!;
  });
}

describe('lean policy loops', () => {
  it('LRU: the lean loop misses exactly where the traced one does', () => {
    fc.assert(
      fc.property(arbCase, ({ refs, frames }) => {
        const r = dense(refs);
        const trace: TraceStep[] = [];
        const traced = simulateLru(r, frames, trace);
        expect(simulateLruLean(r, frames)).toEqual(traced);
        expect(traced.misses).toBe(trace.filter((t) => !t.hit).length);
      }),
      { seed: 5, numRuns: 2000 },
    );
  });

  it('CLOCK: the lean loop misses exactly where the traced one does', () => {
    fc.assert(
      fc.property(arbCase, ({ refs, frames }) => {
        const r = dense(refs);
        expect(simulateClockLean(r, frames)).toEqual(simulateClock(r, frames, []));
      }),
      { seed: 6, numRuns: 2000 },
    );
  });
});
