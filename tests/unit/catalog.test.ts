import { describe, expect, it } from 'vitest';
import { MODEL_INFOS } from '../../src/models/catalog';
import { MODELS } from '../../src/models/registry';

describe('model catalog (main thread) and registry (worker, CLI)', () => {
  it('list the same models in the same order, with the very same declarations', () => {
    expect(MODEL_INFOS.map((m) => m.id)).toEqual(MODELS.map((m) => m.id));
    MODELS.forEach((model, i) => {
      const info = MODEL_INFOS[i]!;
      expect(info.version).toBe(model.version);
      expect(info.params).toBe(model.params);
      expect(info.presets).toBe(model.presets);
      expect(info.presetParam).toBe(model.presetParam);
      expect('tables' in info).toBe(false);
    });
  });
});
