/**
 * No function over 100 lines, the long ones split by what they do. A named function (a
 * declaration, a method, an arrow function or function expression given to a const, a
 * property or a wrapper call such as `memo(…)`) counts from its first line to the end of its
 * body, in every non-test file of src, workers, server, scripts and tests (a test's
 * `describe` blocks are not counted; its helpers are). Data tables are not functions.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 100;

/**
 * Functions still over the limit, `file name` to its length: each one to split, and to remove
 * from here when it is. The list only shrinks: a function not here fails at 101 lines, one here
 * fails if it grows, and an entry that is no longer over the limit fails until it is removed.
 */
const STILL_LONG: Record<string, number> = {};

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FILES = ['src', 'workers', 'server', 'scripts', 'tests']
  .flatMap((d) =>
    readdirSync(join(ROOT, d), { recursive: true, encoding: 'utf8' }).map((f) => `${d}/${f}`),
  )
  .filter((f) => /\.tsx?$/.test(f) && !/\.(test|d)\.tsx?$/.test(f));

/** The name a function is known by, or null for an anonymous one (a callback). */
function nameOf(fn: ts.FunctionLikeDeclaration): string | null {
  if (fn.name) return fn.name.getText();
  let p: ts.Node = fn.parent;
  if (ts.isCallExpression(p)) p = p.parent; // const X = memo(function () {…})
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) return p.name.getText();
  return null;
}

/** Each named function of `file` over the limit, as `file name` to its length in lines. */
function longFunctions(file: string, text = readFileSync(join(ROOT, file), 'utf8')) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const line = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line;
  const found: [string, number][] = [];
  const visit = (n: ts.Node) => {
    const fn =
      ts.isFunctionDeclaration(n) ||
      ts.isMethodDeclaration(n) ||
      ts.isArrowFunction(n) ||
      ts.isFunctionExpression(n);
    const name = fn && n.body ? nameOf(n) : null;
    if (fn && n.body && name) {
      const lines = line(n.body.getEnd()) - line(n.getStart()) + 1;
      if (lines > MAX_LINES) found.push([`${file} ${name}`, lines]);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('function length', () => {
  const long = Object.fromEntries(FILES.flatMap((f) => longFunctions(f)));

  it('counts named functions from their first line to the end of their body', () => {
    const body = (lines: number) => `{\n${'  x++;\n'.repeat(lines - 2)}}`;
    const planted = [
      `function a() ${body(100)}`,
      `function b() ${body(101)}`,
      `const C = memo(function () ${body(101)});`,
      `const d = () => ${body(101)};`,
      `class E { f() ${body(101)} }`,
      `describe('g', () => ${body(101)});`,
    ].join('\n');
    expect(longFunctions('planted.ts', planted)).toEqual([
      ['planted.ts b', 101],
      ['planted.ts C', 101],
      ['planted.ts d', 101],
      ['planted.ts f', 101],
    ]);
    expect(FILES.length).toBeGreaterThan(100);
  });

  it('has no function over 100 lines but the listed ones, and none of those grows', () => {
    const over = Object.entries(long)
      .filter(([key, lines]) => lines > (STILL_LONG[key] ?? MAX_LINES))
      .map(([key, lines]) => `${key}: ${lines} lines`);
    expect(over).toEqual([]);
  });

  it('lists only functions still over the limit (remove an entry once it is split)', () => {
    const stale = Object.keys(STILL_LONG).filter((key) => !(key in long));
    expect(stale).toEqual([]);
  });
});
