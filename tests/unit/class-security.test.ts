/**
 * The class server (server/main.ts, a process of its own on 127.0.0.1, embedded PostgreSQL in a
 * temporary folder) as a mischievous student and a school's network admin try it, over real
 * sockets. Other machines of the room are other loopback addresses (127.0.0.2, …: Linux routes
 * all of 127/8 to the loopback interface), so "one address" and "another address" are real.
 *
 * - a flood from one address — joins, 1,000 idle event streams with only the join code, many
 *   streams on one student's token — leaves the teacher's board and a real student their way
 *   in, and the teacher removes the flood at once;
 * - a page on another name (DNS rebinding) is refused, and cannot make the join link name it;
 *   a cross-site request that changes something is refused;
 * - a path in other than its plain form never serves the app without the app's headers, and
 *   every response carries nosniff and a Referrer-Policy;
 * - wrong class codes and teacher keys are limited per address.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/hosting/headers';
import {
  addressShare,
  LIMITS,
  type ClassState,
  type CreatedClass,
  type Joined,
  type Seat,
  type TeacherSnapshot,
} from '../../src/class/protocol';
import { freePort, sseEvents } from './class-helpers';
import { classServers, ready } from './class-process';

const { server, dir } = classServers('class-security-');
const APP_HTML = '<!doctype html><html><head><title>app</title></head><body>app</body></html>';

let port = 0;

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface Send {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** The local address the request leaves from: another machine of the room. */
  from?: string;
}

/** One request over a socket of its own, from `from`; the whole reply. */
function send(path: string, { method = 'GET', headers = {}, body, from }: Send = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        ...(from ? { localAddress: from } : {}),
        headers: {
          ...(data === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** An event stream: refused (its status and sentence) or open (its events, read as they come). */
function openStream(path: string, from?: string) {
  return new Promise<
    | { status: number; text: string; events?: undefined }
    | { status: 200; events: ReturnType<typeof sseEvents> }
  >((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent: false, ...(from ? { localAddress: from } : {}) },
      (res) => {
        if (res.statusCode !== 200) {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          return;
        }
        const body = Readable.toWeb(res) as ReadableStream<Uint8Array>;
        resolve({ status: 200, events: sseEvents(new Response(body)) });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const errorOf = (r: Reply | { text: string }) => (JSON.parse(r.text) as { error: string }).error;

beforeAll(async () => {
  const dist = dir('dist');
  await mkdir(join(dist, 'embed'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), APP_HTML);
  await writeFile(join(dist, 'embed', 'index.html'), '<!doctype html><title>embed</title>');
  await writeFile(join(dist, 'assets', 'app.js'), 'console.log(1);');
  port = await freePort();
  await ready(server(port, dir('data')), `http://127.0.0.1:${port}/`);
});

/** A join to class `code` from `from`, as `name` (none: anonymous). */
const enrol = (code: string, from: string, name?: string) =>
  send(`/api/classes/${code}/students`, { method: 'POST', body: name ? { name } : {}, from });

const newClass = async (headers: Record<string, string> = {}) => {
  const res = await send('/api/classes', { method: 'POST', body: { lessonId: 'quiz' }, headers });
  expect(res.status, res.text).toBe(201);
  return JSON.parse(res.text) as CreatedClass;
};

/** `n` requests, `width` at a time. */
async function many<T>(n: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += width)
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, j) => fn(i + j)))),
    );
  return out;
}

describe('a flood from one address', () => {
  it('leaves the teacher and a real student their way in; the teacher removes it', async () => {
    const c = await newClass();
    const key = encodeURIComponent(c.teacherKey);
    const bot = '127.0.0.1';
    const share = addressShare(LIMITS.classSize);

    // 60 bots join from one address: it gets its share of the seats, no more.
    const joins = await many(60, 20, (i) => enrol(c.code, bot, `bot ${i}`));
    const seated = joins.filter((r) => r.status === 201);
    expect(seated).toHaveLength(share);
    const refused = joins.filter((r) => r.status !== 201);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(errorOf(r)).toBe(
        `Too many students joined from your network address (${share} of the class’s ${LIMITS.classSize} seats): ask the teacher to raise the class size.`,
      );
    }

    // Ten streams on one bot's token, one after another: a student's newest few stay open,
    // each new one beyond them ends the oldest.
    const botToken = (JSON.parse(seated[0]!.text) as Joined).token;
    const own: NonNullable<Awaited<ReturnType<typeof openStream>>['events']>[] = [];
    for (let i = 0; i < 10; i++) {
      const s = await openStream(
        `/api/classes/${c.code}/events?token=${encodeURIComponent(botToken)}`,
        bot,
      );
      expect(s.status).toBe(200);
      await s.events!.next('state');
      own.push(s.events!);
    }
    for (const s of own.slice(0, 10 - LIMITS.streamsPerStudent))
      await expect(s.next('never')).rejects.toThrow(/ended/);

    // 1,000 idle streams with only the join code, from the same address.
    const idle = await many(1000, 100, () => openStream(`/api/classes/${c.code}/events`, bot));
    const open = idle.filter((s) => s.status === 200);
    expect(open.length).toBeLessThanOrEqual(LIMITS.codeStreamsPerAddress);
    for (const s of idle)
      if (!s.events) {
        expect(s.status).toBe(429);
        expect(errorOf(s)).toMatch(/^Too many (open streams|requests)/);
      }

    // The teacher's board, from that same address, gets in and sees every seat.
    const board = await openStream(`/api/classes/${c.code}/events?key=${key}`, bot);
    expect(board.status).toBe(200);
    const snap = await board.events!.next<TeacherSnapshot>('snapshot');
    expect(snap.students).toHaveLength(share);
    expect(snap.size).toBe(LIMITS.classSize);
    expect(new Set(snap.students.map((s) => s.address))).toEqual(new Set([bot]));
    expect(snap.students.every((s) => !Number.isNaN(Date.parse(s.joinedAt)))).toBe(true);

    // A real student, from another machine of the room, joins and follows the class.
    const real = await enrol(c.code, '127.0.0.2', 'Real');
    expect(real.status, real.text).toBe(201);
    const student = JSON.parse(real.text) as Joined;
    expect((await board.events!.next<Seat>('student')).address).toBe('127.0.0.2');
    const mine = await openStream(
      `/api/classes/${c.code}/events?token=${encodeURIComponent(student.token)}`,
      '127.0.0.2',
    );
    expect(mine.status).toBe(200);
    expect((await mine.events!.next<ClassState>('state')).step).toBe(1);

    // The teacher removes everyone who joined from the bot's address, at once.
    const removed = await send(`/api/classes/${c.code}/remove`, {
      method: 'POST',
      body: { address: bot },
      headers: { 'X-Teacher-Key': c.teacherKey },
    });
    expect(removed.status, removed.text).toBe(200);
    const gone = (JSON.parse(removed.text) as { removed: string[] }).removed;
    expect(new Set(gone)).toEqual(new Set(snap.students.map((s) => s.studentId)));
    expect(
      (await board.events!.next<{ studentIds: string[] }>('removed')).studentIds.sort(),
    ).toEqual([...gone].sort());
    // The removed bot's open streams are told, and end.
    for (const s of own.slice(10 - LIMITS.streamsPerStudent)) {
      expect(await s.next('removed')).toEqual({ studentIds: [] });
      await expect(s.next('never')).rejects.toThrow(/ended/);
    }
    // The address may not join again; the real student is still in and answers.
    const again = await enrol(c.code, bot);
    expect([again.status, errorOf(again)]).toEqual([
      403,
      'The teacher removed the students of your network address from this class.',
    ]);
    const answer = await send(`/api/classes/${c.code}/answers/1`, {
      method: 'PUT',
      body: { value: 42 },
      headers: { Authorization: `Bearer ${student.token}` },
      from: '127.0.0.2',
    });
    expect(answer.status, answer.text).toBe(200);
    const exported = await send(`/api/classes/${c.code}/export.json`, {
      headers: { 'X-Teacher-Key': c.teacherKey },
    });
    const out = JSON.parse(exported.text) as { students: Seat[] };
    expect(out.students.map((s) => s.name)).toEqual(['Real']);
    // The export says who, when and how far (homework), never from which address.
    expect(Object.keys(out.students[0]!).sort()).toEqual([
      'joinedAt',
      'name',
      'reached',
      'studentId',
    ]);

    for (const s of [board, mine, ...open]) await s.events?.close();
  });

  it('lets the teacher set the class size: a full class says so', async () => {
    const c = await newClass();
    const resize = (size: number, key = c.teacherKey) =>
      send(`/api/classes/${c.code}/size`, {
        method: 'PUT',
        body: { size },
        headers: { 'X-Teacher-Key': key },
      });
    const size = await resize(2);
    expect(size.status, size.text).toBe(200);
    // A class of 2: one address holds one seat (its share), the other goes to another address.
    expect((await enrol(c.code, '127.0.0.3')).status).toBe(201);
    expect((await enrol(c.code, '127.0.0.3')).status).toBe(409);
    expect((await enrol(c.code, '127.0.0.4')).status).toBe(201);
    const full = await enrol(c.code, '127.0.0.5');
    expect([full.status, errorOf(full)]).toEqual([
      409,
      'This class is full (2 students): ask the teacher to make room.',
    ]);
    const bad = await resize(LIMITS.students + 1);
    expect([bad.status, errorOf(bad)]).toEqual([400, `size must be at most ${LIMITS.students}`]);
    const notTeacher = await resize(500, 'wrong');
    expect(notTeacher.status).toBe(403);
  });
});

describe('names and sites', () => {
  it('refuses a Host that is not this server (DNS rebinding), and cross-site changes', async () => {
    const evil = `evil.example:${port}`;
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/api/health'],
      ['POST', '/api/classes'],
    ] as const) {
      const res = await send(path, {
        method,
        headers: { Host: evil },
        ...(method === 'POST' ? { body: { lessonId: 'quiz' } } : {}),
      });
      expect(res.status, path).toBe(421);
      expect(res.text).toContain('does not answer to the name “evil.example');
      expect(res.text).not.toContain('app</body>');
    }
    // The same port on another name, and another port on this one.
    expect((await send('/api/health', { headers: { Host: `127.0.0.2:${port}` } })).status).toBe(
      421,
    );
    expect((await send('/api/health', { headers: { Host: '127.0.0.1:1' } })).status).toBe(421);
    // The names it listens as: the join link names the one the teacher used.
    const local = await newClass({ Host: `localhost:${port}` });
    expect(local.joinUrl).toBe(`http://localhost:${port}/#/class/${local.code}`);
    const byAddress = await newClass();
    expect(byAddress.joinUrl).toBe(`http://127.0.0.1:${port}/#/class/${byAddress.code}`);

    // A page of another site cannot change anything, even where no preflight stops it.
    const crossSite: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'http://evil.example' },
      { Origin: 'null' },
      { Origin: `http://127.0.0.1:${port + 1}` },
    ];
    for (const headers of crossSite) {
      const res = await send('/api/classes', {
        method: 'POST',
        body: { lessonId: 'quiz' },
        headers,
      });
      expect([res.status, errorOf(res)], JSON.stringify(headers)).toEqual([
        403,
        'Refused: this request was sent by a page of another site.',
      ]);
    }
    const join = await send(`/api/classes/${byAddress.code}/students`, {
      method: 'POST',
      body: {},
      headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://evil.example' },
    });
    expect(join.status).toBe(403);
    // The app's own pages may.
    await newClass({ 'Sec-Fetch-Site': 'same-origin', Origin: `http://127.0.0.1:${port}` });
    await newClass({ Origin: `http://127.0.0.1:${port}` });
  });

  it('never serves the app without its headers, whatever the path', async () => {
    const appCsp = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
    const paths = [
      '/',
      '/index.html',
      '//index.html',
      '///index.html',
      '/embed/..%2Findex.html',
      '/embed/..%2findex.html',
      '/assets/..%2Findex.html',
      '/assets/%2E%2E%2Findex.html',
      '/embed//..//index.html',
      '/embed/%5C..%5Cindex.html',
      '/./index.html',
      '/nothing.html',
      '/nothing.js',
      '/assets/',
    ];
    for (const path of paths) {
      const res = await send(path);
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['referrer-policy'], path).toBe('same-origin');
      if (res.text.includes('app</body>')) {
        expect(res.status, path).toBe(200);
        expect(res.headers['content-security-policy'], path).toBe(appCsp);
      } else {
        expect(res.status, path).toBe(404);
        expect(res.headers['content-security-policy'], path).toBe(appCsp);
      }
    }
    // Only the embed entry may be framed.
    const embed = await send('/embed/');
    expect(embed.status).toBe(200);
    expect(embed.headers['content-security-policy']).toBe(
      `${CONTENT_SECURITY_POLICY}; frame-ancestors *`,
    );
    // The API's answers, refusals included, carry the same two.
    for (const path of ['/api/health', '/api/classes/zzzzzzzzzz', '/api/nothing', '//api/health']) {
      const res = await send(path);
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['referrer-policy'], path).toBe('same-origin');
    }
  });

  it('limits wrong class codes and teacher keys per address', async () => {
    const c = await newClass();
    const codes = await many(60, 10, () => send('/api/classes/zzzzzzzzzz', { from: '127.0.0.6' }));
    const limited = codes.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(codes.filter((r) => r.status !== 429).every((r) => r.status === 404)).toBe(true);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(errorOf(limited[0]!)).toMatch(
      /^Too many wrong class codes or teacher keys from this address: wait \d+ s\.$/,
    );
    // Now even the right code is refused from there: the limit is not an oracle.
    expect((await send(`/api/classes/${c.code}`, { from: '127.0.0.6' })).status).toBe(429);

    const keys = await many(60, 10, () =>
      send(`/api/classes/${c.code}/export.json`, {
        headers: { 'X-Teacher-Key': 'guess' },
        from: '127.0.0.7',
      }),
    );
    expect(keys.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(keys.filter((r) => r.status !== 429).every((r) => r.status === 403)).toBe(true);
    // Another address is not held back.
    expect((await send(`/api/classes/${c.code}`, { from: '127.0.0.8' })).status).toBe(200);
  });
});
