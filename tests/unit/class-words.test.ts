/**
 * The class server's sentences as the pages show them (src/views/class/words.ts, issue #35):
 * every sentence the server (and the class pages' own client) can send a page is read here from
 * their source; each is a known one — its English message gives the sentence back word for
 * word, its Spanish one is Spanish — or one a page never shows (a request only an API client
 * makes). A sentence added to the server without a message fails here.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/i18n/catalog';
import { translator } from '../../src/i18n/LangContext';
import { KNOWN_SENTENCES, serverWords } from '../../src/views/class/words';

const SOURCES = [
  'server/app.ts',
  'server/guard.ts',
  'server/health.ts',
  'server/routes/classes.ts',
  'server/routes/kit.ts',
  'server/routes/roster.ts',
  'server/routes/steps.ts',
  'server/routes/stream.ts',
  'src/class/client.ts',
  'src/views/class/reveal.ts',
  'src/views/class/useClass.ts',
  'src/views/class/StudentPage.tsx',
  'src/views/class/TeacherPage.tsx',
  'src/views/class/MachineAtlasPanel.tsx',
  'src/views/machine/ClassSend.tsx',
];

/** Sentences only a request no page makes can get (a page sends JSON, to known paths). */
const NOT_SHOWN = new Set([
  'Send the body as JSON (Content-Type: application/json).',
  'The body is not valid JSON.',
  'A step is a whole number from 1 (…/answers/1).',
  'This step asks for 7 numbers, in its order: send { values }.',
  'There is no such request in the class API.',
  'Refused: this request was sent by a page of another site.',
  'There is nothing at this path.',
  'This class server does not answer to the name “7”: open the address it printed.',
  'This class server does not answer to the name “open”: open the address it printed.',
]);

/** A template's sentences with its arguments filled: a number, or a phase of the class. */
function filled(parts: string[]): string[] {
  let out = [parts[0]!];
  for (const part of parts.slice(1))
    out = out.flatMap((s) => ['7', 'open'].map((v) => s + v + part));
  return out;
}

/** Each sentence-like literal of a file (a capital first, a full stop or "?" last). */
function sentences(file: string): string[][] {
  const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[][] = [];
  const visit = (n: ts.Node) => {
    let parts: string[] | null = null;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) parts = [n.text];
    else if (ts.isTemplateExpression(n))
      parts = [n.head.text, ...n.templateSpans.map((s) => s.literal.text)];
    const whole = parts?.join('x') ?? '';
    if (parts && /^[A-Z][a-z]/.test(whole) && /[.?]$/.test(whole) && whole.includes(' '))
      found.push(parts);
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

const known = (s: string) =>
  KNOWN_SENTENCES.some((k) => (typeof k === 'string' ? k === s : k.test(s)));

describe('the class server’s sentences on the pages', () => {
  const all = SOURCES.flatMap(sentences);
  const en = translator('en');
  const es = translator('es');
  beforeAll(() => loadCatalogue('es'));

  it('reads the server’s sentences (so the checks below can fail)', () => {
    const flat = all.flatMap(filled);
    expect(flat).toContain('This class is full (7 students): ask the teacher to make room.');
    expect(flat).toContain('The class store is full; answers are not being saved.');
    expect(all.length).toBeGreaterThan(40);
  });

  it('knows every sentence a page can show, or lists it as never shown', () => {
    const unknown = all.filter((parts) => !filled(parts).some((s) => known(s) || NOT_SHOWN.has(s)));
    expect(unknown.map((p) => p.join('${…}'))).toEqual([]);
  });

  it('gives each known sentence back word for word in English, and in Spanish otherwise', () => {
    const shown = all.flatMap(filled).filter(known);
    expect(shown.length).toBeGreaterThan(30);
    expect(shown.filter((s) => serverWords(en, s) !== s)).toEqual([]);
    expect(shown.filter((s) => serverWords(es, s) === s)).toEqual([]);
    expect(
      serverWords(es, 'The class changed meanwhile (now on step 3, locked): look again and retry.'),
    ).toBe(
      'La clase cambió mientras tanto (ahora en el paso 3, cerrado): vuelve a mirar e inténtalo de nuevo.',
    );
    // A sentence of a newer server is shown as it was written.
    expect(serverWords(es, 'Something new happened.')).toBe('Something new happened.');
  });
});
