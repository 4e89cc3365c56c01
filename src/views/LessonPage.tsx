import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import { LESSON_ENTRIES, findLessonEntry } from '../lessons';
import { LESSON_FILES } from '../lessons/files';
import { PAPERS } from '../papers/papers';
import type { Lesson, LessonReading, ParsedStep } from '../scenario/lesson';
import type { View } from '../scenario';
import { navigate } from '../state/location';
import { LESSONS_HASH, keyOf, lessonHash, lessonOfHash, withChanges } from '../state/lessonLink';
import type { ScenarioNav } from '../state/useRoute';
import type { ModelInfo } from '../models/types';
import type { Scenario } from '../scenario';
import { CopyLink } from './CopyLink';
import './lessons.css';

/**
 * What the lesson page takes from the app rather than importing it: the permalink codec and
 * the model page. Imported here, they would be split out of the first page's bundle into
 * shared chunks (the bundler's choice), and the first load would grow.
 */
export interface LessonHost {
  /** A scenario link through the permalink codec (src/state/useRoute.ts, readScenarioLink). */
  parse: (link: string) => ParsedStep;
  renderModel: (
    model: ModelInfo,
    scenario: Scenario,
    view: View | undefined,
    nav: ScenarioNav,
  ) => ReactNode;
  /** A scenario's canonical link (serializeScenario), whose query pairs a step's changes are. */
  serialize: (scenario: Scenario) => string;
}

/**
 * The query pairs of `scenario`'s link whose values differ from `base`'s: the parameters
 * changed in a step, written as the codec writes them.
 */
function changesOf(host: LessonHost, base: Scenario, scenario: Scenario): string {
  const link = host.serialize(scenario);
  const query = link.slice(link.indexOf('?') + 1);
  return query
    .split('&')
    .filter((pair) => {
      const key = keyOf(pair);
      return key in scenario.params && scenario.params[key] !== base.params[key];
    })
    .join('&');
}

type Loaded = { kind: 'missing' } | { kind: 'read'; reading: LessonReading };

const TEST_COMMAND = 'npx vitest run --project unit tests/unit/lessons.test.ts';

/**
 * A lesson file's shape, checked cheaply: the full reader with its messages
 * (src/scenario/lesson.ts, valibot) runs in the unit test, which every shipped file passes;
 * here a broken file gives a clear message rather than a crash, without valibot in this chunk.
 */
function asLesson(raw: unknown): Lesson | null {
  const isText = (x: unknown) => typeof x === 'string' && x.trim() !== '';
  const isRecord = (x: unknown): x is Record<string, unknown> =>
    typeof x === 'object' && x !== null && !Array.isArray(x);
  if (!isRecord(raw) || !['id', 'paper', 'title', 'summary'].every((k) => isText(raw[k])))
    return null;
  const steps = raw.steps;
  if (!Array.isArray(steps) || steps.length === 0) return null;
  const fields = ['title', 'text', 'question', 'scenario'];
  if (!steps.every((st) => isRecord(st) && fields.every((k) => isText(st[k])))) return null;
  return raw as unknown as Lesson;
}

/** Reads one lesson file; a broken file gives its problems, never a crash. */
function loadLesson(id: string, host: LessonHost): Loaded {
  const raw = findLessonEntry(id) ? LESSON_FILES[id] : undefined;
  if (raw === undefined) return { kind: 'missing' };
  const lesson = asLesson(raw);
  if (!lesson)
    return {
      kind: 'read',
      reading: {
        lesson: null,
        problems: [`it is not a lesson (title, summary, steps): run ${TEST_COMMAND} for details`],
      },
    };
  const problems = lesson.steps.flatMap((step, i) =>
    parseStep(step.scenario, host).problems.map(
      (p) => `step ${i + 1} (${step.title}): scenario ${p}`,
    ),
  );
  return { kind: 'read', reading: { lesson, problems } };
}

/** A step's scenario through the app's codec. */
const parseStep = (link: string, host: LessonHost): ParsedStep => host.parse(link);

/** Arrow keys and R belong to the field, not the lesson, while one has focus. */
function isFormField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement ||
    // A focused wide table scrolls with the arrow keys.
    target.closest('.table-scroll') !== null
  );
}

/**
 * One lesson, one step at a time: the step's text and question (large, for the back of the
 * room), Previous / Next (← → and PageUp / PageDown), a reveal toggle (R) that hides the
 * results until the teacher shows them, the step's own link, and the model's page for the
 * step's scenario below. The route holds the step and the reveal, so a link reproduces both.
 */
export function LessonPage({
  host,
  lessonId,
  step,
  reveal,
  view,
  changes = '',
}: {
  host: LessonHost;
  lessonId: string;
  step: number;
  reveal: boolean;
  view: View | undefined;
  /** Parameters changed in the step (query pairs), from the link. */
  changes?: string | undefined;
}) {
  const loaded = useMemo(() => loadLesson(lessonId, host), [lessonId, host]);
  if (loaded.kind !== 'read' || !loaded.reading.lesson || loaded.reading.problems.length > 0) {
    return (
      <main id="main" className="lesson-page">
        <h1>Lesson not available</h1>
        <div className="error-box" role="alert" data-testid="lesson-error">
          {loaded.kind === 'missing' ? (
            <p>There is no lesson named “{lessonId}”.</p>
          ) : (
            <>
              <p>The lesson file “{lessonId}.json” has problems:</p>
              <ul>
                {loaded.reading.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </>
          )}
        </div>
        <p>
          <a href={LESSONS_HASH}>All lessons</a>
        </p>
      </main>
    );
  }
  return (
    <LessonStepView
      host={host}
      lesson={loaded.reading.lesson}
      requested={step}
      reveal={reveal}
      view={view}
      changes={changes}
    />
  );
}

function LessonStepView({
  host,
  lesson,
  requested,
  reveal,
  view,
  changes,
}: {
  host: LessonHost;
  lesson: Lesson;
  requested: number;
  reveal: boolean;
  view: View | undefined;
  changes: string;
}) {
  const count = lesson.steps.length;
  const n = Math.min(requested, count);
  const step = lesson.steps[n - 1]!;
  const headingId = useId();
  const go = useCallback(
    (to: number) => {
      if (to < 1 || to > count || to === n) return;
      // A new step starts hidden: the class predicts before it sees.
      navigate(lessonHash(lesson.id, to, { view }), { replace: false });
    },
    [lesson.id, count, n, view],
  );
  const toggleReveal = useCallback(() => {
    navigate(lessonHash(lesson.id, n, { reveal: !reveal, view, changes }), { replace: true });
  }, [lesson.id, n, reveal, view, changes]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isFormField(e.target)) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') {
        e.preventDefault();
        go(n + 1);
      } else if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
        e.preventDefault();
        go(n - 1);
      } else if ((e.key === 'r' || e.key === 'R') && !e.shiftKey) {
        e.preventDefault();
        toggleReveal();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, n, toggleReveal]);

  useEffect(() => {
    document.title = `${step.title} — step ${n} of ${count} — ${lesson.title} — Latency Lab`;
    return () => {
      document.title = 'Latency Lab';
    };
  }, [step.title, n, count, lesson.title]);

  // The step's own scenario, and the one on screen: with the parameters changed in the step.
  const own = useMemo(() => parseStep(step.scenario, host), [step.scenario, host]);
  const parsed = useMemo(
    () => (changes ? parseStep(withChanges(step.scenario, changes), host) : own),
    [changes, step.scenario, host, own],
  );
  const base = own.scenario;
  // A change stays in the step: its link keeps the step, the reveal and the view. Undo and
  // redo walk this step's entries only; the step's own values are Reset's.
  const nav = useMemo((): ScenarioNav | null => {
    if (!base) return null;
    return {
      base,
      hashOf: (s, v) =>
        lessonHash(lesson.id, n, { reveal, view: v, changes: changesOf(host, base, s) }),
      owns: (hash) => {
        const l = hash === null ? null : lessonOfHash(hash);
        return l !== null && l.lessonId === lesson.id && l.step === n;
      },
    };
  }, [base, lesson.id, n, reveal, host]);
  const stepLink = `${location.origin}${location.pathname}${location.search}${lessonHash(lesson.id, n, { reveal, view, changes })}`;

  return (
    <main
      id="main"
      className="lesson-page"
      data-reveal={reveal ? 'shown' : 'hidden'}
      data-testid="lesson-page"
    >
      <section className="lesson-step" aria-labelledby={headingId}>
        <nav className="lesson-crumbs" aria-label="Lesson">
          <a href={view ? `${LESSONS_HASH}?view=${view}` : LESSONS_HASH}>Lessons</a> ›{' '}
          <span>{lesson.title}</span>
        </nav>
        <p className="lesson-progress" data-testid="lesson-progress">
          Step {n} of {count}
        </p>
        <h1 id={headingId} data-testid="lesson-step-title">
          {step.title}
        </h1>
        {requested > count && (
          <p className="calm-note" role="status">
            This lesson has {count} steps; step {requested} does not exist, so the last one is
            shown.
          </p>
        )}
        <p className="lesson-text" data-testid="lesson-text">
          {step.text}
        </p>
        <p className="lesson-question" data-testid="lesson-question">
          <span className="lesson-question-label">Question for the class:</span> {step.question}
        </p>
        <div className="lesson-tools" role="group" aria-label="Lesson steps">
          <button
            type="button"
            onClick={() => go(n - 1)}
            disabled={n <= 1}
            aria-keyshortcuts="ArrowLeft PageUp"
            data-testid="lesson-prev"
          >
            ← Previous
          </button>
          <button
            type="button"
            onClick={() => go(n + 1)}
            disabled={n >= count}
            aria-keyshortcuts="ArrowRight PageDown"
            data-testid="lesson-next"
          >
            Next →
          </button>
          <button
            type="button"
            className="lesson-reveal"
            aria-pressed={reveal}
            aria-keyshortcuts="R"
            onClick={toggleReveal}
            data-testid="lesson-reveal"
          >
            {reveal ? 'Hide the answer' : 'Reveal the answer'}
          </button>
          <CopyLink link={stepLink} label="Copy this step’s link" testId="lesson-copy-link" />
        </div>
        <p className="lesson-keys">
          Keys: → or Page Down for the next step, ← or Page Up for the previous one, R to reveal or
          hide the answer.{' '}
          {reveal
            ? ''
            : 'Until then the model’s and the paper’s values show “?”, and the results cannot be copied or downloaded. '}
          A parameter changed below stays in this step and in its link.
        </p>
        <p className="visually-hidden" aria-live="polite">
          Step {n} of {count}: {step.title}. {reveal ? 'Answer shown.' : 'Answer hidden.'}
        </p>
      </section>
      {changes && parsed.problems.length > 0 && (
        <div className="calm-note" role="status" data-testid="lesson-change-problems">
          Some changes in this link could not be used: {parsed.problems.join('; ')}
        </div>
      )}
      {parsed.scenario && parsed.model && nav ? (
        <div className="lesson-model" data-testid="lesson-model">
          {host.renderModel(parsed.model, parsed.scenario, view, nav)}
        </div>
      ) : (
        <div className="error-box" role="alert">
          <p>This step’s scenario link could not be read: {parsed.problems.join('; ')}</p>
        </div>
      )}
    </main>
  );
}

/** Every lesson, one per paper, with its steps listed. */
export function LessonList({ view, host }: { view: View | undefined; host: LessonHost }) {
  const lessons = useMemo(
    () =>
      LESSON_ENTRIES.map((e) => {
        const { reading } = loadLesson(e.id, host) as Extract<Loaded, { kind: 'read' }>;
        return reading.problems.length === 0 ? reading.lesson : null;
      }),
    [host],
  );
  useEffect(() => {
    document.title = 'Lessons — Latency Lab';
    return () => {
      document.title = 'Latency Lab';
    };
  }, []);
  return (
    <main id="main" className="lesson-list-page">
      <h1>Lessons</h1>
      <p className="lede">
        One guided lesson per paper. Each step opens a scenario and asks the class a question:
        predict, then reveal what the model (and, where it published one, the paper) says. Step with
        ← and →; every step has its own link.
      </p>
      {
        <ol className="lesson-list">
          {LESSON_ENTRIES.map((entry, i) => {
            const lesson = lessons[i];
            const paper = PAPERS.find((p) => p.file === entry.paper);
            return (
              <li key={entry.id} data-testid={`lesson-${entry.id}`}>
                <h2>
                  <a href={lessonHash(entry.id, 1, { view })}>{lesson?.title ?? entry.id}</a>
                </h2>
                {paper && (
                  <p className="lesson-paper">
                    {paper.title} ({paper.authors})
                  </p>
                )}
                {lesson ? (
                  <>
                    <p>{lesson.summary}</p>
                    <ol className="lesson-steps">
                      {lesson.steps.map((s, k) => (
                        <li key={s.title}>
                          <a href={lessonHash(entry.id, k + 1, { view })}>{s.title}</a>
                        </li>
                      ))}
                    </ol>
                  </>
                ) : (
                  <p className="error-box" role="alert">
                    This lesson could not be read: open it to see why.
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      }
    </main>
  );
}

/** The lazy chunk's entry: the list of lessons, or one lesson's step. */
export default function Lessons(
  props:
    | { page: 'lessons'; view: View | undefined; host: LessonHost }
    | {
        page: 'lesson';
        lessonId: string;
        step: number;
        reveal: boolean;
        view: View | undefined;
        host: LessonHost;
        changes?: string;
      },
) {
  return props.page === 'lessons' ? (
    <LessonList view={props.view} host={props.host} />
  ) : (
    <LessonPage
      host={props.host}
      lessonId={props.lessonId}
      step={props.step}
      reveal={props.reveal}
      view={props.view}
      changes={props.changes}
    />
  );
}
