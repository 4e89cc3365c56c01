import * as v from 'valibot';
import { AnswerBody, ControlBody, type ClassState } from '../../src/class/protocol.ts';
import { problem, type Problem } from '../../src/class/refusals.ts';
import { refuse, type Routes } from './kit.ts';

const ProgressBody = v.strictObject(
  { step: v.pipe(v.number('step must be a number'), v.integer('step must be a whole number')) },
  'only step may be sent',
);

/** A day and time as the sentence says it, in UTC (the server's clock has no room's zone). */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * Why a homework class takes no answer now (its period on the server's clock), or null.
 */
export function homeworkClosed(state: ClassState, now: number): Problem | null {
  const h = state.homework;
  if (!h) return null;
  if (now < Date.parse(h.opensAt)) return problem('hwOpens', { date: when(h.opensAt) });
  if (now >= Date.parse(h.closesAt)) return problem('hwClosed', { date: when(h.closesAt) });
  return null;
}

/**
 * The homework's period ended now (the server's clock), for the teacher's "End the homework
 * now": refused when there is none or it already closed. One that had not opened yet opens and
 * closes at once. The answers given stay.
 */
function endedNow(state: ClassState, at: number) {
  const h = state.homework;
  if (!h) return refuse(409, problem('notHomework'));
  if (at >= Date.parse(h.closesAt))
    refuse(409, problem('hwAlreadyClosed', { date: when(h.closesAt) }));
  const iso = new Date(at).toISOString();
  return { opensAt: Date.parse(h.opensAt) > at ? iso : h.opensAt, closesAt: iso };
}

/** A step's life: students' answers, and the teacher's controls (goto, lock, reveal, …). */
export const stepRoutes: Routes = (app, kit) => {
  answerRoutes(app, kit);
  controlRoutes(app, kit);
};

/** A student's answer to a step, and (homework) the step they are on. */
const answerRoutes: Routes = (
  app,
  { store, hub, limiters, limit, body, classOf, studentOf, lessonOf, now },
) => {
  app.put('/api/classes/:code/answers/:step', async (c) => {
    const state = await classOf(c);
    const { student, token } = await studentOf(c, state);
    limit(limiters.perStudent, token);
    const given = c.req.param('step') ?? '';
    if (!/^[1-9]\d?$/.test(given)) refuse(404, problem('stepPath'));
    const step = Number(given);
    const input = await body(c, AnswerBody);
    const at = now();
    if (state.paused) refuse(409, problem('paused'));
    if (state.homework) {
      // Homework: each student on their own step, within the period.
      const closed = homeworkClosed(state, at);
      if (closed) refuse(409, closed);
      if (step > lessonOf(state).steps.length)
        refuse(404, problem('steps', { n: lessonOf(state).steps.length }));
    } else {
      if (step !== state.step) refuse(409, problem('onStep', { step: state.step }));
      if (state.phase !== 'open') refuse(409, problem('locked'));
    }
    const wanted = lessonOf(state).steps[step - 1]?.answer;
    if (!wanted) refuse(409, problem('noAnswer'));
    const asked = lessonOf(state).steps[step - 1]?.asks.length ?? 0;
    const isValue = 'value' in input;
    const values = 'values' in input ? input.values : null;
    if (wanted?.kind === 'number' && !isValue) refuse(409, problem('askNumber'));
    if (wanted?.kind === 'sketch' && !('sketch' in input)) refuse(409, problem('askSketch'));
    if (wanted?.kind === 'numbers' && (values === null || values.length !== asked))
      refuse(409, problem('askNumbers', { n: asked }));
    const answer = await store.putAnswer({
      code: state.code,
      studentId: student.studentId,
      step,
      value: isValue ? input.value : null,
      values,
      sketch: 'sketch' in input ? input.sketch : null,
      at: new Date(at).toISOString(),
    });
    if (!answer) {
      // The teacher locked the step, moved on or paused between the checks above and the write.
      const current = await store.getClass(state.code);
      return refuse(
        409,
        current?.paused
          ? problem('paused')
          : current?.homework
            ? (homeworkClosed(current, at) ?? problem('hwNoAnswer'))
            : current && current.step !== step
              ? problem('onStep', { step: current.step })
              : problem('locked'),
      );
    }
    hub.publish(state.code, 'answer', answer, true);
    return c.json({ answer });
  });

  // Homework: the step a student is on, kept so that they resume there (another day, another
  // device) and the teacher sees who is where.
  app.put('/api/classes/:code/progress', async (c) => {
    const state = await classOf(c);
    const { student, token } = await studentOf(c, state);
    limit(limiters.perStudent, token);
    const { step } = await body(c, ProgressBody);
    const steps = lessonOf(state).steps.length;
    if (step < 1 || step > steps) refuse(400, problem('steps', { n: steps }));
    const seat = await store.setReached(state.code, student.studentId, step);
    if (!seat) return refuse(401, problem('unknownStudent'));
    hub.publish(state.code, 'student', seat, true);
    return c.json({ reached: seat.reached });
  });
};

/** The teacher's controls: the step and its phase, pause, the board's settings, homework. */
const controlRoutes: Routes = (app, { store, hub, body, classOf, asTeacher, lessonOf, now }) => {
  app.post('/api/classes/:code/control', async (c) => {
    const state = await classOf(c);
    await asTeacher(c, state);
    const control = await body(c, ControlBody);
    const steps = lessonOf(state).steps.length;
    // Pause, the board's settings and homework leave the step and its phase as they are.
    if (
      control.action === 'pause' ||
      control.action === 'resume' ||
      control.action === 'board' ||
      control.action === 'homework' ||
      control.action === 'end-homework'
    ) {
      if (
        control.action === 'homework' &&
        Date.parse(control.opensAt) >= Date.parse(control.closesAt)
      )
        refuse(400, problem('closeAfter'));
      const flagged = await store.setFlags(
        state.code,
        control.action === 'board'
          ? { board: { anonymise: control.anonymise, minAnswers: control.minAnswers } }
          : control.action === 'homework'
            ? { homework: { opensAt: control.opensAt, closesAt: control.closesAt } }
            : control.action === 'end-homework'
              ? { homework: endedNow(state, now()) }
              : { paused: control.action === 'pause' },
      );
      if (!flagged) return refuse(404, problem('noSuchClass'));
      hub.publish(state.code, 'state', flagged);
      return c.json(flagged);
    }
    let next: ClassState = state;
    switch (control.action) {
      case 'goto':
        if (control.step > steps) refuse(400, problem('steps', { n: steps }));
        next = { ...state, step: control.step, phase: 'open', reveal: null };
        break;
      case 'lock':
        next = state.phase === 'open' ? { ...state, phase: 'locked' } : state;
        break;
      case 'unlock':
        if (state.phase === 'revealed') refuse(409, problem('hideFirst'));
        next = { ...state, phase: 'open' };
        break;
      case 'reveal':
        // Computed for a step the class has left (a second teacher tab moved it on): refused.
        if (control.step !== state.step)
          refuse(409, problem('revealFor', { step: state.step, for: control.step }));
        next = { ...state, phase: 'revealed', reveal: control.reveal };
        break;
      case 'hide':
        next = { ...state, phase: 'locked', reveal: null };
        break;
    }
    // Only from the state checked above: a control racing another one (two teacher tabs) is
    // refused rather than undoing it.
    if (!(await store.setClass(state.code, next, { step: state.step, phase: state.phase }))) {
      const moved = await store.getClass(state.code);
      refuse(
        409,
        problem('changed', { step: moved?.step ?? state.step, phase: moved?.phase ?? state.phase }),
      );
    }
    // Kept for the export's per-step summary (goto clears the class's own reveal).
    if (control.action === 'reveal') await store.keepReveal(state.code, state.step, control.reveal);
    hub.publish(state.code, 'state', next);
    return c.json(next);
  });
};
