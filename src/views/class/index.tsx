import { servedByClassServer } from '../../class/client';
import type { View } from '../../scenario';
import type { ClassRole } from '../../state/classLink';
import type { LessonHost } from '../lesson/host';
import { StudentPage } from './StudentPage';
import { TeacherPage } from './TeacherPage';
import '../lesson/lessons.css';
import './class.css';

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
  if (!servedByClassServer())
    return (
      <main id="main" className="class-page" data-testid="class-no-server">
        <h1>Class mode needs the class server</h1>
        <p>
          This copy of Latency Lab is served as static files, so it cannot collect a class’s
          answers. The teacher starts the class server on their laptop with{' '}
          <code>npm run class</code> and shows the address it prints; open that address instead.
        </p>
        <p>
          <a href="#/lessons">The lessons work here without it</a>
        </p>
      </main>
    );
  return role === 'teacher' ? (
    <TeacherPage code={code} view={view} host={host} />
  ) : (
    <StudentPage code={code} />
  );
}
