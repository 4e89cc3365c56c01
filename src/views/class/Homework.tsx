import { useId, useState, type FormEvent } from 'react';
import type { Answer, Homework, Seat } from '../../class/protocol';
import type { Lesson } from '../../scenario/lessonShape';
import { answerKey } from './useClass';

/** A `datetime-local` value (the teacher's own clock) for a time in ms. */
const local = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const WEEK = 7 * 24 * 3600 * 1000;

export const periodWords = (h: Homework) =>
  `${new Date(h.opensAt).toLocaleString()} to ${new Date(h.closesAt).toLocaleString()}`;

/**
 * Open the lesson as homework: from now (or a time set) until a week later (or a time set),
 * students go at their own pace and the board shows who is where.
 */
export function HomeworkForm({ onOpen }: { onOpen: (h: Homework) => Promise<void> }) {
  const [opens, setOpens] = useState(() => local(Date.now()));
  const [closes, setCloses] = useState(() => local(Date.now() + WEEK));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const o = Date.parse(opens);
    const c = Date.parse(closes);
    if (!Number.isFinite(o) || !Number.isFinite(c)) {
      setProblem('Give both times: when the homework opens and when it closes.');
      return;
    }
    if (c <= o) {
      setProblem('The homework must close after it opens.');
      return;
    }
    setProblem(null);
    void onOpen({ opensAt: new Date(o).toISOString(), closesAt: new Date(c).toISOString() });
  };
  return (
    <details className="class-homework-form" data-testid="class-homework-form">
      <summary>Set as homework</summary>
      <form onSubmit={submit}>
        <p className="calm-note">
          Students work through the lesson at their own pace, their predictions kept, until it
          closes; the board shows each student’s step and the class’s answers per step.
        </p>
        <label htmlFor={`${id}-o`}>Opens</label>
        <input
          id={`${id}-o`}
          type="datetime-local"
          value={opens}
          onChange={(e) => setOpens(e.target.value)}
        />
        <label htmlFor={`${id}-c`}>Closes</label>
        <input
          id={`${id}-c`}
          type="datetime-local"
          value={closes}
          onChange={(e) => setCloses(e.target.value)}
          data-testid="class-homework-closes"
        />
        <button type="submit" data-testid="class-homework-open">
          Open as homework
        </button>
        {problem && (
          <span className="field-problem" role="alert">
            {problem}
          </span>
        )}
      </form>
    </details>
  );
}

/**
 * The homework dashboard: each student's step reached and how many steps they answered, and
 * per step how many answered (the distribution itself is on the board per step below).
 */
export function HomeworkBoard({
  homework,
  lesson,
  students,
  answers,
  nameOf,
}: {
  homework: Homework;
  lesson: Lesson;
  students: readonly Seat[];
  answers: ReadonlyMap<string, Answer>;
  nameOf: (s: Seat) => string;
}) {
  const asking = lesson.steps.flatMap((s, i) => (s.answer ? [i + 1] : []));
  const closed = Date.now() >= Date.parse(homework.closesAt);
  return (
    <section className="class-homework" aria-label="Homework" data-testid="class-homework">
      <h2>Homework</h2>
      <p>
        {closed ? 'Closed' : 'Open'}: {periodWords(homework)}.
      </p>
      <table className="class-homework-steps">
        <caption>Answers per step</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Answered</th>
          </tr>
        </thead>
        <tbody>
          {asking.map((n) => (
            <tr key={n}>
              <th scope="row">
                {n}. {lesson.steps[n - 1]?.title}
              </th>
              <td data-testid={`class-homework-step-${n}`}>
                {students.filter((s) => answers.has(answerKey(s.studentId, n))).length} of{' '}
                {students.length}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="class-homework-progress" data-testid="class-progress">
        <caption>Each student’s progress</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Step reached</th>
            <th scope="col">Steps answered</th>
          </tr>
        </thead>
        <tbody>
          {students.map((s) => (
            <tr key={s.studentId}>
              <th scope="row">{nameOf(s)}</th>
              <td>
                {s.reached ?? 1} of {lesson.steps.length}
              </td>
              <td>
                {asking.filter((n) => answers.has(answerKey(s.studentId, n))).length} of{' '}
                {asking.length}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
