/**
 * Class server load (npm run bench, section v): the real server (server/main.ts, its own
 * process, embedded PostgreSQL in a temporary folder) and 300 simulated students on
 * 127.0.0.1 who join and then all answer during one step, 50 requests in flight at a time,
 * while the teacher's event stream listens. Reports submissions per second, the time from a
 * submission sent to the teacher's stream carrying it (p50, p95), and how many were lost
 * (sent and accepted, but missing from the teacher's stream or the export): it must be 0.
 * Bounded: 300 joins and 300 answers, one run, then the server is stopped.
 *
 *   npx vite build && npx tsx scripts/bench-class.ts
 */
import { quantile } from '../src/models/stats';
import type { CreatedClass, Joined } from '../src/class/protocol';
import { startClassServer } from '../tests/e2e/classServer';
import { isDirectRun } from './lib/direct-run';

const STUDENTS = 300;
const IN_FLIGHT = 50;

interface Figure {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Reads a teacher's event stream; calls `onAnswer(studentId)` as each `answer` arrives. */
async function listen(url: string, onAnswer: (studentId: string) => void, signal: AbortSignal) {
  const res = await fetch(url, { signal });
  if (!res.ok || !res.body) throw new Error(`teacher stream refused: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let opened: () => void = () => {};
  const ready = new Promise<void>((r) => (opened = r));
  void (async () => {
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
          if (event === 'answer' && data)
            onAnswer((JSON.parse(data) as { studentId: string }).studentId);
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  await ready;
}

export async function benchClassLoad(): Promise<Figure[]> {
  const server = await startClassServer();
  const stop = new AbortController();
  try {
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}api/${path}`, {
        ...init,
        headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
      });
    const created = (await (
      await api('classes', { method: 'POST', body: JSON.stringify({ lessonId: 'mpe-ix' }) })
    ).json()) as CreatedClass;
    const code = created.code;

    const seen = new Map<string, number>();
    await listen(
      `${server.url}api/classes/${code}/events?key=${encodeURIComponent(created.teacherKey)}`,
      (id) => seen.set(id, performance.now()),
      stop.signal,
    );

    const students: Joined[] = [];
    await pool(
      Array.from({ length: STUDENTS }, (_, i) => i),
      IN_FLIGHT,
      async (i) => {
        const res = await api(`classes/${code}/students`, {
          method: 'POST',
          body: JSON.stringify({ name: `Student ${i + 1}` }),
        });
        students.push((await res.json()) as Joined);
      },
    );

    const sent = new Map<string, number>();
    let accepted = 0;
    let refused = 0;
    const start = performance.now();
    await pool(students, IN_FLIGHT, async (s) => {
      sent.set(s.studentId, performance.now());
      const res = await api(`classes/${code}/answers/1`, {
        method: 'PUT',
        body: JSON.stringify({ value: 20 + (students.indexOf(s) % 130) }),
        headers: { Authorization: `Bearer ${s.token}` },
      });
      await res.arrayBuffer();
      if (res.ok) accepted++;
      else refused++;
    });
    const elapsed = (performance.now() - start) / 1000;
    // The stream is asked to catch up: an export after the last answer, then what it saw.
    const exported = (await (
      await fetch(`${server.url}api/classes/${code}/export.json`, {
        headers: { 'X-Teacher-Key': created.teacherKey },
      })
    ).json()) as { answers: unknown[] };
    for (let i = 0; i < 200 && seen.size < accepted; i++)
      await new Promise((r) => setTimeout(r, 10));
    const delays = [...sent].flatMap(([id, t]) => {
      const at = seen.get(id);
      return at === undefined ? [] : [at - t];
    });
    const lost = accepted - Math.min(seen.size, exported.answers.length);
    const note = `${STUDENTS} students, ${IN_FLIGHT} in flight, 127.0.0.1; refused ${refused}`;
    return [
      {
        name: 'class: submissions per second (300 students, one step)',
        value: STUDENTS / elapsed,
        unit: '/s',
        note,
      },
      { name: 'class: submission → teacher stream, p50', value: quantile(delays, 0.5), unit: 'ms' },
      {
        name: 'class: submission → teacher stream, p95',
        value: quantile(delays, 0.95),
        unit: 'ms',
      },
      {
        name: 'class: submissions lost',
        value: lost + refused,
        unit: '',
        note: `accepted ${accepted}, stream ${seen.size}, export ${exported.answers.length}`,
      },
    ];
  } finally {
    stop.abort();
    await server.stop();
  }
}

if (isDirectRun(import.meta.url)) {
  for (const f of await benchClassLoad())
    console.log(
      `${f.name}: ${Number.isFinite(f.value) ? +f.value.toPrecision(4) : f.value} ${f.unit}${f.note ? `  (${f.note})` : ''}`,
    );
}
