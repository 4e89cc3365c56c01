import { useEffect, useMemo } from 'react';
import { LESSON_ENTRIES, PAPERS } from '../../papers/papers';
import type { View } from '../../scenario';
import { lessonHash } from '../../state/lessonLink';
import { useLang } from '../../i18n/LangContext';
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
  useEffect(() => {
    document.title = 'Lessons — Latency Lab';
    return () => {
      document.title = 'Latency Lab';
    };
  }, []);
  return (
    <main id="main" className="lesson-list-page" aria-busy={files === null}>
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
                  files && (
                    <p className="error-box" role="alert">
                      This lesson could not be read: open it to see why.
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
