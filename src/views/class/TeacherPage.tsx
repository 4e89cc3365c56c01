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
import '../../i18n/parts/class';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/LangContext';
import { ClassProblem, problem, problemOf, type Problem } from '../../class/refusals';
import { said, sig } from './words';

/**
 * Stable "Student 7" labels: numbered in the order the board first saw each student (their
 * join order), kept while the page is open, so a removal renumbers no one; the students' own
 * names when the board does not anonymise.
 */
function useStudentNames(room: Room): (s: { studentId: string; name: string | null }) => string {
  const t = useT();
  const numbers = useRef(new Map<string, number>());
  const students: Seat[] = [...room.students.values()];
  for (const s of students.sort((a, b) => a.joinedAt.localeCompare(b.joinedAt)))
    if (!numbers.current.has(s.studentId))
      numbers.current.set(s.studentId, numbers.current.size + 1);
  const anonymise = (room.state?.board ?? BOARD_DEFAULTS).anonymise;
  return (s) =>
    anonymise
      ? t('class.student', { n: numbers.current.get(s.studentId) ?? 0 })
      : (s.name ?? t('class.anonymous'));
}

const PHASE_WORDS: Record<ClassState['phase'], MessageId> = {
  open: 'class.phase.open',
  locked: 'class.phase.locked',
  revealed: 'class.phase.revealed',
};

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
  const [error, setError] = useState<Problem | null>(null);
  const { setAwaiting, held, runRef } = useControlQueue(room.state, busy);
  const nameOf = useStudentNames(room);
  if (!created || room.problem || !room.state || !lesson)
    return <NoBoard code={code} held={!!created} why={room.problem} />;

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
      {error && <ErrorBox error={error} />}
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
  setError: (error: Problem | null) => void;
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
      setError(problemOf(e));
    } finally {
      setBusy(null);
    }
  };
  const revealNow = () =>
    act('reveal', async () => {
      if (!answer || !step) return { action: 'lock' };
      const parsed = host.parse(step.scenario);
      if (!parsed.scenario) throw new ClassProblem(problem('badLink'));
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

/**
 * The exports of the answers, and the step's model in a new tab. The files' column names stay
 * English in every language, by decision (docs/class-mode.md): they are data for a spreadsheet
 * or a script, not the page's words; the buttons and any error are in the page's language.
 */
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
  setError: (error: Problem | null) => void;
}) {
  const t = useT();
  const download = (format: ExportFormat) => {
    setError(null);
    downloadExport(code, teacherKey, format).catch((e: unknown) => setError(problemOf(e)));
  };
  return (
    <div className="class-more" role="group" aria-label={t('class.exports')}>
      <button type="button" onClick={() => download('csv')} data-testid="class-export-csv">
        {t('class.exportCsv')}
      </button>
      <button type="button" onClick={() => download('json')} data-testid="class-export-json">
        {t('class.exportJson')}
      </button>
      <button type="button" onClick={() => download('summary')} data-testid="class-export-summary">
        {t('class.exportSummary')}
      </button>
      <a href={lessonHash(lessonId, n, { view })} target="_blank" rel="noopener">
        {t('class.stepModel')} <span aria-hidden="true">↗</span>
        <span className="visually-hidden"> {t('shell.newTab')}</span>
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
function NoBoard({ code, held, why }: { code: string; held: boolean; why: Problem | null }) {
  const t = useT();
  if (!held)
    return (
      <main id="main" className="class-page" data-testid="class-teacher">
        <h1>{t('class.title', { code })}</h1>
        <p className="error-box" role="alert">
          {t('class.noKey', { code })}
        </p>
        <p>
          <a href={classHash(code, 'student')}>{t('class.joinInstead')}</a>
        </p>
      </main>
    );
  return (
    <main id="main" className="class-page" aria-busy={!why} data-testid="class-teacher">
      <h1>{t('class.title', { code })}</h1>
      {why ? (
        <p className="error-box" role="alert">
          {said(t, why)}
        </p>
      ) : (
        <p>{t('class.connecting')}</p>
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
  const t = useT();
  const step = lesson.steps[state.step - 1];
  return (
    <header className="class-head">
      <p className="lesson-progress">
        {t('class.progress', { lesson: lesson.title, n: state.step, count: lesson.steps.length })}
        {' · '}
        <span data-testid="class-phase">{t(PHASE_WORDS[state.phase])}</span>
        {reconnecting && (
          <span className="class-reconnecting" role="status">
            {` · ${t('class.reconnecting')}`}
          </span>
        )}
      </p>
      {storeProblem ? (
        <p className="error-box" role="alert" data-testid="class-health">
          {said(t, storeProblem)}
        </p>
      ) : (
        <p className="class-health" data-testid="class-health">
          {t('class.saving')}
        </p>
      )}
      {state.paused && (
        <p className="class-paused" role="status" data-testid="class-paused">
          {t('class.paused')}
        </p>
      )}
      <h1>{step?.title}</h1>
      <p className="lesson-question">
        <span className="lesson-question-label">{t('class.questionLabel')}</span> {step?.question}
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
  const t = useT();
  return (
    <section className="class-join" aria-label={t('class.howToJoin')}>
      {created.qrSvg && (
        <img
          className="class-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(created.qrSvg)}`}
          alt={t('class.qr', { url: created.joinUrl })}
          width={180}
          height={180}
        />
      )}
      <p>
        {t.rich('class.joinAt', {
          url: <strong className="class-url">{created.joinUrl}</strong>,
        })}
      </p>
      <p>{t.rich('class.code', { code: <strong className="class-code">{code}</strong> })}</p>
      <p data-testid="class-joined">
        {t.rich('class.joined', { n: joined, b: (c) => <strong>{c}</strong> })}
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
  const t = useT();
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
    <section className="class-answers" aria-label={t('class.answersOf')} aria-live="polite">
      {answer ? (
        <>
          <h2>
            {t.rich('class.answered', {
              n: <span data-testid="class-answered">{answers.length}</span>,
              joined,
              label: answer.label,
            })}
            {answer.kind === 'number' && answer.unit ? ` (${answer.unit})` : ''}
          </h2>
          {!enough && (
            <p className="calm-note" data-testid="class-min-count">
              {t('class.minCount', { n: answers.length, min: minAnswers })}
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
              label={t('class.sketchesOf', { n: answers.length, label: answer.label })}
              testId="class-sketches"
            />
          )}
          {reveal && answer.kind !== 'numbers' && <RevealWords reveal={reveal} values={values} />}
        </>
      ) : (
        <p className="calm-note">{t('class.noAnswer')}</p>
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
  const t = useT();
  const n = state.step;
  return (
    <div className="class-controls" role="group" aria-label={t('class.controls')}>
      <button
        type="button"
        disabled={n <= 1 || held}
        onClick={() => void act('goto', async () => ({ action: 'goto', step: n - 1 }))}
      >
        {t('class.previousStep')}
      </button>
      <LockButton phase={state.phase} held={held} act={act} />
      {state.phase === 'revealed' ? (
        <button
          type="button"
          disabled={held}
          onClick={() => void act('hide', async () => ({ action: 'hide' }))}
        >
          {t('class.hide')}
        </button>
      ) : (
        <button
          type="button"
          className="lesson-reveal"
          disabled={held || !hasAnswer}
          onClick={() => void revealNow()}
          data-testid="class-reveal"
        >
          {busy === 'reveal' ? t('class.computing') : t('class.reveal')}
        </button>
      )}
      <button
        type="button"
        disabled={n >= last || held}
        onClick={() => void act('goto', async () => ({ action: 'goto', step: n + 1 }))}
        data-testid="class-next"
      >
        {t('class.nextStep')}
      </button>
      <button
        type="button"
        aria-pressed={!!state.paused}
        disabled={held}
        onClick={() => void pauseOrResume()}
        data-testid="class-pause"
      >
        {state.paused ? t('class.resume') : t('class.pause')}
      </button>
      <button
        type="button"
        aria-pressed={view === 'projector'}
        onClick={() => (window.location.hash = projectorHash(code, view !== 'projector'))}
        data-testid="class-projector"
      >
        {t('class.projector')}
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
  const t = useT();
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
      {lock ? t('class.lock') : t('class.unlock')}
    </button>
  );
}

/** The board's keys and the clicker's buttons. */
/** Key names in the page's language (the others are letters or symbols). */
const KEY_NAMES: Record<string, MessageId> = {
  'Page Down': 'class.key.pageDown',
  'Page Up': 'class.key.pageUp',
  Space: 'class.key.space',
  Shift: 'class.key.shift',
};

function KeysTable() {
  const t = useT();
  return (
    <details className="class-keys" data-testid="class-keys">
      <summary>{t('class.keys')}</summary>
      <p className="calm-note">{t('class.keysNote')}</p>
      <table className="shortcuts-table">
        <tbody>
          {BOARD_KEYS.map((k) => (
            <tr key={k.what}>
              <th scope="row">
                {k.keys.map((combo, i) => (
                  <span key={combo.join('+')}>
                    {i > 0 && ` ${t('class.or')} `}
                    {combo.map((key, j) => (
                      <span key={key}>
                        {j > 0 && '+'}
                        <kbd>{KEY_NAMES[key] ? t(KEY_NAMES[key]) : key}</kbd>
                      </span>
                    ))}
                  </span>
                ))}
              </th>
              <td>{t(k.what)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

const fmt = (v: number) => sig(v, 3);

/** The error under the board's controls: the server's sentence in the page's language. */
function ErrorBox({ error }: { error: Problem }) {
  const t = useT();
  return (
    <p className="error-box" role="alert" data-testid="class-error">
      {said(t, error)}
    </p>
  );
}

/** The reveal in words: the model, its interval, the paper, and where the room stood. */
function RevealWords({ reveal, values }: { reveal: Reveal; values: number[] }) {
  const t = useT();
  const u = reveal.unit ? ` ${reveal.unit}` : '';
  if (reveal.model === null)
    return (
      <p className="class-reveal-words" data-testid="class-reveal-words">
        {reveal.paperPoints?.length ? t('class.revealCurveDots') : t('class.revealCurve')}
      </p>
    );
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : null;
  const iv = reveal.interval;
  const inside = iv ? values.filter((v) => v >= iv[0] && v <= iv[1]).length : null;
  return (
    <p className="class-reveal-words" data-testid="class-reveal-words">
      {t.rich('class.revealPredicts', {
        b: (c) => <strong>{c}</strong>,
        model: `${fmt(reveal.model)}${u}`,
        interval: iv ? t('class.revealInterval', { lo: fmt(iv[0]), hi: `${fmt(iv[1])}${u}` }) : '',
        paper: reveal.paper === null ? t('class.revealNoPaper') : `${fmt(reveal.paper)}${u}`,
      })}
      {median !== null && t('class.revealMedian', { value: `${fmt(median)}${u}` })}
      {inside !== null &&
        values.length > 0 &&
        t('class.revealInside', { n: inside, total: values.length })}
    </p>
  );
}
