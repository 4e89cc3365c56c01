/**
 * A link of 1 MB of keys (issue 37: no main-thread task over 50 ms, the whole way), in
 * headless Chromium against `vite preview` of dist/: opened as a fresh page (the address bar,
 * a link from another site), then followed from a page already open (a hash set), then a
 * deliberate step after it (a history write). For each: the page's long tasks (> 50 ms) from a
 * `longtask` observer. Figures only, never pass/fail; run by `npm run bench`.
 *
 * `npx tsx scripts/bench-link.ts [--runs N] [--attribute]` (after `vite build`) runs it alone,
 * prints the load average beside the figures, and with `--attribute` records a Chromium trace
 * (devtools.timeline) of each phase and lists what each task over 30 ms spent its time on:
 * the browser's own work (parsing HTML, the URL, layout) and the app's scripts, by function
 * and file. The trace slows the page: its durations are for attribution, not the figures.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { MODEL_INFOS } from '../src/models/registry';
import { MAX_LINK_CHARS, presetScenario, serializeScenario } from '../src/scenario';
import type { Figure } from './bench/report';
import { launchChromium, startPreview } from './lib/browser';

/** The model the link is for: any will do (the registry's first with a drag knob). */
const linkModel = () => MODEL_INFOS.find((m) => m.dragParam)!;

/** A preset's hash followed by unknown keys up to just inside the codec's limit. */
export function keysLink(): { keys: string; short: string } {
  const info = linkModel();
  const link = serializeScenario(presetScenario(info, info.presets[0]!.id));
  const short = link.slice(link.indexOf('#'));
  let keys = short;
  for (let i = 0; keys.length < MAX_LINK_CHARS - 20; i++) keys += `&k${i}=1`;
  return { keys, short };
}

const OBSERVE = `globalThis.__linkTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries())
    globalThis.__linkTasks.push({ start: e.startTime, duration: e.duration }); })
    .observe({ type: 'longtask', buffered: true });`;

interface Phase {
  longestMs: number;
  count: number;
  /** Every long task, in order (ms). */
  tasks: number[];
}

async function tasksSince(page: Page, t0: number): Promise<Phase> {
  await page.waitForTimeout(500); // trailing tasks
  const tasks = (await page.evaluate(
    `globalThis.__linkTasks.filter((e) => e.start >= ${t0}).map((e) => Math.round(e.duration))`,
  )) as number[];
  return { longestMs: Math.max(0, ...tasks), count: tasks.length, tasks };
}

const shortNow = (page: Page, short: string) =>
  page.waitForFunction(
    (s) => location.href.length < 16_384 && location.hash === s,
    short,
  ) as unknown as Promise<void>;

/** The tables show the scenario of the address. */
const tablesReady = (page: Page) =>
  page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=results]');
    return (
      r?.getAttribute('data-status') === 'ready' &&
      r.getAttribute('data-rendered-hash') === location.hash
    );
  }) as unknown as Promise<void>;

/**
 * Opened as a fresh page: from the navigation's start to the short link, its tables and the
 * problems (`keys` the short link itself: the same page without the megabyte, for comparison).
 */
async function opened(page: Page, url: string, keys: string, short: string): Promise<Phase> {
  await page.goto(url + keys);
  if (keys !== short) await page.getByTestId('problems').waitFor();
  await shortNow(page, short);
  await tablesReady(page);
  return tasksSince(page, 0);
}

/** Followed from a page already open on the short link: a hash set, as a link clicked. */
async function followed(page: Page, short: string): Promise<Phase> {
  await page.getByTestId('problems').waitFor({ state: 'detached' });
  const t0 = (await page.evaluate(`(() => {
    const t = performance.now();
    location.hash = globalThis.__keys;
    return t;
  })()`)) as number;
  await page.getByTestId('problems').waitFor();
  await shortNow(page, short);
  await tablesReady(page);
  return tasksSince(page, t0);
}

/** After the link: a deliberate step (a pushed history entry), then back to the short link. */
async function laterWrites(page: Page, short: string): Promise<Phase> {
  const t0 = (await page.evaluate('performance.now()')) as number;
  const before = (await page.evaluate('history.length')) as number;
  const knob = linkModel().dragParam!;
  await page.locator(`input[type=range][data-param="${knob}"]`).first().focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((n) => history.length === n + 1, before);
  await page.goBack();
  await page.waitForFunction((s) => location.hash === s, short);
  await tablesReady(page);
  return tasksSince(page, t0);
}

/** Runs one page through the three phases; `trace` wraps each phase's action. */
async function run(
  page: Page,
  url: string,
  trace?: (what: string, act: () => Promise<Phase>) => Promise<Phase>,
  baseline = false,
) {
  const link = keysLink();
  const { short } = link;
  const keys = baseline ? short : link.keys;
  const wrap = trace ?? ((_w: string, act: () => Promise<Phase>) => act());
  await page.addInitScript({ content: OBSERVE });
  const open = await wrap('opened', () => opened(page, url, keys, short));
  await page.evaluate(`globalThis.__keys = ${JSON.stringify(link.keys)}`);
  // The step and back leave the short link without the problems banner, as a page before a
  // link is followed.
  const later = await wrap('later history writes', () => laterWrites(page, short));
  if (baseline) return { open, follow: null, later };
  const follow = await wrap('followed', () => followed(page, short));
  return { open, follow, later };
}

function figures(what: string, r: Phase): Figure[] {
  return [
    {
      // Playwright drives Chromium over the DevTools protocol, which is sent each URL the page
      // goes to; scripts/bench-link-nocdp.ts measures the same link without it.
      name: `link of 1 MB of keys, ${what} (Chromium driven over the DevTools protocol): longest main-thread task`,
      value: r.longestMs,
      unit: 'ms',
      note: `${r.count} long tasks (${r.tasks.join(', ') || 'none'}); target: none over 50 ms`,
    },
  ];
}

export async function benchBrowserLink(page: Page, baseUrl: string): Promise<Figure[]> {
  const { open, follow, later } = await run(page, baseUrl.replace(/#.*$/, ''));
  return [
    ...figures('opened', open),
    ...figures('followed', follow!),
    ...figures('later history writes', later),
  ];
}

// ---- Attribution (the script run alone with --attribute) ----

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in it (µs), when the trace has it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

export async function traced(cdp: CDPSession, act: () => Promise<Phase>) {
  const events: TraceEvent[] = [];
  const onData = (d: { value: object[] }) => events.push(...(d.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink',
        'loading',
        'navigation',
        'blink.user_timing',
      ],
    },
  });
  const phase = await act();
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  return { phase, events };
}

/** What one event is, in a few words (a script's function and file, a URL's length). */
function label(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  const file = (u: unknown) => (typeof u === 'string' ? (u.split('/').at(-1) ?? '') : '');
  if (e.name === 'FunctionCall')
    return `FunctionCall ${String(d.functionName || '(anonymous)')} ${file(d.url)}:${String(d.lineNumber ?? '')}`;
  if (e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule')
    return `${e.name} ${file(d.url ?? (d as { fileName?: unknown }).fileName)}`;
  if (e.name === 'TimerFire') return `TimerFire #${String(d.timerId)}`;
  if (e.name === 'EventDispatch') return `EventDispatch ${String(d.type)}`;
  return e.name;
}

/** The names of a task: Chromium nests one in the other. */
const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * The main threads' tasks over `over` ms (the renderer's and the browser's), each as a tree of
 * what ran inside it (parts of 3 ms or more; a part with one child is shown as one line).
 */
export function attribute(events: TraceEvent[], over: number): string[] {
  const threadsNamed = (name: string) =>
    new Set(
      events
        .filter((e) => e.name === 'thread_name' && e.args?.name === name)
        .map((e) => `${e.pid}:${e.tid}`),
    );
  const out: string[] = [];
  for (const [where, threads] of [
    ['renderer', threadsNamed('CrRendererMain')],
    ['browser', threadsNamed('CrBrowserMain')],
  ] as const) {
    const on = events
      .filter((e) => e.ph === 'X' && e.dur !== undefined && threads.has(`${e.pid}:${e.tid}`))
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    // Each event's children, by nesting in time on its own thread.
    const children = new Map<TraceEvent, TraceEvent[]>();
    const stacks = new Map<string, TraceEvent[]>();
    const tops: TraceEvent[] = [];
    for (const e of on) {
      const key = `${e.pid}:${e.tid}`;
      const stack = stacks.get(key) ?? [];
      stacks.set(key, stack);
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) children.set(parent, [...(children.get(parent) ?? []), e]);
      else tops.push(e);
      stack.push(e);
    }
    const ms = (e: TraceEvent) => e.dur! / 1000;
    const show = (e: TraceEvent, t0: number, depth: number) => {
      let names = label(e);
      let at = e;
      // A chain of single wrappers: one line.
      for (;;) {
        const kids = (children.get(at) ?? []).filter((c) => ms(c) >= 3);
        if (kids.length !== 1 || ms(kids[0]!) < ms(at) * 0.9) break;
        at = kids[0]!;
        names += ` > ${label(at)}`;
      }
      const cpu = e.tdur === undefined ? '' : ` (cpu ${(e.tdur / 1000).toFixed(1)})`;
      out.push(
        `${'  '.repeat(depth)}+${((e.ts - t0) / 1000).toFixed(1)} ${ms(e).toFixed(1)} ms${cpu} ${names}`,
      );
      if (depth < 6)
        for (const c of (children.get(at) ?? []).filter((k) => ms(k) >= 3)) show(c, t0, depth + 1);
    };
    for (const t of tops.filter((e) => TASK_NAMES.has(e.name) && ms(e) > over)) {
      const cpu = t.tdur === undefined ? '' : ` (cpu ${(t.tdur / 1000).toFixed(1)} ms)`;
      out.push(`${where} task ${ms(t).toFixed(1)} ms${cpu}`);
      show(t, t.ts, 1);
    }
  }
  return out;
}

async function main() {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg < 0 ? 1 : Number(process.argv[runsArg + 1]);
  const attributeOn = process.argv.includes('--attribute');
  /** `--baseline`: every other run opens the short link itself (the app's own start-up). */
  const withBaseline = process.argv.includes('--baseline');
  const server = await startPreview();
  const browser = await launchChromium();
  try {
    for (let i = 0; i < runs; i++) {
      const before = loadavg()[0]!;
      const context = await browser.newContext({
        viewport: { width: 1400, height: 1000 },
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(90_000);
      const baseline = withBaseline && i % 2 === 1;
      const cdp = attributeOn ? await context.newCDPSession(page) : null;
      const result = await run(
        page,
        server.url,
        cdp
          ? async (what, act) => {
              const { phase, events } = await traced(cdp, act);
              console.log(`--- ${what}: long tasks ${phase.tasks.join(', ') || 'none'} (traced)`);
              for (const line of attribute(events, 30)) console.log(line);
              return phase;
            }
          : undefined,
        baseline,
      );
      await context.close();
      const fmt = (p: Phase | null) =>
        p ? `${p.longestMs} ms (${p.tasks.join(', ') || 'none'})` : '–';
      console.log(
        `run ${i + 1}${baseline ? ' (short link)' : ''}: opened ${fmt(result.open)}; ` +
          `followed ${fmt(result.follow)}; later ${fmt(result.later)}; ` +
          `load ${before.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
