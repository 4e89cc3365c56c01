import * as v from 'valibot';
import { problem, type Problem, type RefusalCode } from './refusals';

/**
 * Class mode's wire format, shared by the class server (server/) and the app (src/class/):
 * what a request body may hold, checked with valibot on the server before anything is stored,
 * and what the server sends back and over its event streams. Nothing here touches the DOM or
 * Node: both sides import it.
 */

export const LIMITS = {
  /** Largest request body the server reads, in bytes. */
  bodyBytes: 16 * 1024,
  /** A student's name, in characters after trimming. */
  nameChars: 40,
  /** Points in one sketched curve. */
  sketchPoints: 64,
  /** Numbers in one answer to a step that asks several (src/scenario/lessonShape.ts MAX_ASKS). */
  values: 6,
  /** |value| of a numeric prediction: a guess beyond this is a typing accident. */
  valueAbs: 1e12,
  /** Students in one class, whatever size the teacher sets. */
  students: 500,
  /** A new class's size, until the teacher sets another (1 to `students`). */
  classSize: 60,
  /** Nonspacing marks on one letter of a name (more draw over the rows around it). */
  marksPerLetter: 2,
  /** Open event streams of one student (phone, laptop, a reload): a new one ends the oldest. */
  streamsPerStudent: 3,
  /** Open streams with only the join code, per address (the app opens none: it joins first). */
  codeStreamsPerAddress: 4,
  /** …and per class, from all addresses together. */
  codeStreamsPerClass: 40,
  /** Steps in one lesson (src/scenario/lessonShape.ts allows 20). */
  steps: 20,
} as const;

/**
 * The seats one network address may hold in a class of `size`: three quarters, so a room
 * behind one NAT fits (with the class size set a third above the room) while a flood from one
 * address always leaves a quarter of the seats to everyone else.
 */
export const addressShare = (size: number) => Math.max(1, Math.floor((size * 3) / 4));

/** A join code: 10 characters of an alphabet without look-alikes (about 50 bits). */
export const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const CODE_PATTERN = /^[a-hjkmnp-z2-9]{10}$/;

const finite = (what: string) =>
  v.pipe(
    v.number(`${what} must be a number`),
    v.finite(`${what} must be a finite number`),
    v.minValue(-LIMITS.valueAbs, `${what} is too large`),
    v.maxValue(LIMITS.valueAbs, `${what} is too large`),
  );

const point = v.strictTuple([finite('x'), finite('y')], 'a point must be [x, y]');

/** POST /api/classes — a teacher opens a lesson for a class. */
export const CreateClassBody = v.strictObject(
  {
    lessonId: v.pipe(
      v.string('lessonId must be text'),
      v.regex(/^[a-z0-9-]{1,60}$/, 'lessonId must be a lesson id (a-z, 0-9, -)'),
    ),
  },
  'only lessonId may be sent',
);

/**
 * What a name may not be: made only of characters that draw nothing (spaces of every width,
 * default-ignorable code points such as U+3164 HANGUL FILLER, U+2800 BRAILLE PATTERN BLANK, and
 * marks with no letter to sit on) — it would look empty on the board.
 */
const INVISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\u2800]*$/u;
/** More nonspacing (stacking) marks in a row than one letter may carry. */
const STACKED = new RegExp(`[\\p{Mn}\\p{Me}]{${LIMITS.marksPerLetter + 1},}`, 'u');

/** A name's refusals, each with its code (src/class/refusals.ts), found again by their words. */
const NAME_PROBLEMS = {
  nameText: problem('nameText'),
  nameLong: problem('nameLong', { max: LIMITS.nameChars }),
  nameLine: problem('nameLine'),
  nameInvisible: problem('nameInvisible'),
  nameMarks: problem('nameMarks', { max: LIMITS.marksPerLetter }),
} satisfies Partial<Record<RefusalCode, Problem>>;
const BY_WORDS = new Map(Object.values(NAME_PROBLEMS).map((p) => [p.error, p]));

/**
 * A student's name as the board shows it: trimmed, in Unicode NFC (so "é" typed two ways is
 * one name), on one line, with something visible, at most `marksPerLetter` accents stacked.
 */
export const NameText = v.pipe(
  v.string(NAME_PROBLEMS.nameText.error),
  v.trim(),
  v.transform((s) => s.normalize('NFC')),
  v.maxLength(LIMITS.nameChars, NAME_PROBLEMS.nameLong.error),
  // Control characters and line breaks have no place in a name shown to the room.
  v.regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, NAME_PROBLEMS.nameLine.error),
  v.check((s) => s === '' || !INVISIBLE.test(s), NAME_PROBLEMS.nameInvisible.error),
  // Counted decomposed: "á" with two more accents is three on one letter.
  v.check((s) => !STACKED.test(s.normalize('NFD')), NAME_PROBLEMS.nameMarks.error),
);

/** POST /api/classes/:code/students — a student joins, named or anonymous. */
export const JoinBody = v.strictObject({ name: v.optional(NameText) }, 'only name may be sent');

/** PUT /api/classes/:code/size — the teacher sets how many students may join. */
export const SizeBody = v.strictObject(
  {
    size: v.pipe(
      v.number('size must be a number'),
      v.integer('size must be a whole number'),
      v.minValue(1, 'size must be at least 1'),
      v.maxValue(LIMITS.students, `size must be at most ${LIMITS.students}`),
    ),
  },
  'only size may be sent',
);

/**
 * POST /api/classes/:code/remove — the teacher removes students with their answers: these
 * (up to 100), everyone who joined from one address (which may then join no more), or everyone
 * who joined at or after a time (a flood that just arrived).
 */
export const RemoveBody = v.union(
  [
    v.strictObject({
      studentIds: v.pipe(
        v.array(v.pipe(v.string(), v.maxLength(64))),
        v.minLength(1, 'name at least one student'),
        v.maxLength(100, 'at most 100 students at once: remove by address or by time'),
      ),
    }),
    v.strictObject({ address: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) }),
    v.strictObject({ joinedAfter: v.pipe(v.string(), v.isoTimestamp('joinedAfter: an ISO time')) }),
  ],
  'send { studentIds }, { address } or { joinedAfter }',
);
export type Removal = v.InferOutput<typeof RemoveBody>;

/** PUT /api/classes/:code/answers/:step — a number, several (in the step's order), or a sketched curve. */
export const AnswerBody = v.union(
  [
    v.strictObject({ value: finite('value') }, 'send { value } or { sketch }'),
    v.strictObject(
      {
        values: v.pipe(
          v.array(finite('each value'), 'values must be a list of numbers'),
          v.minLength(2, 'values must hold at least 2 numbers (one is { value })'),
          v.maxLength(LIMITS.values, `values holds at most ${LIMITS.values} numbers`),
        ),
      },
      'send { values }',
    ),
    v.strictObject(
      {
        sketch: v.pipe(
          v.array(point, 'sketch must be a list of [x, y] points'),
          v.minLength(2, 'a sketch needs at least 2 points'),
          v.maxLength(LIMITS.sketchPoints, `a sketch has at most ${LIMITS.sketchPoints} points`),
        ),
      },
      'send { value } or { sketch }',
    ),
  ],
  'send { value: number }, { values: [number, …] } or { sketch: [[x, y], …] }',
);
export type AnswerInput = v.InferOutput<typeof AnswerBody>;

/** Text shown to the room: one line, no control characters (PostgreSQL's jsonb takes no U+0000). */
const plainText = (what: string, max: number) =>
  v.pipe(
    v.string(`${what} must be text`),
    v.maxLength(max, `${what} is too long`),
    v.regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, `${what} must be plain text on one line`),
  );

/** An interval: two finite numbers, the low one first. */
const interval = v.nullable(
  v.pipe(
    v.strictTuple([finite('interval low'), finite('interval high')]),
    v.check(([low, high]) => low <= high, 'low must not be above high'),
  ),
);

/** One number of a step that asks several, at reveal: the model's and the paper's. */
const RevealItem = v.strictObject(
  {
    label: plainText('label', 200),
    unit: plainText('unit', 20),
    model: v.nullable(finite('model')),
    paper: v.nullable(finite('paper')),
    interval,
  },
  'a reveal item has unknown fields',
);

/** What the teacher's page shows the room at reveal: computed by the app from the model. */
export const RevealBody = v.strictObject(
  {
    label: plainText('label', 200),
    unit: plainText('unit', 20),
    model: v.nullable(finite('model')),
    paper: v.nullable(finite('paper')),
    interval,
    curve: v.optional(v.pipe(v.array(point), v.maxLength(400, 'curve has too many points'))),
    paperPoints: v.optional(v.pipe(v.array(point), v.maxLength(50, 'too many paper points'))),
    /** A step that asks several numbers: each, in the step's order. */
    items: v.optional(
      v.pipe(v.array(RevealItem), v.maxLength(LIMITS.values, 'too many reveal items')),
    ),
  },
  'reveal has unknown fields',
);
export type Reveal = v.InferOutput<typeof RevealBody>;

const stepNumber = v.pipe(
  v.number('step must be a number'),
  v.integer('step must be a whole number'),
  v.minValue(1, 'step must be at least 1'),
  v.maxValue(LIMITS.steps, `step must be at most ${LIMITS.steps}`),
);

/** POST /api/classes/:code/control — the teacher moves the class (teacher key required). */
export const ControlBody = v.variant(
  'action',
  [
    v.strictObject({ action: v.literal('goto'), step: stepNumber }),
    v.strictObject({ action: v.literal('lock') }),
    v.strictObject({ action: v.literal('unlock') }),
    // The step it was computed for: a reveal that arrives after the class moved on is a 409.
    v.strictObject({ action: v.literal('reveal'), step: stepNumber, reveal: RevealBody }),
    v.strictObject({ action: v.literal('hide') }),
    // Every student's page shows "Paused by your teacher" and takes no answer until resumed.
    v.strictObject({ action: v.literal('pause') }),
    v.strictObject({ action: v.literal('resume') }),
    // How the board shows the room (kept with the class, so a second teacher tab agrees).
    v.strictObject({
      action: v.literal('board'),
      anonymise: v.boolean('anonymise must be true or false'),
      minAnswers: v.pipe(
        v.number('minAnswers must be a number'),
        v.integer('minAnswers must be a whole number'),
        v.minValue(0, 'minAnswers must be at least 0'),
        v.maxValue(LIMITS.students, `minAnswers must be at most ${LIMITS.students}`),
      ),
    }),
    // Homework: students go at their own pace from opensAt until closesAt (ISO times).
    // (closesAt after opensAt is checked by the server: a 400 with a sentence.)
    v.strictObject({
      action: v.literal('homework'),
      opensAt: v.pipe(v.string(), v.isoTimestamp('opensAt: an ISO time')),
      closesAt: v.pipe(v.string(), v.isoTimestamp('closesAt: an ISO time')),
    }),
    // The teacher ends the homework early: it closes now (the server's clock), answers kept.
    v.strictObject({ action: v.literal('end-homework') }),
  ],
  'action must be goto, lock, unlock, reveal, hide, pause, resume, board, homework or end-homework',
);
export type Control = v.InferOutput<typeof ControlBody>;

/** Where the class is: open for answers, locked, or revealed (locked, with the answer shown). */
export type Phase = 'open' | 'locked' | 'revealed';

/** The class as everyone may see it (GET /api/classes/:code, event `state`). */
export interface ClassState {
  code: string;
  lessonId: string;
  /** 1-based step of the lesson the class is on. */
  step: number;
  phase: Phase;
  /** Present once the teacher revealed this step. */
  reveal: Reveal | null;
  /** Present (true) while the teacher paused every screen. */
  paused?: true;
  /** Present once the teacher set how the board shows the room (BOARD_DEFAULTS until then). */
  board?: BoardSettings;
  /** Present in homework mode: each student on their own step, answers taken in this period. */
  homework?: Homework;
}

/** How the teacher's board shows the room. */
export interface BoardSettings {
  /** Names shown as "Student 7" (numbered in the order they joined). */
  anonymise: boolean;
  /** The room's distribution is drawn only once this many answered the step. */
  minAnswers: number;
}
export const BOARD_DEFAULTS: BoardSettings = { anonymise: false, minAnswers: 5 };

/** A lesson opened as homework: answers are taken from opensAt until closesAt (ISO times). */
export interface Homework {
  opensAt: string;
  closesAt: string;
}

/** One student's answer to one step (teacher only: event `answer`, GET …/answers). */
export interface Answer {
  studentId: string;
  name: string | null;
  step: number;
  value: number | null;
  /** The numbers of a step that asks several, in its order. */
  values: number[] | null;
  sketch: [number, number][] | null;
  /** ISO time of the last change. */
  updatedAt: string;
}

export interface Student {
  studentId: string;
  name: string | null;
}

/** A student as the teacher's board sees them: when they joined, and from which address. */
export interface Seat extends Student {
  /** ISO time the server seated them. */
  joinedAt: string;
  /** The network address they joined from (a room behind one NAT shares one). */
  address: string;
  /** The furthest step they reached on their own (homework mode); 1 until then. */
  reached?: number;
}

/** Response of POST /api/classes: keep `teacherKey` secret; `code` is for the room. */
export interface CreatedClass {
  code: string;
  teacherKey: string;
  /** The address students open, for this server's host as the teacher reached it. */
  joinUrl: string;
  /** The join address as an SVG QR code. */
  qrSvg: string;
}

export interface Joined {
  studentId: string;
  /** The student's secret for their own answers (Authorization: Bearer …). */
  token: string;
}

/** The teacher's stream starts with this, and sends it again after every reconnect. */
export interface TeacherSnapshot {
  state: ClassState;
  students: Seat[];
  answers: Answer[];
  /** Whether answers are being saved (absent from a server before the health line). */
  health?: StoreHealth;
  /** How many may join (the teacher sets it; LIMITS.classSize at first). */
  size: number;
}

/**
 * Whether the server can save answers (event `health`, GET /api/health): `problem` is null,
 * or the sentence every refused request also carries (503), e.g. "The class store is full;
 * answers are not being saved."
 */
export interface StoreHealth {
  problem: string | null;
  /** The problem's code (refusals.ts: storeFull, storeDisc, storeReach). */
  code?: RefusalCode;
}

/**
 * Every error response: one sentence a person can act on (`error`, English), its stable code
 * and the values the sentence uses (src/class/refusals.ts), which a page shows in its language.
 */
export type ApiError = Problem;

/**
 * Server-Sent Events: `state` (ClassState) on every stream; the teacher's stream adds
 * `snapshot` (TeacherSnapshot) first, then `student` (Seat), `answer` (Answer), `size`
 * ({ size }), `removed` ({ studentIds }) and `health` (StoreHealth, when the store fails or
 * recovers). A student's own stream gets `removed` when the teacher removes them, and then ends.
 */
export type EventName = 'state' | 'snapshot' | 'student' | 'answer' | 'size' | 'removed' | 'health';

/**
 * The valibot issues of a rejected body as one line, the most specific one: a name's refusal
 * with its code, any other (a request no page makes) as `invalid`.
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): Problem {
  const words = issueWords(issues);
  return BY_WORDS.get(words) ?? problem('invalid', { detail: words });
}

function issueWords(issues: readonly v.BaseIssue<unknown>[]): string {
  // A union reports its branches' issues inside its own: the deepest path says most.
  const leaves = (list: readonly v.BaseIssue<unknown>[]): v.BaseIssue<unknown>[] =>
    list.flatMap((i) => (i.issues?.length ? leaves(i.issues) : [i]));
  const all = leaves(issues);
  // Of equally deep ones, a wrong value says more than a branch's missing or unknown key.
  const rank = (i: v.BaseIssue<unknown>) =>
    (i.path?.length ?? 0) * 2 + (i.type === 'strict_object' ? 0 : 1);
  const first = all.reduce<v.BaseIssue<unknown> | undefined>(
    (best, i) => (!best || rank(i) > rank(best) ? i : best),
    undefined,
  );
  if (!first) return 'the request is not valid';
  const where = first.path?.map((p) => String(p.key)).join('.') ?? '';
  return where && !first.message.startsWith(where) ? `${where}: ${first.message}` : first.message;
}
