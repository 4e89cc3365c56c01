/**
 * Issue #32: a random seed names a run, it is not a quantity. It is never a slider, never a
 * knob to explore, never a regime map's axis and never swept by the CLI's sensitivity; the
 * page's "New random run" draws the next seed from the current one, and the link keeps it.
 */
import { describe, expect, it } from 'vitest';
import { knobSweep } from '../../src/compare/knobSweep';
import { MapError, planMap } from '../../src/compare/regimeMap';
import { sensitivity } from '../../src/compare/sensitivity';
import { loadModel, MODEL_INFOS } from '../../src/models/registry';
import type { NumberParamSpec } from '../../src/models/types';
import { presetParams } from '../../src/scenario';
import { numberParams } from '../../src/views/explore/regimeDefaults';
import { nextSeed } from '../../src/views/seed';
import { run } from '../../scripts/explore';

const seeds = MODEL_INFOS.flatMap((info) =>
  info.params
    .filter((p): p is NumberParamSpec => p.kind === 'number' && /seed/i.test(`${p.key} ${p.label}`))
    .map((spec) => ({ info, spec })),
);

describe('random seeds are runs, not knobs', () => {
  it('every seed of every model is declared one', () => {
    expect(seeds.length).toBe(5);
    for (const { info, spec } of seeds) expect(spec.seed, `${info.id}.${spec.key}`).toBe(true);
  });

  it('“New random run” draws the same next seed every time, a new one, inside the range', () => {
    for (const { spec } of seeds) {
      let s = spec.default;
      const seen = new Set([s]);
      for (let i = 0; i < 50; i++) {
        const n = nextSeed(s, spec);
        expect(n).toBe(nextSeed(s, spec));
        expect(n).not.toBe(s);
        expect(Number.isInteger(n) && n >= spec.min && n <= spec.max).toBe(true);
        seen.add(n);
        s = n;
      }
      // Runs, not a cycle of two or three.
      expect(seen.size).toBeGreaterThan(45);
    }
    expect(nextSeed(spec0().max, spec0())).toBeLessThanOrEqual(spec0().max);
  });

  it('no seed is a regime map axis, on the page or in the CLI', async () => {
    for (const { info, spec } of seeds) {
      expect(numberParams(info).map((p) => p.key)).not.toContain(spec.key);
      const model = (await loadModel(info.id))!;
      const other = numberParams(info)[0]!.key;
      expect(() =>
        planMap(model, presetParams(info, info.presets[0]!.id), { x: spec.key, y: other }),
      ).toThrow(MapError);
    }
    const r = await run(['/#/directory-search', '--map', 'x=seed,y=users']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/seed names a run/);
  });

  it('no seed is swept: not by the explore strip’s sweep, not by --sensitivity', async () => {
    for (const { info, spec } of seeds) {
      const model = (await loadModel(info.id))!;
      const params = presetParams(info, info.presets.at(-1)!.id);
      expect(knobSweep(model, params, spec.key)).toBeNull();
    }
    const ds = (await loadModel('directory-search'))!;
    const found = sensitivity(ds, presetParams(ds, 'vmsp-directory'));
    expect(found.length).toBeGreaterThan(0);
    for (const t of found) {
      expect(t.params.map((p) => p.key)).not.toContain('seed');
      expect(t.atZero).not.toContain('seed');
    }
  });
});

function spec0(): NumberParamSpec {
  return seeds[0]!.spec;
}
