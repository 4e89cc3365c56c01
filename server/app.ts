import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import QRCode from 'qrcode';
import * as v from 'valibot';
import {
  AnswerBody,
  CODE_ALPHABET,
  CODE_PATTERN,
  ControlBody,
  CreateClassBody,
  describeIssues,
  JoinBody,
  LIMITS,
  type Answer,
  type ClassState,
  type CreatedClass,
  type TeacherSnapshot,
} from '../src/class/protocol.ts';
import type { Lesson } from '../src/scenario/lessonShape.ts';
import { headersFor } from '../src/hosting/headers.ts';
import { bufferedListener, Hub } from './events.ts';
import { StoreWatch } from './health.ts';
import { RateLimiter } from './limits.ts';
import type { Store } from './store.ts';

/**
 * The class server's HTTP side: the JSON API of docs/class-mode.md, its event streams, and
 * the built app (dist/) with the hosting headers of src/hosting/headers.ts. Everything a
 * request sends is checked (src/class/protocol.ts) before anything is stored, and a refusal
 * says why in one sentence. The server never fetches another address.
 */
export interface ClassAppOptions {
  store: Store;
  lessons: ReadonlyMap<string, Lesson>;
  /** The built app; without it only the API is served. */
  distDir?: string;
  /** The rate limiters' clock (ms); tests drive it. */
  now?: () => number;
  /** Host for join links when a request names none, e.g. `127.0.0.1:8787`. */
  fallbackHost?: string;
  /**
   * With --lan: this machine's address in the room, e.g. `192.168.1.20:8787`. A teacher who
   * opened the app as localhost still gets a join link the students' phones can reach.
   */
  roomHost?: string;
}

type Code = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

class Refusal extends Error {
  constructor(
    readonly status: Code,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

const refuse = (status: Code, message: string, retryAfter?: number): never => {
  throw new Refusal(status, message, retryAfter);
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** What tells the app it is served by the class server (src/class/client.ts reads it). */
export const CLASS_META = '<meta name="latency-lab-class" content="server">';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * A CSV field, quoted when it must be. Text that a spreadsheet would run as a formula (= + - @,
 * tab, CR first) is prefixed with ' so it shows as text; numbers are written as numbers (a
 * negative prediction stays a number).
 */
function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The export as CSV: one row per answer (a student who answered nothing has no row; the JSON
 * export lists every student). Names are as the students typed them.
 */
export function answersCsv(answers: readonly Answer[]): string {
  const head = 'student_id,name,step,value,values,sketch,updated_at';
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

export function createClassApp({
  store: givenStore,
  lessons,
  distDir,
  now = Date.now,
  fallbackHost = '127.0.0.1',
  roomHost,
}: ClassAppOptions) {
  const hub = new Hub();
  // The store's failures as 503s with a sentence, and a health line on every board.
  const watch = new StoreWatch((health) => hub.broadcast('health', health, true));
  const store = watch.watch(givenStore);
  // A whole room may share one address (a school's NAT): joins are limited generously.
  const perAddress = new RateLimiter(600, 50, now);
  const newClasses = new RateLimiter(20, 1, now);
  const perStudent = new RateLimiter(20, 5, now);
  const perTeacher = new RateLimiter(30, 10, now);
  const app = new Hono();

  const limit = (limiter: RateLimiter, key: string) => {
    const wait = limiter.take(key);
    if (wait > 0)
      refuse(429, `Too many requests: wait ${wait} s and try again.`, Math.max(1, wait));
  };
  const addressOf = (c: Context): string =>
    (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
      ?.remoteAddress ?? 'local';

  async function body<T extends v.GenericSchema>(c: Context, schema: T): Promise<v.InferOutput<T>> {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      refuse(415, 'Send the body as JSON (Content-Type: application/json).');
    let raw: unknown;
    try {
      raw = JSON.parse(await c.req.text());
    } catch {
      refuse(400, 'The body is not valid JSON.');
    }
    const parsed = v.safeParse(schema, raw);
    if (!parsed.success) refuse(400, describeIssues(parsed.issues));
    return (parsed as v.SafeParseResult<T> & { success: true }).output;
  }

  async function classOf(c: Context): Promise<ClassState> {
    const code = c.req.param('code') ?? '';
    const found = CODE_PATTERN.test(code) ? await store.getClass(code) : null;
    return found ?? refuse(404, `There is no class “${code.slice(0, 20)}” on this server.`);
  }

  async function asTeacher(c: Context, state: ClassState, key?: string): Promise<string> {
    const given = key ?? c.req.header('x-teacher-key') ?? '';
    if (!given) refuse(401, 'This needs the teacher’s key (X-Teacher-Key).');
    if (!(await store.isTeacher(state.code, given)))
      refuse(403, 'Wrong teacher key: only the browser that started the class can do this.');
    limit(perTeacher, given);
    return given;
  }

  const lessonOf = (state: ClassState): Lesson =>
    lessons.get(state.lessonId) ?? refuse(409, 'This class’s lesson is no longer on the server.');

  app.onError((err, c) => {
    if (err instanceof Refusal) {
      if (err.retryAfter) c.header('Retry-After', String(err.retryAfter));
      return c.json({ error: err.message }, err.status);
    }
    const problem = watch.problemOf(err);
    if (problem) {
      console.error(
        `class server: ${problem} (${err instanceof Error ? err.message : String(err)})`,
      );
      c.header('Retry-After', '5');
      return c.json({ error: problem }, 503);
    }
    console.error(err);
    return c.json({ error: 'The class server failed on this request; try again.' }, 500);
  });

  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: LIMITS.bodyBytes,
      onError: (c) =>
        c.json({ error: `The request body is larger than ${LIMITS.bodyBytes / 1024} KB.` }, 413),
    }),
  );

  app.get('/api/health', (c) => c.json({ ok: true, store: watch.health }));

  app.post('/api/classes', async (c) => {
    limit(newClasses, addressOf(c));
    const { lessonId } = await body(c, CreateClassBody);
    if (!lessons.has(lessonId)) refuse(404, `There is no lesson “${lessonId}”.`);
    const teacherKey = randomBytes(32).toString('base64url');
    let state: ClassState | null = null;
    // A clash of two random codes is most unlikely; try again if it happens.
    for (let i = 0; !state && i < 5; i++) {
      const code = newCode();
      if (!(await store.getClass(code)))
        state = await store.createClass({ code, teacherKey, lessonId });
    }
    if (!state) return refuse(500, 'Could not make a new class code; try again.');
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

  app.post('/api/classes/:code/students', async (c) => {
    limit(perAddress, addressOf(c));
    const state = await classOf(c);
    const { name } = await body(c, JoinBody);
    const token = randomBytes(24).toString('base64url');
    const student = await store.addStudent({
      code: state.code,
      studentId: randomUUID(),
      name: name ? name : null,
      token,
      limit: LIMITS.students,
    });
    if (!student) return refuse(409, `This class is full (${LIMITS.students} students).`);
    hub.publish(state.code, 'student', student, true);
    return c.json({ studentId: student.studentId, token }, 201);
  });

  async function studentOf(c: Context, state: ClassState) {
    const token = /^Bearer (\S{1,100})$/.exec(c.req.header('authorization') ?? '')?.[1];
    const student = token ? await store.studentByToken(state.code, token) : null;
    if (!student || !token) return refuse(401, 'Join the class first: this student is unknown.');
    return { student, token };
  }

  app.get('/api/classes/:code/me', async (c) => {
    const state = await classOf(c);
    const { student } = await studentOf(c, state);
    return c.json({ student, answers: await store.answers(state.code, student.studentId) });
  });

  app.put('/api/classes/:code/answers/:step', async (c) => {
    const state = await classOf(c);
    const { student, token } = await studentOf(c, state);
    limit(perStudent, token);
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

  app.get('/api/classes/:code/export.:format{json|csv}', async (c) => {
    const state = await classOf(c);
    await asTeacher(c, state);
    const [students, answers] = await Promise.all([
      store.students(state.code),
      store.answers(state.code),
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
    return c.json({ class: state, students, answers });
  });

  app.get('/api/classes/:code/events', async (c) => {
    limit(perAddress, addressOf(c));
    const state = await classOf(c);
    // Every student's phone and a few boards; beyond that, streams are someone's flood.
    if (hub.listeners(state.code) >= LIMITS.students * 2)
      refuse(429, 'Too many open streams on this class.', 5);
    const key = c.req.query('key');
    const teacher = key !== undefined;
    if (teacher) await asTeacher(c, state, key);
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const listener = bufferedListener(teacher, (event, data) => stream.writeSSE({ event, data }));
      const remove = hub.add(state.code, listener);
      const ping = setInterval(() => void stream.write(': ping\n\n').catch(() => {}), 15_000);
      try {
        await stream.write('retry: 1000\n\n');
        const current = (await store.getClass(state.code)) ?? state;
        if (teacher) {
          const [students, answers] = await Promise.all([
            store.students(state.code),
            store.answers(state.code),
          ]);
          const snapshot: TeacherSnapshot = {
            state: current,
            students,
            answers,
            health: watch.health,
          };
          await stream.writeSSE({ event: 'snapshot', data: JSON.stringify(snapshot) });
        } else await stream.writeSSE({ event: 'state', data: JSON.stringify(current) });
        listener.open();
        await new Promise<void>((done) => stream.onAbort(done));
      } finally {
        clearInterval(ping);
        remove();
      }
    });
  });

  app.all('/api/*', (c) => c.json({ error: 'There is no such request in the class API.' }, 404));

  if (distDir) {
    const root = resolve(distDir);
    app.get('*', async (c) => {
      let path: string;
      try {
        path = decodeURIComponent(new URL(c.req.url).pathname);
      } catch {
        return c.text('Not found', 404);
      }
      const name = path.endsWith('/') ? `${path}index.html` : path;
      const file = resolve(root, `.${name}`);
      if (name.includes('\0') || !file.startsWith(root + sep)) return c.text('Not found', 404);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return c.text('Not found', 404);
      for (const [k, value] of Object.entries(headersFor(path))) c.header(k, value);
      c.header('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
      if (path === '/' || path === '/index.html') {
        c.header('Cache-Control', 'no-cache');
        const html = await readFile(file, 'utf8');
        return c.body(html.replace(/<head\b[^>]*>/i, (head) => `${head}${CLASS_META}`));
      }
      return c.body(await readFile(file));
    });
  }

  return { app, hub };
}
