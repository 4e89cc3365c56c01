import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Answer, Homework, Seat } from '../../class/protocol';
import type { Lesson } from '../../scenario/lessonShape';
import { answerKey } from './useClass';

const at = (iso: string) => new Date(iso).toLocaleString();

/** Where a homework stands on this device's clock (the server's has the last word). */
export function homeworkStatus(h: Homework, now = Date.now()) {
  return now >= Date.parse(h.closesAt)
    ? ('closed' as const)
    : now < Date.parse(h.opensAt)
      ? ('not-yet' as const)
      : ('open' as const);
}

/** The homework's period in a sentence, for the student or for the board. */
export function homeworkWords(h: Homework, who: 'student' | 'board') {
  const kept = who === 'student' ? 'your answers are kept' : 'the answers given are kept';
  switch (homeworkStatus(h)) {
    case 'closed':
      return `This homework closed on ${at(h.closesAt)}: ${kept}.`;
    case 'not-yet':
      return `This homework opens on ${at(h.opensAt)} and closes on ${at(h.closesAt)}.`;
    case 'open':
      return who === 'student'
        ? `Homework: at your own pace until ${at(h.closesAt)}. Your answers are kept.`
        : `Open: ${at(h.opensAt)} to ${at(h.closesAt)}.`;
  }
}

/** The median of the values, or null. */
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : null;
};
const fmt = (v: number) => `${+v.toPrecision(3)}`;

/**
 * The class's answers to one step in words: the median of each number asked (from the minimum
 * count on, as the board's distribution), or how many sketches.
 */
function answersWords(step: Lesson['steps'][number], answers: Answer[], minAnswers: number) {
  const a = step.answer;
  if (!a || answers.length === 0) return '—';
  if (answers.length < minAnswers) return `shown from ${minAnswers} answers`;
  if (a.kind === 'sketch') return `${answers.length} sketches`;
  const each = a.kind === 'number' ? [{ label: a.label, unit: a.unit }] : step.asks;
  return each
    .map((ask, i) => {
      const m = median(
        answers.flatMap((x) => {
          const v = a.kind === 'number' ? x.value : (x.values?.[i] ?? null);
          return typeof v === 'number' ? [v] : [];
        }),
      );
      return m === null ? null : `${ask.label}: median ${fmt(m)}${ask.unit ? ` ${ask.unit}` : ''}`;
    })
    .filter(Boolean)
    .join('; ');
}

/** One of the dashboard's tables: a caption, the column heads, a row head and cells per row. */
function BoardTable({
  caption,
  columns,
  rows,
  testId,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; head: ReactNode; cells: readonly ReactNode[]; testId?: string }[];
  testId?: string;
}) {
  return (
    <table data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.head}</th>
            {r.cells.map((cell, i) => (
              <td key={i} data-testid={i === 0 ? r.testId : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The homework dashboard: per step how many answered and the class's answers (medians), each
 * student's step reached and how many steps they answered (the board's controls end it early).
 */
export function HomeworkBoard({
  homework,
  lesson,
  students,
  answers,
  nameOf,
  minAnswers,
}: {
  homework: Homework;
  lesson: Lesson;
  students: readonly Seat[];
  answers: ReadonlyMap<string, Answer>;
  nameOf: (s: Seat) => string;
  minAnswers: number;
}) {
  const asking = lesson.steps.flatMap((s, i) => (s.answer ? [i + 1] : []));
  const given = (n: number) =>
    students.flatMap((s) => answers.get(answerKey(s.studentId, n)) ?? []);
  return (
    <section className="class-homework" aria-label="Homework" data-testid="class-homework">
      <h2>Homework</h2>
      <p data-testid="class-homework-state">{homeworkWords(homework, 'board')}</p>
      <BoardTable
        caption="Answers per step"
        columns={['Step', 'Answered', 'The class’s answers']}
        rows={asking.map((n) => ({
          key: String(n),
          head: `${n}. ${lesson.steps[n - 1]?.title}`,
          cells: [
            `${given(n).length} of ${students.length}`,
            answersWords(lesson.steps[n - 1]!, given(n), minAnswers),
          ],
          testId: `class-homework-step-${n}`,
        }))}
      />
      <BoardTable
        caption="Each student’s progress"
        columns={['Student', 'Step reached', 'Steps answered']}
        testId="class-progress"
        rows={students.map((s) => ({
          key: s.studentId,
          head: nameOf(s),
          cells: [
            `${s.reached ?? 1} of ${lesson.steps.length}`,
            `${asking.filter((n) => answers.has(answerKey(s.studentId, n))).length} of ${asking.length}`,
          ],
        }))}
      />
    </section>
  );
}

/**
 * "End the homework now", asked once more before it is done (a mistaken press would close
 * every student's homework): the question takes the focus, Escape or "Keep it open" go back.
 */
export function EndHomework({ onEnd }: { onEnd: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (wasAsking.current) start.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking)
    return (
      <button
        ref={start}
        type="button"
        onClick={() => setAsking(true)}
        data-testid="class-homework-end"
      >
        End the homework now…
      </button>
    );
  return (
    <div
      className="class-homework-confirm"
      role="group"
      aria-label="End the homework"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          setAsking(false);
        }
      }}
    >
      <p>End the homework for every student now? Their answers are kept; no more are taken.</p>
      <button
        ref={confirm}
        type="button"
        onClick={() => void onEnd().finally(() => setAsking(false))}
        data-testid="class-homework-end-confirm"
      >
        Yes, end it now
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep it open
      </button>
    </div>
  );
}
