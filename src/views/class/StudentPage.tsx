import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { classApi, ClassApiError, forget, recall, remember } from '../../class/client';
import { LIMITS, type Answer, type AnswerInput, type Joined } from '../../class/protocol';
import { SketchPlot, StripPlot, type Curve } from '../../charts/ClassPlots';
import type { AskedNumber, StepAnswer } from '../../scenario/lessonShape';
import { useLesson, useRoom } from './useClass';
import { homeworkStatus, homeworkWords } from './Homework';
import { readTyped } from '../lesson/PredictionBox';
import '../../i18n/parts/class';
import { useT, type Translate } from '../../i18n/LangContext';
import { problem, problemOf, type Problem } from '../../class/refusals';
import { said, sig } from './words';

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
  const t = useT();
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
        <h1>{t('class.title', { code })}</h1>
        <p className="error-box" role="alert" data-testid="class-problem">
          {said(t, room.problem)}
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
  const t = useT();
  const [name, setName] = useState('');
  const [error, setError] = useState<Problem | null>(null);
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
      setError(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" className="class-page class-student" data-testid="class-student">
      <h1>{t('class.student.join', { code })}</h1>
      {removed && (
        <p className="calm-note" role="status" data-testid="class-removed">
          {t('class.student.removed')}
        </p>
      )}
      <form className="class-join-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor={id}>{t('class.student.name')}</label>
        <input
          id={id}
          value={name}
          maxLength={LIMITS.nameChars}
          autoComplete="nickname"
          onChange={(e) => setName(e.target.value)}
          data-testid="class-name"
        />
        <button type="submit" disabled={busy} data-testid="class-join">
          {busy ? t('class.student.joining') : t('class.student.joinButton')}
        </button>
      </form>
      {error && (
        <p className="error-box" role="alert">
          {said(t, error)}
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
  const t = useT();
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
        <p>{t('class.student.connecting')}</p>
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
    classApi.progress(code, joined.token, to).catch((e: unknown) => setError(problemOf(e)));
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
        {t('class.progress', { lesson: lesson.title, n, count: lesson.steps.length })}
        {room.reconnecting && (
          <span className="class-reconnecting" role="status" data-testid="class-reconnecting">
            {` · ${t('class.reconnecting')}`}
          </span>
        )}
      </p>
      {paused && (
        <p className="class-paused" role="status" data-testid="class-paused">
          {t('class.student.paused')}
        </p>
      )}
      {homework && (
        <p className="calm-note" data-testid="class-homework-period">
          {homeworkWords(t, homework, 'student')}
        </p>
      )}
      <h1>{step?.title}</h1>
      <p className="lesson-question">{step?.question}</p>
      {!answer || !step ? (
        <p className="calm-note">{t('class.student.nothing')}</p>
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
          {said(t, error)}
        </p>
      )}
    </main>
  );
}

/** Homework: this student's own way through the steps. */
function OwnSteps({ n, last, move }: { n: number; last: number; move: (to: number) => void }) {
  const t = useT();
  return (
    <nav className="class-controls" aria-label={t('class.student.steps')}>
      <button
        type="button"
        disabled={n <= 1}
        onClick={() => move(n - 1)}
        data-testid="class-own-previous"
      >
        {t('class.previousStep')}
      </button>
      <button
        type="button"
        disabled={n >= last}
        onClick={() => move(n + 1)}
        data-testid="class-own-next"
      >
        {t('class.nextStep')}
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
  const [error, setError] = useState<Problem | null>(null);
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
      setError(e instanceof ClassApiError && e.status === 0 ? problem('notSaved') : problemOf(e));
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
  const t = useT();
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
          ? t('class.student.sending')
          : my
            ? t('class.student.saved', { answer: describe(t, my, answer) }) +
              (open
                ? t(homework ? 'class.student.changeHomework' : 'class.student.changeLock')
                : '')
            : open
              ? t('class.student.noAnswerYet')
              : t('class.student.noAnswerGiven')}
        {locked && !reveal ? t('class.student.locked') : ''}
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
  const t = useT();
  const b = (c: ReactNode[]) => <strong>{c}</strong>;
  const paper = (p: number | null) => (p === null ? t('class.student.notMeasured') : fmt(p));
  if (answer.kind === 'numbers')
    return (
      <section
        className="class-reveal"
        aria-label={t('class.student.answer')}
        data-testid="class-reveal"
      >
        <ul>
          {(reveal.items ?? []).map((item, i) => (
            <li key={item.label}>
              {t.rich('class.student.revealItem', {
                b,
                label: item.label,
                you: fmtOr(my?.values?.[i]),
                model: fmtOr(item.model),
                paper: paper(item.paper),
                unit: item.unit,
              })}
            </li>
          ))}
        </ul>
      </section>
    );
  if (answer.kind !== 'number') return null;
  return (
    <section
      className="class-reveal"
      aria-label={t('class.student.answer')}
      data-testid="class-reveal"
    >
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
        {t.rich('class.student.reveal', {
          b,
          you: my?.value === null || !my ? '—' : fmt(my.value),
          model: reveal.model === null ? '—' : fmt(reveal.model),
          paper: paper(reveal.paper),
          unit: answer.unit,
        })}
      </p>
    </section>
  );
}

const fmt = (v: number) => sig(v, 4);
const fmtOr = (v: number | null | undefined) =>
  typeof v === 'number' && Number.isFinite(v) ? fmt(v) : '—';
const describe = (t: Translate, a: Answer, spec: StepAnswer) =>
  a.value !== null
    ? `${fmt(a.value)}${spec.kind === 'number' && spec.unit ? ` ${spec.unit}` : ''}`
    : a.values
      ? a.values.map(fmt).join(t.lang === 'en' ? ', ' : '; ')
      : t('class.student.curve', { n: a.sketch?.length ?? 0 });

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
  const t = useT();
  const typedNumber = (text: string) => readTyped(text, t.lang);
  const shown = (v: number | undefined) => (v === undefined ? '' : sig(v, 15));
  const [texts, setTexts] = useState(() => asks.map((_, i) => shown(current?.[i])));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  // Answers restored from the server (after a reload) fill empty fields.
  useEffect(() => {
    if (current) setTexts((ts) => ts.map((x, i) => (x === '' ? shown(current[i]) : x)));
  }, [current]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = texts.map(typedNumber);
    if (values.some((v) => v === null)) {
      setProblem(
        asks.length === 1
          ? t('class.student.typeNumber', { a: 45, b: 0.5 })
          : t('class.student.typeNumbers', { n: asks.length, a: 45, b: 0.5 }),
      );
      return;
    }
    if (values.some((v) => Math.abs(v!) > LIMITS.valueAbs)) {
      setProblem(t('class.student.tooLarge'));
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
                setTexts((ts) => ts.map((x, j) => (j === i ? v : x)));
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
          {current === null ? t('class.student.send') : t('class.student.change')}
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
  const t = useT();
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
      const y = readTyped(typed[i] ?? '', t.lang);
      return y !== null ? [[x, y]] : [];
    });
    if (pts.length >= 2) onSend(pts);
  };
  return (
    <div className="class-sketch-answer">
      <p>{disabled ? answer.label : t('class.student.draw', { label: answer.label })}</p>
      <SketchPlot
        x={answer.x}
        y={answer.y}
        curves={curves}
        label={t('class.student.sketchOf', { label: answer.label })}
        testId="class-sketch-pad"
        {...(disabled ? {} : { onDraw: onSend })}
      />
      <details>
        <summary>{t('class.student.orType')}</summary>
        <form className="class-typed" onSubmit={sendTyped}>
          {xs.map((x, i) => (
            <label key={x}>
              {t('class.student.typedAt', { y: answer.y.label, x: sig(x), unit: answer.x.unit })}
              <input
                inputMode="decimal"
                disabled={disabled}
                value={typed[i]}
                onChange={(e) => setTyped((t) => t.map((v, j) => (j === i ? e.target.value : v)))}
              />
            </label>
          ))}
          <button type="submit" disabled={disabled}>
            {t('class.student.sendValues')}
          </button>
        </form>
      </details>
    </div>
  );
}
