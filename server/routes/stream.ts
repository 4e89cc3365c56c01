import { streamSSE } from 'hono/streaming';
import { LIMITS, type TeacherSnapshot } from '../../src/class/protocol.ts';
import { bufferedListener, type Listener } from '../events.ts';
import { problem } from '../../src/class/refusals.ts';
import { refuse, type Routes } from './kit.ts';

/**
 * The event streams (`GET …/events`): the teacher's (`?key=`, never refused for being many),
 * a student's (`?token=`, a few per student, the newest wins), and with only the join code
 * (very few, per address and per class).
 */
export const streamRoutes: Routes = (
  app,
  { store, hub, watch, limiters, limit, addressOf, classOf, asTeacher },
) => {
  app.get('/api/classes/:code/events', async (c) => {
    const state = await classOf(c);
    const key = c.req.query('key');
    const token = c.req.query('token');
    const address = addressOf(c);
    const teacher = key !== undefined;
    let studentId: string | undefined;
    if (teacher) {
      // The teacher's streams are never refused for being many or for the address's rate.
      await asTeacher(c, state, key);
    } else {
      limit(limiters.perAddress, address);
      if (token !== undefined) {
        const student = /^\S{1,100}$/.test(token)
          ? await store.studentByToken(state.code, token)
          : null;
        if (!student) refuse(401, problem('unknownStudent'));
        studentId = student?.studentId;
        // A phone, a laptop, a reload: a student's newest stream wins, the oldest ends.
        const mine = (l: Listener) => l.studentId === studentId;
        hub.keepNewest(state.code, mine, LIMITS.streamsPerStudent);
      } else {
        // Only the join code: the app opens none (it joins first), so very few are let in.
        const byCode = (l: Listener) => !l.teacher && l.studentId === undefined;
        if (
          hub.listeners(state.code, (l) => byCode(l) && l.address === address) >=
            LIMITS.codeStreamsPerAddress ||
          hub.listeners(state.code, byCode) >= LIMITS.codeStreamsPerClass
        )
          refuse(429, problem('streams'), 5);
      }
    }
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let ended: () => void = () => {};
      const done = new Promise<void>((r) => (ended = r));
      stream.onAbort(ended);
      const listener = bufferedListener(
        { teacher, address, ...(studentId ? { studentId } : {}) },
        (event, data) => stream.writeSSE({ event, data }),
        ended,
      );
      const remove = hub.add(state.code, listener);
      const ping = setInterval(() => void stream.write(': ping\n\n').catch(() => {}), 15_000);
      try {
        await stream.write('retry: 1000\n\n');
        const current = (await store.getClass(state.code)) ?? state;
        if (teacher) {
          const [students, answers, size] = await Promise.all([
            store.students(state.code),
            store.answers(state.code),
            store.classSize(state.code),
          ]);
          const snapshot: TeacherSnapshot = {
            state: current,
            students,
            answers,
            size,
            health: watch.health,
          };
          await stream.writeSSE({ event: 'snapshot', data: JSON.stringify(snapshot) });
        } else await stream.writeSSE({ event: 'state', data: JSON.stringify(current) });
        listener.open();
        await done;
      } finally {
        clearInterval(ping);
        remove();
      }
    });
  });
};
