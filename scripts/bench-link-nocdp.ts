/**
 * The 1 MB link of keys opened in Chromium with and WITHOUT the DevTools protocol (issue 37).
 *
 * scripts/bench-link.ts drives Chromium through Playwright, which attaches the DevTools
 * protocol (CDP); a navigation then makes the renderer send its URL in CDP events
 * (Page.frameNavigated, Page.navigatedWithinDocument, Network and Runtime events), serialising
 * the megabyte each time. Here the same page is opened by a plain `chromium --headless=new`
 * (no CDP, no remote debugging), and once more through Playwright for comparison.
 *
 * The app is served by a tiny static server over dist/ (the headers of src/hosting/headers.ts)
 * that adds one classic script, `/__diag.js`, at the top of index.html: a bench build of the
 * page, never the normal one. It observes `longtask` and `long-animation-frame` entries (with
 * the scripts each frame ran) from the document's start, and when the address is the short
 * link and the tables are ready, POSTs them to the server. The link is opened from a small
 * launcher page (`/__start.html`), which sets `location.href` to the 1 MB link: a link from
 * another page (a command line cannot carry 1 MB). `--direct` (CDP only) opens it with
 * `page.goto` instead, as bench-link does.
 *
 * `npx tsx scripts/bench-link-nocdp.ts [--runs N] [--only cdp|raw] [--direct]` after `vite build`.
 * Figures only, printed with the load average; never pass/fail.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { headersFor } from '../src/hosting/headers';
import { attribute, keysLink, type TraceEvent } from './bench-link';
import type { Figure } from './bench/report';
import { CHROMIUM_ARGS, findChromium, launchChromium, ROOT } from './lib/browser';
import { freePort } from './lib/net';

/** The bench build's one addition: observers from the document's first script, posted back. */
const DIAG_JS = `(() => {
  const out = { longtasks: [], frames: [], calls: [] };
  const t0 = performance.now();
  const startedLong = location.href.length > 16384;
  // The browser's own calls the app makes with the long link, timed one by one.
  const timed = (proto, name, what) => {
    const real = proto[name];
    proto[name] = function (...args) {
      const start = performance.now();
      try { return real.apply(this, args); }
      finally {
        const ms = performance.now() - start;
        if (ms >= 1) out.calls.push({ what: name + ' ' + what(args), start: Math.round(start),
          duration: Math.round(ms * 10) / 10 });
      }
    };
  };
  const len = (x) => typeof x === 'string' ? x.length : x && x.byteLength !== undefined ? x.byteLength : '?';
  timed(History.prototype, 'replaceState', (a) => 'url ' + len(a[2]) + ' from ' + location.href.length);
  timed(History.prototype, 'pushState', (a) => 'url ' + len(a[2]) + ' from ' + location.href.length);
  timed(Worker.prototype, 'postMessage', (a) => JSON.stringify(a[0]).length + ' chars');
  timed(MessagePort.prototype, 'postMessage', (a) => JSON.stringify(a[0]).length + ' chars');
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries())
      out.longtasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) }); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) out.frames.push({
      start: Math.round(e.startTime), duration: Math.round(e.duration),
      blocking: Math.round(e.blockingDuration),
      render: Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0),
      layout: Math.round(e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0),
      scripts: e.scripts.map((s) => ({
        invoker: s.invoker, type: s.invokerType,
        file: (s.sourceURL || '').split('/').pop(), fn: s.sourceFunctionName,
        start: Math.round(s.startTime), duration: Math.round(s.duration),
        compile: Math.round(s.executionStart - s.startTime),
        layout: Math.round(s.forcedStyleAndLayoutDuration),
      })),
    }); }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  const nav = () => {
    const n = performance.getEntriesByType('navigation')[0];
    return n ? { start: Math.round(n.startTime), responseEnd: Math.round(n.responseEnd),
      domInteractive: Math.round(n.domInteractive), load: Math.round(n.loadEventEnd),
      type: n.type } : null;
  };
  const done = () => {
    const r = document.querySelector('[data-testid=results]');
    return location.href.length < 16384 && r && r.getAttribute('data-status') === 'ready' &&
      (!startedLong || document.querySelector('[data-testid=problems]') !== null);
  };
  const post = () => fetch('/__diag', { method: 'POST',
    body: JSON.stringify({ ...out, nav: nav(), diagStart: Math.round(t0),
      shortAt: out.shortAt, hrefLength: location.href.length }) });
  const poll = () => {
    if (done()) { out.shortAt = Math.round(performance.now()); setTimeout(post, 1000); }
    else setTimeout(poll, 100);
  };
  setTimeout(poll, 100);
})();`;

/** The launcher: fetches the long link and goes to it, as a link on another page would. */
const START_HTML = `<!doctype html><meta charset="utf-8"><title>start</title>
<script src="/__start.js"></script>`;
const START_JS = `fetch('/__keys').then((r) => r.text()).then((k) => { location.href = '/' + k; });`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

interface Report {
  calls: { what: string; start: number; duration: number }[];
  longtasks: { start: number; duration: number }[];
  frames: {
    start: number;
    duration: number;
    blocking: number;
    render: number;
    layout: number;
    scripts: {
      invoker: string;
      type: string;
      file: string;
      fn: string;
      start: number;
      duration: number;
      compile: number;
      layout: number;
    }[];
  }[];
  nav: { start: number; responseEnd: number; domInteractive: number; type: string } | null;
  diagStart: number;
  shortAt: number;
}

/** dist/ with the diagnostic script, the launcher, and a place for the page to post to. */
async function diagServer(keys: string) {
  const dist = process.env.LATENCY_LAB_DIST ?? `${ROOT}dist`;
  if (!existsSync(`${dist}/index.html`)) throw new Error(`${dist} is missing: run vite build`);
  const index = readFileSync(`${dist}/index.html`, 'utf8').replace(
    '<head>',
    '<head><script src="/__diag.js"></script>',
  );
  let waiting: ((r: Report) => void) | null = null;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://h').pathname;
    const send = (body: string | Buffer, type: string) => {
      for (const [k, v] of Object.entries(headersFor(path))) res.setHeader(k, v);
      res.setHeader('Content-Type', type);
      res.setHeader('Cache-Control', 'no-store');
      res.end(body);
    };
    if (req.method === 'POST' && path === '/__diag') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.end('ok');
        waiting?.(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Report);
      });
      return;
    }
    if (path === '/__diag.js') return send(DIAG_JS, TYPES['.js']!);
    if (path === '/__start.html') return send(START_HTML, TYPES['.html']!);
    if (path === '/__start.js') return send(START_JS, TYPES['.js']!);
    if (path === '/__keys') return send(keys, 'text/plain');
    // No service worker in the bench (bench-link blocks them too).
    if (path === '/sw.js') {
      res.statusCode = 404;
      return res.end();
    }
    if (path === '/' || path === '/index.html') return send(index, TYPES['.html']!);
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      return res.end();
    }
    send(readFileSync(file), TYPES[extname(file)] ?? 'application/octet-stream');
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${port}/`,
    next: () => new Promise<Report>((r) => (waiting = r)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Chromium alone, no DevTools protocol: started on the launcher, killed once the page posted. */
/** The trace categories of `--trace` (few: tracing has a cost of its own). */
const TRACE_CATEGORIES = 'toplevel,blink,v8.execute,navigation,loading';

/**
 * Chromium alone, no DevTools protocol: started on the launcher, killed once the page posted.
 * With `traceFile`, Chromium traces itself from its start (`--trace-startup`, no DevTools) for
 * `traceSeconds`, and the trace's events are returned too.
 */
async function openRaw(
  url: string,
  report: Promise<Report>,
  traceFile?: string,
  traceSeconds = 25,
): Promise<Report & { events?: TraceEvent[] }> {
  const exe = findChromium();
  if (!exe) throw new Error('Chromium not found');
  const profile = mkdtempSync(join(tmpdir(), 'bench-link-raw-'));
  const args = [
    ...CHROMIUM_ARGS.filter((a) => a !== '--headless'),
    '--headless=new',
    `--user-data-dir=${profile}`,
    '--window-size=1400,1000',
    ...(traceFile
      ? [
          `--trace-startup=${TRACE_CATEGORIES}`,
          `--trace-startup-file=${traceFile}`,
          '--trace-startup-format=json',
          `--trace-startup-duration=${traceSeconds}`,
        ]
      : []),
    `${url}__start.html`,
  ];
  // A process group of its own: Chromium's helpers end with it.
  const child = spawn(exe, args, { stdio: 'ignore', detached: true });
  try {
    const r = await Promise.race([
      report,
      // Unref'd: once the report is in, this timer does not keep the script running.
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no report in 180 s')), 180_000).unref(),
      ),
    ]);
    if (!traceFile) return r;
    // The trace is written when its time is up.
    for (let i = 0; i < 120; i++) {
      await new Promise((res) => setTimeout(res, 500));
      try {
        const t = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] };
        return { ...r, events: t.traceEvents };
      } catch {
        // not yet written, or not whole
      }
    }
    throw new Error(`no trace in ${traceFile}`);
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    await new Promise((r) => setTimeout(r, 500));
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/** The same page through Playwright (CDP attached), from the launcher or directly. */
async function openCdp(
  url: string,
  report: Promise<Report>,
  keys: string,
  direct: boolean,
  trace = false,
): Promise<Report & { events?: TraceEvent[] }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    // With `trace`: the same categories as the run without CDP, over the protocol.
    const cdp = trace ? await context.newCDPSession(page) : null;
    const events: TraceEvent[] = [];
    if (cdp) {
      cdp.on('Tracing.dataCollected', (d: { value: object[] }) =>
        events.push(...(d.value as TraceEvent[])),
      );
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: { includedCategories: TRACE_CATEGORIES.split(',') },
      });
    }
    await page.goto(direct ? url + keys : `${url}__start.html`, { waitUntil: 'commit' });
    const r = await report;
    if (!cdp) return r;
    const done = new Promise<void>((res) => cdp.once('Tracing.tracingComplete', () => res()));
    await cdp.send('Tracing.end');
    await done;
    return { ...r, events };
  } finally {
    await browser.close();
  }
}

/**
 * Each renderer's main thread in a trace: its tasks' CPU time in all, and the tasks over 50 ms
 * of CPU (a loaded machine stretches wall times, not these).
 */
export function cpuSummary(events: TraceEvent[]): string[] {
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, number[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !mains.has(key)) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), (e.tdur ?? 0) / 1000]);
  }
  return [...byThread]
    .filter(([, cpu]) => cpu.length > 200)
    .map(([key, cpu]) => {
      const over = cpu.filter((x) => x > 50).map((x) => x.toFixed(0));
      const total = cpu.reduce((a, x) => a + x, 0);
      return (
        `  renderer ${key}: ${cpu.length} tasks, CPU ${total.toFixed(0)} ms in all; ` +
        `tasks over 50 ms of CPU: ${over.join(', ') || 'none'}`
      );
    });
}

/** One line per long task, and below it what its frame ran (scripts of 5 ms or more). */
function describe(r: Report): string[] {
  const lines = [
    `  long tasks: ${r.longtasks.map((t) => `${t.duration} @${t.start}`).join(', ') || 'none'}` +
      ` (before the page's first script: ${beforeScripts(r).length})` +
      ` (short link and tables at ${r.shortAt} ms; diag script at ${r.diagStart} ms)`,
  ];
  for (const c of r.calls) lines.push(`  call ${c.what}: ${c.duration} ms @${c.start}`);
  for (const f of r.frames.filter((f) => f.duration > 50)) {
    const scripts = f.scripts.reduce((s, x) => s + x.duration, 0);
    lines.push(
      `  frame @${f.start} ${f.duration} ms (blocking ${f.blocking}; scripts ${scripts}; ` +
        `render ${f.render}; style+layout ${f.layout})`,
    );
    for (const s of f.scripts.filter((s) => s.duration >= 5))
      lines.push(
        `    ${s.duration} ms @${s.start} ${s.type} ${s.invoker} ${s.fn || ''} ${s.file}` +
          (s.compile ? ` (compile ${s.compile})` : '') +
          (s.layout ? ` (forced layout ${s.layout})` : ''),
      );
  }
  return lines;
}

/** The long tasks before the page's first script: the browser's own (navigation, the URL). */
const beforeScripts = (r: Report) => r.longtasks.filter((t) => t.start < r.diagStart);

/**
 * For `npm run bench`: the 1 MB link opened from another page, without the DevTools protocol
 * and with it (the same launcher, the same bench build), the longest task of each, and how
 * much of it came before the page's first script.
 */
export async function benchLinkWithoutDevTools(): Promise<Figure[]> {
  const { keys } = keysLink();
  const server = await diagServer(keys);
  try {
    const out: Figure[] = [];
    for (const how of ['raw', 'cdp'] as const) {
      const report = server.next();
      const r =
        how === 'raw'
          ? await openRaw(server.url, report)
          : await openCdp(server.url, report, keys, false);
      const tasks = r.longtasks.map((t) => t.duration);
      out.push({
        name:
          'link of 1 MB of keys, opened from another page, ' +
          (how === 'raw'
            ? 'Chromium without the DevTools protocol'
            : 'Chromium driven over the DevTools protocol') +
          ': longest main-thread task',
        value: Math.max(0, ...tasks),
        unit: 'ms',
        note:
          `${tasks.length} long tasks (${tasks.join(', ') || 'none'}); before the page's first ` +
          `script (the browser's): ${
            beforeScripts(r)
              .map((t) => t.duration)
              .join(', ') || 'none'
          }`,
      });
    }
    return out;
  } finally {
    await server.close();
  }
}

async function main() {
  const arg = (name: string) => {
    const at = process.argv.indexOf(name);
    return at < 0 ? undefined : process.argv[at + 1];
  };
  const runs = Number(arg('--runs') ?? 1);
  const only = arg('--only');
  const direct = process.argv.includes('--direct');
  /**
   * `--trace FILE`: the run without CDP traced from Chromium's start (`--trace-startup`), and
   * the run with CDP traced over it (the same categories).
   */
  const traceFile = arg('--trace');
  const link = keysLink();
  /** `--short`: the short link itself, for comparison (the app's own start-up). */
  const keys = process.argv.includes('--short') ? link.short : link.keys;
  const server = await diagServer(keys);
  try {
    for (let i = 0; i < runs; i++)
      for (const how of ['raw', 'cdp'] as const) {
        if (only && only !== how) continue;
        const before = loadavg()[0]!;
        const report = server.next();
        const r: Report & { events?: TraceEvent[] } =
          how === 'raw'
            ? await openRaw(server.url, report, traceFile)
            : await openCdp(server.url, report, keys, direct, traceFile !== undefined);
        const longest = Math.max(0, ...r.longtasks.map((t) => t.duration));
        console.log(
          `run ${i + 1} ${how === 'raw' ? 'without CDP' : `with CDP${direct ? ' (page.goto)' : ''}`}: ` +
            `longest ${longest} ms; load ${before.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
        );
        for (const line of describe(r)) console.log(line);
        if (r.events)
          for (const line of [...cpuSummary(r.events), ...attribute(r.events, 30)])
            console.log(line);
      }
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
