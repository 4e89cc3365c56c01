/**
 * The layer table of src/README.md, checked on the import graph itself: no import cycle, and
 * each folder imports only what its row allows. ESLint's `no-restricted-imports` rules say the
 * same per file; this test also sees dynamic `import()` (which the lint rule does not) and
 * follows imports from file to file, so it holds even where lint cannot look.
 *
 * The graph is read with the TypeScript parser (the project's own compiler, no extra package):
 * every `import … from`, `export … from` and `import('…')` in src/ and workers/, relative
 * specifiers resolved to files (`x.ts`, `x.tsx`, `x/index.ts`, `x/index.tsx`). `import type` / `export type`
 * is a type edge (erased at build); anything else is a value edge — with verbatimModuleSyntax
 * `import { type A }` still loads the module, so it counts as a value edge.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const WALKED = ['src', 'workers'];

type EdgeKind = 'value' | 'type' | 'dynamic';
interface Edge {
  from: string;
  to: string; // a repository-relative file, or a package name
  kind: EdgeKind;
  external: boolean;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveSpecifier(fromFile: string, spec: string): string | undefined {
  const base = resolve(dirname(fromFile), spec);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  if (/\.tsx?$/.test(spec)) candidates.unshift(base);
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

const unresolved: string[] = [];

function edgesOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const from = relative(ROOT, file);
  const edges: Edge[] = [];
  const add = (spec: string, edgeKind: EdgeKind) => {
    if (!spec.startsWith('.')) {
      edges.push({ from, to: spec, kind: edgeKind, external: true });
      return;
    }
    const target = resolveSpecifier(file, spec);
    if (!target) unresolved.push(`${from}: '${spec}'`);
    else edges.push({ from, to: relative(ROOT, target), kind: edgeKind, external: false });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.importClause?.isTypeOnly ? 'type' : 'value');
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly ? 'type' : 'value');
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, 'dynamic');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const FILES = WALKED.flatMap((d) => walk(join(ROOT, d))).sort();
const EDGES = FILES.flatMap(edgesOf);
const INTERNAL = EDGES.filter((e) => !e.external);

/** `models`, `views`, … for src/<folder>/…; `workers` for workers/…; `app` for src/App.tsx, main.tsx. */
function layerOf(file: string): string {
  const parts = file.split(/[\\/]/);
  if (parts[0] === 'workers') return 'workers';
  return parts.length > 2 ? parts[1]! : 'app';
}

/**
 * What a model exposes to the main thread: its declarations (`registry.ts` with its infos,
 * `types.ts`, `define.ts`, each model's `info.ts`) and the shared pieces a live panel times on
 * the page (`stats.ts`, a model's `live.ts`). Everything else under models/ is mechanism
 * (`simulate.ts`, `tables.ts`, `charts.ts`, `index.ts`, …), which only workers/, scripts/ and
 * tests load — the registry reaches it only through its lazy `load`, which lint keeps off the
 * main thread.
 */
function isModelDeclaration(file: string): boolean {
  return /^src\/models\/(registry|types|define|stats)\.ts$|^src\/models\/[^/]+\/(info|live)\.ts$/.test(
    file,
  );
}

/** Unmistakably mechanism: each model's entry, simulation, tables and charts. */
function isModelMechanism(file: string): boolean {
  return /^src\/models\/[^/]+\/(index|simulate|tables|charts)\.ts$/.test(file);
}

/** The registry's lazy `load` edges: followed by the worker, never on the main thread. */
const isLazyLoad = (e: Edge) => e.from === 'src/models/registry.ts' && e.kind === 'dynamic';

/**
 * Mechanism files known to reach the main thread. None: page-replacement's params.ts took
 * `POLICIES` from its simulate.ts until the names moved to policies/names.ts.
 */
const MECHANISM_ON_MAIN_THREAD: string[] = [];

type Rule = (edge: Edge) => boolean;
const anyEdge: Rule = () => true;
const typesOnly: Rule = (e) => e.kind === 'type';
const declarations: Rule = (e) => e.kind === 'type' || isModelDeclaration(e.to);

/**
 * src/README.md's table: for each layer, the layers it may import and how. A layer always
 * imports itself. Packages are listed per layer too.
 */
const LAYERS: Record<string, { may: Record<string, Rule>; packages: RegExp | null }> = {
  models: { may: {}, packages: null },
  papers: { may: {}, packages: null },
  lessons: { may: {}, packages: null },
  format: { may: {}, packages: null },
  compare: { may: { models: anyEdge, papers: anyEdge }, packages: null },
  scenario: { may: { models: declarations }, packages: /^valibot$/ },
  state: {
    may: { scenario: anyEdge, models: declarations, compare: typesOnly, workers: typesOnly },
    packages: /^(react|comlink)$/,
  },
  charts: {
    may: { models: typesOnly, compare: typesOnly, format: anyEdge },
    packages: /^(react|d3-[a-z]+)$/,
  },
  views: {
    may: {
      models: declarations,
      papers: anyEdge,
      lessons: anyEdge,
      compare: anyEdge,
      scenario: anyEdge,
      state: anyEdge,
      charts: anyEdge,
      format: anyEdge,
      // A worker entry's values would bring its model onto the main thread; its types are fine.
      workers: (e) => e.kind === 'type' || !/\.worker\.ts$/.test(e.to),
    },
    packages: /^(react|comlink)$/,
  },
  workers: { may: { models: anyEdge, compare: anyEdge, scenario: anyEdge }, packages: /^comlink$/ },
  app: {
    may: { state: anyEdge, views: anyEdge },
    packages: /^(react(-dom\/client)?|virtual:pwa-register)$/,
  },
};

/** Every cycle's files: each strongly connected component (Tarjan) of two files or more, or a self-import. */
function cycles(files: string[], edges: Edge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [relative(ROOT, f), []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) connect(v);
  return found;
}

/** The shortest cycle through each file of a component, as `a → b → a` (each cycle once). */
function describeCycles(component: string[], edges: Edge[]): string[] {
  const inside = new Set(component);
  const next = (f: string) =>
    edges.filter((e) => e.from === f && inside.has(e.to)).map((e) => e.to);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const start of component) {
    const parent = new Map<string, string>();
    const queue = [start];
    let last: string | undefined;
    while (queue.length && !last) {
      const here = queue.shift()!;
      for (const to of next(here)) {
        if (to === start) {
          last = here;
          break;
        }
        if (!parent.has(to)) {
          parent.set(to, here);
          queue.push(to);
        }
      }
    }
    if (!last) continue;
    const path = [last];
    while (path[0] !== start) path.unshift(parent.get(path[0]!)!);
    const key = [...path].sort().join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([...path, start].join(' → '));
  }
  return out;
}

/**
 * The calibrations' statistics (src/models/fit.ts) may use ml-matrix: calibration code only,
 * which the app never loads (checked below).
 */
const CALIBRATION = 'src/models/fit.ts';
const CALIBRATION_PACKAGES = /^ml-matrix$/;

function violations(edges: Edge[]): string[] {
  return edges.flatMap((e) => {
    const from = layerOf(e.from);
    const rules = LAYERS[from];
    if (!rules) return [`${e.from}: folder src/${from}/ is not in the layer table`];
    if (e.external) {
      if (e.from === CALIBRATION && CALIBRATION_PACKAGES.test(e.to)) return [];
      return rules.packages?.test(e.to) ? [] : [`${e.from} imports package '${e.to}' (${from}/)`];
    }
    const to = layerOf(e.to);
    if (to === from) return [];
    const rule = rules.may[to];
    if (rule?.(e)) return [];
    return [`${e.from} → ${e.to} (${e.kind} import; ${from}/ may not import ${to}/ so)`];
  });
}

describe('layers (src/README.md)', () => {
  it('reads a real graph: every relative import resolves to a file', () => {
    expect(FILES.length).toBeGreaterThan(50);
    expect(INTERNAL.length).toBeGreaterThan(100);
    expect(unresolved).toEqual([]);
    // Sanity of the parser: an edge of each kind is seen.
    expect(INTERNAL.some((e) => e.kind === 'type')).toBe(true);
    expect(INTERNAL.some((e) => e.kind === 'dynamic')).toBe(true);
  });

  it('has no import cycle in src/ or workers/', () => {
    const found = cycles(FILES, INTERNAL).flatMap((c) => describeCycles(c, INTERNAL));
    expect(found, `import cycles:\n${found.join('\n')}`).toEqual([]);
  });

  it('imports only what each folder’s row of the layer table allows', () => {
    expect(violations(EDGES)).toEqual([]);
  });

  it('the main thread loads no model mechanism, not even through another file', () => {
    // Everything src/main.tsx loads, now or lazily: value and dynamic imports, followed.
    const loaded = new Set(['src/main.tsx']);
    const queue = ['src/main.tsx'];
    while (queue.length) {
      const file = queue.pop()!;
      for (const e of INTERNAL) {
        if (e.from === file && e.kind !== 'type' && !isLazyLoad(e) && !loaded.has(e.to)) {
          loaded.add(e.to);
          queue.push(e.to);
        }
      }
    }
    expect(loaded.has('src/models/registry.ts')).toBe(true);
    expect(loaded.has(CALIBRATION)).toBe(false);
    const mechanism = [...loaded].filter(isModelMechanism).sort();
    expect(
      mechanism,
      'model mechanism reached from src/main.tsx (through a params.ts that imports it, or a ' +
        'worker entry imported for its values); if one of the known files no longer is, drop it ' +
        'from MECHANISM_ON_MAIN_THREAD',
    ).toEqual(MECHANISM_ON_MAIN_THREAD);
  });

  it('no worker loads the calibration code (and so ml-matrix), even through a model', () => {
    const workers = FILES.map((f) => relative(ROOT, f)).filter((f) => f.endsWith('.worker.ts'));
    expect(workers.length).toBeGreaterThan(3);
    const loaded = new Set(workers);
    const queue = [...workers];
    while (queue.length) {
      const file = queue.pop()!;
      for (const e of INTERNAL) {
        if (e.from === file && e.kind !== 'type' && !loaded.has(e.to)) {
          loaded.add(e.to);
          queue.push(e.to);
        }
      }
    }
    expect(loaded.has('src/models/file-access/tables.ts')).toBe(true);
    expect(loaded.has(CALIBRATION)).toBe(false);
  });

  it('the checks catch a cycle and a forbidden import when there is one', () => {
    const a = 'src/views/a.tsx';
    const b = 'src/views/b.tsx';
    const loop: Edge[] = [
      { from: a, to: b, kind: 'dynamic', external: false },
      { from: b, to: a, kind: 'type', external: false },
    ];
    const found = cycles([join(ROOT, a), join(ROOT, b)], loop);
    expect(found.flatMap((c) => describeCycles(c, loop))).toEqual([`${a} → ${b} → ${a}`]);
    const bad: Edge[] = [
      {
        from: 'src/models/x/simulate.ts',
        to: 'src/papers/mpe-ix.ts',
        kind: 'value',
        external: false,
      },
      { from: 'src/models/x/simulate.ts', to: 'react', kind: 'value', external: true },
      { from: 'src/charts/C.tsx', to: 'src/views/format.ts', kind: 'value', external: false },
      { from: 'src/charts/C.tsx', to: 'src/compare/compare.ts', kind: 'value', external: false },
      { from: 'src/views/V.tsx', to: 'src/models/x/constants.ts', kind: 'value', external: false },
      { from: 'src/views/V.tsx', to: 'src/models/x/simulate.ts', kind: 'dynamic', external: false },
      { from: 'src/views/V.tsx', to: 'src/models/x/index.ts', kind: 'value', external: false },
      { from: 'src/views/V.tsx', to: 'workers/lab.worker.ts', kind: 'value', external: false },
      { from: 'src/state/s.ts', to: 'src/views/V.tsx', kind: 'type', external: false },
      { from: 'src/scenario/p.ts', to: 'src/models/x/params.ts', kind: 'value', external: false },
      { from: 'src/papers/p.ts', to: 'src/models/types.ts', kind: 'type', external: false },
      { from: 'workers/w.ts', to: 'src/papers/index.ts', kind: 'value', external: false },
    ];
    expect(violations(bad)).toHaveLength(bad.length);
    const good: Edge[] = [
      { from: 'src/views/V.tsx', to: 'src/models/registry.ts', kind: 'value', external: false },
      { from: 'src/views/V.tsx', to: 'src/models/x/info.ts', kind: 'value', external: false },
      { from: 'src/views/V.tsx', to: 'src/models/x/long.ts', kind: 'type', external: false },
      { from: 'src/charts/C.tsx', to: 'src/compare/types.ts', kind: 'type', external: false },
      { from: 'src/state/s.ts', to: 'workers/lab.worker.ts', kind: 'type', external: false },
      { from: 'workers/w.ts', to: 'src/models/registry.ts', kind: 'value', external: false },
    ];
    expect(violations(good)).toEqual([]);
    expect(isModelMechanism('src/models/registry.ts')).toBe(false);
    expect(isModelMechanism('src/models/x/charts.ts')).toBe(true);
    expect(isModelMechanism('src/models/x/info.ts')).toBe(false);
  });
});
