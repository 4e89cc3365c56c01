import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import QRCode from 'qrcode';
import * as v from 'valibot';
import {
  addressShare,
  AnswerBody,
  CODE_ALPHABET,
  CODE_PATTERN,
  ControlBody,
  CreateClassBody,
  describeIssues,
  JoinBody,
  LIMITS,
  RemoveBody,
  SizeBody,
  type Answer,
  type ClassState,
  type CreatedClass,
  type Seat,
  type TeacherSnapshot,
} from '../src/class/protocol.ts';
import type { Lesson } from '../src/scenario/lessonShape.ts';
import { headersFor } from '../src/hosting/headers.ts';
import { bufferedListener, Hub, type Listener } from './events.ts';
import { guard, type HostCheck } from './guard.ts';
import { StoreWatch } from './health.ts';
import { RateLimiter } from './limits.ts';
import type { Store } from './store.ts';
import { registerMachineAtlas } from './machineAtlas.ts';

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
  /**
   * The names this server answers to (server/guard.ts); without it any Host is taken (tests
   * that call `app.request()`, which sends none).
   */
  hosts?: HostCheck;
}

type Code = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 421 | 429 | 500 | 503;

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

export function createClassApp({
  store: givenStore,
  lessons,
  distDir,
  now = Date.now,
  fallbackHost = '127.0.0.1',
  roomHost,
  hosts,
}: ClassAppOptions) {
  const hub = new Hub();
  // The store's failures as 503s with a sentence, and a health line on every board.
  const watch = new StoreWatch((health) => hub.broadcast('health', health, true));
  const store = watch.watch(givenStore);
  // A whole room may share one address (a school's NAT): joins are limited generously; the
  // seats one address may hold are limited by the class size (protocol.ts addressShare).
  const perAddress = new RateLimiter(600, 50, now);
  // Wrong class codes and teacher keys, per address: 30 at once, then one every 2 s.
  const guesses = new RateLimiter(30, 0.5, now);
  /** Per class: the addresses whose students the teacher removed, which may join no more. */
  const barred = new Map<string, Set<string>>();
  const newClasses = new RateLimiter(20, 1, now);
  const perStudent = new RateLimiter(20, 5, now);
  const perTeacher = new RateLimiter(30, 10, now);
  const app = new Hono();

  const limit = (limiter: RateLimiter, key: string) => {
    const wait = limiter.take(key);
    if (wait > 0)
      refuse(429, `Too many requests: wait ${wait} s and try again.`, Math.max(1, wait));
  };
  const addressOf = (c: Context): string => {
    const raw = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
      ?.incoming?.socket?.remoteAddress;
    // An IPv4 client of a dual-stack socket arrives as ::ffff:a.b.c.d. No socket (a test's
    // `app.request()`): no address, and no share of seats to hold to.
    return raw ? raw.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') : '';
  };
  /** Before a lookup that a guess could fail: refused while this address guessed too often. */
  const notGuessing = (c: Context) => {
    const wait = guesses.wait(addressOf(c));
    if (wait > 0)
      refuse(
        429,
        `Too many wrong class codes or teacher keys from this address: wait ${wait} s.`,
        wait,
      );
  };
  const guessedWrong = (c: Context) => void guesses.take(addressOf(c));

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
    notGuessing(c);
    const code = c.req.param('code') ?? '';
    const found = CODE_PATTERN.test(code) ? await store.getClass(code) : null;
    if (!found) guessedWrong(c);
    return found ?? refuse(404, `There is no class “${code.slice(0, 20)}” on this server.`);
  }

  async function asTeacher(c: Context, state: ClassState, key?: string): Promise<string> {
    const given = key ?? c.req.header('x-teacher-key') ?? '';
    if (!given) refuse(401, 'This needs the teacher’s key (X-Teacher-Key).');
    notGuessing(c);
    if (!(await store.isTeacher(state.code, given))) {
      guessedWrong(c);
      refuse(403, 'Wrong teacher key: only the browser that started the class can do this.');
    }
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

  // Before routing: the Host, a cross-site request, a path in other than its plain form.
  app.use(
    guard(hosts, (c, status, message) => {
      if (new URL(c.req.url).pathname.startsWith('/api/')) {
        const res = c.json({ error: message }, status);
        res.headers.set('Cache-Control', 'no-store');
        return res;
      }
      return notFoundPage(c, status, message);
    }),
  );
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
    const address = addressOf(c);
    limit(perAddress, address);
    const state = await classOf(c);
    const { name } = await body(c, JoinBody);
    if (barred.get(state.code)?.has(address))
      refuse(403, 'The teacher removed the students of your network address from this class.');
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
      const [size, taken] = await Promise.all([
        store.classSize(state.code),
        store.seatsTaken(state.code, address),
      ]);
      return taken.total >= size
        ? refuse(409, `This class is full (${size} students): ask the teacher to make room.`)
        : refuse(
            409,
            `Too many students joined from your network address (${taken.fromAddress} of the class’s ${size} seats): ask the teacher to raise the class size.`,
          );
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
    const studentIds = await store.removeStudents(state.code, which);
    if ('address' in which) {
      const set = barred.get(state.code) ?? new Set<string>();
      barred.set(state.code, set.add(which.address));
    }
    const gone = new Set(studentIds);
    const theirs = (l: Listener) => l.studentId !== undefined && gone.has(l.studentId);
    hub.publishTo(state.code, theirs, 'removed', { studentIds: [] });
    hub.publish(state.code, 'removed', { studentIds }, true);
    hub.closeWhere(state.code, theirs);
    return c.json({ removed: studentIds });
  });

  async function studentOf(c: Context, state: ClassState) {
    const token = /^Bearer (\S{1,100})$/.exec(c.req.header('authorization') ?? '')?.[1];
    const student = token ? await store.studentByToken(state.code, token) : null;
    if (!student || !token) return refuse(401, 'Join the class first: this student is unknown.');
    return { student, token };
  }

  registerMachineAtlas(app, {
    store,
    classOf,
    studentOf,
    asTeacher,
    body,
    limitStudent: (t) => limit(perStudent, t),
  });

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
    const [students, answers, machine] = await Promise.all([
      store.students(state.code),
      store.answers(state.code),
      store.machineEntries(state.code),
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
    return c.json({ class: state, students: listed, answers, machine });
  });

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
      limit(perAddress, address);
      if (token !== undefined) {
        const student = /^\S{1,100}$/.test(token)
          ? await store.studentByToken(state.code, token)
          : null;
        if (!student) refuse(401, 'Join the class first: this student is unknown.');
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
          refuse(429, 'Too many open streams from this address: join the class first.', 5);
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

  app.all('/api/*', (c) => c.json({ error: 'There is no such request in the class API.' }, 404));

  /** A 404 (or another refusal) outside the API: text, with the full app's headers. */
  function notFoundPage(c: Context, status: 400 | 403 | 404 | 421 = 404, message = 'Not found') {
    const res = c.text(message, status);
    for (const [k, value] of Object.entries(headersFor('/index.html'))) res.headers.set(k, value);
    return res;
  }

  if (distDir) {
    const root = resolve(distDir);
    app.get('*', async (c) => {
      // The guard let only plain paths through: decoded, without dot or empty segments.
      const path = decodeURIComponent(new URL(c.req.url).pathname);
      const name = path.endsWith('/') ? `${path}index.html` : path;
      const file = resolve(root, `.${name}`);
      if (!file.startsWith(root + sep)) return notFoundPage(c);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return notFoundPage(c);
      const headers = headersFor(path);
      // Any page but the embed entry is the full app: it gets the app's frame rule.
      if (extname(file) === '.html' && !headers['Content-Security-Policy'])
        Object.assign(headers, headersFor('/index.html'));
      for (const [k, value] of Object.entries(headers)) c.header(k, value);
      c.header('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
      if (path === '/' || path === '/index.html') {
        c.header('Cache-Control', 'no-cache');
        const html = await readFile(file, 'utf8');
        return c.body(html.replace(/<head\b[^>]*>/i, (head) => `${head}${CLASS_META}`));
      }
      return c.body(await readFile(file));
    });
  }
  app.notFound((c) =>
    new URL(c.req.url).pathname.startsWith('/api/')
      ? c.json({ error: 'There is no such request in the class API.' }, 404)
      : notFoundPage(c),
  );

  return { app, hub };
}
