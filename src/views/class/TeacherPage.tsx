import { useEffect, useMemo, useRef, useState } from 'react';
import { MachineAtlasPanel } from './MachineAtlasPanel';
import { classApi, recall } from '../../class/client';
import {
  BOARD_DEFAULTS,
  type Answer,
  type ClassState,
  type Control,
  type CreatedClass,
  type Seat,
} from '../../class/protocol';
import { SketchPlot, StripPlot, type Curve } from '../../charts/ClassPlots';
import type { View } from '../../scenario';
import type { Lesson } from '../../scenario/lessonShape';
import { classHash } from '../../state/classLink';
import { lessonHash } from '../../state/lessonLink';
import type { LessonHost } from '../lesson/host';
import { BOARD_KEYS, boardIntent, type BoardIntent } from './boardKeys';
import { BoardSettingsForm, HomeworkForm } from './forms';
import { EndHomework, HomeworkBoard, homeworkStatus } from './Homework';
import { computeReveal } from './reveal';
import { Roster } from './Roster';
import { answerKey, useLesson, useRoom, type Room } from './useClass';

/**
 * Stable "Student 7" labels: numbered in the order the board first saw each student (their
 * join order), kept while the page is open, so a removal renumbers no one; the students' own
 * names when the board does not anonymise.
 */
function useStudentNames(room: Room): (s: { studentId: string; name: string | null }) => string {
  const numbers = useRef(new Map<string, number>());
  const students: Seat[] = [...room.students.values()];
  for (const s of students.sort((a, b) => a.joinedAt.localeCompare(b.joinedAt)))
    if (!numbers.current.has(s.studentId))
      numbers.current.set(s.studentId, numbers.current.size + 1);
  const anonymise = (room.state?.board ?? BOARD_DEFAULTS).anonymise;
  return (s) =>
    anonymise ? `Student ${numbers.current.get(s.studentId) ?? 0}` : (s.name ?? 'anonymous');
}

const PHASE_WORDS = {
  open: 'Answers open',
  locked: 'Answers locked',
  revealed: 'Answer revealed',
} as const;

/**
 * The teacher's view of a class, made for the projector: the step and its question, how to
 * join (address, code, QR), who joined and how many answered, the room's predictions as they
 * arrive, and the controls — lock, reveal (the model's value and the paper's on the room's
 * distribution), move everyone to the next step, export the answers.
 */
export function TeacherPage({
  code,
  view,
  host,
}: {
  code: string;
  view: View | undefined;
  host: LessonHost;
}) {
  const created = useMemo(() => recall<CreatedClass>('teacher', code), [code]);
  const room = useRoom(code, created ? { key: created.teacherKey } : null);
  const lesson = useLesson(room.state?.lessonId);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { setAwaiting, held, runRef } = useControlQueue(room.state, busy);
  const nameOf = useStudentNames(room);
  if (!created || room.problem || !room.state || !lesson)
    return <NoBoard code={code} held={!!created} problem={room.problem} />;

  const state = room.state;
  const n = state.step;
  const step = lesson.steps[n - 1];
  const answer = step?.answer;
  const students = [...room.students.values()];
  const settings = state.board ?? BOARD_DEFAULTS;
  const { act, revealNow, pauseOrResume, endHomework, run } = boardActions({
    ...{ code, view, host, state, lesson, setBusy, setError, setAwaiting },
    teacherKey: created.teacherKey,
  });
  runRef.current = run;
  return (
    <main
      id="main"
      className="class-page class-teacher"
      data-testid="class-teacher"
      data-phase={state.phase}
      data-step={n}
      data-held={held ? 'true' : undefined}
    >
      <BoardHead lesson={lesson} state={state} room={room} />
      {state.homework && (
        <HomeworkBoard
          homework={state.homework}
          lesson={lesson}
          students={students}
          answers={room.answers}
          nameOf={nameOf}
          minAnswers={settings.minAnswers}
        />
      )}
      <div className="class-board">
        <JoinPanel code={code} created={created} joined={students.length} />
        <AnswersPanel
          step={step}
          answers={students.flatMap((s) => room.answers.get(answerKey(s.studentId, n)) ?? [])}
          joined={students.length}
          minAnswers={settings.minAnswers}
          reveal={state.phase === 'revealed' ? state.reveal : null}
        />
      </div>
      <ControlButtons
        {...{ code, view, state, held, busy, act, revealNow, pauseOrResume }}
        hasAnswer={!!answer}
        last={lesson.steps.length}
        endHomework={endHomework}
      />
      <ExportBar
        {...{ code, view, n, setError }}
        teacherKey={created.teacherKey}
        lessonId={lesson.id}
      />
      <BoardSettingsForm
        key={`${settings.anonymise}-${settings.minAnswers}`}
        settings={settings}
        onSave={(next) => act('board', async () => ({ action: 'board', ...next }))}
      />
      {!state.homework && (
        <HomeworkForm onOpen={(h) => act('homework', async () => ({ action: 'homework', ...h }))} />
      )}
      <KeysTable />
      {error && (
        <p className="error-box" role="alert" data-testid="class-error">
          {error}
        </p>
      )}
      <Roster
        code={code}
        teacherKey={created.teacherKey}
        students={students}
        nameOf={nameOf}
        size={room.size}
        answered={(id) => room.answers.has(answerKey(id, n))}
      />
      <MachineAtlasPanel code={code} teacherKey={created.teacherKey} />
    </main>
  );
}

type Phase = Pick<ClassState, 'step' | 'phase' | 'paused'>;

/**
 * The board's keys and clicker presses, in order: one made while a request is in flight (or
 * before the board shows what the last one did) waits in a queue and is applied after, never
 * dropped. `held` is true while a press would not yet be taken; the page sets `runRef` to its
 * latest runner and `setAwaiting` to the state the server answered a control with.
 */
function useControlQueue(shown: ClassState | null, busy: string | null) {
  // The state the server answered a control with, until the room's stream shows it: a press
  // made before then would act on the step the board still shows (Next twice would land on
  // the same step), so the controls wait for it. A second teacher tab moving the class, or a
  // stream that never says it, frees them after a few seconds all the same.
  const [awaiting, setAwaiting] = useState<Phase | null>(null);
  const caughtUp =
    awaiting === null ||
    (shown !== null &&
      shown.step === awaiting.step &&
      shown.phase === awaiting.phase &&
      !!shown.paused === !!awaiting.paused);
  const queue = useRef<BoardIntent[]>([]);
  const [queued, setQueued] = useState(0);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const intent = boardIntent(e);
      if (!intent) return;
      e.preventDefault();
      queue.current.push(intent);
      setQueued((q) => q + 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  // The latest runner (set once the class is shown): the queue is taken in order, one press
  // at a time, each once the board shows what the one before did.
  const runRef = useRef<((intent: BoardIntent) => Promise<void>) | null>(null);
  /** A press is taken only once the board shows what the last one did. */
  const held = busy !== null || !caughtUp;
  useEffect(() => {
    const run = runRef.current;
    if (held || !run || queue.current.length === 0) return;
    const intent = queue.current.shift()!;
    void run(intent).finally(() => setQueued((q) => q + 1));
  }, [queued, held, shown]);
  useEffect(() => {
    if (awaiting === null) return;
    if (caughtUp) {
      setAwaiting(null);
      return;
    }
    const id = setTimeout(() => setAwaiting(null), 3_000);
    return () => clearTimeout(id);
  }, [awaiting, caughtUp]);
  return { setAwaiting, held, runRef };
}

/** The controls the board's buttons and keys press, each sent to the server as `act` does. */
function boardActions({
  code,
  teacherKey,
  view,
  host,
  state,
  lesson,
  setBusy,
  setError,
  setAwaiting,
}: {
  code: string;
  teacherKey: string;
  view: View | undefined;
  host: LessonHost;
  state: ClassState;
  lesson: Lesson;
  setBusy: (label: string | null) => void;
  setError: (error: string | null) => void;
  setAwaiting: (shown: Phase) => void;
}) {
  const n = state.step;
  const step = lesson.steps[n - 1];
  const answer = step?.answer;
  const act = async (label: string, control: () => Promise<Control>) => {
    setBusy(label);
    setError(null);
    try {
      const next = await classApi.control(code, teacherKey, await control());
      setAwaiting({ step: next.step, phase: next.phase, paused: next.paused });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  const revealNow = () =>
    act('reveal', async () => {
      if (!answer || !step) return { action: 'lock' };
      const parsed = host.parse(step.scenario);
      if (!parsed.scenario) throw new Error(`This step’s link cannot be read.`);
      // Bound to this step: if another tab moved the class on meanwhile, the server says so.
      return {
        action: 'reveal',
        step: n,
        reveal: await computeReveal(answer, parsed.scenario, step.asks),
      };
    });
  const lockOrOpen = () =>
    state.phase === 'open'
      ? act('lock', async () => ({ action: 'lock' }))
      : state.phase === 'locked'
        ? act('unlock', async () => ({ action: 'unlock' }))
        : Promise.resolve();
  const pauseOrResume = () =>
    act('pause', async () => ({ action: state.paused ? 'resume' : 'pause' }));
  // In homework the board's step is the teacher's own view: students are each on theirs.
  const run = (intent: BoardIntent): Promise<void> => {
    switch (intent) {
      case 'next':
        return n < lesson.steps.length
          ? act('goto', async () => ({ action: 'goto', step: n + 1 }))
          : Promise.resolve();
      case 'previous':
        return n > 1
          ? act('goto', async () => ({ action: 'goto', step: n - 1 }))
          : Promise.resolve();
      case 'reveal':
        return state.phase !== 'revealed' && answer ? revealNow() : Promise.resolve();
      case 'lock':
        return lockOrOpen();
      case 'pause':
        return pauseOrResume();
      case 'projector-on':
      case 'projector-off':
        if ((intent === 'projector-on') !== (view === 'projector'))
          window.location.hash = projectorHash(code, intent === 'projector-on');
        return Promise.resolve();
    }
  };
  const endHomework =
    state.homework && homeworkStatus(state.homework) !== 'closed'
      ? () => act('end-homework', async () => ({ action: 'end-homework' }))
      : null;
  return { act, revealNow, pauseOrResume, endHomework, run };
}

/** The exports of the answers, and the step's model in a new tab. */
function ExportBar({
  code,
  teacherKey,
  view,
  lessonId,
  n,
  setError,
}: {
  code: string;
  teacherKey: string;
  view: View | undefined;
  lessonId: string;
  n: number;
  setError: (error: string | null) => void;
}) {
  const download = (format: ExportFormat) => {
    setError(null);
    downloadExport(code, teacherKey, format).catch((e: unknown) =>
      setError(e instanceof Error ? e.message : String(e)),
    );
  };
  return (
    <div className="class-more" role="group" aria-label="Exports and settings">
      <button type="button" onClick={() => download('csv')} data-testid="class-export-csv">
        Export CSV
      </button>
      <button type="button" onClick={() => download('json')} data-testid="class-export-json">
        Export JSON
      </button>
      <button type="button" onClick={() => download('summary')} data-testid="class-export-summary">
        Export per-step summary
      </button>
      <a href={lessonHash(lessonId, n, { view })} target="_blank" rel="noopener">
        This step’s model <span aria-hidden="true">↗</span>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

const projectorHash = (code: string, on: boolean) =>
  classHash(code, 'teacher', on ? 'projector' : undefined);

type ExportFormat = 'csv' | 'json' | 'summary';

/** Saves the class's answers (or the per-step summary) as a file. */
async function downloadExport(code: string, teacherKey: string, format: ExportFormat) {
  const text = await classApi.exportText(code, teacherKey, format);
  const url = URL.createObjectURL(
    new Blob([text], { type: format === 'json' ? 'application/json' : 'text/csv' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download =
    format === 'summary'
      ? `latency-lab-class-${code}-summary.csv`
      : `latency-lab-class-${code}.${format}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The page before the board: no teacher's key here, a problem, or still connecting. */
function NoBoard({ code, held, problem }: { code: string; held: boolean; problem: string | null }) {
  if (!held)
    return (
      <main id="main" className="class-page" data-testid="class-teacher">
        <h1>Class {code}</h1>
        <p className="error-box" role="alert">
          This browser does not hold the teacher’s key of class {code}. Open the class from the
          browser that started it, or start a new class from a lesson.
        </p>
        <p>
          <a href={classHash(code, 'student')}>Join as a student instead</a>
        </p>
      </main>
    );
  return (
    <main id="main" className="class-page" aria-busy={!problem} data-testid="class-teacher">
      <h1>Class {code}</h1>
      {problem ? (
        <p className="error-box" role="alert">
          {problem}
        </p>
      ) : (
        <p>Connecting to the class server…</p>
      )}
    </main>
  );
}

/** The lesson, step and phase, the store's health, the pause, and the step's question. */
function BoardHead({
  lesson,
  state,
  room: { reconnecting, storeProblem },
}: {
  lesson: Lesson;
  state: ClassState;
  room: Room;
}) {
  const step = lesson.steps[state.step - 1];
  return (
    <header className="class-head">
      <p className="lesson-progress">
        {lesson.title} · step {state.step} of {lesson.steps.length} ·{' '}
        <span data-testid="class-phase">{PHASE_WORDS[state.phase]}</span>
        {reconnecting && (
          <span className="class-reconnecting" role="status">
            {' '}
            · reconnecting…
          </span>
        )}
      </p>
      {storeProblem ? (
        <p className="error-box" role="alert" data-testid="class-health">
          {storeProblem}
        </p>
      ) : (
        <p className="class-health" data-testid="class-health">
          Answers are being saved.
        </p>
      )}
      {state.paused && (
        <p className="class-paused" role="status" data-testid="class-paused">
          Every screen is paused: press B (or the clicker’s blank button) to resume.
        </p>
      )}
      <h1>{step?.title}</h1>
      <p className="lesson-question">
        <span className="lesson-question-label">Question for the class:</span> {step?.question}
      </p>
    </header>
  );
}

/** How to join: the QR code, the address, the class code, and how many joined. */
function JoinPanel({
  code,
  created,
  joined,
}: {
  code: string;
  created: CreatedClass;
  joined: number;
}) {
  return (
    <section className="class-join" aria-label="How to join">
      {created.qrSvg && (
        <img
          className="class-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(created.qrSvg)}`}
          alt={`QR code of ${created.joinUrl}`}
          width={180}
          height={180}
        />
      )}
      <p>
        Join at <strong className="class-url">{created.joinUrl}</strong>
      </p>
      <p>
        Class code <strong className="class-code">{code}</strong>
      </p>
      <p data-testid="class-joined">
        <strong>{joined}</strong> joined
      </p>
    </section>
  );
}

type Step = Lesson['steps'][number];
type Reveal = NonNullable<ClassState['reveal']>;

/** The room's answers to the step, from the minimum count on, and the reveal over them. */
function AnswersPanel({
  step,
  answers,
  joined,
  minAnswers,
  reveal,
}: {
  step: Step | undefined;
  answers: Answer[];
  joined: number;
  minAnswers: number;
  reveal: Reveal | null;
}) {
  const answer = step?.answer;
  // The room's distribution only from the minimum count: a few answers would show who said what.
  const enough = answers.length >= minAnswers;
  const values = enough ? answers.flatMap((a) => (a.value === null ? [] : [a.value])) : [];
  const curves: Curve[] = [
    ...(enough ? answers : []).flatMap((a): Curve[] =>
      a.sketch ? [{ kind: 'class', points: a.sketch }] : [],
    ),
    ...(reveal?.curve ? [{ kind: 'model' as const, points: reveal.curve }] : []),
    ...(reveal?.paperPoints?.length
      ? [{ kind: 'paper' as const, points: reveal.paperPoints }]
      : []),
  ];
  return (
    <section className="class-answers" aria-label="The class’s answers" aria-live="polite">
      {answer ? (
        <>
          <h2>
            <span data-testid="class-answered">{answers.length}</span> of {joined} answered:{' '}
            {answer.label}
            {answer.kind === 'number' && answer.unit ? ` (${answer.unit})` : ''}
          </h2>
          {!enough && (
            <p className="calm-note" data-testid="class-min-count">
              {answers.length} of {minAnswers} answers before the distribution shows.
            </p>
          )}
          {answer.kind === 'numbers' ? (
            (step?.asks ?? []).map((ask, i) => (
              <NumbersItem
                key={ask.label}
                ask={ask}
                i={i}
                item={reveal?.items?.[i] ?? null}
                values={
                  enough
                    ? answers.flatMap((a) =>
                        typeof a.values?.[i] === 'number' ? [a.values[i]!] : [],
                      )
                    : []
                }
              />
            ))
          ) : answer.kind === 'number' ? (
            <StripPlot
              values={values}
              unit={answer.unit}
              label={answer.label}
              marks={{
                model: reveal?.model ?? null,
                paper: reveal?.paper ?? null,
                interval: reveal?.interval ?? null,
              }}
              testId="class-strip"
            />
          ) : (
            <SketchPlot
              x={answer.x}
              y={answer.y}
              curves={curves}
              label={`${answers.length} sketches of ${answer.label}`}
              testId="class-sketches"
            />
          )}
          {reveal && answer.kind !== 'numbers' && <RevealWords reveal={reveal} values={values} />}
        </>
      ) : (
        <p className="calm-note">This step collects no answer: discuss it with the class.</p>
      )}
    </section>
  );
}

/** One quantity of a several-numbers question: the room's strip and its reveal. */
function NumbersItem({
  ask,
  i,
  item,
  values,
}: {
  ask: NonNullable<Step['asks']>[number];
  i: number;
  item: NonNullable<Reveal['items']>[number] | null;
  values: number[];
}) {
  return (
    <div className="class-numbers-item">
      <h3>
        {ask.label}
        {ask.unit ? ` (${ask.unit})` : ''}
      </h3>
      <StripPlot
        values={values}
        unit={ask.unit}
        label={ask.label}
        marks={{
          model: item?.model ?? null,
          paper: item?.paper ?? null,
          interval: item?.interval ?? null,
        }}
        testId={i === 0 ? 'class-strip' : `class-strip-${i + 1}`}
      />
      {item && <RevealWords reveal={item} values={values} />}
    </div>
  );
}

/** Previous, lock or unlock, reveal or hide, next, pause, and the projector view. */
function ControlButtons({
  code,
  view,
  state,
  last,
  hasAnswer,
  held,
  busy,
  act,
  revealNow,
  pauseOrResume,
  endHomework,
}: {
  code: string;
  view: View | undefined;
  state: ClassState;
  last: number;
  /** Homework open: end it now (asked once more). */
  endHomework: (() => Promise<void>) | null;
  hasAnswer: boolean;
  held: boolean;
  busy: string | null;
  act: (label: string, control: () => Promise<Control>) => Promise<void>;
  revealNow: () => Promise<void>;
  pauseOrResume: () => Promise<void>;
}) {
  const n = state.step;
  return (
    <div className="class-controls" role="group" aria-label="Class controls">
      <button
        type="button"
        disabled={n <= 1 || held}
        onClick={() => void act('goto', async () => ({ action: 'goto', step: n - 1 }))}
      >
        ← Previous step
      </button>
      <LockButton phase={state.phase} held={held} act={act} />
      {state.phase === 'revealed' ? (
        <button
          type="button"
          disabled={held}
          onClick={() => void act('hide', async () => ({ action: 'hide' }))}
        >
          Hide the answer
        </button>
      ) : (
        <button
          type="button"
          className="lesson-reveal"
          disabled={held || !hasAnswer}
          onClick={() => void revealNow()}
          data-testid="class-reveal"
        >
          {busy === 'reveal' ? 'Computing…' : 'Reveal the answer'}
        </button>
      )}
      <button
        type="button"
        disabled={n >= last || held}
        onClick={() => void act('goto', async () => ({ action: 'goto', step: n + 1 }))}
        data-testid="class-next"
      >
        Next step →
      </button>
      <button
        type="button"
        aria-pressed={!!state.paused}
        disabled={held}
        onClick={() => void pauseOrResume()}
        data-testid="class-pause"
      >
        {state.paused ? 'Resume screens' : 'Pause all screens'}
      </button>
      <button
        type="button"
        aria-pressed={view === 'projector'}
        onClick={() => (window.location.hash = projectorHash(code, view !== 'projector'))}
        data-testid="class-projector"
      >
        Projector
      </button>
      {endHomework && <EndHomework onEnd={endHomework} />}
    </div>
  );
}

/** Lock the answers, or open them again (not while revealed). */
function LockButton({
  phase,
  held,
  act,
}: {
  phase: ClassState['phase'];
  held: boolean;
  act: (label: string, control: () => Promise<Control>) => Promise<void>;
}) {
  const lock = phase === 'open';
  return (
    <button
      type="button"
      disabled={held || phase === 'revealed'}
      onClick={() =>
        void act(lock ? 'lock' : 'unlock', async () => ({ action: lock ? 'lock' : 'unlock' }))
      }
      data-testid={lock ? 'class-lock' : undefined}
    >
      {lock ? 'Lock answers' : 'Unlock answers'}
    </button>
  );
}

/** The board's keys and the clicker's buttons. */
function KeysTable() {
  return (
    <details className="class-keys" data-testid="class-keys">
      <summary>Keys and clicker</summary>
      <p className="calm-note">Not while typing in a box.</p>
      <table className="shortcuts-table">
        <tbody>
          {BOARD_KEYS.map((k) => (
            <tr key={k.what}>
              <th scope="row">
                {k.keys.map((combo, i) => (
                  <span key={combo.join('+')}>
                    {i > 0 && ' or '}
                    {combo.map((key, j) => (
                      <span key={key}>
                        {j > 0 && '+'}
                        <kbd>{key}</kbd>
                      </span>
                    ))}
                  </span>
                ))}
              </th>
              <td>{k.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

const fmt = (v: number) => `${+v.toPrecision(3)}`;

/** The reveal in words: the model, its interval, the paper, and where the room stood. */
function RevealWords({ reveal, values }: { reveal: Reveal; values: number[] }) {
  const u = reveal.unit ? ` ${reveal.unit}` : '';
  if (reveal.model === null)
    return (
      <p className="class-reveal-words" data-testid="class-reveal-words">
        The model’s curve is drawn in black
        {reveal.paperPoints?.length ? ', the paper’s measurements as dots' : ''}.
      </p>
    );
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : null;
  const iv = reveal.interval;
  const inside = iv ? values.filter((v) => v >= iv[0] && v <= iv[1]).length : null;
  return (
    <p className="class-reveal-words" data-testid="class-reveal-words">
      The model predicts{' '}
      <strong>
        {fmt(reveal.model)}
        {u}
      </strong>
      {iv ? ` (${fmt(iv[0])} to ${fmt(iv[1])}${u})` : ''}; the paper measured{' '}
      <strong>
        {reveal.paper === null ? 'nothing here — a prediction' : `${fmt(reveal.paper)}${u}`}
      </strong>
      .{median !== null && ` The class’s median guess: ${fmt(median)}${u}.`}
      {inside !== null &&
        values.length > 0 &&
        ` ${inside} of ${values.length} guesses fall inside the model’s interval.`}
    </p>
  );
}
