import { randomBytes, randomUUID } from 'node:crypto';
import { addressShare, JoinBody, LIMITS, RemoveBody, SizeBody } from '../../src/class/protocol.ts';
import type { Listener } from '../events.ts';
import { problem } from '../../src/class/refusals.ts';
import { refuse, type Routes } from './kit.ts';

/** Who is in the class: joining, the class size, removing students, a student's own view. */
export const rosterRoutes: Routes = (
  app,
  { store, hub, limiters, limit, addressOf, body, classOf, asTeacher, studentOf },
) => {
  app.post('/api/classes/:code/students', async (c) => {
    const address = addressOf(c);
    limit(limiters.perAddress, address);
    const state = await classOf(c);
    const { name } = await body(c, JoinBody);
    if (address && (await store.isBarred(state.code, address))) refuse(403, problem('barred'));
    const token = randomBytes(24).toString('base64url');
    const student = await store.addStudent({
      code: state.code,
      studentId: randomUUID(),
      name: name ? name : null,
      token,
      limit: LIMITS.students,
      address,
    });
    if (!student) {
      // Barred while this join waited for the class's row (the teacher's removal came first).
      if (address && (await store.isBarred(state.code, address))) refuse(403, problem('barred'));
      const [size, taken] = await Promise.all([
        store.classSize(state.code),
        store.seatsTaken(state.code, address),
      ]);
      return taken.total >= size
        ? refuse(409, problem('full', { size }))
        : refuse(409, problem('address', { taken: taken.fromAddress, size }));
    }
    hub.publish(state.code, 'student', student, true);
    return c.json({ studentId: student.studentId, token }, 201);
  });

  app.put('/api/classes/:code/size', async (c) => {
    const state = await classOf(c);
    await asTeacher(c, state);
    const { size } = await body(c, SizeBody);
    await store.setClassSize(state.code, size);
    hub.publish(state.code, 'size', { size }, true);
    return c.json({ size, addressShare: addressShare(size) });
  });

  app.post('/api/classes/:code/remove', async (c) => {
    const state = await classOf(c);
    await asTeacher(c, state);
    const which = await body(c, RemoveBody);
    // By address: the address is barred from the class in the store, across restarts.
    const studentIds = await store.removeStudents(state.code, which);
    const gone = new Set(studentIds);
    const theirs = (l: Listener) => l.studentId !== undefined && gone.has(l.studentId);
    hub.publishTo(state.code, theirs, 'removed', { studentIds: [] });
    hub.publish(state.code, 'removed', { studentIds }, true);
    hub.closeWhere(state.code, theirs);
    return c.json({ removed: studentIds });
  });

  app.get('/api/classes/:code/me', async (c) => {
    const state = await classOf(c);
    const { student } = await studentOf(c, state);
    const [answers, seats] = await Promise.all([
      store.answers(state.code, student.studentId),
      store.students(state.code),
    ]);
    // Homework: where they left off (another day, another device).
    const reached = seats.find((s) => s.studentId === student.studentId)?.reached ?? 1;
    return c.json({ student, answers, reached });
  });
};
