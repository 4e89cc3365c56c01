import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Answer, Homework, Seat } from '../../class/protocol';
import type { Lesson } from '../../scenario/lessonShape';
import '../../i18n/parts/class';
import { useT, type Translate } from '../../i18n/LangContext';
import { answerKey } from './useClass';
import { dateLocale, sig } from './words';

const at = (t: Translate, iso: string) => new Date(iso).toLocaleString(dateLocale(t.lang));

/** Where a homework stands on this device's clock (the server's has the last word). */
export function homeworkStatus(h: Homework, now = Date.now()) {
  return now >= Date.parse(h.closesAt)
    ? ('closed' as const)
    : now < Date.parse(h.opensAt)
      ? ('not-yet' as const)
      : ('open' as const);
}

/** The homework's period in a sentence, for the student or for the board. */
export function homeworkWords(t: Translate, h: Homework, who: 'student' | 'board') {
  const [opens, closes] = [at(t, h.opensAt), at(t, h.closesAt)];
  switch (homeworkStatus(h)) {
    case 'closed':
      return who === 'student'
        ? t('class.homework.closedStudent', { date: closes })
        : t('class.homework.closedBoard', { date: closes });
    case 'not-yet':
      return t('class.homework.notYet', { opens, closes });
    case 'open':
      return who === 'student'
        ? t('class.homework.openStudent', { closes })
        : t('class.homework.openBoard', { opens, closes });
  }
}

/** The median of the values, or null. */
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : null;
};

/**
 * The class's answers to one step in words: the median of each number asked (from the minimum
 * count on, as the board's distribution), or how many sketches.
 */
function answersWords(
  t: Translate,
  step: Lesson['steps'][number],
  answers: Answer[],
  minAnswers: number,
) {
  const a = step.answer;
  if (!a || answers.length === 0) return '—';
  if (answers.length < minAnswers) return t('class.homework.shownFrom', { n: minAnswers });
  if (a.kind === 'sketch') return t('class.homework.sketches', { n: answers.length });
  const each = a.kind === 'number' ? [{ label: a.label, unit: a.unit }] : step.asks;
  return each
    .map((ask, i) => {
      const m = median(
        answers.flatMap((x) => {
          const v = a.kind === 'number' ? x.value : (x.values?.[i] ?? null);
          return typeof v === 'number' ? [v] : [];
        }),
      );
      return m === null
        ? null
        : t('class.homework.median', {
            label: ask.label,
            value: `${sig(m)}${ask.unit ? ` ${ask.unit}` : ''}`,
          });
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
  const t = useT();
  const asking = lesson.steps.flatMap((s, i) => (s.answer ? [i + 1] : []));
  const given = (n: number) =>
    students.flatMap((s) => answers.get(answerKey(s.studentId, n)) ?? []);
  return (
    <section
      className="class-homework"
      aria-label={t('class.homework.title')}
      data-testid="class-homework"
    >
      <h2>{t('class.homework.title')}</h2>
      <p data-testid="class-homework-state">{homeworkWords(t, homework, 'board')}</p>
      <BoardTable
        caption={t('class.homework.perStep')}
        columns={[t('class.homework.step'), t('class.homework.answered'), t('class.answersOf')]}
        rows={asking.map((n) => ({
          key: String(n),
          head: `${n}. ${lesson.steps[n - 1]?.title}`,
          cells: [
            t('class.of', { n: given(n).length, total: students.length }),
            answersWords(t, lesson.steps[n - 1]!, given(n), minAnswers),
          ],
          testId: `class-homework-step-${n}`,
        }))}
      />
      <BoardTable
        caption={t('class.homework.progress')}
        columns={[
          t('class.homework.student'),
          t('class.homework.reached'),
          t('class.homework.stepsAnswered'),
        ]}
        testId="class-progress"
        rows={students.map((s) => ({
          key: s.studentId,
          head: nameOf(s),
          cells: [
            t('class.of', { n: s.reached ?? 1, total: lesson.steps.length }),
            t('class.of', {
              n: asking.filter((n) => answers.has(answerKey(s.studentId, n))).length,
              total: asking.length,
            }),
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
  const t = useT();
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
        {t('class.homework.end')}
      </button>
    );
  return (
    <div
      className="class-homework-confirm"
      role="group"
      aria-label={t('class.homework.endLabel')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          setAsking(false);
        }
      }}
    >
      <p>{t('class.homework.endAsk')}</p>
      <button
        ref={confirm}
        type="button"
        onClick={() => void onEnd().finally(() => setAsking(false))}
        data-testid="class-homework-end-confirm"
      >
        {t('class.homework.endYes')}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t('class.homework.keepOpen')}
      </button>
    </div>
  );
}
