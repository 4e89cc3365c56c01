/**
 * Adding a model is its folder plus one registry line. The fixture model in
 * tests/fixtures/queue-model/ follows the layout of docs/architecture.md — its entry (regime map,
 * baselines), a link migration, a live measurement in its own worker, a panel of its own and
 * its own leave-out folds in its tools/ —
 * and here the registry gets that one extra line (and nothing else changes), and every
 * consumer — the permalink codec, the worker entry, the CLI, the regime map, the baselines,
 * the page's panels, the leave-out scoreboard — serves the new model. Last, shared code (the
 * scripts too) names no model at all, and no model's script or docs page is outside its folder.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/models/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/models/registry')>();
  const { queueEntry } = await import('../fixtures/queue-model/entry');
  const entries = [
    ...real.MODEL_ENTRIES,
    // the one line (its entry: declarations, baselines, regime map; its mechanism; its docs)
    {
      ...queueEntry,
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
/** The fixture's declarations: the seventh entry, its one line. */
const info = MODEL_INFOS.at(-1)!;

describe('a model is its folder plus one registry line', () => {
  it('the registry lists it after the six', () => {
    expect(MODEL_INFOS.map((m) => m.id).at(-1)).toBe('queue-fixture');
    expect(MODEL_INFOS).toHaveLength(7);
  });

  it('its parameters’ docs load for the controls', async () => {
    const docs = await loadParamDocs('queue-fixture');
    expect(Object.keys(docs)).toEqual(info.params.map((p) => p.key));
  });

  it('its links parse, with its declared ranges and units in the messages', () => {
    const ok = parsePermalink('#/queue-fixture?serviceMs=10&requestsPerS=50');
    expect(ok.problems).toEqual([]);
    expect(ok.scenario?.params).toMatchObject({ serviceMs: 10, requestsPerS: 50 });
    const bad = parsePermalink('#/queue-fixture?serviceMs=500');
    expect(bad.problems[0]?.message).toMatch(/serviceMs.*0\.1–100 ms/);
    expect(serializeScenario(presetScenario(info, 'queue-fixture'))).toContain(
      '#/queue-fixture?table=queue-fixture&serviceMs=30&requestsPerS=20',
    );
  });

  it('its own folder says where its parameters are shown and how an old link migrates', () => {
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

  it('its own panel is found in its folder and renders its live measurement', async () => {
    const { panelsByModel, extrasFor } = await import('../../src/views/extras');
    const fixturePanels = await import('../fixtures/queue-model/view/panels');
    // As src/models/queue-fixture/view/panels.ts would be found by extras.tsx's glob.
    const files = { '../models/queue-fixture/view/panels.ts': fixturePanels };
    expect(panelsByModel(files)['queue-fixture']?.map((p) => p.name)).toEqual([
      'the live measurement',
    ]);
    // The page's own panels component, built from that map: its lazy panel is loaded and shown.
    const { prerender } = await import('react-dom/static');
    const { createElement } = await import('react');
    const scenario = presetScenario(info, 'queue-fixture');
    const { prelude } = await prerender(createElement(extrasFor(files), { model: info, scenario }));
    const html = (await new Response(prelude).text()).replaceAll('<!-- -->', '');
    expect(html).toContain('takes 30 ms per request');
    expect(html).toContain('<button');
    expect(html).not.toContain('Loading…');
  });

  it('its live measurement is pure (the clock is passed in) and its worker runs it', async () => {
    const { measureServiceTimes } = await import('../fixtures/queue-model/live');
    let t = 0;
    const r = measureServiceTimes(4, () => (t += 0.25));
    expect(r.ms).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(r.fastestMs).toBe(0.25);
    // The worker entry its panel starts (exposed only inside a worker, so Node imports it).
    const { queueLiveApi } = await import('../fixtures/queue-model/workers/live.worker');
    expect(queueLiveApi.run(3).ms).toHaveLength(3);
  });

  it('the regime map starts where its entry says', async () => {
    const { mapDefaults } = await import('../../src/views/explore/regimeDefaults');
    const tables = await labApi.tables('queue-fixture', { serviceMs: 10 });
    expect(mapDefaults(info, tables.tables)).toMatchObject({
      x: 'serviceMs',
      y: 'requestsPerS',
      cell: 'queue-fixture|response_ms',
    });
  });

  it('the scoreboard scores it against its own baseline', async () => {
    const { foldBaseline } = await import('../../src/compare/baselines');
    const cell = { label: '10', column: 'Response', measured: 20, model: 19, lo: 15, hi: 25 };
    const fold = { model: 'queue-fixture', heldOut: 'one cell', level: 0.95, unit: 'ms', note: '' };
    const b = foldBaseline({ ...fold, cells: [cell] }, cell);
    expect(b).toMatchObject({ value: 10, rule: 'no queue: the service time alone' });
    expect(b!.skill).toBeGreaterThan(0.9); // 19 against 20, where "no queue" says 10
  });

  it('its folds are found in its folder’s tools/ by its id, and scored', async () => {
    const { foldModules, paperFolds } = await import('../../scripts/leave-out');
    const { toolsDir } = await import('../../scripts/lib/model-tools');
    // As src/models/queue-fixture/tools/ would be found (toolsDir), here the fixture's folder.
    const fixtureTools = new URL('../fixtures/queue-model/tools/', import.meta.url);
    const modules = await foldModules((id) =>
      id === 'queue-fixture' ? fixtureTools : toolsDir(id),
    );
    // The six's folds from their folders (src/models/<id>/tools/folds.ts), then the seventh's.
    expect(modules.map((m) => m.id)).toContain('hyperthreads');
    expect(modules.at(-1)?.id).toBe('queue-fixture');
    expect(toolsDir('queue-fixture').pathname).toMatch(/\/src\/models\/queue-fixture\/tools\/$/);
    // Its made-up "paper": the one cell its fold predicts, handed in as src/papers' tables are.
    const rows = [{ label: '10 ms at 50/s', values: { response_ms: 21 } }];
    const paper = (id: string) => (id === 'queue-fixture' ? { id, rows } : undefined);
    const [fold] = paperFolds(modules.at(-1)!, [], paper);
    expect(fold).toMatchObject({ model: 'queue-fixture', heldOut: 'one cell' });
    expect(fold!.cells[0]).toMatchObject({ model: 20, lo: 18, hi: 22, measured: 21 });
  });

  it('its page is its folder’s README.md, as every model’s, and the pages’ links resolve', () => {
    const pages = MODEL_INFOS.map(
      (m) => `${m === info ? 'tests/fixtures/queue-model' : `src/models/${m.id}`}/README.md`,
    );
    expect(pages.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
    expect(existsSync(join(ROOT, 'docs/models'))).toBe(false);
    const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    const broken = [...pages, 'README.md', ...docs.map((f) => `docs/${f}`)].flatMap((p) =>
      [...readFileSync(join(ROOT, p), 'utf8').matchAll(/\]\(([^)\s#:]+)[)\s#]/g)]
        .filter((m) => !existsSync(join(ROOT, dirname(p), m[1]!)))
        .map((m) => `${p}: ${m[1]}`),
    );
    expect(broken).toEqual([]);
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

// ------------------------------------------------------------------ shared code names no model

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Shared code: everything that serves every model (a model's own views are in its folder). */
const SHARED =
  /^(src\/(compare|views|state|scenario|charts|format)\/|src\/[^/]+$|workers|scripts|server)/;
/** Files that must name a model, and why (a reason to shorten, not to lengthen, this list). */
const MAY_NAME_A_MODEL: Record<string, string> = {};
const files = ['src', 'workers', 'scripts', 'server'].flatMap((d) =>
  readdirSync(join(ROOT, d), { recursive: true, encoding: 'utf8' }).map((f) => `${d}/${f}`),
);

/** A path (`'../../workers/hyperthreads-live.worker.ts'`) names the models whose id it holds. */
const namesIn = (path: string, ids: ReadonlySet<string>) =>
  [...ids].some((id) => path.includes(id));

/**
 * Each string literal or object key of `file` that is a model id, or a file's path (an
 * import's too; not a link) that holds one, as `file:line text`.
 */
function modelIdsIn(file: string, ids: ReadonlySet<string>): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    const key = ts.isIdentifier(n) && ts.isPropertyAssignment(n.parent) && n.parent.name === n;
    const literal = ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);
    const t = (n as ts.Identifier | ts.StringLiteral).text;
    const path = literal && /^(\.\.?|src|workers|scripts|server|tests)\//.test(t);
    if ((key || literal) && (ids.has(t) || (path && namesIn(t, ids))))
      found.push(
        `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${n.getText()}`,
      );
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('shared code names no model', () => {
  const ids = new Set(MODEL_INFOS.map((m) => m.id));
  const shared = files.filter((f) => SHARED.test(f) && /\.tsx?$/.test(f));

  it('reads the shared folders, the scripts and their lib/ among them', () => {
    expect(shared.length).toBeGreaterThan(150);
    expect(shared).toContain('src/compare/baselines.ts');
    expect(shared).toContain('scripts/leave-out.ts');
    expect(shared).toContain('scripts/fit.ts');
    expect(shared).toContain('scripts/lib/model-tools.ts');
  });

  it('a model’s own files (scripts, workers, views) are in its folder, none named for it elsewhere', () => {
    const folders = /^(workers|server|scripts|src\/(views|state|compare|charts|scenario|format))\//;
    expect(files.filter((f) => folders.test(f) && namesIn(f, ids))).toEqual([]);
  });

  it('no string or key of shared code is a model id, but for the files that say why', () => {
    const named = shared.filter((f) => !(f in MAY_NAME_A_MODEL));
    expect(named.flatMap((f) => modelIdsIn(f, ids))).toEqual([]);
  });

  it('each file allowed to name a model still does', () => {
    for (const f of Object.keys(MAY_NAME_A_MODEL)) expect(modelIdsIn(f, ids), f).not.toEqual([]);
  });
});
