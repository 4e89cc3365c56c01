import type {
  Answer,
  AnswerInput,
  ApiError,
  ClassState,
  Control,
  CreatedClass,
  Joined,
  StoreHealth,
  Removal,
  Seat,
  TeacherSnapshot,
} from './protocol';
import { ClassProblem, problem, problemIn } from './refusals';

/**
 * The app's side of class mode: requests to the class server (server/) that served the page,
 * and its event streams. Only the class pages load this; a page on a static host never does.
 */

/** The class server marks the page it serves (server/app.ts adds this meta element). */
export function servedByClassServer(): boolean {
  return document.querySelector('meta[name="latency-lab-class"]') !== null;
}

/**
 * A refusal from the server, with its problem (a code, its values and the English sentence,
 * src/class/refusals.ts); `status` 0: no answer at all.
 */
export class ClassApiError extends ClassProblem {}

const base = () => new URL('./api/', document.baseURI);

async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(new URL(path, base()), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      cache: 'no-store',
    });
  } catch {
    throw new ClassApiError(problem('down'), 0);
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: reported below.
  }
  if (!res.ok)
    throw new ClassApiError(
      problemIn(data as ApiError | null) ?? problem('refused', { status: res.status }),
      res.status,
    );
  return data as T;
}

const enc = encodeURIComponent;
const teacher = (key: string) => ({ 'X-Teacher-Key': key });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const classApi = {
  create: (lessonId: string) => call<CreatedClass>('POST', 'classes', { body: { lessonId } }),
  state: (code: string) => call<ClassState>('GET', `classes/${enc(code)}`),
  join: (code: string, name: string) =>
    call<Joined>('POST', `classes/${enc(code)}/students`, { body: name ? { name } : {} }),
  me: (code: string, token: string) =>
    call<{
      student: { studentId: string; name: string | null };
      answers: Answer[];
      /** Homework: the furthest step reached (absent from an older server). */
      reached?: number;
    }>('GET', `classes/${enc(code)}/me`, {
      headers: bearer(token),
    }),
  answer: (code: string, token: string, step: number, answer: AnswerInput) =>
    call<{ answer: Answer }>('PUT', `classes/${enc(code)}/answers/${step}`, {
      body: answer,
      headers: bearer(token),
    }),
  /** Homework: the step this student is on (the server keeps the furthest). */
  progress: (code: string, token: string, step: number) =>
    call<{ reached: number }>('PUT', `classes/${enc(code)}/progress`, {
      body: { step },
      headers: bearer(token),
    }),
  control: (code: string, key: string, control: Control) =>
    call<ClassState>('POST', `classes/${enc(code)}/control`, {
      body: control,
      headers: teacher(key),
    }),
  /** How many may join (the teacher only). */
  setSize: (code: string, key: string, size: number) =>
    call<{ size: number; addressShare: number }>('PUT', `classes/${enc(code)}/size`, {
      body: { size },
      headers: teacher(key),
    }),
  /** Removes students with their answers (the teacher only); the ids removed. */
  remove: (code: string, key: string, which: Removal) =>
    call<{ removed: string[] }>('POST', `classes/${enc(code)}/remove`, {
      body: which,
      headers: teacher(key),
    }),
  /** The export as text (CSV or JSON), to save as a file. */
  exportText: async (
    code: string,
    key: string,
    format: 'csv' | 'json' | 'summary',
  ): Promise<string> => {
    const file = format === 'summary' ? 'summary.csv' : `export.${format}`;
    let res: Response;
    try {
      res = await fetch(new URL(`classes/${enc(code)}/${file}`, base()), {
        headers: teacher(key),
        cache: 'no-store',
      });
    } catch {
      throw new ClassApiError(problem('down'), 0);
    }
    if (!res.ok)
      throw new ClassApiError(problem('exportRefused', { status: res.status }), res.status);
    return res.text();
  },
};

export interface StreamHandlers {
  state?: (s: ClassState) => void;
  snapshot?: (s: TeacherSnapshot) => void;
  student?: (s: Seat) => void;
  answer?: (a: Answer) => void;
  /** Teacher only: the store failed (a sentence) or recovered (null). */
  health?: (h: StoreHealth) => void;
  size?: (s: { size: number }) => void;
  /** The teacher: these students were removed. A student: I was removed (the stream ends). */
  removed?: (r: { studentIds: string[] }) => void;
  /** true: connected (again); false: lost, EventSource is reconnecting by itself. */
  connection?: (open: boolean) => void;
  /** The server refused the stream or ended it for good: EventSource does not try again. */
  closed?: () => void;
}

/**
 * The class's event stream: EventSource reconnects by itself (the server asks for 1 s), and
 * every (re)connection starts with the full state, so nothing is missed while it was away.
 */
export function openStream(
  code: string,
  handlers: StreamHandlers,
  auth: { key: string } | { token: string },
): () => void {
  const url = new URL(`classes/${enc(code)}/events`, base());
  // EventSource sends no headers: the teacher's key, or the student's token, goes in the query.
  if ('key' in auth) url.searchParams.set('key', auth.key);
  else url.searchParams.set('token', auth.token);
  const source = new EventSource(url);
  const on = <T>(name: string, fn: ((value: T) => void) | undefined) => {
    if (!fn) return;
    source.addEventListener(name, (e) => {
      try {
        fn(JSON.parse((e as MessageEvent<string>).data) as T);
      } catch {
        // A malformed event is dropped; the next snapshot or state puts things right.
      }
    });
  };
  on('state', handlers.state);
  on('snapshot', handlers.snapshot);
  on('student', handlers.student);
  on('answer', handlers.answer);
  on('health', handlers.health);
  on('size', handlers.size);
  on('removed', handlers.removed);
  source.onopen = () => handlers.connection?.(true);
  source.onerror = () => {
    handlers.connection?.(false);
    if (source.readyState === EventSource.CLOSED) handlers.closed?.();
  };
  return () => source.close();
}

/** Where this browser keeps its class secrets: the teacher's key, a student's token. */
const storeKey = (role: 'teacher' | 'student', code: string) => `latency-lab:class:${role}:${code}`;

export function remember(role: 'teacher' | 'student', code: string, value: object): void {
  try {
    localStorage.setItem(storeKey(role, code), JSON.stringify(value));
  } catch {
    // Storage disabled: the secret lives as long as the page.
  }
}

export function forget(role: 'teacher' | 'student', code: string): void {
  try {
    localStorage.removeItem(storeKey(role, code));
  } catch {
    // Storage disabled: nothing was kept.
  }
}

export function recall<T>(role: 'teacher' | 'student', code: string): T | null {
  try {
    const raw = localStorage.getItem(storeKey(role, code));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
