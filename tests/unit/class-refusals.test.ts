/**
 * The class server's refusals as the pages show them (src/class/refusals.ts, issue #35): every
 * code the server sends, and every problem a class page shows, has an English message that
 * gives back the server's sentence word for word with the server's values (so the two cannot
 * drift) and a Spanish one, with numbers through `Intl`; an unknown code shows the server's
 * English. And no refusal of the server's source is written without a code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeIssues, JoinBody, LIMITS } from '../../src/class/protocol';
import {
  PROBLEM_CODES,
  problem,
  REFUSAL_CODES,
  type ProblemArgs,
  type ProblemCode,
} from '../../src/class/refusals';
import * as v from 'valibot';
import { loadCatalogue } from '../../src/i18n/catalog';
import { translator } from '../../src/i18n/LangContext';
import { said } from '../../src/views/class/words';

/** Values for each sentence that takes some (a new one fails to compile until it has them). */
type Valued = {
  [C in ProblemCode as ProblemArgs<C> extends [] ? never : C]: ProblemArgs<C>[0];
};
const SAMPLES: Valued = {
  full: { size: 60 },
  address: { taken: 45, size: 60 },
  noClass: { code: 'abcdefghjk' },
  noLesson: { id: 'quiz' },
  nameLong: { max: LIMITS.nameChars },
  nameMarks: { max: LIMITS.marksPerLetter },
  tooMany: { s: 3 },
  wrongCodes: { s: 2 },
  body: { kb: 16 },
  invalid: { detail: 'size must be at least 1' },
  wrongHost: { host: 'evil.example:8787' },
  onStep: { step: 2 },
  revealFor: { step: 2, for: 1 },
  changed: { step: 3, phase: 'locked' },
  steps: { n: 4 },
  askNumbers: { n: 3 },
  hwOpens: { date: '2026-11-27 10:00 UTC' },
  hwClosed: { date: '2026-11-27 10:00 UTC' },
  hwAlreadyClosed: { date: '2026-11-27 10:00 UTC' },
  refused: { status: 502 },
  exportRefused: { status: 403 },
  noClassCheck: { code: 'abcdefghjk' },
  noValue: { label: 'Seek time' },
  noCurve: { label: 'FREADSEEK' },
};

const made = (code: ProblemCode) =>
  (problem as (c: ProblemCode, v?: unknown) => ReturnType<typeof problem>)(
    code,
    (SAMPLES as Partial<Record<ProblemCode, unknown>>)[code],
  );

describe('the class server’s refusals on the pages', () => {
  const en = translator('en');
  const es = translator('es');
  beforeAll(() => loadCatalogue('es'));

  it('gives each code’s sentence back word for word in English, and in Spanish otherwise', () => {
    expect(REFUSAL_CODES.length).toBeGreaterThan(40);
    const drifted = PROBLEM_CODES.map(made).filter((p) => said(en, p) !== p.error);
    expect(drifted.map((p) => `${p.code}: ${p.error} ≠ ${said(en, p)}`)).toEqual([]);
    // Spanish: a message of its own (a missing one would fall back to English) with no
    // placeholder left unfilled.
    const english = PROBLEM_CODES.map(made).filter((p) => said(es, p) === p.error);
    expect(english.map((p) => p.code)).toEqual([]);
    expect(PROBLEM_CODES.map(made).filter((p) => /\{\w+[,}]/.test(said(es, p)))).toEqual([]);
  });

  it('words the values in the page’s language, numbers through Intl', () => {
    expect(said(es, problem('changed', { step: 3, phase: 'locked' }))).toBe(
      'La clase cambió mientras tanto (ahora en el paso 3, cerrado): vuelve a mirar e inténtalo de nuevo.',
    );
    expect(said(es, problem('body', { kb: 1.5 }))).toBe(
      'El cuerpo de la solicitud supera los 1,5 KB.',
    );
    expect(said(es, problem('full', { size: 12_000 }))).toContain('(12.000 estudiantes)');
    expect(said(en, problem('askNumbers', { n: 3 }))).toBe(
      'This step asks for 3 numbers, in its order: send { values }.',
    );
  });

  it('shows the server’s English for a code it does not know, or values that do not fit', () => {
    expect(said(es, { error: 'Something new happened.', code: 'somethingNew' })).toBe(
      'Something new happened.',
    );
    expect(said(es, { error: 'No code at all.' })).toBe('No code at all.');
    expect(said(es, { error: 'Old values.', code: 'full', values: {} })).toBe('Old values.');
  });

  it('gives a name’s refusals their codes, and any other body problem the code invalid', () => {
    const issue = (body: unknown) => {
      const r = v.safeParse(JoinBody, body);
      return r.success ? null : describeIssues(r.issues);
    };
    expect(issue({ name: '\u3164\u2800' })?.code).toBe('nameInvisible');
    expect(issue({ name: 'x'.repeat(41) })).toEqual(problem('nameLong', { max: LIMITS.nameChars }));
    expect(issue({ name: 'a\u0301\u0301\u0301' })?.code).toBe('nameMarks');
    expect(issue({ name: 'a\nb' })?.code).toBe('nameLine');
    expect(issue({ name: 7 })?.code).toBe('nameText');
    expect(issue({ nom: 'x' })).toMatchObject({
      code: 'invalid',
      error: 'nom: only name may be sent',
    });
  });

  it('finds no refusal in the server’s source written without its code', () => {
    const files = ['server', 'server/routes'].flatMap((dir) =>
      readdirSync(new URL(`../../${dir}/`, import.meta.url))
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `${dir}/${f}`),
    );
    expect(files).toContain('server/routes/kit.ts');
    const bare = files.flatMap((file) => {
      const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      // A sentence given to refuse(), or an { error: … } answered by hand.
      return [...text.matchAll(/refuse\(\s*\d+\s*,\s*[`'"]|\{\s*error\s*:/g)].map(
        (m) => `${file}: ${text.slice(m.index, m.index + 60)}`,
      );
    });
    expect(bare).toEqual([]);
    // …which can fail: a refusal the old way is found.
    expect("refuse(409, 'This class is full.')").toMatch(/refuse\(\s*\d+\s*,\s*[`'"]/);
  });
});
