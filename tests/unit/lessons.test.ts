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
