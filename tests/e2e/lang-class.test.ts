/**
 * Class mode in Spanish (issue #35), on the real class server (server/main.ts, a child
 * process): a lesson's step with `lang=es`, the board the teacher opens from it, and a
 * student's page — their labels, buttons, keys help, roster and status, a decimal comma read
 * and written back, refusals of the server (a name that shows nothing, a full class: their
 * codes, src/class/refusals.ts) and the homework dashboard, all in Spanish, with none of
 * their English left. Every wait is for a state.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startClassServer } from '../../scripts/lib/classServer';
import { classApi } from '../unit/class-helpers';
import { browserSuite, createdClass, startClass } from './suite';

const suite = browserSuite(startClassServer);
const api = classApi((path, init) => fetch(new URL(path, suite.url), init));

/** The whole text of the page's main region (or a part of it), closed `<details>` included. */
const mainText = async (page: Page, part = '#main') =>
  (await page.locator(part).first().textContent()) ?? '';

/** The English phrases of a part of the page that are still in its text. */
const english = (text: string, phrases: readonly string[]) =>
  phrases.filter((p) => text.includes(p));

const LESSON_ENGLISH = [
  'Question for the class',
  'Reveal the answer',
  'Next →',
  '← Previous',
  'Your prediction',
  'kept in this browser',
  'Keys: ',
  'A parameter changed below',
  'Teach this lesson',
  'Step 1 of',
];
const BOARD_ENGLISH = [
  'Answers open',
  'Answers are being saved',
  'Question for the class',
  'Join at',
  'Class code',
  ' joined',
  ' answered: ',
  'Previous step',
  'Lock answers',
  'Reveal the answer',
  'Next step',
  'Pause all screens',
  'Projector',
  'Export CSV',
  'Export per-step summary',
  'This step’s model',
  'Anonymise names',
  'Show the distribution from',
  'Set as homework',
  'Keys and clicker',
  'clicker’s',
  'Who joined',
  'Class size',
  'this computer',
  'The room’s machines',
  'Show the room’s machines',
];
const STUDENT_ENGLISH = [
  'Join class',
  'Your name',
  'step 1 of',
  'Send',
  'Saved:',
  'You can change it',
  'Paused by your teacher',
  'This class is full',
];

describe('class mode in Spanish', () => {
  it('shows a lesson step, the board and a student’s page in Spanish', async () => {
    // A lesson's step, in Spanish from the link.
    const teacher = await suite.newPage();
    await teacher.goto(`${suite.url}#/lesson/mpe-ix?step=1&lang=es`);
    await teacher.getByTestId('lesson-progress').filter({ hasText: 'Paso 1 de' }).waitFor();
    await teacher.getByTestId('lesson-prediction').first().fill('0,5');
    // The step's own part (the model's page below it is other areas').
    const step = await mainText(teacher, '.lesson-step');
    for (const es of [
      'Pregunta para la clase:',
      'Mostrar la respuesta',
      'Siguiente →',
      'Tus predicciones (2), guardadas en este navegador:',
      'Teclas: → o Av Pág',
      'Enseñar esta lección a una clase',
    ])
      expect(step, es).toContain(es);
    expect(english(step, LESSON_ENGLISH)).toEqual([]);
    // A decimal comma is a number in Spanish: no "type a number" complaint.
    expect(await teacher.locator('.lesson-predict .field-problem').count()).toBe(0);

    // The board opened from it stays in Spanish.
    const code = await startClass(teacher, suite.url, 'mpe-ix?step=1&lang=es');
    await teacher.getByTestId('class-phase').filter({ hasText: 'Respuestas abiertas' }).waitFor();
    const created = await createdClass(teacher, code);

    // A student joins in Spanish and answers with a decimal comma.
    const student = await suite.newPage();
    await student.goto(`${suite.url}#/class/${code}?lang=es`);
    await student.locator('h1', { hasText: `Unirse a la clase ${code}` }).waitFor();
    expect(await student.locator('label').first().textContent()).toMatch(/^Tu nombre/);
    await student.getByTestId('class-name').fill('Ana');
    await student.getByTestId('class-join').click();
    await student.getByTestId('class-value').nth(1).waitFor();
    await student.getByTestId('class-value').nth(0).fill('45,5');
    await student.getByTestId('class-value').nth(1).fill('310');
    await student.getByTestId('class-submit').click();
    await student.getByTestId('class-status').filter({ hasText: 'Guardada: 45,5; 310.' }).waitFor();
    expect(await student.getByTestId('class-submit').textContent()).toBe('Cambiar');
    await teacher.getByTestId('class-answered').filter({ hasText: '1' }).waitFor();

    // The board: every part of it in Spanish (the roster and keys help too, though closed).
    await teacher.getByTestId('class-roster').locator('summary').click();
    await teacher.locator('.class-roster td', { hasText: 'Ana' }).waitFor();
    const board = await mainText(teacher);
    for (const es of [
      'Las respuestas se están guardando.',
      'Pregunta para la clase:',
      'Únete en',
      'Código de la clase',
      'Se han unido: 1',
      'de 1 han respondido',
      '← Paso anterior',
      'Cerrar las respuestas',
      'Mostrar la respuesta',
      'Paso siguiente →',
      'Pausar todas las pantallas',
      'Proyector',
      'Exportar CSV',
      'Anonimizar los nombres',
      'Poner como tarea',
      'Teclas y mando',
      'Av Pág',
      'Quién se ha unido (1 de',
      'este ordenador',
      'Las máquinas del aula',
    ])
      expect(board, es).toContain(es);
    expect(english(board, BOARD_ENGLISH)).toEqual([]);
    expect(await teacher.locator('.class-controls').getAttribute('aria-label')).toBe(
      'Controles de la clase',
    );

    // Pause every screen: the student reads it in Spanish.
    await teacher.getByTestId('class-pause').click();
    await student
      .getByTestId('class-paused')
      .filter({ hasText: 'En pausa por tu profesor' })
      .waitFor();
    await teacher.getByTestId('class-paused').filter({ hasText: 'Todas las pantallas' }).waitFor();
    expect(english(await mainText(student), STUDENT_ENGLISH)).toEqual([]);

    // A refusal of the server, in Spanish: the class is full.
    const full = await api.send(
      'PUT',
      `/api/classes/${code}/size`,
      { size: 1 },
      { 'X-Teacher-Key': created.teacherKey },
    );
    expect(full.status).toBe(200);
    const late = await suite.newPage();
    await late.goto(`${suite.url}#/class/${code}?lang=es`);
    // A name that shows nothing: the server's refusal (its code, nameInvisible) in Spanish.
    await late.getByTestId('class-name').fill('\u3164\u2800');
    await late.getByTestId('class-join').click();
    await late
      .locator('.error-box', { hasText: 'El nombre debe mostrar al menos una letra visible' })
      .waitFor();
    expect(english(await mainText(late), ['name must show', 'visible letter'])).toEqual([]);
    await late.getByTestId('class-name').fill('');
    await late.getByTestId('class-join').click();
    await late.locator('.error-box', { hasText: 'Esta clase está llena (1' }).waitFor();
    expect(english(await mainText(late), STUDENT_ENGLISH)).toEqual([]);

    // Homework: the board's dashboard and the student's period, in Spanish.
    expect((await api.control(created, { action: 'resume' })).status).toBe(200);
    // A window around any day the suite runs on: the test reads no clock.
    const homework = await api.control(created, {
      action: 'homework',
      opensAt: '2000-01-01T00:00:00.000Z',
      closesAt: '2999-12-31T00:00:00.000Z',
    });
    expect(homework.status).toBe(200);
    await teacher.getByTestId('class-homework').locator('h2', { hasText: 'Tarea' }).waitFor();
    await student
      .getByTestId('class-homework-period')
      .filter({ hasText: 'Tarea: a tu ritmo hasta el' })
      .waitFor();
    const dashboard = await mainText(teacher, '[data-testid="class-homework"]');
    for (const es of ['Abierta: del', 'Respuestas por paso', 'El progreso de cada estudiante'])
      expect(dashboard, es).toContain(es);
    expect(
      english(dashboard, [
        'Homework',
        'Open:',
        'Answers per step',
        'Each student’s progress',
        'Step reached',
      ]),
    ).toEqual([]);
    expect(await teacher.getByTestId('class-homework-end').textContent()).toBe(
      'Terminar la tarea ahora…',
    );
    expect(english(await mainText(student), [...STUDENT_ENGLISH, 'at your own pace'])).toEqual([]);
  });
});
