/**
 * Lessons are data: one JSON file per paper in src/lessons/. Every file is listed, reads
 * without a problem, and every step's scenario link parses through the permalink codec with
 * no problem and opens a model of the lesson's paper. A broken lesson is reported in words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LESSON_FILES } from '../../src/lessons/files';
import { evaluateCharts, evaluateTables } from '../../src/compare/compare';
import { MODEL_INFOS, loadModel } from '../../src/models/registry';
import { LESSON_ENTRIES, PAPERS, findLessonEntry } from '../../src/papers/papers';
import { parsePermalink } from '../../src/scenario';
import { readLesson, type Lesson } from '../../src/scenario/lesson';
import { MAX_ASKS, type AskedNumber } from '../../src/scenario/lessonShape';
import type { ScenarioTables } from '../../src/compare/types';
import { lessonHash, lessonOfHash } from '../../src/state/useRoute';
import { withChanges } from '../../src/state/lessonLink';

const DIR = join(__dirname, '../../src/lessons');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const PAPER_FILES = PAPERS.map((p) => p.file);
const rawOf = (id: string): unknown => JSON.parse(readFileSync(join(DIR, `${id}.json`), 'utf8'));

/** Sentences: a full stop, question or exclamation mark followed by a space or the end. */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z0-9“"(])/).length;

describe('lesson files', () => {
  it('lists every file once, in the papers’ order, one lesson per paper', () => {
    expect(LESSON_ENTRIES.map((e) => `${e.id}.json`).sort()).toEqual([...FILES].sort());
    expect(LESSON_ENTRIES.map((e) => e.paper)).toEqual(PAPER_FILES);
    expect(Object.keys(LESSON_FILES).sort()).toEqual(LESSON_ENTRIES.map((e) => e.id).sort());
  });

  for (const entry of LESSON_ENTRIES) {
    describe(entry.id, () => {
      const reading = readLesson(rawOf(entry.id), { expectedId: entry.id, papers: PAPER_FILES });
      const lesson = reading.lesson as Lesson;

      it('validates with no problem and names the paper it is listed under', () => {
        expect(reading.problems).toEqual([]);
        expect(lesson.paper).toBe(entry.paper);
      });

      it('is the file the page reads', () => {
        expect(LESSON_FILES[entry.id]).toEqual(rawOf(entry.id));
      });

      it('has three steps or more, each with 2–3 sentences and a question', () => {
        expect(lesson.steps.length).toBeGreaterThanOrEqual(3);
        for (const step of lesson.steps) {
          expect(sentences(step.text), step.title).toBeGreaterThanOrEqual(2);
          expect(sentences(step.text), step.title).toBeLessThanOrEqual(3);
          // A question, or an instruction to predict.
          expect(step.question, step.title).toMatch(/\?|\bpredict\b/i);
        }
        expect(new Set(lesson.steps.map((s) => s.title)).size).toBe(lesson.steps.length);
      });

      it('parses every step’s scenario link with no problem, for a model of its paper', () => {
        for (const step of lesson.steps) {
          const { scenario, problems } = parsePermalink(step.scenario);
          expect(problems, step.scenario).toEqual([]);
          const model = MODEL_INFOS.find((m) => m.id === scenario?.modelId);
          expect(model?.paper, step.scenario).toBe(lesson.paper);
        }
      });

      it('names, for class mode, answers that are cells and curves of its steps', async () => {
        const answered = lesson.steps.filter((s) => s.answer);
        expect(answered.length).toBeGreaterThanOrEqual(2);
        for (const step of answered) {
          const answer = step.answer!;
          const { scenario } = parsePermalink(step.scenario);
          const model = await loadModel(scenario!.modelId);
          if (answer.kind === 'number') {
            const table = evaluateTables(model!, scenario!.params).tables.find(
              (t) => t.id === answer.table,
            );
            const column = table?.columns.find((c) => c.key === answer.column);
            const value = table?.rows.find((r) => r.label === answer.row)?.model[answer.column];
            expect(Number.isFinite(value), `${step.title}: ${answer.row}`).toBe(true);
            // The class answers in the column's unit, or in a named rescaling of it.
            if (answer.scale === undefined) expect(answer.unit, step.title).toBe(column?.unit);
            else expect(`${column?.unit}×${answer.scale}`, step.title).toBe('ms×0.001');
          } else if (answer.kind === 'numbers') {
            // Every number the step asks (checked cell by cell in "what each step asks").
            expect(step.asks.length, step.title).toBeGreaterThan(1);
          } else {
            const chart = evaluateCharts(model!, scenario!.params).find(
              (c) => c.id === answer.chart,
            );
            expect(chart?.kind, step.title).toBe('line');
            const series =
              chart?.kind === 'line' ? chart.series.find((s) => s.name === answer.series) : null;
            expect(series?.points.length, step.title).toBeGreaterThan(1);
            for (const p of series?.points ?? []) {
              expect(p.x).toBeGreaterThanOrEqual(answer.x.min);
              expect(p.x).toBeLessThanOrEqual(answer.x.max);
            }
          }
        }
      });
    });
  }
});

/** A question's count words: "both" asks two numbers, "three" three, "each" two or more. */
function countOfWording(question: string): { min: number; max: number } {
  if (/\bboth\b/i.test(question)) return { min: 2, max: 2 };
  if (/\bthree\b/i.test(question)) return { min: 3, max: 3 };
  if (/\beach\b/i.test(question)) return { min: 2, max: MAX_ASKS };
  if (/\band\b/i.test(question)) return { min: 1, max: MAX_ASKS };
  return { min: 1, max: 1 };
}

/** The unit a question names ("in seconds"), if it names one. */
const UNIT_WORDS: [RegExp, string][] = [
  [/\bin seconds\b/i, 's'],
  [/\bin milliseconds\b/i, 'ms'],
  [/\bin microseconds\b/i, 'µs'],
  [/\bin %/i, '%'],
];

/** Words with opposite meanings: a question about one must not be scored on the other. */
const OPPOSITES: [RegExp, RegExp][] = [
  [/\bmiss/i, /\bhit/i],
  [/\bhit/i, /\bmiss/i],
];

/** A cell of a computed table, with its column and interval. */
function cellOf(tables: ScenarioTables, ask: AskedNumber) {
  const table = tables.tables.find((t) => t.id === ask.table);
  const column = table?.columns.find((c) => c.key === ask.column);
  const row = table?.rows.find((r) => r.label === ask.row);
  return { column, value: row?.model[ask.column], interval: row?.intervals?.[ask.column] };
}

/**
 * Whether an interval is too wide to teach without a word: a factor over 3 for a positive
 * quantity, a width over twice the value for a percentage or one that can be negative.
 */
const wide = (value: number, [lo, hi]: [number, number], unit: string) =>
  lo > 0 && unit !== '%' ? hi / lo > 3 : hi - lo > 2 * Math.abs(value);

/**
 * What is wrong with what a lesson's steps ask, one line each: a count that does not match the
 * wording, a cell the step does not reveal, a unit that is not the cell's or the question's,
 * a question about one quantity scored on its opposite, a class answer that is not one of the
 * asks, and a step that reveals little or a wide interval without saying why.
 */
async function askProblems(lesson: Lesson): Promise<string[]> {
  const problems: string[] = [];
  const computed: ScenarioTables[] = [];
  for (const [i, step] of lesson.steps.entries()) {
    const where = `step ${i + 1} (${step.title})`;
    const { scenario } = parsePermalink(step.scenario);
    const model = (await loadModel(scenario!.modelId))!;
    const tables = evaluateTables(model, scenario!.params);
    computed.push(tables);
    // As many numbers as the wording asks for, each a distinct quantity.
    const { min, max } = countOfWording(step.question);
    if (step.asks.length < min || step.asks.length > max)
      problems.push(`${where}: "${step.question}" collects ${step.asks.length} numbers`);
    if (new Set(step.asks.map((a) => a.label)).size !== step.asks.length)
      problems.push(`${where}: two asks have the same label`);
    const named = UNIT_WORDS.find(([re]) => re.test(step.question))?.[1];
    let needsWhy = '';
    for (const ask of step.asks) {
      const { column, value, interval } = cellOf(tables, ask);
      if (!Number.isFinite(value)) {
        problems.push(`${where}: ${ask.table} / ${ask.row} / ${ask.column} is not revealed`);
        continue;
      }
      // The student answers in the column's unit, or in a named rescaling of it.
      const unit = ask.scale === undefined ? column?.unit : `${column?.unit}×${ask.scale}`;
      if (unit !== ask.unit && !(unit === 'ms×0.001' && ask.unit === 's'))
        problems.push(`${where}: ${ask.label} is asked in "${ask.unit}", the cell is in ${unit}`);
      if (named !== undefined && ask.unit !== named)
        problems.push(`${where}: the question says ${named}, ${ask.label} is in ${ask.unit}`);
      // Like with like: a question about misses is not scored on a hit rate.
      for (const [said, other] of OPPOSITES)
        if (said.test(step.question) && !said.test(`${ask.label} ${column?.label}`))
          if (other.test(`${ask.label} ${column?.label} ${ask.column}`))
            problems.push(
              `${where}: the question asks ${said.source}, ${ask.label} scores ${other.source}`,
            );
      if (interval && wide(value!, interval, ask.unit)) needsWhy = `a wide interval (${ask.label})`;
      // A step that barely moves a cell an earlier step of the same experiment showed.
      for (const [j, earlier] of lesson.steps.slice(0, i).entries()) {
        // The same experiment (model and paper table), with knobs moved.
        const was = parsePermalink(earlier.scenario).scenario!;
        const key = MODEL_INFOS.find((m) => m.id === scenario!.modelId)?.presetParam ?? '';
        const sameTable =
          was.modelId === scenario!.modelId && was.params[key] === scenario!.params[key];
        const before = cellOf(computed[j]!, ask).value;
        if (sameTable && before !== undefined && Math.abs(value! / before - 1) < 0.1)
          needsWhy = `little change from step ${j + 1} (${ask.label})`;
      }
    }
    // The class answers what the question asks: every number of a question that asks several,
    // the one of a question that asks one, a sketch only when the question says so.
    if (step.answer?.kind === 'number' && step.asks.length > 1)
      problems.push(
        `${where}: the class sends 1 number where the question asks ${step.asks.length}`,
      );
    if (step.answer?.kind === 'number') {
      const { kind: _kind, ...cell } = step.answer;
      if (!step.asks.some((a) => JSON.stringify(a) === JSON.stringify(cell)))
        problems.push(`${where}: the class answer ${step.answer.label} is not one of the asks`);
    } else if (step.answer?.kind === 'sketch' && !/\bsketch/i.test(step.question))
      problems.push(`${where}: the class sketches, the question does not say so`);
    if (needsWhy && !step.why) problems.push(`${where} reveals ${needsWhy}: it must say why`);
    // In the model's numbers: a why names what moved, and a wide interval's width.
    else if (needsWhy && !/\d/.test(step.why!)) problems.push(`${where}: its why has no number`);
    else if (needsWhy.startsWith('a wide') && !/\bintervals?\b/.test(step.why!))
      problems.push(`${where}: its why does not explain the interval`);
  }
  return problems;
}

describe('what each step asks', () => {
  for (const entry of LESSON_ENTRIES) {
    const lesson = readLesson(rawOf(entry.id), { expectedId: entry.id, papers: PAPER_FILES })
      .lesson as Lesson;
    it(`${entry.id}: every step asks for cells it reveals, in their units, as many as it says`, async () => {
      expect(await askProblems(lesson)).toEqual([]);
    });
  }

  it('catches a miss share scored on the hit rate, "both" collecting one number, a wrong unit', async () => {
    const good = readLesson(rawOf('mpe-ix'), { expectedId: 'mpe-ix', papers: PAPER_FILES }).lesson!;
    const steps = good.steps.map((s) => ({ ...s }));
    // The LRU step as it was (issue #32): asks for the miss share, scores the hit rate.
    const hitRate = {
      label: 'LRU hit rate',
      unit: '%',
      table: 'replacement',
      row: 'LRU',
      column: 'hit_rate_pct',
    };
    steps[4] = {
      ...steps[4]!,
      question:
        'What share of the references miss under LRU? And under OPT, which knows the future?',
      asks: [hitRate],
      answer: { kind: 'number', ...hitRate },
    };
    steps[0] = { ...steps[0]!, asks: steps[0]!.asks.slice(0, 1) };
    steps[1] = { ...steps[1]!, asks: steps[1]!.asks.map((a) => ({ ...a, unit: 's' })) };
    steps[3] = { ...steps[3]!, why: undefined as unknown as string };
    const problems = await askProblems({ ...good, steps });
    expect(problems.find((p) => p.startsWith('step 5'))).toMatch(/asks \\bmiss, LRU hit rate/);
    expect(problems).toContain(
      'step 1 (Mapped against FREAD, from disc): "Memory Mapped uses about half the CPU of FREAD. Which finishes first? Predict both elapsed times." collects 1 numbers',
    );
    expect(problems.some((p) => /^step 2 .*asked in "s", the cell is in ms/.test(p))).toBe(true);
    expect(problems.some((p) => /^step 4 .* it must say why/.test(p))).toBe(true);
  });
});

describe('a broken lesson', () => {
  const good = rawOf('mpe-ix') as Lesson;
  const read = (raw: unknown, expectedId = 'mpe-ix') =>
    readLesson(raw, { expectedId, papers: PAPER_FILES });

  it('names the step and the field that is missing or empty', () => {
    const steps = good.steps.map((s) => ({ ...s }));
    delete (steps[1] as Partial<Lesson['steps'][number]>).question;
    steps[2]!.text = '   ';
    const { lesson, problems } = read({ ...good, steps });
    expect(lesson).toBeNull();
    expect(problems.join('\n')).toMatch(/step 2: question is missing/);
    expect(problems.join('\n')).toMatch(/step 3: text must not be empty/);
  });

  it('names an unknown field and a lesson with no steps', () => {
    const { problems } = read({ ...good, steps: [], teacher: 'x' });
    expect(problems.join('\n')).toMatch(/^teacher is not a field of a lesson/m);
    expect(problems.join('\n')).toMatch(/^steps must have at least one step/m);
  });

  it('reports a step link the codec cannot use, with the codec’s own message', () => {
    const steps = good.steps.map((s) => ({ ...s }));
    steps[0]!.scenario = '/#/file-access?table=mpe-sl-seq&records=lots&v=2';
    steps[1]!.scenario = '/#/no-such-model?x=1';
    const { problems } = read({ ...good, steps });
    expect(problems[0]).toMatch(/^step 1 \(Mapped against FREAD, from disc\): scenario records: /);
    expect(problems.some((p) => /^step 2 .*no-such-model/.test(p))).toBe(true);
  });

  it('reports a scenario from another paper, a wrong id and an unknown paper', () => {
    const steps = good.steps.map((s) => ({ ...s }));
    steps[0]!.scenario = '/#/hyperthreads?table=vms-cothread&v=1';
    const { problems } = read({ ...good, steps, paper: 'nope.txt' }, 'other');
    expect(problems).toContain('id "mpe-ix" differs from its file name "other.json"');
    expect(problems).toContain('paper "nope.txt" is not a seed file');
    expect(problems.some((p) => /step 1 .*hyperthreads model, from another paper/.test(p))).toBe(
      true,
    );
  });

  it('is not an object at all', () => {
    const { lesson, problems } = read('a string');
    expect(lesson).toBeNull();
    expect(problems.length).toBeGreaterThan(0);
  });
});

describe('lesson links', () => {
  it('round-trip a step, the reveal and projector mode', () => {
    const hash = lessonHash('mpe-ix', 3, { reveal: true, view: 'projector' });
    expect(hash).toBe('#/lesson/mpe-ix?step=3&reveal=1&view=projector');
    expect(lessonOfHash(hash)).toEqual({ lessonId: 'mpe-ix', step: 3, reveal: true });
    expect(lessonOfHash(lessonHash('mpe-ix', 2))).toEqual({
      lessonId: 'mpe-ix',
      step: 2,
      reveal: false,
    });
  });

  it('carry the parameters changed in a step after the step, and read them back', () => {
    const hash = lessonHash('mpe-ix', 2, {
      reveal: true,
      view: 'projector',
      changes: 'records=5000&discLatencyMs=10',
    });
    expect(hash).toBe(
      '#/lesson/mpe-ix?step=2&reveal=1&records=5000&discLatencyMs=10&view=projector',
    );
    expect(lessonOfHash(hash)).toEqual({
      lessonId: 'mpe-ix',
      step: 2,
      reveal: true,
      changes: 'records=5000&discLatencyMs=10',
    });
    expect(lessonOfHash(lessonHash('mpe-ix', 2))?.changes).toBeUndefined();
  });

  it('write a step’s changes over its scenario link, so the codec reads the step as it is now', () => {
    const link = '/#/file-access?table=mpe-sl-postscript&prefetchDistanceRecords=16&v=3';
    expect(withChanges(link, '')).toBe(link);
    expect(withChanges(link, 'prefetchDistanceRecords=32&records=5000')).toBe(
      '/#/file-access?table=mpe-sl-postscript&v=3&prefetchDistanceRecords=32&records=5000',
    );
    const read = parsePermalink(withChanges(link, 'prefetchDistanceRecords=32&records=5000'));
    expect(read.problems).toEqual([]);
    expect(read.scenario?.params).toMatchObject({ prefetchDistanceRecords: 32, records: 5000 });
    // A bad change is the codec's to report, like any link's.
    const bad = parsePermalink(withChanges(link, 'records=lots'));
    expect(bad.problems.map((p) => p.param)).toEqual(['records']);
  });

  it('read a missing or bad step as step 1, and are not model links', () => {
    for (const q of ['', '?step=0', '?step=-2', '?step=1.5', '?step=abc'])
      expect(lessonOfHash(`#/lesson/hpux-ufc${q}`)?.step, q).toBe(1);
    expect(lessonOfHash('#/file-access?table=mpe-sl-seq')).toBeNull();
    expect(lessonOfHash('#/lessons')).toBeNull();
    expect(findLessonEntry('no-such-lesson')).toBeUndefined();
  });
});
