import * as v from 'valibot';
import type { ModelInfo } from '../models/types';
import type { Problem, Scenario } from './types';

/**
 * A lesson: a guided walk through one paper, one step per scenario. Lessons are data — one
 * JSON file each in src/lessons/ — and this is their reader: the shape is checked with valibot,
 * every step's scenario link with the permalink codec, and every problem is reported in words
 * (which step, which field, what is wrong). It never throws. The unit test runs it on every
 * lesson file; the lesson page only imports its types (valibot in the page's chunk would split
 * it out of the first page's bundle), checks the shape cheaply and parses the links itself.
 */
export interface LessonStep {
  /** A short heading: what this step is about. */
  title: string;
  /** Two or three sentences for the class. */
  text: string;
  /** What the class predicts before the answer is revealed. */
  question: string;
  /** The scenario as a permalink, e.g. `/#/file-access?table=mpe-sl-seq&v=2`. */
  scenario: string;
  /**
   * What the question asks, one entry per number it asks for, in the question's order: a
   * question that says "both" asks two. The prediction box collects one number for each, in
   * its unit, and the reveal sets each beside the model's cell and the paper's.
   */
  asks: AskedNumber[];
  /**
   * Shown with the answer: why the reveal shows what it shows, in the model's mechanism —
   * required where it shows little (a knob that barely moves the cell) or a wide interval.
   */
  why?: string;
  /** What a class in class mode answers (src/class/): one of `asks`, or a sketched curve. */
  answer?: StepAnswer;
}

/**
 * One number a step asks for: a cell of the step's tables (table id, row label, column key),
 * in the column's unit, or a rescaling of it (`scale`: 0.001 for ms → s).
 */
export interface AskedNumber {
  /** What the number is, as the prediction box labels it: "Memory Mapped, elapsed time". */
  label: string;
  /** The unit the student answers in: the column's unit times `scale`. */
  unit: string;
  table: string;
  row: string;
  column: string;
  /** The answer in `unit` is the cell's value times this (e.g. 0.001 for ms → s). */
  scale?: number;
}

/** An axis of a sketch: what the student draws against, in the chart's units. */
export interface SketchAxis {
  label: string;
  unit: string;
  min: number;
  max: number;
  log?: boolean;
}

/**
 * The answer a class predicts in class mode. A number is one cell of the step's scenario
 * (table id, row label, column key), in that column's unit; a sketch is one series of one of
 * the step's line charts, drawn on the axes given here.
 */
export type StepAnswer =
  | ({ kind: 'number' } & AskedNumber)
  | { kind: 'sketch'; label: string; chart: string; series: string; x: SketchAxis; y: SketchAxis }
  /** Every number of the step's `asks`, in its order: a question that asks several. */
  | { kind: 'numbers'; label: string };

export interface Lesson {
  /** The file's name without `.json`, and the `#/lesson/<id>` of its link. */
  id: string;
  /** The paper's seed file (src/papers/papers.ts). */
  paper: string;
  title: string;
  /** One or two sentences: what the class will see. */
  summary: string;
  steps: LessonStep[];
}

const text = () =>
  v.pipe(
    v.string('must be text'),
    v.trim(),
    v.nonEmpty('must not be empty'),
    v.maxLength(1200, 'is longer than 1,200 characters'),
  );

const name = () => v.pipe(v.string('must be text'), v.nonEmpty('must not be empty'));
const AXIS = v.strictObject(
  {
    label: text(),
    unit: v.string('must be text'),
    min: v.pipe(v.number('must be a number'), v.finite()),
    max: v.pipe(v.number('must be a number'), v.finite()),
    log: v.optional(v.boolean('must be true or false')),
  },
  'is not a field of an axis (label, unit, min, max, log)',
);
const CELL = {
  label: text(),
  unit: v.string('must be text'),
  table: name(),
  row: name(),
  column: name(),
  scale: v.optional(v.pipe(v.number('must be a number'), v.finite(), v.gtValue(0))),
};
/** At most this many numbers in one step's prediction: a question a class can hold in mind. */
export const MAX_ASKS = 6;
const ASKS = v.pipe(
  v.array(
    v.strictObject(
      CELL,
      'is not a field of an asked number (label, unit, table, row, column, scale)',
    ),
    'must be a list',
  ),
  v.minLength(1, 'must name at least one number'),
  v.maxLength(MAX_ASKS, `must name at most ${MAX_ASKS} numbers`),
);
const ANSWER = v.variant(
  'kind',
  [
    v.strictObject(
      { kind: v.literal('number'), ...CELL },
      'is not a field of a number answer (kind, label, unit, table, row, column, scale)',
    ),
    v.strictObject(
      {
        kind: v.literal('sketch'),
        label: text(),
        chart: name(),
        series: name(),
        x: AXIS,
        y: AXIS,
      },
      'is not a field of a sketch answer (kind, label, chart, series, x, y)',
    ),
    v.strictObject(
      { kind: v.literal('numbers'), label: text() },
      'is not a field of a numbers answer (kind, label): the numbers are the step’s asks',
    ),
  ],
  'kind must be "number", "numbers" or "sketch"',
);

const STEP = v.strictObject(
  {
    title: text(),
    text: text(),
    question: text(),
    scenario: v.pipe(
      v.string('must be a link'),
      v.regex(/^\/?#\/[a-z0-9-]+(\?|$)/, 'must be a model link such as /#/file-access?…'),
    ),
    asks: ASKS,
    why: v.optional(text()),
    answer: v.optional(ANSWER),
  },
  'is not a field of a step (title, text, question, scenario, asks, why, answer)',
);

const LESSON = v.strictObject(
  {
    id: v.pipe(v.string('must be text'), v.regex(/^[a-z0-9-]+$/, 'must be a-z, 0-9 and -')),
    paper: v.string('must be a seed file name'),
    title: text(),
    summary: text(),
    steps: v.pipe(
      v.array(STEP, 'must be a list'),
      v.minLength(1, 'must have at least one step'),
      v.maxLength(20, 'must have at most 20 steps'),
    ),
  },
  'is not a field of a lesson (id, paper, title, summary, steps)',
);

/** A lesson file read: the lesson when its shape is right, and its problems. */
export interface LessonReading {
  lesson: Lesson | null;
  /** Everything wrong with the file, one line each, naming the step and the field. */
  problems: string[];
}

/** Where a valibot issue is, in words: `step 2: question`, `title`, `` (the whole file). */
function pathOf(issue: v.BaseIssue<unknown>): string {
  const keys = issue.path?.map((p) => p.key) ?? [];
  const words: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key === 'steps' && typeof keys[i + 1] === 'number') {
      words.push(`step ${(keys[i + 1] as number) + 1}:`);
      i++;
    } else words.push(typeof key === 'number' ? `[${key + 1}]` : String(key));
  }
  return words.join(' ');
}

/** One line per valibot issue; a missing field says so (strictObject reports it as its own). */
function describeIssue(issue: v.BaseIssue<unknown>): string {
  const where = pathOf(issue);
  const message =
    issue.type === 'strict_object' && issue.received === 'undefined' ? 'is missing' : issue.message;
  return where ? `${where} ${message}` : message;
}

/**
 * A lesson file's shape, checked with its messages: the lesson, or every problem in it, one
 * line each. Its step links are not parsed here (see readLesson), so the lesson page can use
 * this with the app's own codec, and the lessons' test with the full reader.
 */
export function readLessonShape(
  raw: unknown,
  { expectedId, papers }: { expectedId: string; papers: readonly string[] },
): LessonReading {
  const result = v.safeParse(LESSON, raw);
  if (!result.success) return { lesson: null, problems: result.issues.map(describeIssue) };
  const lesson = result.output;
  const problems: string[] = [];
  if (lesson.id !== expectedId)
    problems.push(`id "${lesson.id}" differs from its file name "${expectedId}.json"`);
  if (!papers.includes(lesson.paper)) problems.push(`paper "${lesson.paper}" is not a seed file`);
  return { lesson, problems };
}

/** A step's scenario, parsed: the model, the scenario, and the link's problems (none, in a good lesson). */
export interface ParsedStep {
  model: ModelInfo | undefined;
  scenario: Scenario | null;
  problems: string[];
  /** The same problems with their codes, for a page that says them in its own language. */
  said?: Problem[];
}

/**
 * What is wrong with a lesson's step links, one line each naming the step: each link through
 * `parse` (the permalink codec), and each step's model from the lesson's own paper.
 */
export function stepProblems(lesson: Lesson, parse: (link: string) => ParsedStep): string[] {
  return lesson.steps.flatMap((step, i) => {
    const parsed = parse(step.scenario);
    const where = `step ${i + 1} (${step.title}): scenario`;
    const problems = parsed.problems.map((p) => `${where} ${p}`);
    if (parsed.model && parsed.model.paper !== lesson.paper)
      problems.push(`${where} is the ${parsed.model.id} model, from another paper`);
    return problems;
  });
}
