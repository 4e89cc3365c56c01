/**
 * The parameters' docs live apart from their declarations (each model's docs.ts, loaded with
 * the controls, issue #31): every parameter of every model still has one, and no doc names
 * a parameter the model does not have.
 */
import { describe, expect, it } from 'vitest';
import { MODEL_INFOS, loadParamDocs } from '../../src/models/registry';

describe('parameter docs', () => {
  it.each(MODEL_INFOS.map((m) => [m.id, m] as const))(
    '%s: one doc per parameter, a sentence at least',
    async (id, info) => {
      const docs = await loadParamDocs(id);
      expect(Object.keys(docs).sort()).toEqual(info.params.map((p) => p.key).sort());
      for (const p of info.params) expect(docs[p.key]!.length, p.key).toBeGreaterThan(20);
    },
  );

  it('an unknown model has none, and says so by an empty set', async () => {
    expect(await loadParamDocs('no-such-model')).toEqual({});
  });
});
