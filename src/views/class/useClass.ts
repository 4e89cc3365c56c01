import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { classApi, ClassApiError, openStream, type StreamHandlers } from '../../class/client';
import type { Answer, ClassState, Seat, StoreHealth } from '../../class/protocol';
import { problem, problemOf, type Problem } from '../../class/refusals';
import { LESSON_FILES } from '../../lessons/files';
import { PAPERS, findLessonEntry } from '../../papers/papers';
import { readLessonShape, type Lesson } from '../../scenario/lessonShape';
import { useLang } from '../../i18n/LangContext';
import { useLessonFiles } from '../lesson/useLessonFiles';

/**
 * The lesson a class follows, in the page's language (English until a translation has loaded:
 * a translation changes only the text, so steps and answers are the same), read with the
 * lessons' own reader; null when there is none.
 */
export function useLesson(lessonId: string | undefined): Lesson | null {
  const files = useLessonFiles(useLang()) ?? LESSON_FILES;
  return useMemo(() => {
    if (!lessonId || !findLessonEntry(lessonId)) return null;
    const read = readLessonShape(files[lessonId], {
      expectedId: lessonId,
      papers: PAPERS.map((p) => p.file),
    });
    return read.problems.length === 0 ? read.lesson : null;
  }, [lessonId, files]);
}

export interface Room {
  state: ClassState | null;
  /** null: connected; otherwise why the page cannot show the class (yet). */
  problem: Problem | null;
  /** The stream dropped; EventSource is reconnecting by itself. */
  reconnecting: boolean;
  /** Teacher only: everyone who joined and every answer, kept current by the stream. */
  students: Map<string, Seat>;
  answers: Map<string, Answer>;
  /** Teacher only: why answers are not being saved (the store failed), or null. */
  storeProblem: Problem | null;
  /** Teacher only: how many may join. */
  size: number | null;
  /** Student only: the teacher removed this student (the stream has ended). */
  removed: boolean;
  /** Bumped at every (re)connection: a student resends an answer the server may not have. */
  connections: number;
}

/** What a class page says while its server cannot be reached (it keeps asking). */
export const OFFLINE = problem('offline').error;

/** The store's health as a problem (its code, from a server that sends one), or null. */
const healthProblem = (h: StoreHealth | undefined): Problem | null =>
  h?.problem ? { error: h.problem, ...(h.code ? { code: h.code, values: {} } : {}) } : null;

export const answerKey = (studentId: string, step: number) => `${studentId}:${step}`;

/** How each of the stream's messages changes the room (a teacher's or a student's). */
function roomUpdates(
  setRoom: Dispatch<SetStateAction<Room>>,
  teacher: boolean,
): Omit<StreamHandlers, 'closed'> {
  return {
    state: (state) => setRoom((r) => ({ ...r, state, problem: null })),
    snapshot: (snap) =>
      setRoom((r) => ({
        ...r,
        state: snap.state,
        problem: null,
        size: snap.size,
        students: new Map(snap.students.map((s) => [s.studentId, s])),
        answers: new Map(snap.answers.map((a) => [answerKey(a.studentId, a.step), a])),
        storeProblem: healthProblem(snap.health),
      })),
    health: (h) => setRoom((r) => ({ ...r, storeProblem: healthProblem(h) })),
    student: (s) => setRoom((r) => ({ ...r, students: new Map(r.students).set(s.studentId, s) })),
    answer: (a) =>
      setRoom((r) => ({
        ...r,
        answers: new Map(r.answers).set(answerKey(a.studentId, a.step), a),
      })),
    size: ({ size }) => setRoom((r) => ({ ...r, size })),
    removed: ({ studentIds }) =>
      setRoom((r) => {
        if (!teacher) return { ...r, removed: true };
        const gone = new Set(studentIds);
        return {
          ...r,
          students: new Map([...r.students].filter(([id]) => !gone.has(id))),
          answers: new Map([...r.answers].filter(([, a]) => !gone.has(a.studentId))),
        };
      }),
    connection: (open) =>
      setRoom((r) => ({
        ...r,
        reconnecting: !open,
        connections: open ? r.connections + 1 : r.connections,
      })),
  };
}

/**
 * A class as its stream tells it. The first request says whether the class exists (a clear
 * message when not); then the stream keeps the state — and for a teacher the roster and the
 * answers — current, and starts again with the whole of it after every reconnection.
 */
export function useRoom(code: string, auth: { key: string } | { token: string } | null): Room {
  const [room, setRoom] = useState<Room>({
    state: null,
    problem: null,
    reconnecting: false,
    students: new Map(),
    answers: new Map(),
    storeProblem: null,
    size: null,
    removed: false,
    connections: 0,
  });
  // A stream the server refused (too many at once) or ended is opened again a little later.
  const [attempt, setAttempt] = useState(0);
  const key = auth && 'key' in auth ? auth.key : undefined;
  const token = auth && 'token' in auth ? auth.token : undefined;
  useEffect(() => {
    let closed = false;
    let close: (() => void) | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    classApi.state(code).then(
      () => {
        if (closed || (key === undefined && token === undefined)) return;
        close = openStream(
          code,
          {
            ...roomUpdates(setRoom, key !== undefined),
            closed: () => {
              if (closed) return;
              // A student the server no longer knows (removed, or a wiped store) joins again.
              const known =
                token === undefined
                  ? Promise.resolve(true)
                  : classApi.me(code, token).then(
                      () => true,
                      (e: unknown) => !(e instanceof ClassApiError && e.status === 401),
                    );
              void known.then((yes) => {
                if (closed) return;
                if (yes) retry = setTimeout(() => setAttempt((n) => n + 1), 3000);
                else setRoom((r) => ({ ...r, removed: true }));
              });
            },
          },
          key !== undefined ? { key } : { token: token! },
        );
      },
      (e: unknown) => {
        if (closed) return;
        const down = e instanceof ClassApiError && e.status === 0;
        const why =
          e instanceof ClassApiError && e.status === 404
            ? problem('noClassCheck', { code })
            : down
              ? problem('offline')
              : problemOf(e);
        setRoom((r) => ({ ...r, problem: why }));
        // A server that is down (a reload during an outage): ask again until it is back.
        if (down) retry = setTimeout(() => setAttempt((n) => n + 1), 3000);
      },
    );
    return () => {
      closed = true;
      clearTimeout(retry);
      close?.();
    };
  }, [code, key, token, attempt]);
  return room;
}
