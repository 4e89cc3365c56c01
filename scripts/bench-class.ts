/**
 * Class server load (`npm run bench`, section vi): the real class server (server/main.ts, a
 * process of its own, on a free port of 127.0.0.1; run `vite build` first), embedded
 * PostgreSQL (PGlite) in a temporary folder, a lesson of its own whose step 1 asks for a
 * number. A teacher's event stream listens while 300
 * simulated students join, then all answer during one step, 50 requests in flight at a time.
 * Reports submissions per second, the time from a submission sent to the teacher's stream
 * carrying it (p50, p95), and how many were lost: sent, but refused, missing from the
 * teacher's stream or from the export, or exported with another value. Lost must be 0.
 * Bounded: 300 joins and 300 answers, one run, 120 s at most; only 127.0.0.1 is contacted.
 *
 *   npx vite build && npx tsx scripts/bench-class.ts
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClassServer } from './lib/classServer';
import { LIMITS, type Answer, type CreatedClass, type Joined } from '../src/class/protocol';
import { quantile } from '../src/models/stats';
import type { Lesson } from '../src/scenario/lessonShape';
import { PAPERS } from '../src/papers/papers';
import { isDirectRun } from './lib/direct-run';
import type { Figure } from './bench/report';

const STUDENTS = 300;
const IN_FLIGHT = 50;
const BUDGET_MS = 120_000;

/** One lesson, one step with a number answer: the bench does not depend on src/lessons/. */
const BENCH_LESSONS: ReadonlyMap<string, Lesson> = new Map([
  [
    'bench',
    {
      id: 'bench',
      paper: PAPERS[0]!.file,
      title: 'Bench',
      summary: 'One step that asks for a number.',
      steps: [
        {
          title: 'Guess',
          text: 'Guess a number.',
          question: 'Which number?',
          scenario: '/#/file-access',
          asks: [{ label: 'n', unit: '', table: 't', row: 'r', column: 'c' }],
          answer: { kind: 'number', label: 'n', unit: '', table: 't', row: 'r', column: 'c' },
        },
      ],
    },
  ],
]);

async function pool<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Reads the teacher's event stream; `onAnswer` for each `answer`; resolves after `snapshot`. */
async function listen(url: string, onAnswer: (a: Answer) => void, signal: AbortSignal) {
  const res = await fetch(url, { signal });
  if (!res.ok || !res.body) throw new Error(`teacher stream refused: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let opened: () => void = () => {};
  const ready = new Promise<void>((r) => (opened = r));
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'snapshot') opened();
          if (event === 'answer' && data) onAnswer(JSON.parse(data) as Answer);
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  await ready;
}

type Api = <T>(
  path: string,
  init?: RequestInit,
) => Promise<{ ok: boolean; status: number; body: T }>;

/** JSON requests to the class server's API, all stopped by `signal`. */
const apiOf =
  (base: string, signal: AbortSignal): Api =>
  async <T>(path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, {
      ...init,
      signal,
      headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    });
    return { ok: res.ok, status: res.status, body: (await res.json()) as T };
  };

/** A class of the bench lesson, sized for every student from one address. */
async function openClass(api: Api): Promise<CreatedClass> {
  const created = (
    await api<CreatedClass>('classes', {
      method: 'POST',
      body: JSON.stringify({ lessonId: 'bench' }),
    })
  ).body;
  // 300 students from one address (127.0.0.1), as a lecture hall behind one NAT: the
  // teacher sets the class size so that one address's share (three quarters) seats them.
  const sized = await api(`classes/${created.code}/size`, {
    method: 'PUT',
    body: JSON.stringify({ size: LIMITS.students }),
    headers: { 'X-Teacher-Key': created.teacherKey },
  });
  if (!sized.ok) throw new Error(`class size refused: ${sized.status}`);
  return created;
}

async function joinStudents(api: Api, code: string): Promise<Joined[]> {
  const students: Joined[] = [];
  await pool(
    Array.from({ length: STUDENTS }, (_, i) => i),
    IN_FLIGHT,
    async (i) => {
      const res = await api<Joined>(`classes/${code}/students`, {
        method: 'POST',
        body: JSON.stringify({ name: `Student ${i + 1}` }),
      });
      if (!res.ok) throw new Error(`join refused: ${res.status}`);
      students.push(res.body);
    },
  );
  return students;
}

/** Every student answers step 1 at once (IN_FLIGHT at a time): what was sent, and when. */
async function answerAll(api: Api, code: string, students: readonly Joined[]) {
  const sent = new Map<string, { at: number; value: number }>();
  const accepted = new Set<string>();
  let refused = 0;
  const start = performance.now();
  await pool(students, IN_FLIGHT, async (s) => {
    const value = 20 + (sent.size % 130);
    sent.set(s.studentId, { at: performance.now(), value });
    const res = await api(`classes/${code}/answers/1`, {
      method: 'PUT',
      body: JSON.stringify({ value }),
      headers: { Authorization: `Bearer ${s.token}` },
    });
    if (res.ok) accepted.add(s.studentId);
    else refused++;
  });
  return { sent, accepted, refused, elapsedS: (performance.now() - start) / 1000 };
}

/** The figures: rate, delay to the teacher's stream, and what was lost. */
function loadFigures(
  run: Awaited<ReturnType<typeof answerAll>>,
  seen: ReadonlyMap<string, number>,
  exported: readonly Answer[],
): Figure[] {
  const stored = new Map(exported.map((a) => [a.studentId, a.value]));
  // Lost: sent, but not on the teacher's stream or not exported with the value sent.
  const lost = [...run.sent].filter(
    ([id, { value }]) => !seen.has(id) || stored.get(id) !== value,
  ).length;
  const delays = [...run.sent].flatMap(([id, { at }]) => {
    const got = seen.get(id);
    return got === undefined ? [] : [got - at];
  });
  return [
    {
      name: `class: submissions per second (${STUDENTS} students, one step)`,
      value: STUDENTS / run.elapsedS,
      unit: '/s',
      note: `${IN_FLIGHT} in flight, 127.0.0.1, PGlite on disc`,
    },
    { name: 'class: submission → teacher stream, p50', value: quantile(delays, 0.5), unit: 'ms' },
    { name: 'class: submission → teacher stream, p95', value: quantile(delays, 0.95), unit: 'ms' },
    {
      name: 'class: submissions lost',
      value: lost,
      unit: '',
      note: `accepted ${run.accepted.size}, refused ${run.refused}, on the stream ${seen.size}, exported ${exported.length}; must be 0`,
    },
  ];
}

export async function classServerLoad(): Promise<Figure[]> {
  // The real server in a process of its own (server/main.ts), so that the students' load
  // generator here never shares its event loop: the delays are the server's.
  const lessons = await mkdtemp(join(tmpdir(), 'latency-lab-bench-lessons-'));
  await writeFile(join(lessons, 'bench.json'), JSON.stringify(BENCH_LESSONS.get('bench')));
  const server = await startClassServer({ lessons });
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(BUDGET_MS)]);
  try {
    const base = `${server.url}api/`;
    const api = apiOf(base, signal);
    const { code, teacherKey } = await openClass(api);
    const seen = new Map<string, number>();
    await listen(
      `${base}classes/${code}/events?key=${encodeURIComponent(teacherKey)}`,
      (a) => seen.set(a.studentId, performance.now()),
      signal,
    );
    const run = await answerAll(api, code, await joinStudents(api, code));
    // Every answer was published before its response was sent; the stream may lag a little.
    for (let i = 0; i < 500 && [...run.accepted].some((id) => !seen.has(id)); i++)
      await new Promise((r) => setTimeout(r, 10));
    return loadFigures(run, seen, (await server.exportJson(code, teacherKey)).answers);
  } finally {
    stop.abort();
    await server.stop();
    await rm(lessons, { recursive: true, force: true });
  }
}

if (isDirectRun(import.meta.url)) {
  for (const f of await classServerLoad())
    console.log(
      `${f.name}: ${Number.isFinite(f.value) ? +f.value.toPrecision(4) : f.value} ${f.unit}${f.note ? `  (${f.note})` : ''}`,
    );
}
