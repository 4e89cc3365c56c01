import { describe, expect, it } from 'vitest';
import { MODEL_ENTRIES, MODEL_INFOS, loadModel, loadModels } from '../../src/models/registry';

describe('model registry: declarations for the main thread, mechanisms loaded on demand', () => {
  it('each entry loads the model its declarations describe, with the very same declarations', async () => {
    const models = await loadModels();
    expect(models.map((m) => m.id)).toEqual(MODEL_INFOS.map((m) => m.id));
    models.forEach((model, i) => {
      const info = MODEL_ENTRIES[i]!.info;
      expect(info.version).toBe(model.version);
      expect(info.params).toBe(model.params);
      expect(info.presets).toBe(model.presets);
      expect(info.presetParam).toBe(model.presetParam);
      expect('tables' in info).toBe(false);
      expect(typeof model.tables).toBe('function');
    });
  });

  it('ids are unique, and an unknown id loads nothing', async () => {
    expect(new Set(MODEL_INFOS.map((m) => m.id)).size).toBe(MODEL_INFOS.length);
    expect(await loadModel('no-such-model')).toBeUndefined();
  });

  it('each model names the knob a student drags first, a number it declares', () => {
    for (const info of MODEL_INFOS) {
      const spec = info.params.find((s) => s.key === info.dragParam);
      expect(spec?.kind, info.id).toBe('number');
    }
  });
});
