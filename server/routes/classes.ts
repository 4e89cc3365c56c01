import { randomBytes, randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import {
  CODE_ALPHABET,
  CreateClassBody,
  type ClassState,
  type CreatedClass,
} from '../../src/class/protocol.ts';
import { problem } from '../../src/class/refusals.ts';
import { refuse, type Routes } from './kit.ts';

/** A new class (its code, the teacher's key, the join link and its QR code), and its state. */

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const classRoutes =
  ({ fallbackHost, roomHost }: { fallbackHost: string; roomHost?: string }): Routes =>
  (app, { store, lessons, limiters, limit, addressOf, body, classOf }) => {
    app.post('/api/classes', async (c) => {
      limit(limiters.newClasses, addressOf(c));
      const { lessonId } = await body(c, CreateClassBody);
      if (!lessons.has(lessonId)) refuse(404, problem('noLesson', { id: lessonId }));
      const teacherKey = randomBytes(32).toString('base64url');
      let state: ClassState | null = null;
      // A clash of two random codes is most unlikely; try again if it happens.
      for (let i = 0; !state && i < 5; i++) {
        const code = newCode();
        if (!(await store.getClass(code)))
          state = await store.createClass({ code, teacherKey, lessonId });
      }
      if (!state) return refuse(500, problem('noCode'));
      const given = c.req.header('host') ?? '';
      const host = /^[a-z0-9.:[\]-]{1,100}$/i.test(given) ? given : fallbackHost;
      const loopback = /^(localhost|127\.[\d.]+|\[::1\])(:\d+)?$/i.test(host);
      const origin = `http://${loopback && roomHost ? roomHost : host}`;
      const joinUrl = `${origin}/#/class/${state.code}`;
      const created: CreatedClass = {
        code: state.code,
        teacherKey,
        joinUrl,
        qrSvg: await QRCode.toString(joinUrl, { type: 'svg', margin: 1 }),
      };
      return c.json(created, 201);
    });

    app.get('/api/classes/:code', async (c) => c.json(await classOf(c)));
  };
