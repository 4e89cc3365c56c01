import { useMemo } from 'react';
import type { View } from '../../scenario';
import { LESSONS_HASH } from '../../state/lessonLink';
import '../../i18n/parts/lesson';
import { useT } from '../../i18n/LangContext';
import { useLessonFiles } from './useLessonFiles';
import { loadLesson, type LessonHost } from './host';
import { LessonStepView } from './LessonStep';
import { lessonProblemText } from '../problemText';

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
  // The lesson in the page's language: null while its translation loads.
  const t = useT();
  const files = useLessonFiles(t.lang);
  const loaded = useMemo(
    () => (files ? loadLesson(lessonId, host, files) : null),
    [lessonId, host, files],
  );
  if (!loaded) return <main id="main" className="lesson-page" aria-busy="true" />;
  if (loaded.kind !== 'read' || !loaded.reading.lesson || loaded.reading.problems.length > 0) {
    return (
      <main id="main" className="lesson-page">
        <h1>{t('lesson.unavailable')}</h1>
        <div className="error-box" role="alert" data-testid="lesson-error">
          {loaded.kind === 'missing' ? (
            <p>{t('lesson.missing', { id: lessonId })}</p>
          ) : (
            <>
              <p>{t('lesson.problems', { id: lessonId })}</p>
              <ul>
                {(
                  loaded.reading.said?.map((s) => lessonProblemText(t, s)) ??
                  loaded.reading.problems
                ).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </>
          )}
        </div>
        <p>
          <a href={LESSONS_HASH}>{t('lesson.all')}</a>
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
