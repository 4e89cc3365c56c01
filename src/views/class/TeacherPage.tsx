import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { MachineAtlasPanel } from './MachineAtlasPanel';
import { classApi, recall } from '../../class/client';
import {
  BOARD_DEFAULTS,
  type ClassState,
  type Control,
  type CreatedClass,
  type Seat,
} from '../../class/protocol';
import { SketchPlot, StripPlot, type Curve } from '../../charts/ClassPlots';
import type { View } from '../../scenario';
import { classHash } from '../../state/classLink';
import { lessonHash } from '../../state/lessonLink';
import type { LessonHost } from '../lesson/host';
import { BOARD_KEYS, boardIntent, type BoardIntent } from './boardKeys';
import { HomeworkBoard, HomeworkForm } from './Homework';
import { computeReveal } from './reveal';
import { Roster } from './Roster';
import { answerKey, useLesson, useRoom } from './useClass';

/**
 * Stable "Student 7" labels: numbered in the order the board first saw each student (their
 * join order), kept while the page is open, so a removal renumbers no one.
 */
function useStudentNumbers(students: readonly Seat[]): (id: string) => number {
  const numbers = useRef(new Map<string, number>());
  for (const s of [...students].sort((a, b) => a.joinedAt.localeCompare(b.joinedAt)))
    if (!numbers.current.has(s.studentId))
      numbers.current.set(s.studentId, numbers.current.size + 1);
  return (id) => numbers.current.get(id) ?? 0;
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
  // The state the server answered a control with, until the room's stream shows it: a press
  // made before then would act on the step the board still shows (Next twice would land on
  // the same step), so the controls wait for it. A second teacher tab moving the class, or a
  // stream that never says it, frees them after a few seconds all the same.
  const [awaiting, setAwaiting] = useState<Pick<ClassState, 'step' | 'phase' | 'paused'> | null>(
    null,
  );
  const shown = room.state;
  const caughtUp =
    awaiting === null ||
    (shown !== null &&
      shown.step === awaiting.step &&
      shown.phase === awaiting.phase &&
      !!shown.paused === !!awaiting.paused);
  // Keys and clicker presses, in order: one made while a request is in flight (or before the
  // board shows what the last one did) waits here and is applied after, never dropped.
  const queue = useRef<BoardIntent[]>([]);
  const [queued, setQueued] = useState(0);
  const nameOfNumber = useStudentNumbers([...room.students.values()]);
  const anonymise = (room.state?.board ?? BOARD_DEFAULTS).anonymise;
  const nameOf = (s: { studentId: string; name: string | null }) =>
    anonymise ? `Student ${nameOfNumber(s.studentId)}` : (s.name ?? 'anonymous');
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
  // The latest runner (set below, once the class is shown): the queue is taken in order, one
  // press at a time, each once the board shows what the one before did.
  const runRef = useRef<((intent: BoardIntent) => Promise<void>) | null>(null);
  const waiting = busy !== null || !caughtUp;
  useEffect(() => {
    const run = runRef.current;
    if (waiting || !run || queue.current.length === 0) return;
    const intent = queue.current.shift()!;
    void run(intent).finally(() => setQueued((q) => q + 1));
  }, [queued, waiting, room.state]);
  useEffect(() => {
    if (awaiting === null) return;
    if (caughtUp) {
      setAwaiting(null);
      return;
    }
    const id = setTimeout(() => setAwaiting(null), 3_000);
    return () => clearTimeout(id);
  }, [awaiting, caughtUp]);

  if (!created)
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
  if (room.problem || !room.state || !lesson)
    return (
      <main id="main" className="class-page" aria-busy={!room.problem} data-testid="class-teacher">
        <h1>Class {code}</h1>
        {room.problem ? (
          <p className="error-box" role="alert">
            {room.problem}
          </p>
        ) : (
          <p>Connecting to the class server…</p>
        )}
      </main>
    );

  const state = room.state;
  const n = state.step;
  const step = lesson.steps[n - 1];
  const answer = step?.answer;
  const students = [...room.students.values()];
  const answers = students.flatMap((s) => {
    const a = room.answers.get(answerKey(s.studentId, n));
    return a ? [a] : [];
  });
  const settings = state.board ?? BOARD_DEFAULTS;
  // The room's distribution only from the minimum count: a few answers would show who said what.
  const enough = answers.length >= settings.minAnswers;
  const values = enough ? answers.flatMap((a) => (a.value === null ? [] : [a.value])) : [];
  const reveal = state.phase === 'revealed' ? state.reveal : null;

  const act = async (label: string, control: () => Promise<Control>) => {
    setBusy(label);
    setError(null);
    try {
      const next = await classApi.control(code, created.teacherKey, await control());
      setAwaiting({ step: next.step, phase: next.phase, paused: next.paused });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  /** A press is taken only once the board shows what the last one did. */
  const held = busy !== null || !caughtUp;
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
  const projectorHash = (on: boolean) => classHash(code, 'teacher', on ? 'projector' : undefined);
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
          window.location.hash = projectorHash(intent === 'projector-on');
        return Promise.resolve();
    }
  };
  runRef.current = run;
  const download = async (format: 'csv' | 'json' | 'summary') => {
    setError(null);
    try {
      const text = await classApi.exportText(code, created.teacherKey, format);
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
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

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
    <main
      id="main"
      className="class-page class-teacher"
      data-testid="class-teacher"
      data-phase={state.phase}
      data-step={n}
      data-held={held ? 'true' : undefined}
    >
      <header className="class-head">
        <p className="lesson-progress">
          {lesson.title} · step {n} of {lesson.steps.length} ·{' '}
          <span data-testid="class-phase">{PHASE_WORDS[state.phase]}</span>
          {room.reconnecting && (
            <span className="class-reconnecting" role="status">
              {' '}
              · reconnecting…
            </span>
          )}
        </p>
        {room.storeProblem ? (
          <p className="error-box" role="alert" data-testid="class-health">
            {room.storeProblem}
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
      {state.homework && (
        <HomeworkBoard
          homework={state.homework}
          lesson={lesson}
          students={students}
          answers={room.answers}
          nameOf={nameOf}
        />
      )}

      <div className="class-board">
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
            <strong>{students.length}</strong> joined
          </p>
        </section>

        <section className="class-answers" aria-label="The class’s answers" aria-live="polite">
          {answer ? (
            <>
              <h2>
                <span data-testid="class-answered">{answers.length}</span> of {students.length}{' '}
                answered: {answer.label}
                {answer.kind === 'number' && answer.unit ? ` (${answer.unit})` : ''}
              </h2>
              {!enough && (
                <p className="calm-note" data-testid="class-min-count">
                  {answers.length} of {settings.minAnswers} answers before the distribution shows.
                </p>
              )}
              {answer.kind === 'numbers' ? (
                (step?.asks ?? []).map((ask, i) => {
                  const item = reveal?.items?.[i] ?? null;
                  const mine = enough
                    ? answers.flatMap((a) =>
                        typeof a.values?.[i] === 'number' ? [a.values[i]!] : [],
                      )
                    : [];
                  return (
                    <div key={ask.label} className="class-numbers-item">
                      <h3>
                        {ask.label}
                        {ask.unit ? ` (${ask.unit})` : ''}
                      </h3>
                      <StripPlot
                        values={mine}
                        unit={ask.unit}
                        label={ask.label}
                        marks={{
                          model: item?.model ?? null,
                          paper: item?.paper ?? null,
                          interval: item?.interval ?? null,
                        }}
                        testId={i === 0 ? 'class-strip' : `class-strip-${i + 1}`}
                      />
                      {item && <RevealWords reveal={item} values={mine} />}
                    </div>
                  );
                })
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
              {reveal && answer.kind !== 'numbers' && (
                <RevealWords reveal={reveal} values={values} />
              )}
            </>
          ) : (
            <p className="calm-note">This step collects no answer: discuss it with the class.</p>
          )}
        </section>
      </div>

      <div className="class-controls" role="group" aria-label="Class controls">
        <button
          type="button"
          disabled={n <= 1 || held}
          onClick={() => void act('goto', async () => ({ action: 'goto', step: n - 1 }))}
        >
          ← Previous step
        </button>
        {state.phase === 'open' ? (
          <button
            type="button"
            disabled={held}
            onClick={() => void act('lock', async () => ({ action: 'lock' }))}
            data-testid="class-lock"
          >
            Lock answers
          </button>
        ) : (
          <button
            type="button"
            disabled={held || state.phase !== 'locked'}
            onClick={() => void act('unlock', async () => ({ action: 'unlock' }))}
          >
            Unlock answers
          </button>
        )}
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
            disabled={held || !answer}
            onClick={() => void revealNow()}
            data-testid="class-reveal"
          >
            {busy === 'reveal' ? 'Computing…' : 'Reveal the answer'}
          </button>
        )}
        <button
          type="button"
          disabled={n >= lesson.steps.length || held}
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
          onClick={() => (window.location.hash = projectorHash(view !== 'projector'))}
          data-testid="class-projector"
        >
          Projector
        </button>
      </div>
      <div className="class-more" role="group" aria-label="Exports and settings">
        <button type="button" onClick={() => void download('csv')} data-testid="class-export-csv">
          Export CSV
        </button>
        <button type="button" onClick={() => void download('json')} data-testid="class-export-json">
          Export JSON
        </button>
        <button
          type="button"
          onClick={() => void download('summary')}
          data-testid="class-export-summary"
        >
          Export per-step summary
        </button>
        <a href={lessonHash(lesson.id, n, { view })} target="_blank" rel="noopener">
          This step’s model <span aria-hidden="true">↗</span>
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
      <BoardSettingsForm
        key={`${settings.anonymise}-${settings.minAnswers}`}
        settings={settings}
        onSave={(next) => act('board', async () => ({ action: 'board', ...next }))}
      />
      {!state.homework && (
        <HomeworkForm onOpen={(h) => act('homework', async () => ({ action: 'homework', ...h }))} />
      )}
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

/** Anonymise names and the minimum count before the distribution shows. */
function BoardSettingsForm({
  settings,
  onSave,
}: {
  settings: { anonymise: boolean; minAnswers: number };
  onSave: (s: { anonymise: boolean; minAnswers: number }) => Promise<void>;
}) {
  const [min, setMin] = useState(String(settings.minAnswers));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const save = (anonymise: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    const n = Number(min);
    if (!Number.isInteger(n) || n < 0 || n > 500) {
      setProblem('The minimum count is a whole number from 0 to 500.');
      return;
    }
    setProblem(null);
    void onSave({ anonymise, minAnswers: n });
  };
  return (
    <form className="class-settings" onSubmit={save(settings.anonymise)}>
      <label>
        <input
          type="checkbox"
          checked={settings.anonymise}
          onChange={(e) => save(e.target.checked)()}
          data-testid="class-anonymise"
        />{' '}
        Anonymise names (“Student 7”)
      </label>
      <label htmlFor={id}>Show the distribution from</label>
      <input
        id={id}
        type="number"
        min={0}
        max={500}
        inputMode="numeric"
        value={min}
        onChange={(e) => setMin(e.target.value)}
        data-testid="class-min-answers"
      />
      <span>answers</span>
      <button type="submit" data-testid="class-min-set">
        Set
      </button>
      {problem && (
        <span className="field-problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}

const fmt = (v: number) => `${+v.toPrecision(3)}`;

/** The reveal in words: the model, its interval, the paper, and where the room stood. */
function RevealWords({
  reveal,
  values,
}: {
  reveal: NonNullable<import('../../class/protocol').ClassState['reveal']>;
  values: number[];
}) {
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
