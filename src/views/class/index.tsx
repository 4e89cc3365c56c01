import { servedByClassServer } from '../../class/client';
import type { View } from '../../scenario';
import type { ClassRole } from '../../state/classLink';
import type { LessonHost } from '../lesson/host';
import { StudentPage } from './StudentPage';
import { TeacherPage } from './TeacherPage';
import '../lesson/lessons.css';
import './class.css';
import '../../i18n/parts/class';
import { useT } from '../../i18n/LangContext';

/**
 * The lazy chunk's entry for class mode: a student's page or the teacher's. Only the class
 * server (npm run class) can hold a class; on a static host the page says so.
 */
export default function ClassPage({
  code,
  role,
  view,
  host,
}: {
  code: string;
  role: ClassRole;
  view: View | undefined;
  host: LessonHost;
}) {
  if (!servedByClassServer()) return <NoServer />;
  return role === 'teacher' ? (
    <TeacherPage code={code} view={view} host={host} />
  ) : (
    <StudentPage code={code} />
  );
}

/** On a static host: no class here, and how to get one. */
function NoServer() {
  const t = useT();
  return (
    <main id="main" className="class-page" data-testid="class-no-server">
      <h1>{t('class.noServer.title')}</h1>
      <p>{t.rich('class.noServer.text', { code: (c) => <code>{c}</code> })}</p>
      <p>
        <a href="#/lessons">{t('class.noServer.lessons')}</a>
      </p>
    </main>
  );
}
