/**
 * Every refusal the class server sends, and the class pages' own problems, as a stable code
 * and the values its sentence uses (issue #35). The server answers `{ error, code, values }`:
 * `error` is the English sentence made here (API clients and tests read it); a page shows the
 * message `class.server.<code>` with `values` in its own language (src/views/class/words.ts),
 * and the server's `error` for a code it does not know (a newer server's).
 * tests/unit/class-refusals.test.ts checks that each English message gives back the sentence
 * made here, and that each has a Spanish one.
 */

type Num = number;
type Txt = string;

/** The server's refusals: each code's English sentence from its values. */
const SERVER = {
  // Joining.
  full: (v: { size: Num }) =>
    `This class is full (${v.size} students): ask the teacher to make room.`,
  address: (v: { taken: Num; size: Num }) =>
    `Too many students joined from your network address (${v.taken} of the class’s ${v.size} seats): ask the teacher to raise the class size.`,
  barred: () => 'The teacher removed the students of your network address from this class.',
  noClass: (v: { code: Txt }) => `There is no class “${v.code}” on this server.`,
  noSuchClass: () => 'There is no such class on this server.',
  noLesson: (v: { id: Txt }) => `There is no lesson “${v.id}”.`,
  noCode: () => 'Could not make a new class code; try again.',
  // A name a student typed (the join body's checks, src/class/protocol.ts NameText).
  nameText: () => 'name must be text',
  nameLong: (v: { max: Num }) => `name must be at most ${v.max} characters`,
  nameLine: () => 'name must be plain text on one line',
  nameInvisible: () =>
    'name must show at least one visible letter (or be left empty to stay anonymous)',
  nameMarks: (v: { max: Num }) => `name may carry at most ${v.max} accents on one letter`,
  // Limits, keys and the request itself.
  tooMany: (v: { s: Num }) => `Too many requests: wait ${v.s} s and try again.`,
  wrongCodes: (v: { s: Num }) =>
    `Too many wrong class codes or teacher keys from this address: wait ${v.s} s.`,
  streams: () => 'Too many open streams from this address: join the class first.',
  needKey: () => 'This needs the teacher’s key (X-Teacher-Key).',
  wrongKey: () => 'Wrong teacher key: only the browser that started the class can do this.',
  unknownStudent: () => 'Join the class first: this student is unknown.',
  lessonGone: () => 'This class’s lesson is no longer on the server.',
  body: (v: { kb: Num }) => `The request body is larger than ${v.kb} KB.`,
  notJson: () => 'Send the body as JSON (Content-Type: application/json).',
  badJson: () => 'The body is not valid JSON.',
  /** Any other check of a body (a request no page makes): valibot's words. */
  invalid: (v: { detail: Txt }) => v.detail,
  noRequest: () => 'There is no such request in the class API.',
  wrongHost: (v: { host: Txt }) =>
    `This class server does not answer to the name “${v.host}”: open the address it printed.`,
  crossSite: () => 'Refused: this request was sent by a page of another site.',
  noPath: () => 'There is nothing at this path.',
  // Answers and steps.
  paused: () => 'Paused by your teacher: answers wait until they resume.',
  locked: () => 'This step is locked: answers can no longer change.',
  onStep: (v: { step: Num }) => `The class is on step ${v.step}.`,
  revealFor: (v: { step: Num; for: Num }) =>
    `The class is on step ${v.step}: this reveal was for step ${v.for}.`,
  changed: (v: { step: Num; phase: 'open' | 'locked' | 'revealed' }) =>
    `The class changed meanwhile (now on step ${v.step}, ${v.phase}): look again and retry.`,
  steps: (v: { n: Num }) => `This lesson has ${v.n} steps.`,
  stepPath: () => 'A step is a whole number from 1 (…/answers/1).',
  noAnswer: () => 'This step asks for no answer.',
  askNumber: () => 'This step asks for a number.',
  askNumbers: (v: { n: Num }) =>
    `This step asks for ${v.n} numbers, in its order: send { values }.`,
  askSketch: () => 'This step asks for a sketch.',
  hideFirst: () => 'Hide the answer before opening the step.',
  // Homework (dates as the server's clock writes them, in UTC).
  hwOpens: (v: { date: Txt }) => `This homework opens on ${v.date}.`,
  hwClosed: (v: { date: Txt }) => `This homework closed on ${v.date}: answers are no longer taken.`,
  hwAlreadyClosed: (v: { date: Txt }) => `This homework already closed on ${v.date}.`,
  hwNoAnswer: () => 'This homework takes no answer now.',
  notHomework: () => 'This class is not set as homework.',
  closeAfter: () => 'The homework must close after it opens.',
  // The store's health (503), and any other failure (500).
  storeFull: () => 'The class store is full; answers are not being saved.',
  storeDisc: () => 'The class store cannot write to its disc; answers are not being saved.',
  storeReach: () => 'The class store cannot be reached; answers are not being saved.',
  failed: () => 'The class server failed on this request; try again.',
} as const;

/** The class pages' own problems (src/class/client.ts, the pages, reveal.ts). */
const CLIENT = {
  down: () => 'The class server does not answer: is it still running?',
  refused: (v: { status: Num }) => `The class server refused (${v.status}).`,
  exportRefused: (v: { status: Num }) => `The export was refused (${v.status}).`,
  noClassCheck: (v: { code: Txt }) =>
    `There is no class “${v.code}” on this server. Check the code with your teacher.`,
  offline: () =>
    'The class server is not reachable; your answers are kept and will be sent when it is back.',
  notSaved: () =>
    'Not saved yet: the class server does not answer. It will be sent when it is back.',
  noCompute: () => 'The model could not compute this step.',
  noValue: (v: { label: Txt }) => `The model has no value for “${v.label}”.`,
  noChart: () => 'The model could not compute this step’s chart.',
  noCurve: (v: { label: Txt }) => `The model has no curve for “${v.label}”.`,
  badLink: () => 'This step’s link cannot be read.',
} as const;

const SENTENCES = { ...SERVER, ...CLIENT };

/** A code the server sends. */
export type RefusalCode = keyof typeof SERVER;
/** A code a class page shows: the server's and its own. */
export type ProblemCode = keyof typeof SENTENCES;
export type ProblemValues = Record<string, string | number>;
/** The values a code's sentence takes (none for a fixed sentence). */
export type ProblemArgs<C extends ProblemCode> = Parameters<(typeof SENTENCES)[C]>;

/** Every code the server sends, and every code a page shows (for the tests and the pages). */
export const REFUSAL_CODES = Object.keys(SERVER) as RefusalCode[];
export const PROBLEM_CODES = Object.keys(SENTENCES) as ProblemCode[];
const KNOWN = new Set<string>(PROBLEM_CODES);
export const isProblemCode = (code: unknown): code is ProblemCode =>
  typeof code === 'string' && KNOWN.has(code);

/**
 * A problem as the server sends it (the body of every refusal) and as a page keeps it: the
 * English sentence, and its code and values (absent from an older server or another error).
 */
export interface Problem {
  error: string;
  code?: string;
  values?: ProblemValues;
}

/** The problem `code` with its values, its English sentence made from them. */
export function problem<C extends ProblemCode>(code: C, ...args: ProblemArgs<C>): Problem {
  const values = (args[0] ?? {}) as ProblemValues;
  const say = SENTENCES[code] as (v: ProblemValues) => string;
  return { error: say(values), code, values };
}

/** An error that carries its problem (a refusal the client read, or the page's own). */
export class ClassProblem extends Error {
  constructor(
    readonly problem: Problem,
    /** The HTTP status; 0 when the server gave no answer (or no request was made). */
    readonly status = 0,
  ) {
    super(problem.error);
    this.name = 'ClassProblem';
  }
}

/** What an error says, as a problem: its own, or its message with no code. */
export const problemOf = (e: unknown): Problem =>
  e instanceof ClassProblem ? e.problem : { error: e instanceof Error ? e.message : String(e) };

/** A refusal's body as the server sent it, or null when it is not one (no `error` text). */
export function problemIn(body: unknown): Problem | null {
  const b = body as Partial<Problem> | null;
  return typeof b?.error === 'string' ? { error: b.error, code: b.code, values: b.values } : null;
}
