/**
 * The warm-up before a first drag (issue #31, src/state/warmScenarios.ts): each scenario is one
 * move of one knob from the page's scenario, inside its range, the dragged knob from one end of
 * its slider to the other; and the tables worker stops warming when a step comes.
 */
import { describe, expect, it } from 'vitest';
import { MODEL_INFOS } from '../../src/models/registry';
import type { NumberParamSpec } from '../../src/models/types';
import { defaultScenario } from '../../src/scenario';
import { WARM_DRAG_STEPS, warmScenarios } from '../../src/state/warmScenarios';
import { labApi } from '../../workers/lab.worker';

describe('warmScenarios', () => {
  it.each(MODEL_INFOS.map((m) => [m.id, m] as const))(
    '%s: one knob moved at a time, inside its range, the drag knob end to end',
    (_id, info) => {
      const params = defaultScenario(info).params;
      const scenarios = warmScenarios(info, params);
      const numbers = info.params.filter(
        (p): p is NumberParamSpec => p.kind === 'number' && p.key in params,
      );
      expect(scenarios.length).toBeGreaterThanOrEqual(WARM_DRAG_STEPS);
      for (const s of scenarios) {
        const moved = Object.keys(s).filter((k) => s[k] !== params[k]);
        expect(moved.length).toBeLessThanOrEqual(1);
        for (const k of moved) {
          const spec = numbers.find((p) => p.key === k);
          expect(spec, `${k} is a numeric knob`).toBeDefined();
          expect(spec!.seed, `${k} is not a seed`).toBeUndefined();
          expect(Number(s[k])).toBeGreaterThanOrEqual(spec!.min);
          expect(Number(s[k])).toBeLessThanOrEqual(spec!.max);
        }
      }
      const drag = numbers.find((p) => p.key === info.dragParam);
      if (!drag) return;
      const dragged = scenarios.slice(0, WARM_DRAG_STEPS).map((s) => Number(s[drag.key]));
      expect(Math.min(...dragged)).toBeCloseTo(drag.min, 6);
      expect(Math.max(...dragged)).toBeCloseTo(drag.max, 6);
    },
  );
});

describe('the tables worker’s warm-up', () => {
  const info = MODEL_INFOS.find((m) => m.id === 'directory-search')!;
  const params = defaultScenario(info).params;

  it('computes every scenario when nothing else comes, and a model only once', async () => {
    const scenarios = warmScenarios(info, params).slice(0, 3);
    expect(await labApi.warm(info.id, scenarios)).toBe(3);
    expect(await labApi.warm(info.id, scenarios)).toBe(0);
  });

  it('stops as soon as a tables request comes', async () => {
    const other = MODEL_INFOS.find((m) => m.id === 'cross-boundary')!;
    const scenarios = warmScenarios(other, defaultScenario(other).params);
    const warming = labApi.warm(other.id, scenarios);
    await labApi.tables(info.id, params, { intervals: false });
    expect(await warming).toBe(0);
  });
});
