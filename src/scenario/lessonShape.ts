import * as v from 'valibot';
import type { ModelInfo } from '../models/types';
import type { Problem, ProblemValues, Scenario } from './types';

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

/** At most this many numbers in one step's prediction: a question a class can hold in mind. */
export const MAX_ASKS = 6;

/**
 * What can be wrong with a lesson file's fields, in the words of its problems: each is also
 * the code `lesson.<key>` a page says in its own language (src/views/problemText.ts).
 */
const SAID = {
  text: 'must be text',
  empty: 'must not be empty',
  long: 'is longer than 1,200 characters',
  number: 'must be a number',
  boolean: 'must be true or false',
  axisField: 'is not a field of an axis (label, unit, min, max, log)',
  askField: 'is not a field of an asked number (label, unit, table, row, column, scale)',
  list: 'must be a list',
  askMin: 'must name at least one number',
  numberField: 'is not a field of a number answer (kind, label, unit, table, row, column, scale)',
  sketchField: 'is not a field of a sketch answer (kind, label, chart, series, x, y)',
  numbersField: 'is not a field of a numbers answer (kind, label): the numbers are the step’s asks',
  kind: 'kind must be "number", "numbers" or "sketch"',
  link: 'must be a link',
  modelLink: 'must be a model link such as /#/file-access?…',
  stepField: 'is not a field of a step (title, text, question, scenario, asks, why, answer)',
  idChars: 'must be a-z, 0-9 and -',
  seedFile: 'must be a seed file name',
  stepsMin: 'must have at least one step',
  stepsMax: 'must have at most 20 steps',
  lessonField: 'is not a field of a lesson (id, paper, title, summary, steps)',
  askMax: `must name at most ${MAX_ASKS} numbers`,
  missing: 'is missing',
} as const;

/** What is wrong with a lesson file, as a code with its values (and the English `message`). */
export type LessonCode =
  | `lesson.${keyof typeof SAID}`
  | 'lesson.other'
  | 'lesson.idFile'
  | 'lesson.paper'
  | 'lesson.stepLink'
  | 'lesson.otherPaper';

export interface LessonSaid {
  message: string;
  code: LessonCode;
  values: ProblemValues;
  /** A step link's own problem (`lesson.stepLink`), said from its code in turn. */
  link?: Problem;
}

const SAID_CODES = new Map(
  Object.entries(SAID).map(([key, text]) => [text as string, `lesson.${key}` as LessonCode]),
);

const text = () =>
  v.pipe(v.string(SAID.text), v.trim(), v.nonEmpty(SAID.empty), v.maxLength(1200, SAID.long));

const name = () => v.pipe(v.string(SAID.text), v.nonEmpty(SAID.empty));
const AXIS = v.strictObject(
  {
    label: text(),
    unit: v.string(SAID.text),
    min: v.pipe(v.number(SAID.number), v.finite()),
    max: v.pipe(v.number(SAID.number), v.finite()),
    log: v.optional(v.boolean(SAID.boolean)),
  },
  SAID.axisField,
);
const CELL = {
  label: text(),
  unit: v.string(SAID.text),
  table: name(),
  row: name(),
  column: name(),
  scale: v.optional(v.pipe(v.number(SAID.number), v.finite(), v.gtValue(0))),
};
const ASKS = v.pipe(
  v.array(v.strictObject(CELL, SAID.askField), SAID.list),
  v.minLength(1, SAID.askMin),
  v.maxLength(MAX_ASKS, SAID.askMax),
);
const ANSWER = v.variant(
  'kind',
  [
    v.strictObject({ kind: v.literal('number'), ...CELL }, SAID.numberField),
    v.strictObject(
      {
        kind: v.literal('sketch'),
        label: text(),
        chart: name(),
        series: name(),
        x: AXIS,
        y: AXIS,
      },
      SAID.sketchField,
    ),
    v.strictObject({ kind: v.literal('numbers'), label: text() }, SAID.numbersField),
  ],
  SAID.kind,
);

const STEP = v.strictObject(
  {
    title: text(),
    text: text(),
    question: text(),
    scenario: v.pipe(v.string(SAID.link), v.regex(/^\/?#\/[a-z0-9-]+(\?|$)/, SAID.modelLink)),
    asks: ASKS,
    why: v.optional(text()),
    answer: v.optional(ANSWER),
  },
  SAID.stepField,
);

const LESSON = v.strictObject(
  {
    id: v.pipe(v.string(SAID.text), v.regex(/^[a-z0-9-]+$/, SAID.idChars)),
    paper: v.string(SAID.seedFile),
    title: text(),
    summary: text(),
    steps: v.pipe(
      v.array(STEP, SAID.list),
      v.minLength(1, SAID.stepsMin),
      v.maxLength(20, SAID.stepsMax),
    ),
  },
  SAID.lessonField,
);

/** A lesson file read: the lesson when its shape is right, and its problems. */
export interface LessonReading {
  lesson: Lesson | null;
  /** Everything wrong with the file, one line each, naming the step and the field. */
  problems: string[];
  /** The same problems with their codes, for a page that says them in its own language. */
  said?: LessonSaid[];
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
function describeIssue(issue: v.BaseIssue<unknown>): LessonSaid {
  const where = pathOf(issue);
  const message =
    issue.type === 'strict_object' && issue.received === 'undefined' ? SAID.missing : issue.message;
  // `step 2: asks [1] label`: the step's number, and the field's path within it.
  const keys = issue.path?.map((p) => p.key) ?? [];
  const step = keys[0] === 'steps' && typeof keys[1] === 'number' ? keys[1] + 1 : 0;
  const path = step ? where.slice(where.indexOf(':') + 1).trim() : where;
  return {
    message: where ? `${where} ${message}` : message,
    code: SAID_CODES.get(message) ?? 'lesson.other',
    values: { step, path, issue: message },
  };
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
  if (!result.success) {
    const said = result.issues.map(describeIssue);
    return { lesson: null, problems: said.map((s) => s.message), said };
  }
  const lesson = result.output;
  const said: LessonSaid[] = [];
  if (lesson.id !== expectedId)
    said.push({
      message: `id "${lesson.id}" differs from its file name "${expectedId}.json"`,
      code: 'lesson.idFile',
      values: { id: lesson.id, file: expectedId },
    });
  if (!papers.includes(lesson.paper))
    said.push({
      message: `paper "${lesson.paper}" is not a seed file`,
      code: 'lesson.paper',
      values: { paper: lesson.paper },
    });
  return { lesson, problems: said.map((s) => s.message), said };
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
  return stepProblemsSaid(lesson, parse).map((s) => s.message);
}

/** The same, each with its code (`lesson.stepLink` carries the link's own problem). */
export function stepProblemsSaid(
  lesson: Lesson,
  parse: (link: string) => ParsedStep,
): LessonSaid[] {
  return lesson.steps.flatMap((step, i) => {
    const parsed = parse(step.scenario);
    const where = `step ${i + 1} (${step.title}): scenario`;
    const values = { step: i + 1, title: step.title };
    const said: LessonSaid[] = parsed.problems.map((p, k) => {
      const link = parsed.said?.[k];
      return {
        message: `${where} ${p}`,
        code: 'lesson.stepLink',
        values: { ...values, problem: p },
        ...(link ? { link } : {}),
      };
    });
    if (parsed.model && parsed.model.paper !== lesson.paper)
      said.push({
        message: `${where} is the ${parsed.model.id} model, from another paper`,
        code: 'lesson.otherPaper',
        values: { ...values, model: parsed.model.id },
      });
    return said;
  });
}
