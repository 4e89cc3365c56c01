/**
 * The machine claims' predictions as physics, over any calibration a machine could give
 * (fast-check, synthetic constants, no clock): every prediction positive and inside its own
 * interval; more calls never take less time; more jobs never finish at more than n jobs alone
 * and never at a lower rate; a dearer instruction never makes a search faster; a memory
 * prediction lies between the calibrated latencies on either side of it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cothreadsClaim } from '../../src/machine/claims/cothreads';
import { crossBoundaryClaim, crossoverCalls } from '../../src/machine/claims/crossBoundary';
import { directoryClaim } from '../../src/machine/claims/directory';
import { memoryClaim } from '../../src/machine/claims/memory';
import type { Calibration, PredictionDraft } from '../../src/machine/types';

const pos = (min: number, max: number) => fc.double({ min, max, noNaN: true });

function wellFormed(ps: readonly PredictionDraft[]) {
  for (const p of ps) {
    expect(p.value).toBeGreaterThan(0);
    expect(p.lo).toBeGreaterThan(0);
    expect(p.lo).toBeLessThan(p.value);
    expect(p.hi).toBeGreaterThan(p.value);
  }
}

const fitArb = fc.record({ startupMs: pos(0.01, 1000), perCallUs: pos(0.01, 5000) });

describe('machine predictions are physical', () => {
  it('shared memory vs RPC: a longer run never takes less time; the crossover is a count', () => {
    fc.assert(
      fc.property(
        fc.array(fitArb, { minLength: 1, maxLength: 4 }),
        fc.array(fitArb, { minLength: 1, maxLength: 4 }),
        (rpc, sm) => {
          const med = (xs: number[]) =>
            [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
          const c: Calibration = {
            claim: 'crossBoundary',
            constants: {
              rpcStartupMs: med(rpc.map((f) => f.startupMs)),
              rpcPerCallUs: med(rpc.map((f) => f.perCallUs)),
              smStartupMs: med(sm.map((f) => f.startupMs)),
              smPerCallUs: med(sm.map((f) => f.perCallUs)),
            },
            repeats: rpc.length,
            elapsedMs: 1,
            detail: { fits: { rpc, sm }, smWhy: null },
          };
          const ps = crossBoundaryClaim.predict(c, 'short');
          wellFormed(ps);
          for (const k of ['rpc', 'sm']) {
            const [short, long] = ps.filter((p) => p.quantity.startsWith(`${k}@`));
            expect(long!.value).toBeGreaterThanOrEqual(short!.value);
          }
          const n = crossoverCalls(
            { startupMs: c.constants.rpcStartupMs!, perCallUs: c.constants.rpcPerCallUs! },
            { startupMs: c.constants.smStartupMs!, perCallUs: c.constants.smPerCallUs! },
          );
          if (n !== null) expect(n).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('cothreads: n jobs never beat n jobs alone, and more jobs never lower the rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 16 }),
        fc.array(pos(0.05, 40), { minLength: 1, maxLength: 4 }),
        (p, rel) => {
          const geo = Math.exp(rel.reduce((a, b) => a + Math.log(b), 0) / rel.length);
          const c: Calibration = {
            claim: 'cothreads',
            constants: { processors: p, computePeff: geo },
            repeats: rel.length,
            elapsedMs: 1,
            detail: { p, relP: { compute: rel } },
          };
          const ps = cothreadsClaim.predict(c, 'short');
          wellFormed(ps);
          let last = 0;
          for (const q of ps) {
            const n = Number(q.quantity.split('@')[1]);
            expect(q.value).toBeLessThanOrEqual(n + 1e-9);
            expect(q.value).toBeGreaterThanOrEqual(last - 1e-9);
            last = q.value;
          }
        },
      ),
    );
  });

  it('directory: a dearer instruction never makes a search faster', () => {
    fc.assert(
      fc.property(pos(0.01, 100), pos(1, 4), pos(0, 1), (ns, k, sd) => {
        const cal = (x: number): Calibration => ({
          claim: 'directory',
          constants: { nsPerInstruction: x, unsortedLinearNs: x * 100, spreadSd: sd },
          repeats: 3,
          elapsedMs: 1,
        });
        const a = directoryClaim.predict(cal(ns), 'short');
        const b = directoryClaim.predict(cal(ns * k), 'short');
        wellFormed(a);
        a.forEach((p, i) => expect(b[i]!.value).toBeGreaterThanOrEqual(p.value));
      }),
      { numRuns: 30 },
    );
  });

  it('memory: each half-way prediction lies between its two calibrated neighbours', () => {
    const sizes = Array.from({ length: 9 }, (_, i) => 4096 * 2 ** i); // 4 KB … 1 MB: 'test' size
    fc.assert(
      fc.property(
        fc.array(pos(1, 3), { minLength: sizes.length, maxLength: sizes.length }),
        fc.array(pos(0.9, 1.1), { minLength: sizes.length, maxLength: sizes.length }),
        (steps, noise) => {
          // A rising curve (a cache step wherever a factor is large), two noisy repeats.
          const t: number[] = [];
          steps.forEach((f, i) => t.push(i === 0 ? 1.5 : t[i - 1]! * f));
          const constants: Record<string, number> = {};
          sizes.forEach((b, i) => (constants[`ns@${b}`] = t[i]!));
          const c: Calibration = {
            claim: 'memory',
            constants,
            repeats: 2,
            elapsedMs: 1,
            detail: { sizes, repeats: [t, t.map((x, i) => x * noise[i]!)] },
          };
          const ps = memoryClaim.predict(c, 'test');
          expect(ps.length).toBeGreaterThan(0);
          wellFormed(ps);
          for (const p of ps) {
            const w = Number(p.quantity.split('@')[1]);
            const i = sizes.findIndex((b, k) => b <= w && (sizes[k + 1] ?? Infinity) > w);
            expect(p.value).toBeGreaterThanOrEqual(Math.min(t[i]!, t[i + 1]!) * (1 - 1e-9));
            expect(p.value).toBeLessThanOrEqual(Math.max(t[i]!, t[i + 1]!) * (1 + 1e-9));
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
