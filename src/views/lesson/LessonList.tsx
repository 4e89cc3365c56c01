import '../../i18n/pageMessages';
import { useEffect, useMemo } from 'react';
import { LESSON_ENTRIES, PAPERS } from '../../papers/papers';
import type { View } from '../../scenario';
import { lessonHash } from '../../state/lessonLink';
import { useLang, useT } from '../../i18n/LangContext';
import { useLessonFiles } from './useLessonFiles';
import { loadLesson, type LessonHost, type Loaded } from './host';

/** Every lesson, one per paper, with its steps listed. */
export function LessonList({ view, host }: { view: View | undefined; host: LessonHost }) {
  // The lessons in the page's language: null while its translations load.
  const files = useLessonFiles(useLang());
  const lessons = useMemo(
    () =>
      LESSON_ENTRIES.map((e) => {
        if (!files) return null;
        const { reading } = loadLesson(e.id, host, files) as Extract<Loaded, { kind: 'read' }>;
        return reading.problems.length === 0 ? reading.lesson : null;
      }),
    [host, files],
  );
  const t = useT();
  const docTitle = t('lessons.docTitle');
  const brand = t('shell.brand');
  useEffect(() => {
    document.title = docTitle;
    return () => {
      document.title = brand;
    };
  }, [docTitle, brand]);
  return (
    <main id="main" className="lesson-list-page" aria-busy={files === null}>
      <h1>{t('lessons.title')}</h1>
      <p className="lede">{t('lessons.lede')}</p>
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
                  files && (
                    <p className="error-box" role="alert">
                      {t('lessons.unreadable')}
                    </p>
                  )
                )}
              </li>
            );
          })}
        </ol>
      }
    </main>
  );
}
