import { useCallback, useEffect, useId, useState } from 'react';
import { LESSON_ENTRIES, findLessonEntry } from '../lessons';
import { PAPERS } from '../papers/papers';
import { parseStepScenario, readLesson, type Lesson, type LessonReading } from '../scenario/lesson';
import type { View } from '../scenario';
import { navigate } from '../state/location';
import { LESSONS_HASH, lessonHash } from '../state/useRoute';
import { CopyLink } from './CopyLink';
import { ModelPage } from './ModelPage';
import './lessons.css';

const PAPER_FILES = PAPERS.map((p) => p.file);

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'read'; reading: LessonReading };

/** Loads and reads one lesson file; a broken file gives its problems, never a crash. */
function useLesson(id: string): Loaded {
  const [state, setState] = useState<{ id: string; loaded: Loaded }>({
    id,
    loaded: { kind: 'loading' },
  });
  useEffect(() => {
    const entry = findLessonEntry(id);
    if (!entry) {
      setState({ id, loaded: { kind: 'missing' } });
      return;
    }
    let live = true;
    entry.load().then(
      (file) => {
        if (live)
          setState({
            id,
            loaded: {
              kind: 'read',
              reading: readLesson(file.default, { expectedId: id, papers: PAPER_FILES }),
            },
          });
      },
      (err: unknown) => {
        if (live)
          setState({
            id,
            loaded: { kind: 'failed', message: err instanceof Error ? err.message : String(err) },
          });
      },
    );
    return () => {
      live = false;
    };
  }, [id]);
  return state.id === id ? state.loaded : { kind: 'loading' };
}

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
  lessonId,
  step,
  reveal,
  view,
}: {
  lessonId: string;
  step: number;
  reveal: boolean;
  view: View | undefined;
}) {
  const loaded = useLesson(lessonId);
  if (loaded.kind === 'loading')
    return (
      <main id="main" className="lesson-page" aria-busy="true">
        <p className="status-line">Loading the lesson…</p>
      </main>
    );
  if (loaded.kind !== 'read' || !loaded.reading.lesson || loaded.reading.problems.length > 0) {
    return (
      <main id="main" className="lesson-page">
        <h1>Lesson not available</h1>
        <div className="error-box" role="alert" data-testid="lesson-error">
          {loaded.kind === 'missing' ? (
            <p>There is no lesson named “{lessonId}”.</p>
          ) : loaded.kind === 'failed' ? (
            <p>
              The lesson “{lessonId}” could not be loaded: {loaded.message}
            </p>
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
    <LessonStepView lesson={loaded.reading.lesson} requested={step} reveal={reveal} view={view} />
  );
}

function LessonStepView({
  lesson,
  requested,
  reveal,
  view,
}: {
  lesson: Lesson;
  requested: number;
  reveal: boolean;
  view: View | undefined;
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
    navigate(lessonHash(lesson.id, n, { reveal: !reveal, view }), { replace: true });
  }, [lesson.id, n, reveal, view]);

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

  const parsed = parseStepScenario(step.scenario);
  const stepLink = `${location.origin}${location.pathname}${location.search}${lessonHash(lesson.id, n, { reveal, view })}`;

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
          {reveal ? '' : 'Until then the model’s and the paper’s values show “?”. '}
          Changing a parameter below opens the model’s own page; Back returns to this step.
        </p>
        <p className="visually-hidden" aria-live="polite">
          Step {n} of {count}: {step.title}. {reveal ? 'Answer shown.' : 'Answer hidden.'}
        </p>
      </section>
      {parsed.scenario && parsed.model ? (
        <div className="lesson-model" data-testid="lesson-model">
          <ModelPage
            key={parsed.model.id}
            model={parsed.model}
            scenario={parsed.scenario}
            view={view}
            embedded
          />
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
export function LessonList({ view }: { view: View | undefined }) {
  const [lessons, setLessons] = useState<(Lesson | null)[] | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all(
      LESSON_ENTRIES.map((e) =>
        e.load().then(
          (f) => readLesson(f.default, { expectedId: e.id, papers: PAPER_FILES }).lesson,
          () => null,
        ),
      ),
    ).then((all) => {
      if (live) setLessons(all);
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    document.title = 'Lessons — Latency Lab';
    return () => {
      document.title = 'Latency Lab';
    };
  }, []);
  return (
    <main id="main" className="lesson-list-page" aria-busy={lessons === null}>
      <h1>Lessons</h1>
      <p className="lede">
        One guided lesson per paper. Each step opens a scenario and asks the class a question:
        predict, then reveal what the model (and, where it published one, the paper) says. Step with
        ← and →; every step has its own link.
      </p>
      {lessons === null ? (
        <p className="status-line">Loading the lessons…</p>
      ) : (
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
      )}
    </main>
  );
}

/** The lazy chunk's entry: the list of lessons, or one lesson's step. */
export default function Lessons(
  props:
    | { page: 'lessons'; view: View | undefined }
    | { page: 'lesson'; lessonId: string; step: number; reveal: boolean; view: View | undefined },
) {
  return props.page === 'lessons' ? (
    <LessonList view={props.view} />
  ) : (
    <LessonPage
      lessonId={props.lessonId}
      step={props.step}
      reveal={props.reveal}
      view={props.view}
    />
  );
}
