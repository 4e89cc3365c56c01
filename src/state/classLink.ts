import type { View } from '../scenario';

/**
 * Class mode's links (src/class/, server/): `#/class/<code>` is a student's page of a class,
 * `#/class/<code>/teach` the teacher's. A code is checked by the server; here any short word
 * of letters and digits is a class link, and the page says when the server knows no such class.
 */
const CLASS_PATH = /^#\/class\/([a-z0-9]{1,40})(\/teach)?\/?(?:\?(.*))?$/i;

export type ClassRole = 'student' | 'teacher';

export function classOfHash(hash: string): { code: string; role: ClassRole } | null {
  const m = CLASS_PATH.exec(hash);
  if (!m) return null;
  return { code: (m[1] ?? '').toLowerCase(), role: m[2] ? 'teacher' : 'student' };
}

export function classHash(code: string, role: ClassRole, view?: View): string {
  const path = `#/class/${code}${role === 'teacher' ? '/teach' : ''}`;
  return view === 'projector' ? `${path}?view=projector` : path;
}
