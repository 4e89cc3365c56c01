/**
 * Adding a model is its folder plus one registry line. The fixture model in
 * tests/fixtures/queue-model/ follows the layout of src/README.md — with a link migration, a
 * live measurement and a panel of its own — and here the registry gets that one extra line
 * (and nothing else changes), and every consumer — the permalink codec, the worker entry,
 * the CLI, the page's panels — serves the new model.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/models/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/models/registry')>();
  const { queueInfo } = await import('../fixtures/queue-model/info');
  const entries = [
    ...real.MODEL_ENTRIES,
    // the one line (an entry: its declarations, its mechanism, its parameters' docs)
    {
      info: queueInfo,
      load: () => import('../fixtures/queue-model'),
      docs: () => import('../fixtures/queue-model/docs'),
    },
  ];
  return { ...real, MODEL_ENTRIES: entries, ...real.createRegistry(entries) };
});

const { MODEL_INFOS, loadParamDocs } = await import('../../src/models/registry');
const { parsePermalink, serializeScenario, presetScenario } = await import('../../src/scenario');
const { labApi } = await import('../../workers/lab.worker');
const { paramSections } = await import('../../src/views/paramSections');
const { compute, run } = await import('../../scripts/explore');

describe('a model is its folder plus one registry line', () => {
  it('the registry lists it after the six', () => {
    expect(MODEL_INFOS.map((m) => m.id).at(-1)).toBe('queue-fixture');
    expect(MODEL_INFOS).toHaveLength(7);
  });

  it('its parameters’ docs load for the controls', async () => {
    const docs = await loadParamDocs('queue-fixture');
    expect(Object.keys(docs)).toEqual(MODEL_INFOS.at(-1)!.params.map((p) => p.key));
  });

  it('its links parse, with its declared ranges and units in the messages', () => {
    const ok = parsePermalink('#/queue-fixture?serviceMs=10&requestsPerS=50');
    expect(ok.problems).toEqual([]);
    expect(ok.scenario?.params).toMatchObject({ serviceMs: 10, requestsPerS: 50 });
    const bad = parsePermalink('#/queue-fixture?serviceMs=500');
    expect(bad.problems[0]?.message).toMatch(/serviceMs.*0\.1–100 ms/);
    const info = MODEL_INFOS.at(-1)!;
    expect(serializeScenario(presetScenario(info, 'queue-fixture'))).toContain(
      '#/queue-fixture?table=queue-fixture&serviceMs=30&requestsPerS=20',
    );
  });

  it('its own folder says where its parameters are shown and how an old link migrates', () => {
    const info = MODEL_INFOS.at(-1)!;
    expect(paramSections(info).map((s) => [s.id, s.groups.map((g) => g.group)])).toEqual([
      ['workload', ['Experiment', 'Workload']],
      ['machine', ['Disc']],
    ]);
    const old = parsePermalink('#/queue-fixture?serviceTimeMs=12&requestsPerS=50&v=1');
    expect(old.scenario?.params).toMatchObject({ serviceMs: 12, requestsPerS: 50 });
    expect(old.problems.map((p) => p.message).join(' ')).not.toMatch(/unknown|serviceTimeMs/i);
  });

  it('the worker entry computes its tables and charts (model output: no paper table)', async () => {
    const tables = await labApi.tables('queue-fixture', { serviceMs: 10, requestsPerS: 50 });
    const row = tables.tables[0]!.rows[0]!;
    expect(row.model['utilisation_pct']).toBeCloseTo(50, 10);
    expect(row.model['response_ms']).toBeCloseTo(20, 10); // 10 / (1 − 0.5)
    const charts = await labApi.charts('queue-fixture', { serviceMs: 10 });
    expect(charts[0]?.kind).toBe('line');
  });

  it('its own panel is found by folder name and renders its live measurement', async () => {
    const { panelsByModel } = await import('../../src/views/extras');
    const fixturePanels = await import('../fixtures/queue-model/views/panels');
    // As src/views/queue-fixture/panels.ts would be found by extras.tsx's glob.
    const panels = panelsByModel({ './queue-fixture/panels.ts': fixturePanels });
    expect(panels['queue-fixture']?.map((p) => p.name)).toEqual(['the live measurement']);
    const { default: LivePanel } = await import('../fixtures/queue-model/views/LivePanel');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const info = MODEL_INFOS.at(-1)!;
    const html = renderToStaticMarkup(
      createElement(LivePanel, { model: info, scenario: presetScenario(info, 'queue-fixture') }),
    );
    expect(html).toContain('takes 30 ms per request');
    expect(html).toContain('<button');
  });

  it('its live measurement is pure: the clock is passed in', async () => {
    const { measureServiceTimes } = await import('../fixtures/queue-model/live');
    let t = 0;
    const r = measureServiceTimes(4, () => (t += 0.25));
    expect(r.ms).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(r.fastestMs).toBe(0.25);
  });

  it('the CLI evaluates its links and lists its preset', async () => {
    // What the CLI's worker thread runs (`compute`), here, where the registry has the line: a
    // worker thread loads its own modules, which this test's mock does not reach.
    const md = await compute({
      link: '#/queue-fixture?serviceMs=10&requestsPerS=50',
      format: 'md',
      map: null,
      sensitivity: false,
      progressAfterMs: null,
    });
    expect(md.exitCode).toBe(0);
    expect(md.stdout).toContain('| Disc |');
    const list = await run(['--list']);
    expect(JSON.parse(list.stdout).map((e: { id: string }) => e.id)).toContain('queue-fixture');
  });
});
