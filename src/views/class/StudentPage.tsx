import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { classApi, ClassApiError, forget, recall, remember } from '../../class/client';
import { LIMITS, type Answer, type AnswerInput, type Joined } from '../../class/protocol';
import { SketchPlot, StripPlot, type Curve } from '../../charts/ClassPlots';
import type { AskedNumber, StepAnswer } from '../../scenario/lessonShape';
import { useLesson, useRoom } from './useClass';
import { homeworkStatus, homeworkWords } from './Homework';

type Sent = { step: number; input: AnswerInput; saved: boolean };

/**
 * An answer not yet confirmed, kept in this browser: a reload while the class server is down
 * (the service worker serves the page) sends it once the server is back.
 */
const pendingKey = (code: string) => `latency-lab:class:pending:${code}`;
function keepPending(code: string, s: Sent | null) {
  try {
    if (s && !s.saved)
      localStorage.setItem(pendingKey(code), JSON.stringify({ step: s.step, input: s.input }));
    else localStorage.removeItem(pendingKey(code));
  } catch {
    // Storage disabled: the answer lives as long as the page.
  }
}
function pendingOf(code: string): Sent | null {
  try {
    const raw = localStorage.getItem(pendingKey(code));
    if (!raw) return null;
    const { step, input } = JSON.parse(raw) as { step: number; input: AnswerInput };
    return typeof step === 'number' && input ? { step, input, saved: false } : null;
  } catch {
    return null;
  }
}

/**
 * A student's page of a class (phone or laptop): join with a name or without, then the step
 * the teacher is on — its question and a number (with its unit) or a curve to sketch. The
 * answer can change until the teacher locks the step; after the reveal the student sees their
 * guess beside the model and the paper. An answer the server has not confirmed is sent again
 * when the connection comes back.
 */
export function StudentPage({ code }: { code: string }) {
  const [joined, setJoined] = useState<Joined | null>(() => recall<Joined>('student', code));
  const [wasRemoved, setWasRemoved] = useState(false);
  // The stream carries the student's token: the server counts a student's streams.
  const room = useRoom(code, joined ? { token: joined.token } : null);
  useEffect(() => {
    if (!room.removed || !joined) return;
    forget('student', code);
    setJoined(null);
    setWasRemoved(true);
  }, [room.removed, joined, code]);
  if (room.problem)
    return (
      <main id="main" className="class-page" data-testid="class-student">
        <h1>Class {code}</h1>
        <p className="error-box" role="alert" data-testid="class-problem">
          {room.problem}
        </p>
      </main>
    );
  if (!joined)
    return (
      <JoinForm
        code={code}
        removed={wasRemoved}
        onJoined={(j) => {
          setWasRemoved(false);
          setJoined(j);
        }}
      />
    );
  return <Answering code={code} joined={joined} room={room} onForgotten={() => setJoined(null)} />;
}

function JoinForm({
  code,
  removed,
  onJoined,
}: {
  code: string;
  removed: boolean;
  onJoined: (j: Joined) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const joined = await classApi.join(code, name.trim());
      remember('student', code, joined);
      onJoined(joined);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" className="class-page class-student" data-testid="class-student">
      <h1>Join class {code}</h1>
      {removed && (
        <p className="calm-note" role="status" data-testid="class-removed">
          The teacher removed you from this class, with your answers. You can join again if the
          teacher lets you.
        </p>
      )}
      <form className="class-join-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor={id}>Your name (optional: leave it empty to stay anonymous)</label>
        <input
          id={id}
          value={name}
          maxLength={LIMITS.nameChars}
          autoComplete="nickname"
          onChange={(e) => setName(e.target.value)}
          data-testid="class-name"
        />
        <button type="submit" disabled={busy} data-testid="class-join">
          {busy ? 'Joining…' : 'Join'}
        </button>
      </form>
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
    </main>
  );
}

function Answering({
  code,
  joined,
  room,
  onForgotten,
}: {
  code: string;
  joined: Joined;
  room: ReturnType<typeof useRoom>;
  onForgotten: () => void;
}) {
  const lesson = useLesson(room.state?.lessonId);
  const { mine, sent, send, error, setError, own, setOwn } = useMyAnswers(
    code,
    joined,
    room.connections,
    onForgotten,
  );

  if (!room.state || !lesson)
    return (
      <main id="main" className="class-page" aria-busy="true" data-testid="class-student">
        <p>Connecting to the class…</p>
      </main>
    );
  const state = room.state;
  const homework = state.homework ?? null;
  const n = homework ? Math.min(own ?? 1, lesson.steps.length) : state.step;
  const step = lesson.steps[n - 1];
  const answer = step?.answer;
  const paused = state.paused === true;
  // Homework's period on this device's clock; the server (its own clock) has the last word.
  const open = !paused && (homework ? homeworkStatus(homework) === 'open' : state.phase === 'open');
  const move = (to: number) => {
    setOwn(to);
    classApi.progress(code, joined.token, to).catch((e: unknown) => {
      setError(e instanceof Error ? e.message : String(e));
    });
  };

  return (
    <main
      id="main"
      className="class-page class-student"
      data-testid="class-student"
      data-phase={state.phase}
      data-step={n}
    >
      <p className="lesson-progress">
        {lesson.title} · step {n} of {lesson.steps.length}
        {room.reconnecting && (
          <span className="class-reconnecting" role="status" data-testid="class-reconnecting">
            {' '}
            · reconnecting…
          </span>
        )}
      </p>
      {paused && (
        <p className="class-paused" role="status" data-testid="class-paused">
          Paused by your teacher. Look up: answers wait until they resume.
        </p>
      )}
      {homework && (
        <p className="calm-note" data-testid="class-homework-period">
          {homeworkWords(homework, 'student')}
        </p>
      )}
      <h1>{step?.title}</h1>
      <p className="lesson-question">{step?.question}</p>
      {!answer || !step ? (
        <p className="calm-note">Nothing to answer in this step: listen and discuss.</p>
      ) : (
        <StepAnswerBlock
          {...{ n, step, answer, open, send }}
          my={mine.get(n) ?? null}
          pending={!!sent && sent.step === n && !sent.saved}
          reveal={!homework && state.phase === 'revealed' ? state.reveal : null}
          // Locked, as the student should read it: not when paused, revealed or in homework.
          locked={!open && !paused && !homework}
          homework={!!homework}
        />
      )}
      {homework && <OwnSteps n={n} last={lesson.steps.length} move={move} />}
      {error && (
        <p className="error-box" role="alert" data-testid="class-student-error">
          {error}
        </p>
      )}
    </main>
  );
}

/** Homework: this student's own way through the steps. */
function OwnSteps({ n, last, move }: { n: number; last: number; move: (to: number) => void }) {
  return (
    <nav className="class-controls" aria-label="Steps">
      <button
        type="button"
        disabled={n <= 1}
        onClick={() => move(n - 1)}
        data-testid="class-own-previous"
      >
        ← Previous step
      </button>
      <button
        type="button"
        disabled={n >= last}
        onClick={() => move(n + 1)}
        data-testid="class-own-next"
      >
        Next step →
      </button>
    </nav>
  );
}

/**
 * This student's answers as the server has them, and `send`: an answer not yet confirmed is
 * kept (in this browser too) and sent again at every reconnection. `own` is the homework step
 * this student is on, resumed from the server's record.
 */
function useMyAnswers(code: string, joined: Joined, connections: number, onForgotten: () => void) {
  const [mine, setMine] = useState<Map<number, Answer>>(new Map());
  const [sent, setSentState] = useState<Sent | null>(() => pendingOf(code));
  const setSent = (s: Sent | null) => {
    keepPending(code, s);
    setSentState(s);
  };
  const [error, setError] = useState<string | null>(null);
  // Homework: the step this student is on (their own pace), resumed from the server's record.
  const [own, setOwn] = useState<number | null>(null);
  const sentRef = useRef(sent);
  sentRef.current = sent;

  // My answers so far (after a reload, or after the server came back).
  useEffect(() => {
    if (connections === 0) return;
    classApi.me(code, joined.token).then(
      ({ answers, reached }) => {
        setMine(new Map(answers.map((a) => [a.step, a])));
        setOwn((o) => o ?? reached ?? 1);
      },
      (e: unknown) => {
        if (e instanceof ClassApiError && (e.status === 401 || e.status === 403)) {
          // The server no longer knows this browser's token (a new class with the same code
          // is impossible; a wiped store is not): join again.
          onForgotten();
        }
      },
    );
    // An answer not yet confirmed goes again once the stream is back.
    const pending = sentRef.current;
    if (pending && !pending.saved) void send(pending.step, pending.input);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connections]);

  const send = async (step: number, input: AnswerInput) => {
    setSent({ step, input, saved: false });
    setError(null);
    try {
      const { answer } = await classApi.answer(code, joined.token, step, input);
      setMine((m) => new Map(m).set(step, answer));
      setSent({ step, input, saved: true });
    } catch (e) {
      // A refusal drops the answer; a store that failed (503) keeps it to send again.
      if (e instanceof ClassApiError && e.status !== 0 && e.status !== 503) setSent(null);
      setError(
        e instanceof ClassApiError && e.status === 0
          ? 'Not saved yet: the class server does not answer. It will be sent when it is back.'
          : e instanceof Error
            ? e.message
            : String(e),
      );
    }
  };
  return { mine, sent, send, error, setError, own, setOwn };
}

type Reveal = NonNullable<NonNullable<ReturnType<typeof useRoom>['state']>['reveal']>;

/** The step's answer field (number, numbers or sketch), what was saved, and the reveal. */
function StepAnswerBlock({
  n,
  step,
  answer,
  my,
  open,
  locked,
  homework,
  pending,
  reveal,
  send,
}: {
  n: number;
  step: { asks: AskedNumber[] };
  answer: StepAnswer;
  my: Answer | null;
  open: boolean;
  locked: boolean;
  /** Homework: the answer may change until it closes, not until a lock. */
  homework: boolean;
  pending: boolean;
  reveal: Reveal | null;
  send: (step: number, input: AnswerInput) => Promise<void>;
}) {
  // One number as a list of one, the same list while it is the same (NumbersAnswer's effect).
  const value = my?.value;
  const myValue = useMemo(() => (typeof value === 'number' ? [value] : null), [value]);
  return (
    <>
      {answer.kind === 'numbers' ? (
        <NumbersAnswer
          key={n}
          asks={step.asks}
          current={my?.values ?? null}
          disabled={!open}
          onSend={(values) => void send(n, { values })}
        />
      ) : answer.kind === 'number' ? (
        <NumbersAnswer
          key={n}
          asks={[answer]}
          current={myValue}
          disabled={!open}
          onSend={([value]) => void send(n, { value: value! })}
        />
      ) : (
        <SketchAnswer
          key={n}
          answer={answer}
          current={my?.sketch ?? null}
          disabled={!open}
          reveal={reveal}
          onSend={(sketch) => void send(n, { sketch })}
        />
      )}
      <p className="class-status" role="status" data-testid="class-status">
        {pending
          ? 'Sending…'
          : my
            ? `Saved: ${describe(my, answer)}.${open ? ` You can change it until ${homework ? 'the homework closes' : 'the teacher locks the step'}.` : ''}`
            : open
              ? 'No answer yet.'
              : 'You gave no answer to this step.'}
        {locked && !reveal ? ' Answers are locked.' : ''}
      </p>
      {reveal && <StudentReveal answer={answer} my={my} reveal={reveal} />}
    </>
  );
}

/** After the reveal: this student's guess beside the model's value and the paper's. */
function StudentReveal({
  answer,
  my,
  reveal,
}: {
  answer: StepAnswer;
  my: Answer | null;
  reveal: Reveal;
}) {
  if (answer.kind === 'numbers')
    return (
      <section className="class-reveal" aria-label="The answer" data-testid="class-reveal">
        <ul>
          {(reveal.items ?? []).map((item, i) => (
            <li key={item.label}>
              {item.label}: you <strong>{fmtOr(my?.values?.[i])}</strong> · the model{' '}
              <strong>{fmtOr(item.model)}</strong> · the paper{' '}
              <strong>
                {item.paper === null ? 'not measured (a prediction)' : fmt(item.paper)}
              </strong>{' '}
              {item.unit}
            </li>
          ))}
        </ul>
      </section>
    );
  if (answer.kind !== 'number') return null;
  return (
    <section className="class-reveal" aria-label="The answer" data-testid="class-reveal">
      <StripPlot
        values={[]}
        unit={answer.unit}
        label={answer.label}
        marks={{
          model: reveal.model,
          paper: reveal.paper,
          interval: reveal.interval,
          mine: my?.value ?? null,
        }}
      />
      <p>
        You: <strong>{my?.value === null || !my ? '—' : fmt(my.value)}</strong> · the model:{' '}
        <strong>{reveal.model === null ? '—' : fmt(reveal.model)}</strong> · the paper:{' '}
        <strong>{reveal.paper === null ? 'not measured (a prediction)' : fmt(reveal.paper)}</strong>{' '}
        {answer.unit}
      </p>
    </section>
  );
}

const fmt = (v: number) => `${+v.toPrecision(4)}`;
const fmtOr = (v: number | null | undefined) =>
  typeof v === 'number' && Number.isFinite(v) ? fmt(v) : '—';
const describe = (a: Answer, spec: StepAnswer) =>
  a.value !== null
    ? `${fmt(a.value)}${spec.kind === 'number' && spec.unit ? ` ${spec.unit}` : ''}`
    : a.values
      ? a.values.map(fmt).join(', ')
      : `a curve of ${a.sketch?.length ?? 0} points`;

/** A typed number: "1,500" and "45.5" read; anything else is not a number. */
function typedNumber(text: string): number | null {
  const t = text.trim().replace(/[\s,_]/g, '');
  const value = Number(t);
  return t === '' || !Number.isFinite(value) ? null : value;
}

/** A step that asks one number or several: one field each, labelled and in its unit, sent together. */
function NumbersAnswer({
  asks,
  current,
  disabled,
  onSend,
}: {
  asks: readonly AskedNumber[];
  current: number[] | null;
  disabled: boolean;
  onSend: (values: number[]) => void;
}) {
  const [texts, setTexts] = useState(() => asks.map((_, i) => String(current?.[i] ?? '')));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  // Answers restored from the server (after a reload) fill empty fields.
  useEffect(() => {
    if (current) setTexts((t) => t.map((x, i) => (x === '' ? String(current[i] ?? '') : x)));
  }, [current]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = texts.map(typedNumber);
    if (values.some((v) => v === null)) {
      setProblem(
        asks.length === 1
          ? 'Type a number, such as 45 or 0.5.'
          : `Type ${asks.length} numbers, such as 45 or 0.5: one in each field.`,
      );
      return;
    }
    if (values.some((v) => Math.abs(v!) > LIMITS.valueAbs)) {
      setProblem('That number is too large.');
      return;
    }
    setProblem(null);
    onSend(values as number[]);
  };
  return (
    <form className="class-answer-form" onSubmit={submit}>
      {asks.map((ask, i) => (
        <span key={ask.label} className="class-answer-field">
          <label htmlFor={`${id}-${i}`}>
            {ask.label}
            {ask.unit ? ` (${ask.unit})` : ''}
          </label>
          <span className="class-answer-row">
            <input
              id={`${id}-${i}`}
              inputMode="decimal"
              value={texts[i] ?? ''}
              disabled={disabled}
              onChange={(e) => {
                const v = e.target.value;
                setTexts((t) => t.map((x, j) => (j === i ? v : x)));
              }}
              aria-invalid={problem !== null && typedNumber(texts[i] ?? '') === null}
              aria-describedby={problem ? `${id}-problem` : undefined}
              data-testid="class-value"
            />
            <span className="class-unit">{ask.unit}</span>
          </span>
        </span>
      ))}
      <span className="class-answer-row">
        <button type="submit" disabled={disabled} data-testid="class-submit">
          {current === null ? 'Send' : 'Change'}
        </button>
      </span>
      {problem && (
        <span id={`${id}-problem`} className="field-problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}

/** Five x positions across the axis: the typed alternative to drawing, for a keyboard. */
function typedXs(a: Extract<StepAnswer, { kind: 'sketch' }>['x']): number[] {
  return Array.from({ length: 5 }, (_, i) =>
    a.log && a.min > 0 ? a.min * (a.max / a.min) ** (i / 4) : a.min + ((a.max - a.min) * i) / 4,
  ).map((x) => +x.toPrecision(3));
}

function SketchAnswer({
  answer,
  current,
  disabled,
  reveal,
  onSend,
}: {
  answer: Extract<StepAnswer, { kind: 'sketch' }>;
  current: [number, number][] | null;
  disabled: boolean;
  reveal: { curve?: [number, number][]; paperPoints?: [number, number][] } | null;
  onSend: (sketch: [number, number][]) => void;
}) {
  const xs = typedXs(answer.x);
  const [typed, setTyped] = useState<string[]>(xs.map(() => ''));
  const curves: Curve[] = [
    ...(current ? [{ kind: 'mine' as const, points: current }] : []),
    ...(reveal?.curve ? [{ kind: 'model' as const, points: reveal.curve }] : []),
    ...(reveal?.paperPoints?.length
      ? [{ kind: 'paper' as const, points: reveal.paperPoints }]
      : []),
  ];
  const sendTyped = (e: FormEvent) => {
    e.preventDefault();
    const pts = xs.flatMap((x, i): [number, number][] => {
      const y = Number(typed[i]);
      return typed[i]?.trim() && Number.isFinite(y) ? [[x, y]] : [];
    });
    if (pts.length >= 2) onSend(pts);
  };
  return (
    <div className="class-sketch-answer">
      <p>
        {disabled
          ? answer.label
          : `Draw ${answer.label} with a finger or the mouse, from left to right.`}
      </p>
      <SketchPlot
        x={answer.x}
        y={answer.y}
        curves={curves}
        label={`Your sketch of ${answer.label}`}
        testId="class-sketch-pad"
        {...(disabled ? {} : { onDraw: onSend })}
      />
      <details>
        <summary>Or type values</summary>
        <form className="class-typed" onSubmit={sendTyped}>
          {xs.map((x, i) => (
            <label key={x}>
              {answer.y.label} at {x} {answer.x.unit}
              <input
                inputMode="decimal"
                disabled={disabled}
                value={typed[i]}
                onChange={(e) => setTyped((t) => t.map((v, j) => (j === i ? e.target.value : v)))}
              />
            </label>
          ))}
          <button type="submit" disabled={disabled}>
            Send these values
          </button>
        </form>
      </details>
    </div>
  );
}
