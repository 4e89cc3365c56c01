import type { Answer, Seat } from '../../src/class/protocol.ts';
import { stepSummary, type StepSummary } from '../summary.ts';
import type { Routes } from './kit.ts';

/**
 * A CSV field, always quoted: whatever separator the spreadsheet splits on (`,`, or `;` where
 * the decimal mark is a comma), a separator inside a name is inside quotes and starts no cell.
 * Text whose first visible character would start a formula (= + - @, or a tab or CR first) gets
 * a leading ' so it shows as text; numbers are written as numbers (a quoted number is still a
 * number to a spreadsheet, and a negative prediction is not defused).
 */
export function csvField(value: string | number): string {
  const text =
    typeof value === 'number'
      ? String(value)
      : /^[\t\r]|^\s*[=+\-@＝＋－＠]/u.test(value)
        ? `'${value}`
        : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The export as CSV: one row per answer (a student who answered nothing has no row; the JSON
 * export lists every student). Names are as the students typed them.
 */
export function answersCsv(answers: readonly Answer[]): string {
  const head = ['student_id', 'name', 'step', 'value', 'values', 'sketch', 'updated_at']
    .map(csvField)
    .join(',');
  const rows = answers.map((a) =>
    [
      a.studentId,
      a.name ?? '',
      a.step,
      a.value ?? '',
      a.values ? JSON.stringify(a.values) : '',
      a.sketch ? JSON.stringify(a.sketch) : '',
      a.updatedAt,
    ]
      .map(csvField)
      .join(','),
  );
  return `${[head, ...rows].join('\r\n')}\r\n`;
}

/** The per-step summary as CSV: one row per number a step asks (src/class/summary.ts). */
export function summaryCsv(rows: readonly StepSummary[]): string {
  const head = [
    'step',
    'label',
    'unit',
    'answers',
    'median',
    'q1',
    'q3',
    'model',
    'paper',
    'paper_inside_quartiles',
  ]
    .map(csvField)
    .join(',');
  const num = (v: number | null) => (v === null ? '' : v);
  const lines = rows.map((r) =>
    [
      r.step,
      r.label,
      r.unit,
      r.answers,
      num(r.median),
      num(r.q1),
      num(r.q3),
      num(r.model),
      num(r.paper),
      r.paperInside === null ? '' : r.paperInside ? 'yes' : 'no',
    ]
      .map(csvField)
      .join(','),
  );
  return `${[head, ...lines].join('\r\n')}\r\n`;
}

/** The teacher's exports: every student and answer as JSON, the answers as CSV. */
export const exportRoutes: Routes = (app, { store, classOf, asTeacher, lessonOf }) => {
  app.get('/api/classes/:code/summary.csv', async (c) => {
    const state = await classOf(c);
    await asTeacher(c, state);
    const [answers, reveals] = await Promise.all([
      store.answers(state.code),
      store.reveals(state.code),
    ]);
    c.header('Content-Disposition', `attachment; filename="class-${state.code}-summary.csv"`);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    return c.body(summaryCsv(stepSummary(lessonOf(state), answers, reveals)));
  });

  app.get('/api/classes/:code/export.:format{json|csv}', async (c) => {
    const state = await classOf(c);
    await asTeacher(c, state);
    const [students, answers, machine, reveals] = await Promise.all([
      store.students(state.code),
      store.answers(state.code),
      store.machineEntries(state.code),
      store.reveals(state.code),
    ]);
    const csv = c.req.param('format') === 'csv';
    c.header(
      'Content-Disposition',
      `attachment; filename="class-${state.code}.${csv ? 'csv' : 'json'}"`,
    );
    if (csv) {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      return c.body(answersCsv(answers));
    }
    // The export keeps who and when, not from which address.
    const listed = students.map(({ address: _, ...rest }: Seat) => rest);
    const summary = stepSummary(lessonOf(state), answers, reveals);
    return c.json({ class: state, students: listed, answers, summary, machine });
  });
};
