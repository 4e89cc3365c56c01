/**
 * A model's own panels are in its folder: models/<model-id>/view/panels.ts. Every such folder must
 * be a registered model's id (a typo would silently show no panel), with named panels.
 */
import { describe, expect, it } from 'vitest';
import { MODEL_INFOS } from '../../src/models/registry';
import { EXTRAS } from '../../src/views/extras';

describe('model panels (src/models/<model-id>/view/panels.ts)', () => {
  it('are found for the four models that have them, under registered ids', () => {
    const ids = new Set(MODEL_INFOS.map((m) => m.id));
    expect(Object.keys(EXTRAS).sort()).toEqual([
      'cross-boundary',
      'directory-search',
      'hyperthreads',
      'page-replacement',
    ]);
    for (const id of Object.keys(EXTRAS)) expect(ids.has(id), id).toBe(true);
  });

  it('each has a name for its error message and a lazy component', () => {
    for (const [id, panels] of Object.entries(EXTRAS)) {
      expect(panels.length, id).toBeGreaterThan(0);
      for (const p of panels) {
        expect(p.name, id).toMatch(/^the /);
        expect(typeof p.panel, id).toBe('object');
      }
    }
    expect(EXTRAS['page-replacement']?.map((p) => p.name)).toEqual([
      'the trace file',
      'the step-by-step trace',
      'the long runs',
      'the live memory measurement',
    ]);
  });
});
