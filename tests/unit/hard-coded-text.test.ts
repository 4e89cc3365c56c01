/**
 * No user-facing text written into a component: every sentence, label and name a reader meets
 * comes from the message catalogues (src/i18n/messages/, issue #35), so the Spanish page has
 * no English left in it. In every .tsx file of src, this finds JSX text with a letter in it,
 * and string literals (and template literals' text) given to a user-facing attribute
 * (`aria-label`, `title`, `placeholder`, `alt`, a component's `label`…) — a message call's
 * id (`t('home.title')`) is not text. Names and units that read the same in every language
 * are allowed by ALLOWED_TEXT.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Files not yet converted, with how many hard-coded texts each still has. The list only
 * shrinks: a file not here fails at its first hard-coded text, one here fails if it gains
 * one, and an entry whose count fell (or reached 0) fails until it is lowered (or removed).
 */
const STILL_HARD_CODED: Record<string, number> = {};

/** Attributes a reader hears or sees (props of our own components that end up as such too). */
const USER_FACING = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
  'caption',
  'summary',
  'legend',
  'heading',
  'note',
  'unit',
  'ariaLabel',
]);

/** Text that is not a language's: names, units, symbols (compared after trimming). */
const ALLOWED_TEXT = new Set(['Latency Lab', 'ms', 'µs', 'ns', 's', 'KB', 'MB', 'B', '%', 'pp']);

const LETTER = /\p{L}/u;
const userText = (text: string) => {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return LETTER.test(trimmed) && !ALLOWED_TEXT.has(trimmed) ? trimmed : null;
};

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FILES = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
  .map((f) => `src/${f.replaceAll('\\', '/')}`)
  .filter((f) => f.endsWith('.tsx'));

/** The literal text of an attribute's value: a string, or a template's literal parts. */
function literalText(e: ts.Expression | undefined): string[] {
  if (!e) return [];
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isTemplateExpression(e))
    return [e.head.text, ...e.templateSpans.map((s) => s.literal.text)];
  if (ts.isParenthesizedExpression(e)) return literalText(e.expression);
  if (ts.isConditionalExpression(e))
    return [...literalText(e.whenTrue), ...literalText(e.whenFalse)];
  if (ts.isBinaryExpression(e)) {
    // Text joined (`+`), a fallback (`??`, `||`), or shown on a condition (`&&`'s right);
    // never the operands of a comparison (`view === 'projector'`).
    const k = e.operatorToken.kind;
    if (k === ts.SyntaxKind.AmpersandAmpersandToken) return literalText(e.right);
    if (
      k === ts.SyntaxKind.PlusToken ||
      k === ts.SyntaxKind.QuestionQuestionToken ||
      k === ts.SyntaxKind.BarBarToken
    )
      return [...literalText(e.left), ...literalText(e.right)];
  }
  return [];
}

/** Each hard-coded text of a file, as `line: text`. */
export function hardCodedTexts(file: string, text = readFileSync(join(ROOT, file), 'utf8')) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const add = (node: ts.Node, t: string | null) => {
    if (t) found.push(`${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${t}`);
  };
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n)) add(n, userText(n.text));
    else if (ts.isJsxAttribute(n) && USER_FACING.has(n.name.getText())) {
      const init = n.initializer;
      const texts =
        init === undefined
          ? []
          : ts.isStringLiteral(init)
            ? [init.text]
            : ts.isJsxExpression(init)
              ? literalText(init.expression)
              : [];
      for (const t of texts) add(n, userText(t));
    } else if (ts.isJsxExpression(n) && n.expression && !ts.isJsxAttribute(n.parent)) {
      // `{'Some text'}` or `{cond ? 'Yes' : 'No'}` as a child.
      for (const t of literalText(n.expression)) add(n, userText(t));
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('hard-coded user-facing text', () => {
  const found = Object.fromEntries(FILES.map((f) => [f, hardCodedTexts(f)]));

  it('finds JSX text, user-facing attributes and literal children, not message ids', () => {
    const planted = [
      `const A = () => <p>Hello there</p>;`,
      `const B = () => <a aria-label="Close it" title={\`Link to \${x}\`}>{t('x.y')}</a>;`,
      `const C = () => <Foo label={on ? 'Yes' : 'No'} />;`,
      `const D = () => <p>{' '}{'Some words'}<span>→ 12</span><i>ms</i></p>;`,
      `const E = () => <b className="not-text" data-testid="not-text" aria-label={t('ok')} />;`,
      `const F = () => <p>{view === 'projector' && x}{on && 'Shown'}</p>;`,
    ].join('\n');
    expect(hardCodedTexts('planted.tsx', planted)).toEqual([
      '1: Hello there',
      '2: Close it',
      '2: Link to',
      '3: Yes',
      '3: No',
      '4: Some words',
      '6: Shown',
    ]);
    expect(FILES.length).toBeGreaterThan(50);
  });

  it('has no hard-coded text but in the listed files, and none of those gains any', () => {
    const over = Object.entries(found)
      .filter(([f, texts]) => texts.length > (STILL_HARD_CODED[f] ?? 0))
      .map(
        ([f, texts]) =>
          `${f} (${texts.length}, listed ${STILL_HARD_CODED[f] ?? 0}): ${texts.join(' | ')}`,
      );
    expect(over).toEqual([]);
  });

  it('lists each file with its count (lower or remove an entry as a file is converted)', () => {
    const stale = Object.entries(STILL_HARD_CODED)
      .filter(([f, n]) => (found[f]?.length ?? 0) !== n)
      .map(([f, n]) => `${f}: listed ${n}, has ${found[f]?.length ?? 'no file'}`);
    expect(stale).toEqual([]);
  });
});
