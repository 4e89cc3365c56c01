/**
 * `view=projector` in a link: read beside the scenario (never an unknown parameter, never in
 * the scenario), reported when it names no view, kept by the app's hashes; and the parameter
 * headings every model's groups fall under.
 */
import { describe, expect, it } from 'vitest';
import { fileAccessModel } from '../../src/models/file-access';
import { MODEL_INFOS } from '../../src/models/registry';
import { parsePermalink, presetScenario, serializeScenario } from '../../src/scenario';
import { scenarioHash } from '../../src/state/scenarioLink';
import { modelOfHash, withView } from '../../src/state/scenarioActions';
import { paramSections, sectionOf } from '../../src/views/paramSections';

const SL = serializeScenario(presetScenario(fileAccessModel, 'mpe-sl-seq'));

describe('the view link parameter', () => {
  it('view=projector is read as the view, with no problem, and leaves the scenario as it is', () => {
    const plain = parsePermalink(SL);
    const projector = parsePermalink(`${SL}&view=projector`);
    expect(projector.problems).toEqual([]);
    expect(projector.view).toBe('projector');
    expect(projector.scenario).toEqual(plain.scenario);
    expect(plain.view).toBeUndefined();
    // Anywhere in the query, and on the home page too.
    expect(parsePermalink('#/file-access?view=projector&records=100').view).toBe('projector');
    expect(parsePermalink('#/?view=projector')).toEqual({
      scenario: null,
      problems: [],
      view: 'projector',
    });
  });

  it('a view that does not exist is reported in words and the page is shown normally', () => {
    const r = parsePermalink(`${SL}&view=cinema`);
    expect(r.view).toBeUndefined();
    expect(r.problems).toMatchObject([
      {
        param: 'view',
        message:
          'view: "cinema" is not a view — allowed projector, embed; showing the normal view.',
      },
    ]);
    expect(r.scenario).toEqual(parsePermalink(SL).scenario);
    const long = parsePermalink(`${SL}&view=${'x'.repeat(3000)}`);
    expect(long.view).toBeUndefined();
    expect(long.problems.map((p) => p.param)).toEqual(['view']);
    expect(long.problems[0]!.message.length).toBeLessThan(200);
  });

  it("the app's hashes carry the view after v, and the view can be set and removed", () => {
    const s = presetScenario(fileAccessModel, 'mpe-sl-seq');
    const hash = scenarioHash(s, 'projector');
    expect(hash).toBe(`${SL.slice(SL.indexOf('#'))}&view=projector`);
    expect(parsePermalink(hash)).toMatchObject({ scenario: s, problems: [], view: 'projector' });
    expect(withView(hash, undefined)).toBe(scenarioHash(s));
    expect(withView(scenarioHash(s), 'projector')).toBe(hash);
    expect(withView(hash, 'projector')).toBe(hash);
    expect(withView('#/', 'projector')).toBe('#/?view=projector');
  });

  it('modelOfHash names the model a hash is for', () => {
    expect(modelOfHash(scenarioHash(presetScenario(fileAccessModel, 'mpe-sl-seq')))).toBe(
      'file-access',
    );
    expect(modelOfHash('#/')).toBe('');
    expect(modelOfHash(null)).toBeNull();
  });
});

describe('parameter headings', () => {
  it('every parameter of every model is under exactly one heading, in declaration order within its group', () => {
    for (const model of MODEL_INFOS) {
      const sections = paramSections(model);
      const keys = sections.flatMap((s) => s.groups.flatMap((g) => g.specs.map((p) => p.key)));
      expect([...keys].sort(), model.id).toEqual(model.params.map((p) => p.key).sort());
      for (const s of sections)
        for (const g of s.groups) {
          const order = g.specs.map((p) => model.params.indexOf(p));
          expect(order, `${model.id} ${g.group}`).toEqual([...order].sort((a, b) => a - b));
        }
      // The paper-table selector is part of the workload, and comes first.
      expect(sections[0]?.id, model.id).toBe('workload');
      const selector = model.params.find((p) => p.key === model.presetParam);
      if (selector) expect(sectionOf(model, selector.group), model.id).toBe('workload');
    }
  });

  it("every model's every group is placed by name; a new model's fall back by rule", () => {
    for (const m of MODEL_INFOS)
      for (const g of new Set(m.params.map((p) => p.group)))
        expect(m.sections?.[g], `${m.id}: ${g}`).toBeDefined();
    expect(sectionOf({ ...fileAccessModel, id: 'new-model' }, 'Experiment')).toBe('workload');
    expect(sectionOf({ ...fileAccessModel, id: 'new-model' }, 'Disc')).toBe('machine');
  });
});
