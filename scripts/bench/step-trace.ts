/**
 * One drag step taken apart on the page's main thread (issue #31): `npx tsx
 * scripts/bench/step-trace.ts --model <id> [--throttle <rate>]` (after `vite build`; build
 * with `--minify false` and point LATENCY_LAB_DIST at it for readable names) drags the model's
 * `dragParam` slider as `npm run bench` does (36 steps, each waiting for its tables and the next
 * frame) under Chromium's tracing with its sampling profiler, and prints, as medians and means
 * over the steps, main-thread milliseconds of:
 *
 *   input    the input event's task (the handler, the session's step, the knobs' render)
 *   between  other main-thread tasks while the step's tables were computing (charts heard…)
 *   answer   the answer's task up to the tables' commit (message, React render and commit)
 *   frame    the next frame's style, layout, paint and layerize after the commit
 *   after    main-thread tasks from the commit to the next step (charts, intervals…)
 *
 * and, inside the input, between and answer tasks, the profiler's samples by the nearest React
 * component (a capitalised function) on their stack, or "commit"/"React" when none is.
 * `--long` lists instead the long tasks (over 50 ms) of the drag, its release and the charts'
 * catch-up, each with who ran in it (the bench only counts them).
 * Figures, never pass/fail; the load average is printed beside them.
 */
import { findModelInfo, MODEL_INFOS } from '../../src/models/registry';
import { withDragPage } from './drag-page';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? null : (process.argv[i + 1] ?? null);
};
const modelId = arg('--model') ?? '';
const info = findModelInfo(modelId);
if (!info?.dragParam) {
  console.error(`--model <id> is needed: one of ${MODEL_INFOS.map((m) => m.id).join(', ')}`);
  process.exit(2);
}
const throttle = Number(arg('--throttle') ?? 1);
/**
 * `--long`: the drag, its release and the charts' catch-up, and then only the main thread's
 * long tasks (over 50 ms, as the bench counts them), each with what its samples ran.
 */
const longOnly = process.argv.includes('--long');
/** `--stacks <function>`: the callers (4 frames) of that function inside the answer task. */
const stacksOf = arg('--stacks');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: {
        nodes?: { id: number; parent?: number; callFrame: { functionName: string } }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};
const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);
const r1 = (x: number) => Math.round(x * 10) / 10;

/** The main thread's CPU samples: time (trace µs) and the stack's function names, leaf first. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const names = new Map<number, string>();
  const parent = new Map<number, number>();
  const out: { ts: number; stack: string[] }[] = [];
  const profiles = new Map<string, number>();
  for (const e of events)
    if (e.name === 'Profile' && e.pid === pid && e.tid === tid && e.id)
      profiles.set(e.id, e.args?.data?.startTime ?? e.ts);
  const clock = new Map(profiles);
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !e.id || !clock.has(e.id)) continue;
    const p = e.args?.data?.cpuProfile;
    for (const n of p?.nodes ?? []) {
      names.set(n.id, n.callFrame.functionName || '(anonymous)');
      if (n.parent !== undefined) parent.set(n.id, n.parent);
    }
    const deltas = e.args?.data?.timeDeltas ?? [];
    (p?.samples ?? []).forEach((id, i) => {
      const t = clock.get(e.id!)! + (deltas[i] ?? 0);
      clock.set(e.id!, t);
      const stack: string[] = [];
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n))
        stack.push(names.get(n) ?? '?');
      out.push({ ts: t, stack });
    });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/** A sample's owner: the nearest React component on its stack, else the phase. */
function owner(stack: string[]): string | null {
  const leaf = stack[0] ?? '';
  if (leaf === '(idle)' || leaf === '(root)') return null;
  if (leaf === '(program)') return '(program)';
  if (leaf === '(garbage collector)') return '(gc)';
  const component = stack.find((f) => /^[A-Z][A-Za-z0-9]+$/.test(f) && f !== 'Object');
  if (component) return component;
  // The commit: by what its time is spent in (a DOM call, an effect), its leaf.
  if (stack.some((f) => f.startsWith('commit'))) return `commit: ${leaf}`;
  if (stack.some((f) => /^(performWorkOnRoot|renderRootSync|workLoop)/.test(f)))
    return 'React render';
  return stack.find((f) => f !== '(anonymous)') ?? '(anonymous)';
}

async function main() {
  await withDragPage(info!, throttle, async ({ browser, page, step }) => {
    await browser.startTracing(page, {
      categories: [
        'toplevel',
        'devtools.timeline',
        'blink.user_timing',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    let steps = 0;
    for (let k = 1; k <= 36; k++) if (await step(k)) steps++;
    if (longOnly) {
      // The release, and everything until the charts on screen are the last step's.
      await page.$eval(`input[type=range][data-param="${info!.dragParam}"]`, (el) =>
        el.dispatchEvent(new Event('change', { bubbles: true })),
      );
      await page.waitForFunction(() => {
        const r = document.querySelector('[data-testid=results]');
        return (
          r?.getAttribute('data-rendered-charts-hash') === r?.getAttribute('data-rendered-hash')
        );
      });
    }
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    if (process.env.STEP_TRACE_PAINTS) {
      // One step's paints, for a look at what repaints (their area and node).
      const paints = trace.traceEvents.filter((e) => e.name === 'Paint' && e.ph === 'X');
      console.log(
        JSON.stringify(
          paints.slice(-24).map((e) => ({ dur: e.dur, ...e.args })),
          null,
          0,
        ),
      );
    }
    if (longOnly) reportLong(trace.traceEvents);
    else report(trace.traceEvents, steps);
  });
}

/** The renderer's main thread and its tasks, in order. */
function mainTasks(events: TraceEvent[]) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;
  const tasks = events
    .filter(
      (e) =>
        onMain(e) &&
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        e.dur,
    )
    .sort((a, b) => a.ts - b.ts);
  return { main, onMain, tasks };
}

/** `--long`: each task over 50 ms, when it began (ms after the first), and who ran in it. */
function reportLong(events: TraceEvent[]) {
  const { main, tasks } = mainTasks(events);
  const samples = samplesOf(events, main.pid, main.tid);
  const long = tasks.filter((t) => t.dur! > 50_000);
  console.log(`${modelId}: ${long.length} main-thread tasks over 50 ms (throttle ${throttle}×)`);
  for (const t of long) {
    const who = new Map<string, number>();
    for (let i = 1; i < samples.length; i++) {
      const s = samples[i]!;
      if (s.ts < t.ts || s.ts > t.ts + t.dur!) continue;
      const o = owner(s.stack);
      if (o) who.set(o, (who.get(o) ?? 0) + (s.ts - samples[i - 1]!.ts) / 1000);
    }
    console.log(
      `at ${r1((t.ts - tasks[0]!.ts) / 1000)} ms, ${r1(t.dur! / 1000)} ms |`,
      [...who]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, ms]) => `${k} ${r1(ms)}`)
        .join(', '),
    );
  }
}

function report(events: TraceEvent[], steps: number) {
  const { main, onMain, tasks } = mainTasks(events);
  const marks = events
    .filter((e) => e.cat.includes('user_timing') && e.name.startsWith('ll:') && e.ph !== 'e')
    .sort((a, b) => a.ts - b.ts);
  const frameParts = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize']);
  const frames = events.filter((e) => onMain(e) && e.ph === 'X' && frameParts.has(e.name));
  const samples = samplesOf(events, main.pid, main.tid);
  const taskAt = (ts: number) => tasks.find((t) => t.ts <= ts && ts <= t.ts + t.dur!);
  const busy = (from: number, to: number, skip: TraceEvent[]) =>
    tasks
      .filter((t) => !skip.includes(t) && t.ts + t.dur! > from && t.ts < to)
      .reduce((a, t) => a + (Math.min(to, t.ts + t.dur!) - Math.max(from, t.ts)), 0) / 1000;
  const rows: Record<string, number[]> = {
    input: [],
    between: [],
    answer: [],
    frame: [],
    after: [],
    'control → table': [],
  };
  const byOwner = {
    input: new Map<string, number>(),
    between: new Map<string, number>(),
    answer: new Map<string, number>(),
    after: new Map<string, number>(),
  };
  const attribute = (m: Map<string, number>, from: number, to: number) => {
    for (let i = 1; i < samples.length; i++) {
      const s = samples[i]!;
      if (s.ts < from || s.ts > to) continue;
      const o =
        stacksOf && s.stack[0] === stacksOf ? s.stack.slice(0, 5).join(' < ') : owner(s.stack);
      if (o) m.set(o, (m.get(o) ?? 0) + (s.ts - samples[i - 1]!.ts) / 1000);
    }
  };
  /** Each step's parts and what ran between its input and its answer, for the slowest. */
  const perStep: { parts: Record<string, number>; between: Map<string, number> }[] = [];
  const inputs = marks.filter((m) => m.name === 'll:input');
  inputs.forEach((input, k) => {
    const next = inputs[k + 1]?.ts ?? Infinity;
    const commit = marks.find((m) => m.name === 'll:commit' && m.ts > input.ts && m.ts < next);
    const answer = [...marks]
      .reverse()
      .find((m) => m.name === 'll:answer' && commit && m.ts <= commit.ts && m.ts > input.ts);
    if (!commit || !answer) return;
    const inTask = taskAt(input.ts);
    const ansTask = taskAt(answer.ts);
    if (!inTask || !ansTask) return;
    const inEnd = inTask.ts + inTask.dur!;
    rows.input!.push(inTask.dur! / 1000);
    rows.between!.push(busy(inEnd, ansTask.ts, [inTask, ansTask]));
    rows.answer!.push((commit.ts - ansTask.ts) / 1000);
    rows['control → table']!.push((commit.ts - input.ts) / 1000);
    const frame = frames.filter((f) => f.ts > commit.ts && f.ts < commit.ts + 50_000);
    const firstPaint = frame.find((f) => f.name === 'Paint');
    rows.frame!.push(
      frame
        .filter((f) => !firstPaint || f.ts <= firstPaint.ts + firstPaint.dur!)
        .reduce((a, f) => a + f.dur!, 0) / 1000,
    );
    rows.after!.push(busy(commit.ts, next === Infinity ? commit.ts + 100_000 : next, []));
    attribute(byOwner.input, inTask.ts, inEnd);
    attribute(byOwner.answer, ansTask.ts, commit.ts);
    const mine = new Map<string, number>();
    for (const t of tasks)
      if (t !== inTask && t !== ansTask && t.ts >= inEnd && t.ts < ansTask.ts) {
        attribute(byOwner.between, t.ts, Math.min(ansTask.ts, t.ts + t.dur!));
        attribute(mine, t.ts, Math.min(ansTask.ts, t.ts + t.dur!));
      }
    perStep.push({
      parts: Object.fromEntries(Object.entries(rows).map(([k, xs]) => [k, xs.at(-1)!])),
      between: mine,
    });
    attribute(byOwner.after, commit.ts, next === Infinity ? commit.ts + 100_000 : next);
    // The native part of those tasks: a frame's style, layout and paint, by event.
    for (const f of frames)
      if (f.ts >= inEnd && f.ts < ansTask.ts) {
        const k = `frame: ${f.name}`;
        byOwner.between.set(k, (byOwner.between.get(k) ?? 0) + f.dur! / 1000);
      }
  });
  print(rows, byOwner, steps);
  printSlowest(perStep);
}

/** The tail: the slowest steps, each with what ran on the main thread while its tables computed. */
function printSlowest(perStep: { parts: Record<string, number>; between: Map<string, number> }[]) {
  console.log('The three slowest steps (ms), and what ran between input and answer:');
  for (const st of [...perStep]
    .sort((a, b) => b.parts['control → table']! - a.parts['control → table']!)
    .slice(0, 3))
    console.log(
      Object.entries(st.parts)
        .map(([k, v]) => `${k} ${r1(v)}`)
        .join(', '),
      '|',
      [...st.between]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([who, ms]) => `${who} ${r1(ms)}`)
        .join(', '),
    );
}

/** The step parts' medians, and inside each task the components the samples fell in. */
function print(
  rows: Record<string, number[]>,
  byOwner: Record<string, Map<string, number>>,
  steps: number,
) {
  const n = rows.input!.length;
  console.log(
    `${modelId}: ${n} of ${steps} steps traced (throttle ${throttle}×); main-thread ms per step:`,
  );
  console.table(
    Object.entries(rows).map(([part, xs]) => ({
      part,
      median: r1(median(xs)),
      mean: r1(mean(xs)),
      max: r1(Math.max(...xs)),
    })),
  );
  for (const [task, m] of Object.entries(byOwner)) {
    console.log(`Inside the ${task} task, ms per step by React component (sampled):`);
    console.table(
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14)
        .map(([who, ms]) => ({ who, ms: Math.round((ms / Math.max(1, n)) * 100) / 100 })),
    );
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
