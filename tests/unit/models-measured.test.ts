/**
 * Model code never reads the papers' measured values: no file under src/models/ imports
 * src/papers/ (a model's view/ is handed the tables it shows, `ExtraPanelProps.paperTable`;
 * its tools/ are handed the published tables they fit, `PublishedTables`, by the shared scripts),
 * and none but view/ declares, accepts or names a measured-value lookup (a `Measured` type, a
 * `measured` parameter or field). A naive baseline names the paper's cells as data
 * (src/models/types.ts `BaselineRule`), and src/compare/baselines.ts reads their values.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MODELS = join(ROOT, 'src/models');

/** Each path into the papers and each name of a measured value in `text`, as `file:line what`. */
function measuredIn(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    const path = ts.isStringLiteral(n) && n.text.startsWith('.') ? n.text : null;
    const papers = path && relative(ROOT, resolve(dirname(join(ROOT, file)), path));
    if (papers?.startsWith('src/papers') || (ts.isIdentifier(n) && /^measured$/i.test(n.text)))
      found.push(
        `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${n.getText()}`,
      );
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** Files under src/papers/ that hold no measured value: a paper's name, its citation, types. */
const PAPERS_METADATA = /^src\/papers\/(cite|papers|types)\.ts$/;

/** The relative modules `file` imports or re-exports as values (type-only imports left out). */
function valueImports(file: string): string[] {
  const sf = ts.createSourceFile(
    file,
    readFileSync(join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
  );
  const specs = sf.statements.flatMap((n) =>
    (ts.isImportDeclaration(n) && !n.importClause?.isTypeOnly) ||
    (ts.isExportDeclaration(n) && !n.isTypeOnly && n.moduleSpecifier)
      ? [(n.moduleSpecifier as ts.StringLiteral).text]
      : [],
  );
  return specs
    .filter((s) => s.startsWith('.'))
    .flatMap((s) => {
      const base = resolve(dirname(join(ROOT, file)), s);
      const hit = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(existsSync);
      return hit ? [relative(ROOT, hit)] : [];
    });
}

/** The shortest chain of value imports from `file` to a papers' module with values, or null. */
function chainToPapers(file: string): string[] | null {
  const from = new Map<string, string | null>([[file, null]]);
  for (const queue = [file]; queue.length;) {
    const f = queue.shift()!;
    if (f.startsWith('src/papers/') && !PAPERS_METADATA.test(f)) {
      const chain: string[] = [];
      for (let x: string | null = f; x; x = from.get(x) ?? null) chain.unshift(x);
      return chain;
    }
    for (const d of valueImports(f))
      if (!from.has(d)) {
        from.set(d, f);
        queue.push(d);
      }
  }
  return null;
}

describe('model code never reads measured values', () => {
  const files = readdirSync(MODELS, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/^[^/]+\/view\//.test(f))
    .map((f) => `src/models/${f}`);

  it('reads every model file', () => {
    expect(files).toContain('src/models/types.ts');
    expect(files).toContain('src/models/file-access/baseline.ts');
    expect(files).not.toContain('src/models/hyperthreads/view/LivePanel.tsx');
    expect(files).toContain('src/models/hyperthreads/tools/fit.ts');
  });

  it('no file under src/models/ imports the papers or names a measured-value lookup', () => {
    expect(files.flatMap((f) => measuredIn(f, readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('nor reaches them through another module (src/compare, src/scenario, …)', () => {
    // A value import, followed file by file, never arrives at the papers' tables; their
    // metadata (titles, citations, types) may be reached.
    const reached = files.flatMap((f) => {
      const chain = chainToPapers(f);
      return chain ? [chain.join(' → ')] : [];
    });
    expect(reached).toEqual([]);
    // The walk follows re-exports and stops only at the papers: it finds the join's old home.
    expect(chainToPapers('src/compare/compare.ts')).toEqual([
      'src/compare/compare.ts',
      'src/papers/index.ts',
    ]);
  });

  it('a model’s view/ is handed the paper’s tables (ExtraPanelProps), never imports them', () => {
    const views = readdirSync(MODELS, { recursive: true, encoding: 'utf8' })
      .filter((f) => /^[^/]+\/view\/.*\.tsx?$/.test(f))
      .map((f) => `src/models/${f}`);
    expect(views).toContain('src/models/cross-boundary/view/LivePanel.tsx');
    const imports = views
      .flatMap((f) => measuredIn(f, readFileSync(join(ROOT, f), 'utf8')))
      .filter((hit) => hit.includes('papers'));
    expect(imports).toEqual([]);
  });

  it('the check catches each planted violation', () => {
    const planted = [
      "import { findPaperTable } from '../../papers';",
      "export * from '../../papers/mpe-ix';",
      "const t = import('../../papers/leave-out');",
      'export type Measured = (table: string) => number | null;',
      'export function rule(measured: (t: string) => number) { return measured("x"); }',
      'export interface Cell { measured: number }',
    ];
    for (const text of planted)
      expect(measuredIn('src/models/x/entry.ts', text), text).not.toEqual([]);
    expect(measuredIn('src/models/x/entry.ts', "const rule = 'the measured row';")).toEqual([]);
  });
});
