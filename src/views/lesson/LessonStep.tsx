import { useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import type { ScenarioTables } from '../../compare/types';
import type { Lesson } from '../../scenario/lessonShape';
import type { Scenario, View } from '../../scenario';
import { navigate } from '../../state/location';
import { LESSONS_HASH, lessonHash, lessonOfHash, withChanges } from '../../state/lessonLink';
import type { ScenarioNav } from '../../state/scenarioActions';
import { CopyLink } from '../CopyLink';
import { changesOf, isFormField, type LessonHost } from './host';
import { servedByClassServer } from '../../class/client';
import { TeachButton } from './TeachButton';
import { useRevealAnswer } from './useRevealAnswer';
import { PredictionBox } from './PredictionBox';
import { withTerms } from '../withTerms';
import { useGlossary } from '../useGlossary';
import '../../i18n/parts/lesson';
import { useLang, useT, type Translate } from '../../i18n/LangContext';
import { problemText } from '../problemText';

interface LessonStepProps {
  host: LessonHost;
  lesson: Lesson;
  requested: number;
  reveal: boolean;
  view: View | undefined;
  changes: string;
}

/**
 * One step: its text and question (large, for the back of the room), Previous / Next, the
 * reveal, the step's link, and the model's page for the step's scenario.
 */
export function LessonStepView(props: LessonStepProps) {
  const { host, lesson, requested, reveal, view, changes } = props;
  const t = useT();
  const count = lesson.steps.length;
  const n = Math.min(requested, count);
  const step = lesson.steps[n - 1]!;
  const headingId = useId();
  const modelRef = useRef<HTMLDivElement>(null);
  useRevealAnswer(modelRef, reveal, step.asks, step.answer, n);
  const { go, toggleReveal } = useStepMoves(lesson.id, count, n, reveal, view, changes);
  useStepTitle(t('lesson.docTitle', { step: step.title, n, count, lesson: lesson.title }));

  const { parsed, base } = useStepScenario(host, step.scenario, changes);
  const nav = useStepNav(base, lesson.id, n, reveal, host);
  // The revealed step's own numbers, for "you said X, the model says Y, the paper Z".
  const [answerTables, setAnswerTables] = useState<ScenarioTables | Error | null>(null);
  const revealed = reveal ? parsed.scenario : null;
  useEffect(() => {
    setAnswerTables(null);
    if (!revealed) return;
    let live = true;
    const channel = host.tablesChannel();
    channel.tables(revealed.modelId, revealed.params).then(
      (outcome) => {
        if (!live || outcome.kind === 'superseded') return;
        setAnswerTables(outcome.kind === 'ok' ? outcome.value : outcome.error);
      },
      (e: unknown) => live && setAnswerTables(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
      channel.dispose();
    };
  }, [revealed, host]);
  // When the teacher reveals, the question and its answer share the screen: if the question
  // has scrolled away, or the answer is below the window, the step comes back into view.
  const questionRef = useRef<HTMLParagraphElement>(null);
  const stepRef = useRef<HTMLElement>(null);
  const wasRevealed = useRef(reveal);
  const bringBack = useRef(false);
  useEffect(() => {
    if (reveal && !wasRevealed.current) bringBack.current = true;
    wasRevealed.current = reveal;
    if (!reveal || !bringBack.current || answerTables === null) return;
    bringBack.current = false;
    const q = questionRef.current?.getBoundingClientRect();
    const box = stepRef.current?.querySelector('.lesson-predict')?.getBoundingClientRect();
    if (q && box && (q.top < 0 || box.bottom > window.innerHeight))
      questionRef.current?.scrollIntoView({ block: 'start' });
  }, [reveal, answerTables]);

  return (
    <main
      id="main"
      className="lesson-page"
      data-reveal={reveal ? 'shown' : 'hidden'}
      data-testid="lesson-page"
    >
      <section className="lesson-step" aria-labelledby={headingId} ref={stepRef}>
        <StepText {...props} n={n} headingId={headingId} questionRef={questionRef} />
        <PredictionBox
          lessonId={lesson.id}
          step={n}
          asks={step.asks}
          why={step.why}
          reveal={reveal}
          tables={answerTables}
        />
        <StepTools {...props} n={n} go={go} toggleReveal={toggleReveal} />
      </section>
      <StepModel {...props} parsed={parsed} nav={nav} modelRef={modelRef} />
    </main>
  );
}

/** → / Page Down, ← / Page Up step; R reveals or hides; not while typing in a field. */
function useStepKeys(go: (to: number) => void, n: number, toggleReveal: () => void) {
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
}

function useStepTitle(title: string) {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = 'Latency Lab';
    };
  }, [title]);
}

/** The step's place in the lesson, its title, text and question (large, for the room). */
function StepText(props: LessonStepProps & { n: number; headingId: string; questionRef: StepRef }) {
  const { lesson, n, requested, view, headingId, questionRef } = props;
  const count = lesson.steps.length;
  const step = lesson.steps[n - 1]!;
  const t = useT();
  // The terms of the page's language (plain text while its glossary loads).
  const glossary = useGlossary(useLang());
  return (
    <>
      <nav className="lesson-crumbs" aria-label={t('lesson.crumbs')}>
        <a href={view ? `${LESSONS_HASH}?view=${view}` : LESSONS_HASH}>{t('shell.lessons')}</a> ›{' '}
        <span>{lesson.title}</span>
      </nav>
      <p className="lesson-progress" data-testid="lesson-progress">
        {t('lesson.progress', { n, count })}
      </p>
      <h1 id={headingId} data-testid="lesson-step-title">
        {step.title}
      </h1>
      {requested > count && (
        <p className="calm-note" role="status">
          {t('lesson.noSuchStep', { count, requested })}
        </p>
      )}
      <p className="lesson-text" data-testid="lesson-text">
        {glossary ? withTerms(step.text, glossary) : step.text}
      </p>
      <p className="lesson-question" data-testid="lesson-question" ref={questionRef}>
        <span className="lesson-question-label">{t('lesson.questionLabel')}</span> {step.question}
      </p>
    </>
  );
}

/** Previous / Next, the reveal, the step's link and the keys. */
function StepTools(props: LessonStepProps & StepMoves & { n: number }) {
  const { lesson, n, reveal, view, changes, go, toggleReveal } = props;
  const t = useT();
  const [lessonId, count, title] = [lesson.id, lesson.steps.length, lesson.steps[n - 1]!.title];
  const stepLink = `${location.origin}${location.pathname}${location.search}${lessonHash(lessonId, n, { reveal, view, changes })}`;
  return (
    <>
      <div className="lesson-tools" role="group" aria-label={t('lesson.steps')}>
        <button
          type="button"
          onClick={() => go(n - 1)}
          disabled={n <= 1}
          aria-keyshortcuts="ArrowLeft PageUp"
          data-testid="lesson-prev"
        >
          {t('lesson.previous')}
        </button>
        <button
          type="button"
          onClick={() => go(n + 1)}
          disabled={n >= count}
          aria-keyshortcuts="ArrowRight PageDown"
          data-testid="lesson-next"
        >
          {t('lesson.next')}
        </button>
        <button
          type="button"
          className="lesson-reveal"
          aria-pressed={reveal}
          aria-keyshortcuts="R"
          onClick={toggleReveal}
          data-testid="lesson-reveal"
        >
          {reveal ? t('lesson.hide') : t('lesson.reveal')}
        </button>
        <CopyLink link={stepLink} label={t('lesson.copyLink')} testId="lesson-copy-link" />
        {servedByClassServer() && <TeachButton lessonId={lessonId} view={view} />}
      </div>
      <p className="lesson-keys">
        {t('lesson.keys')} {reveal ? '' : `${t('lesson.keysHidden')} `}
        {t('lesson.keysChanges')}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {t('lesson.live', { n, count, title })}{' '}
        {reveal ? t('lesson.answerShown') : t('lesson.answerHidden')}
      </p>
    </>
  );
}

type StepRef = RefObject<HTMLParagraphElement | null>;
type StepMoves = { go: (to: number) => void; toggleReveal: () => void };

/** Moves between steps (a new step starts hidden) and the reveal, by button and by key. */
function useStepMoves(
  lessonId: string,
  count: number,
  n: number,
  reveal: boolean,
  view: View | undefined,
  changes: string,
) {
  const go = useCallback(
    (to: number) => {
      if (to < 1 || to > count || to === n) return;
      // A new step starts hidden: the class predicts before it sees.
      navigate(lessonHash(lessonId, to, { view }), { replace: false });
    },
    [lessonId, count, n, view],
  );
  const toggleReveal = useCallback(() => {
    navigate(lessonHash(lessonId, n, { reveal: !reveal, view, changes }), { replace: true });
  }, [lessonId, n, reveal, view, changes]);

  useStepKeys(go, n, toggleReveal);
  return { go, toggleReveal };
}

// A change stays in the step: its link keeps the step, the reveal and the view. Undo and
// redo walk this step's entries only; the step's own values are Reset's.
function useStepNav(
  base: Scenario | null,
  lessonId: string,
  n: number,
  reveal: boolean,
  host: LessonHost,
): ScenarioNav | null {
  return useMemo((): ScenarioNav | null => {
    if (!base) return null;
    return {
      base,
      hashOf: (s, v) =>
        lessonHash(lessonId, n, { reveal, view: v, changes: changesOf(host, base, s) }),
      owns: (hash) => {
        const l = hash === null ? null : lessonOfHash(hash);
        return l !== null && l.lessonId === lessonId && l.step === n;
      },
    };
  }, [base, lessonId, n, reveal, host]);
}

/** The step's own scenario, and the one on screen: with the parameters changed in the step. */
function useStepScenario(host: LessonHost, scenario: string, changes: string) {
  const own = useMemo(() => host.parse(scenario), [scenario, host]);
  const parsed = useMemo(
    () => (changes ? host.parse(withChanges(scenario, changes)) : own),
    [changes, scenario, host, own],
  );
  return { parsed, base: own.scenario };
}

/** A step link's problems in the page's language (as the codec says them in English). */
function stepProblemsText(t: Translate, parsed: ReturnType<LessonHost['parse']>): string {
  if (!parsed.said) return parsed.problems.join('; ');
  return parsed.said
    .map((p) => {
      const text = problemText(t, p);
      return p.param ? `${p.param}: ${text}` : text;
    })
    .join('; ');
}

/** The step's model page, with the parameters changed in the step, or why it cannot be shown. */
function StepModel(
  props: LessonStepProps & {
    parsed: ReturnType<LessonHost['parse']>;
    nav: ScenarioNav | null;
    modelRef: RefObject<HTMLDivElement | null>;
  },
) {
  const { host, parsed, changes, view, nav, modelRef } = props;
  const t = useT();
  const problems = stepProblemsText(t, parsed);
  return (
    <>
      {changes && parsed.problems.length > 0 && (
        <div className="calm-note" role="status" data-testid="lesson-change-problems">
          {t('lesson.changeProblems', { problems })}
        </div>
      )}
      {parsed.scenario && parsed.model && nav ? (
        <div className="lesson-model" data-testid="lesson-model" ref={modelRef}>
          {host.renderModel(parsed.model, parsed.scenario, view, nav)}
        </div>
      ) : (
        <div className="error-box" role="alert">
          <p>{t('lesson.badLink', { problems })}</p>
        </div>
      )}
    </>
  );
}
