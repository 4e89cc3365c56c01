import type { View } from '../../scenario';
import type { LessonHost } from './host';
import { LessonList } from './LessonList';
import { LessonPage } from './LessonPage';
import './lessons.css';

export type { LessonHost } from './host';

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
