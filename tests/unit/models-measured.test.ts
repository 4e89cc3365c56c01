/**
 * Model code never reads the papers' measured values: no file under src/models/ imports
 * src/papers/ (a model's view/ is handed the tables it shows, `ExtraPanelProps.paperTable`;
 * its tools/ are handed the published tables they fit, `PublishedTables`, by the shared scripts),
 * and none but view/ declares, accepts or names a measured-value lookup (a `Measured` type, a
 * `measured` parameter or field). A naive baseline names the paper's cells as data
 * (src/models/types.ts `BaselineRule`), and src/compare/baselines.ts reads their values.
 */
import { readFileSync, readdirSync } from 'node:fs';
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
