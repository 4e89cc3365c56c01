import { AnswerBody, ControlBody, type ClassState } from '../../src/class/protocol.ts';
import { refuse, type Routes } from './kit.ts';

/** A step's life: students' answers, and the teacher's controls (goto, lock, reveal, …). */
export const stepRoutes: Routes = (
  app,
  { store, hub, limiters, limit, body, classOf, asTeacher, studentOf, lessonOf },
) => {
  app.put('/api/classes/:code/answers/:step', async (c) => {
    const state = await classOf(c);
    const { student, token } = await studentOf(c, state);
    limit(limiters.perStudent, token);
    const given = c.req.param('step') ?? '';
    if (!/^[1-9]\d?$/.test(given)) refuse(404, 'A step is a whole number from 1 (…/answers/1).');
    const step = Number(given);
    const input = await body(c, AnswerBody);
    if (step !== state.step) refuse(409, `The class is on step ${state.step}.`);
    if (state.phase !== 'open') refuse(409, 'This step is locked: answers can no longer change.');
    const wanted = lessonOf(state).steps[state.step - 1]?.answer;
    if (!wanted) refuse(409, 'This step asks for no answer.');
    const asked = lessonOf(state).steps[state.step - 1]?.asks.length ?? 0;
    const isValue = 'value' in input;
    const values = 'values' in input ? input.values : null;
    if (wanted?.kind === 'number' && !isValue) refuse(409, 'This step asks for a number.');
    if (wanted?.kind === 'sketch' && !('sketch' in input))
      refuse(409, 'This step asks for a sketch.');
    if (wanted?.kind === 'numbers' && (values === null || values.length !== asked))
      refuse(409, `This step asks for ${asked} numbers, in its order: send { values }.`);
    const answer = await store.putAnswer({
      code: state.code,
      studentId: student.studentId,
      step,
      value: isValue ? input.value : null,
      values,
      sketch: 'sketch' in input ? input.sketch : null,
    });
    if (!answer) {
      // The teacher locked the step or moved on between the checks above and the write.
      const current = await store.getClass(state.code);
      return refuse(
        409,
        current && current.step !== step
          ? `The class is on step ${current.step}.`
          : 'This step is locked: answers can no longer change.',
      );
    }
    hub.publish(state.code, 'answer', answer, true);
    return c.json({ answer });
  });

  app.post('/api/classes/:code/control', async (c) => {
    const state = await classOf(c);
    await asTeacher(c, state);
    const control = await body(c, ControlBody);
    const steps = lessonOf(state).steps.length;
    let next: ClassState = state;
    switch (control.action) {
      case 'goto':
        if (control.step > steps) refuse(400, `This lesson has ${steps} steps.`);
        next = { ...state, step: control.step, phase: 'open', reveal: null };
        break;
      case 'lock':
        next = state.phase === 'open' ? { ...state, phase: 'locked' } : state;
        break;
      case 'unlock':
        if (state.phase === 'revealed') refuse(409, 'Hide the answer before opening the step.');
        next = { ...state, phase: 'open' };
        break;
      case 'reveal':
        // Computed for a step the class has left (a second teacher tab moved it on): refused.
        if (control.step !== state.step)
          refuse(
            409,
            `The class is on step ${state.step}: this reveal was for step ${control.step}.`,
          );
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
        `The class changed meanwhile (now on step ${moved?.step ?? state.step}, ${moved?.phase ?? state.phase}): look again and retry.`,
      );
    }
    hub.publish(state.code, 'state', next);
    return c.json(next);
  });
};
