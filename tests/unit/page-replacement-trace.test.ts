/**
 * The trace panel's steps: every policy's trace, frame by frame, against an independent
 * reference that keeps memory as a plain array of frames (a page stays in its frame until
 * evicted; the newcomer takes the victim's frame, or the first empty one) and chooses victims
 * by linear search. And a trace changes no decision: with or without one, the same counts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { densePages } from '../../src/models/page-replacement/dense';
import {
  POLICIES,
  simulatePolicy,
  type Policy,
  type TraceStep,
} from '../../src/models/page-replacement/simulate';
import { mix32 } from '../../src/models/random';

/** O(n · frames) reference: one step per reference, as the model's TraceStep. */
function framesReference(policy: Policy, refs: number[], frames: number, seed: number) {
  const slots: number[] = Array.from({ length: frames }, () => -1);
  const loadedAt: number[] = []; // per frame: when its page came in (FIFO)
  const usedAt: number[] = []; // per frame: last reference to its page (LRU)
  const bit: number[] = []; // per frame: reference bit (CLOCK)
  let hand = 0;
  // RAND's draw is a hash of the seed and the reference's position (issue 33), one per eviction.
  const base = mix32(seed ^ 0x7a4d0c11);
  const draw = (i: number) => mix32(base + Math.imul(i, 0x9e3779b9)) / 4294967296;
  const steps: TraceStep[] = [];
  const nextUse = (page: number, after: number) => {
    for (let j = after + 1; j < refs.length; j++) if (refs[j] === page) return j;
    return Infinity;
  };
  for (let i = 0; i < refs.length; i++) {
    const page = refs[i]!;
    const at = slots.indexOf(page);
    if (at >= 0) {
      usedAt[at] = i;
      bit[at] = 1;
      steps.push({ page, hit: true, victim: -1, slots: [...slots] });
      continue;
    }
    let frame = slots.indexOf(-1);
    let victim = -1;
    if (frame < 0) {
      if (policy === 'FIFO') frame = loadedAt.indexOf(Math.min(...loadedAt));
      else if (policy === 'LRU') frame = usedAt.indexOf(Math.min(...usedAt));
      else if (policy === 'RAND') frame = Math.floor(draw(i) * frames);
      else if (policy === 'CLOCK') {
        while (bit[hand] === 1) {
          bit[hand] = 0;
          hand = (hand + 1) % frames;
        }
        frame = hand;
        hand = (hand + 1) % frames;
      } else {
        const next = slots.map((p) => nextUse(p, i));
        frame = next.indexOf(Math.max(...next));
      }
      victim = slots[frame]!;
    }
    slots[frame] = page;
    loadedAt[frame] = i;
    usedAt[frame] = i;
    bit[frame] = 1;
    steps.push({ page, hit: false, victim, slots: [...slots] });
  }
  return steps;
}

const arbCase = fc.record({
  refs: fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 0, maxLength: 120 }),
  frames: fc.integer({ min: 1, max: 9 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

describe('the step-by-step trace', () => {
  for (const policy of ['FIFO', 'LRU', 'CLOCK', 'RAND'] as const)
    it(`${policy}: every step (hit, victim, frames) equals the frame-array reference`, () => {
      fc.assert(
        fc.property(arbCase, ({ refs, frames, seed }) => {
          const dense = densePages(refs);
          const trace: TraceStep[] = [];
          simulatePolicy(policy, dense.refs, frames, { seed, trace });
          expect(trace).toEqual(framesReference(policy, Array.from(dense.refs), frames, seed));
        }),
        { seed: 21, numRuns: 1500 },
      );
    });

  it('OPT: every step hits or misses as the reference does', () => {
    // Several pages may never be used again; which of them goes is a free choice.
    fc.assert(
      fc.property(arbCase, ({ refs, frames }) => {
        const dense = densePages(refs);
        const trace: TraceStep[] = [];
        simulatePolicy('OPT', dense.refs, frames, { trace });
        const ref = framesReference('OPT', Array.from(dense.refs), frames, 1);
        expect(trace.map((s) => s.hit)).toEqual(ref.map((s) => s.hit));
      }),
      { seed: 22, numRuns: 1500 },
    );
  });

  it('a trace changes no decision: the same counts with or without one', () => {
    fc.assert(
      fc.property(arbCase, fc.constantFrom(...POLICIES), ({ refs, frames, seed }, policy) => {
        const r = densePages(refs).refs;
        const trace: TraceStep[] = [];
        const traced = simulatePolicy(policy, r, frames, { seed, trace });
        expect(simulatePolicy(policy, r, frames, { seed })).toEqual(traced);
        expect(trace).toHaveLength(refs.length);
        expect(trace.filter((t) => !t.hit)).toHaveLength(traced.misses);
      }),
      { seed: 5, numRuns: 2000 },
    );
  });

  it('RAND draws its victims from the seed: the same seed, the same victims', () => {
    const refs = densePages(Array.from({ length: 300 }, (_, i) => (i * 7) % 23)).refs;
    const victims = (seed: number) => {
      const trace: TraceStep[] = [];
      simulatePolicy('RAND', refs, 8, { seed, trace });
      return trace.map((s) => s.victim);
    };
    expect(victims(99)).toEqual(victims(99));
    expect(victims(99)).not.toEqual(victims(100));
  });
});
