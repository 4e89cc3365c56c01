/**
 * The layers (layers.cjs, stated once), checked on the import graph by dependency-cruiser with
 * the rules .dependency-cruiser.cjs makes of them (no import cycle; each folder imports only
 * what its row allows, and only its packages), and per file by the ESLint rules
 * eslint.config.js makes of them; the graph also sees dynamic `import()` and type-only imports. On the same graph, this test follows
 * what the main thread and the workers load, which a per-import rule cannot see.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const OPTIONS = await extractDepcruiseOptions(resolve(ROOT, '.dependency-cruiser.cjs'));
const TS_CONFIG = extractTSConfig(resolve(ROOT, 'tsconfig.json'));

/** Every folder of code (as `npm run lint` cruises them), those that `baseDir` has. */
const FOLDERS = ['src', 'workers', 'server', 'scripts', 'tests'];

async function cruiseTree(baseDir: string): Promise<ICruiseResult> {
  const result = await cruise(
    FOLDERS.filter((f) => existsSync(resolve(baseDir, f))),
    { ...OPTIONS, baseDir },
    {},
    {
      tsConfig: TS_CONFIG,
    },
  );
  return result.output as ICruiseResult;
}

const violationsOf = (out: ICruiseResult) =>
  out.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

const REAL = await cruiseTree(ROOT);

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
  dynamic: boolean;
}
const EDGES: Edge[] = REAL.modules.flatMap((m) =>
  m.dependencies.map((d) => ({
    from: m.source,
    to: d.resolved,
    typeOnly: d.dependencyTypes.includes('type-only'),
    dynamic: d.dynamic,
  })),
);

/** Every file `starts` load, now or lazily (value and dynamic imports, followed). */
function loadedFrom(starts: string[], skip: (e: Edge) => boolean = () => false): Set<string> {
  const loaded = new Set(starts);
  const queue = [...starts];
  while (queue.length) {
    const file = queue.pop()!;
    for (const e of EDGES) {
      if (e.from === file && !e.typeOnly && !skip(e) && !loaded.has(e.to)) {
        loaded.add(e.to);
        queue.push(e.to);
      }
    }
  }
  return loaded;
}

/** Unmistakably mechanism: each model's entry, simulation, tables and charts. */
const isModelMechanism = (file: string) =>
  /^src\/models\/[^/]+\/(index|simulate|tables|charts)\.ts$/.test(file);

/** The calibrations' statistics, the one models/ file allowed a package (ml-matrix). */
const CALIBRATION = 'src/models/fit.ts';

describe('layers (layers.cjs, .dependency-cruiser.cjs)', () => {
  it('reads a real graph: files, type-only and dynamic edges', () => {
    expect(REAL.summary.totalCruised).toBeGreaterThan(150);
    expect(EDGES.length).toBeGreaterThan(400);
    expect(EDGES.some((e) => e.typeOnly)).toBe(true);
    expect(EDGES.some((e) => e.dynamic)).toBe(true);
  });

  it('has no import cycle, and each folder imports only what its row allows', () => {
    const found = violationsOf(REAL);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the main thread loads no model mechanism, not even through another file', () => {
    // The registry's lazy `load` is followed by the worker only (lint keeps it off the page).
    const loaded = loadedFrom(
      ['src/main.tsx'],
      (e) => e.from === 'src/models/registry.ts' && e.dynamic,
    );
    expect(loaded.has('src/models/registry.ts')).toBe(true);
    expect(loaded.has('src/views/model/ModelPage.tsx')).toBe(true);
    expect([...loaded].filter(isModelMechanism).sort()).toEqual([]);
    expect(loaded.has(CALIBRATION)).toBe(false);
  });

  it('no worker loads the calibration code (and so ml-matrix), even through a model', () => {
    const workers = REAL.modules.map((m) => m.source).filter((f) => f.endsWith('.worker.ts'));
    expect(workers.length).toBeGreaterThan(3);
    const loaded = loadedFrom(workers);
    expect(loaded.has('src/models/file-access/tables.ts')).toBe(true);
    expect(loaded.has(CALIBRATION)).toBe(false);
  });

  it('the rules catch each planted violation, and pass the allowed imports beside them', async () => {
    // tests/fixtures/layers/: a tiny tree whose comments say which import breaks which rule.
    const out = await cruiseTree(resolve(ROOT, 'tests/fixtures/layers'));
    expect(
      violationsOf(out).map((v) => v.replace(/ → .*node_modules\//, ' → node_modules/')),
    ).toEqual([
      'charts-imports-only-its-row: src/charts/C.tsx → src/views/V.tsx',
      'model-tools-import-only-scripts-lib: src/models/x/tools/folds.ts → scripts/tool.ts',
      'modelTools-imports-only-its-row: src/models/x/tools/folds.ts → src/papers/table.ts',
      'modelViews-modelWorkers-not-worker-entries: src/models/x/view/P.tsx → src/models/x/workers/live.worker.ts',
      'modelViews-models-declarations: src/models/x/view/P.tsx → src/models/x/simulate.ts',
      'modelWorkers-imports-only-its-row: src/models/x/workers/live.worker.ts → src/state/s.ts',
      'models-imports-only-its-row: src/models/x/charts.ts → src/models/x/view/P.tsx',
      'models-imports-only-its-row: src/models/x/simulate.ts → src/papers/table.ts',
      'models-packages: src/models/x/simulate.ts → node_modules/react/index.js',
      'no-circular: src/scenario/a.ts → src/scenario/b.ts',
      'runtime-never-imports-scripts-or-tests: server/main.ts → scripts/lib/helper.ts',
      'runtime-never-imports-scripts-or-tests: server/main.ts → scripts/tool.ts',
      'runtime-never-imports-scripts-or-tests: src/views/V.tsx → src/models/x/tools/folds.ts',
      'scripts-never-import-tests: scripts/tool.ts → tests/expect.ts',
      'views-imports-only-its-row: src/views/V.tsx → src/models/x/tools/folds.ts',
      // A model's live worker is its own view's: a shared view may not take even its types.
      'views-imports-only-its-row: src/views/V.tsx → src/models/x/workers/live.worker.ts',
      'views-models-declarations: src/views/V.tsx → src/models/x/simulate.ts',
      'views-workers-not-worker-entries: src/views/V.tsx → workers/lab.worker.ts',
    ]);
    expect(isModelMechanism('src/models/registry.ts')).toBe(false);
    expect(isModelMechanism('src/models/x/charts.ts')).toBe(true);
  });

  it('eslint, made from the same statement, catches each planted import (a cycle is the graph’s)', async () => {
    const fixtures = resolve(ROOT, 'tests/fixtures/layers');
    const eslint = new ESLint({
      cwd: fixtures,
      overrideConfigFile: resolve(ROOT, 'eslint.config.js'),
    });
    const found = (await eslint.lintFiles(['.'])).flatMap((r) =>
      r.messages.map((m) => `${m.ruleId}: ${relative(fixtures, r.filePath)}:${m.line}`),
    );
    expect(found.sort()).toEqual(
      [
        'scripts/tool.ts:1',
        'server/main.ts:1',
        'server/main.ts:2',
        'src/charts/C.tsx:1',
        'src/models/x/simulate.ts:2',
        'src/models/x/simulate.ts:3',
        'src/models/x/tools/folds.ts:5',
        'src/models/x/tools/folds.ts:6',
        'src/models/x/view/P.tsx:6', // twice: a worker entry's values, of workers/ and of its own
        'src/models/x/view/P.tsx:6',
        'src/models/x/workers/live.worker.ts:3',
        'src/views/V.tsx:1',
        'src/views/V.tsx:3',
        'src/views/V.tsx:4', // twice: a model's tools are neither a declaration nor runtime
        'src/views/V.tsx:4',
      ].map((at) => `@typescript-eslint/no-restricted-imports: ${at}`),
    );
  });
});
