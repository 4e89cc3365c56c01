/**
 * Every problem a link can have is said on the page from its code (issue #35): the catalogue's
 * `linkProblem.<code>` with the problem's values. In English that must be the scenario layer's
 * own sentence, word for word, so the two can never drift; in Spanish it must be Spanish. The
 * hostile links below reach every code there is (the last test says which one none reached).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/i18n/catalog';
import { translator } from '../../src/i18n/LangContext';
import { setNumberLocale } from '../../src/format';
import { MODEL_INFOS, findModelInfo } from '../../src/models/registry';
import type { ModelInfo } from '../../src/models/types';
import {
  MAX_LINK_CHARS,
  MAX_PROBLEMS,
  packList,
  parsePermalink,
  type Problem,
} from '../../src/scenario';
import { MAX_TRACE_CHARS, readTraceText } from '../../src/scenario/trace';
import {
  readLessonShape,
  stepProblemsSaid,
  type Lesson,
  type LessonSaid,
} from '../../src/scenario/lessonShape';
import { readScenarioLink } from '../../src/state/useRoute';
import lesson from '../../src/lessons/mpe-ix.json';
import {
  PROBLEM_CODES,
  TRACE_PROBLEM_CODES,
  LESSON_CODES,
  lessonProblemText,
  problemText,
  traceText,
} from '../../src/views/problemText';

const b64 = (bytes: number[]) => `packed.${Buffer.from(bytes).toString('base64url')}`;
const FA = '#/file-access?';
const PR = '#/page-replacement?';
const refs = findModelInfo('page-replacement')!.params.find((s) => s.key === 'refs')!;
if (refs.kind !== 'list') throw new Error('page-replacement.refs is a list');

/** A model whose parameters cannot even be listed: the codec's last resort, `link.unreadable`. */
const broken = {
  ...findModelInfo('file-access')!,
  get params(): never {
    throw new Error('no parameters');
  },
} as ModelInfo;

const LINKS: (string | [string, readonly ModelInfo[]])[] = [
  '#/nope?records=1',
  `${FA.slice(0, -1)}/extra/path?records=1`,
  `${FA}records=1&records=2&records=3`,
  `${FA}view=cinema`,
  `${FA}view=${'x'.repeat(3000)}`,
  `${FA}view=embed&controls=all&embed=nothing`,
  `${FA}view=embed&controls=${'r'.repeat(200)}&embed=table:mpe-sl-seq`,
  `${FA}controls=read&embed=table:mpe-sl-seq`,
  `${FA}compare=2`,
  `${FA}compare=1&a.records=abc&a.recrods=5&a.table=none`,
  `${FA}v=abc`,
  `${FA}v=0`,
  `${FA}v=${'9'.repeat(100)}`,
  `${FA}v=99`,
  `${PR}v=1`,
  `${FA}recrods=1&zzz=2`,
  `${FA}table=none&records=0x10&recordBytes=Infinity&seed=abc`,
  `${FA}records=1.5&recordBytes=-1&seed=`,
  `${FA}records=${'1'.repeat(100)}&recordBytes=%E0%A4%A`,
  `${FA}records=${'1'.repeat(MAX_LINK_CHARS)}`,
  `${PR}refs=${'a'.repeat(MAX_LINK_CHARS)}`,
  `${PR}refs=a,b`,
  `${PR}refs=${'1,'.repeat(refs.maxItems)}1`,
  `${PR}refs=1,${refs.itemMax + 1}`,
  `${PR}refs=kept.abc-1`,
  `${PR}refs=packed.@@`,
  `${PR}refs=packed.`,
  `${PR}refs=${b64([9])}`,
  `${PR}refs=${b64([1])}`,
  `${PR}refs=${b64([1, 60])}`,
  `${PR}refs=${b64([2])}`,
  `${PR}refs=${b64([2, 0x81, 0x9b, 0x0c])}`,
  `${PR}refs=${b64([1, 8, 5])}`,
  `${PR}refs=${b64([2, 3, 0])}`,
  `${PR}refs=${b64([2, 1, 0, 0])}`,
  `${PR}refs=${packList([1, refs.itemMax + 5])}`,
  `${FA}${Array.from({ length: MAX_PROBLEMS + 5 }, (_, i) => `k${i}=1`).join('&')}`,
  [`${FA}records=1`, [broken]],
];

const problems: Problem[] = [];
for (const link of LINKS) {
  const [text, models] = typeof link === 'string' ? [link, MODEL_INFOS] : link;
  problems.push(...parsePermalink(text, models).problems);
}
problems.push(...parsePermalink(42 as unknown as string).problems);

/** Trace files a student may upload that are no trace (the trace panel says why). */
const TRACES = [
  ' '.repeat(MAX_TRACE_CHARS + 1),
  '1\n2\nthree\n',
  `1, 2\n3 ${refs.itemMax + 1}`,
  '1 '.repeat(refs.maxItems + 1),
  '# only a comment\n',
];
const traceWhys = TRACES.map((text) => readTraceText(refs, text)).flatMap((r) => (r.ok ? [] : [r]));

/** Lesson files with something wrong in every field (the lesson page lists what). */
const PAPERS = ['000_525c0b5ef756a1ce.txt'];
const good = lesson as unknown as Lesson;
const step = good.steps[0]!;
const RAW_LESSONS: unknown[] = [
  { id: 'Bad Id', paper: 5, title: '', summary: 'x'.repeat(1300), steps: [], extra: 1 },
  { id: 'x', paper: PAPERS[0], title: 't', summary: 's', steps: 'no' },
  { ...good, steps: Array.from({ length: 21 }, () => step) },
  {
    ...good,
    steps: [
      { ...step, question: 7, scenario: 'nowhere', asks: [], why: '' },
      { ...step, scenario: 5, asks: 'x', answer: { kind: 'guess' }, extra: true },
      { ...step, asks: Array.from({ length: 7 }, () => step.asks[0]) },
      { ...step, asks: [{ ...step.asks[0], scale: 'big', extra: 1 }] },
      { ...step, answer: { kind: 'number', ...step.asks[0], extra: 1 } },
      { ...step, answer: { kind: 'numbers', label: 'l', extra: 1 } },
      {
        ...step,
        answer: {
          kind: 'sketch',
          extra: 1,
          label: 'l',
          chart: 'c',
          series: 's',
          x: { label: 'x', unit: 'u', min: 'a', max: 1, log: 'yes', extra: 1 },
          y: { label: 'y', unit: 'u', min: 0, max: Infinity },
        },
      },
      Object.fromEntries(Object.entries(step).filter(([k]) => k !== 'title')),
    ],
  },
];
const lessonSaid: LessonSaid[] = RAW_LESSONS.flatMap(
  (raw) => readLessonShape(raw, { expectedId: 'x', papers: PAPERS }).said ?? [],
);
const wrong = {
  ...good,
  paper: 'nope.txt',
  steps: [
    { ...step, scenario: '/#/file-access?table=mpe-sl-seq&records=abc&zzz=1' },
    { ...step, scenario: '/#/file-cache' },
  ],
};
lessonSaid.push(
  ...(readLessonShape(wrong, { expectedId: 'other', papers: PAPERS }).said ?? []),
  ...stepProblemsSaid(wrong, readScenarioLink),
);

describe('a link problem said from its code', () => {
  it('is, in English, the scenario layer’s own sentence, word for word', () => {
    const t = translator('en');
    const differ = problems
      .map((p) => ({ code: p.code, message: p.message, page: problemText(t, p) }))
      .filter((d) => d.page !== d.message);
    expect(differ).toEqual([]);
  });

  it('reaches every code there is, from these links', () => {
    const seen = new Set(problems.map((p) => p.code));
    expect(PROBLEM_CODES.filter((c) => !seen.has(c))).toEqual([]);
    expect(problems.every((p) => PROBLEM_CODES.includes(p.code))).toBe(true);
  });

  it('a trace that is none: its English reason, and every reason there is', () => {
    const t = translator('en');
    expect(traceWhys.filter((r) => traceText(t, r) !== r.why)).toEqual([]);
    expect(TRACE_PROBLEM_CODES.filter((c) => !traceWhys.some((r) => r.code === c))).toEqual([]);
  });

  it('a lesson file’s problems: their English as written, and every code there is', () => {
    const t = translator('en');
    expect(
      lessonSaid
        .map((s) => ({ code: s.code, message: s.message, page: lessonProblemText(t, s) }))
        .filter((d) => d.page !== d.message),
    ).toEqual([]);
    const seen = new Set(lessonSaid.map((s) => s.code));
    expect(LESSON_CODES.filter((c) => !seen.has(c))).toEqual([]);
  });

  it('falls back to the English message for a code it does not know', () => {
    const t = translator('es');
    const odd = { param: null, message: 'from a newer app.', code: 'link.future', values: {} };
    expect(problemText(t, odd as unknown as Problem)).toBe('from a newer app.');
    const old = { param: null, message: 'from an older app.' };
    expect(problemText(t, old as unknown as Problem)).toBe('from an older app.');
  });

  describe('in Spanish', () => {
    beforeAll(async () => {
      await loadCatalogue('es');
      setNumberLocale('es-ES', { unbounded: 'sin límite' });
    });
    afterAll(() => setNumberLocale('en-US', { unbounded: 'unbounded' }));

    it('is another sentence, with no English words of the codec left', () => {
      const t = translator('es');
      const english =
        /\b(allowed|using|is not|ignored|showing|version \d|the first|characters long|an empty list|one of|up to)\b/;
      const left = problems
        .map((p) => ({ code: p.code, text: problemText(t, p) }))
        .filter((d, i) => d.text === problems[i]!.message || english.test(d.text));
      expect(left).toEqual([]);
    });

    it('says a lesson file’s problems in Spanish', () => {
      const t = translator('es');
      const said = lessonSaid.map((s) => lessonProblemText(t, s));
      expect(said.filter((s, i) => s === lessonSaid[i]!.message)).toEqual([]);
      expect(said).toContain('paso 1: question debe ser texto');
      expect(
        said.some((s) => s.startsWith('paso 1 (') && s.includes('"abc" no es un número')),
      ).toBe(true);
    });

    it('says why a trace was not read in Spanish', () => {
      const t = translator('es');
      const said = traceWhys.map((r) => traceText(t, r));
      expect(said.filter((s, i) => s === traceWhys[i]!.why)).toEqual([]);
      expect(said).toContain(
        'línea 3: "three" no es un número de página (números enteros de 0 a 1.000.000, separados por comas, espacios o saltos de línea)',
      );
    });

    it('writes the range, its unit and the value used in Spanish', () => {
      const t = translator('es');
      const [p] = parsePermalink(`${FA}table=mpe-sl-seq&records=abc`).problems;
      expect(p!.message).toMatch(/allowed 1–[\d,]+ records; using [\d,]+ records\.$/);
      expect(problemText(t, p!)).toMatch(
        /^records: "abc" no es un número — se admite 1–[\d.]+ registros; se usa [\d.]+ registros\.$/,
      );
      const [q] = parsePermalink(`${PR}refs=a,b`).problems;
      expect(problemText(t, q!)).toContain('una lista vacía');
      expect(problemText(t, q!)).toContain('hasta 200.000 números enteros');
    });
  });
});
