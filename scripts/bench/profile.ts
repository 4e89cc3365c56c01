/**
 * Where a drag's main-thread time goes (issue #31): `npx tsx scripts/bench/profile.ts
 * --model <id> [--throttle <rate>]` (after `vite build`; LATENCY_LAB_DIST serves another
 * build) drags the model's `dragParam` slider as `npm run bench` does (36 steps, each an input
 * event, waiting for the tables of that step and the next frame) under Chromium's CPU profiler,
 * and prints the functions with the most self time and the most total time. Figures, never
 * pass/fail; the load average is printed beside them.
 */
import { findModelInfo, MODEL_INFOS } from '../../src/models/registry';
import type { Browser, Page } from 'playwright-core';
import { withDragPage } from './drag-page';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? null : (process.argv[i + 1] ?? null);
};
const modelId = arg('--model') ?? '';
if (!findModelInfo(modelId)) {
  console.error(`--model <id> is needed: one of ${MODEL_INFOS.map((m) => m.id).join(', ')}`);
  process.exit(2);
}
const throttle = Number(arg('--throttle') ?? 1);
/** `--under <function name>`: only the samples inside that function (e.g. dispatchDiscreteEvent). */
const under = arg('--under');
const callersOf = arg('--callers');

/** Self and total milliseconds per function (name and place), from the profile's samples. */
function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) => {
    const f = n.callFrame;
    const file = f.url.split('/').at(-1) ?? '';
    return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (under) {
      let inside = false;
      for (let n: number | undefined = id; n !== undefined && !inside; n = parent.get(n))
        inside = key(byId.get(n)!).startsWith(under);
      if (!inside) return;
    }
    const node = byId.get(id)!;
    self.set(key(node), (self.get(key(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = key(byId.get(n)!);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => ({ ms: Math.round(v * 10) / 10, fn: k }));
  // The app's own functions (and the browser's named calls), not React's internals.
  const REACT =
    /^(perform|render|commit|recursively|flush|complete|begin|update|workLoop|process|dispatch|batched|run|callCallback|mount|reconcile|exports\.|\(|evaluate|setProp|setValue|setInitial|finishConcurrent|scheduleUpdate|markUpdate|bubbleProperties|createFiber|createWorkInProgress|useSyncExternalStore|readContext|getRootForUpdatedFiber|enqueueConcurrent|entangle)/;
  // `--callers <name>`: who calls the functions whose key starts with it, by their time.
  const callers = new Map<string, number>();
  if (callersOf)
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
        if (!key(byId.get(n)!).startsWith(callersOf)) continue;
        const chain: string[] = [];
        for (let p = parent.get(n); p !== undefined && chain.length < 4; p = parent.get(p))
          chain.push(key(byId.get(p)!).split(' ')[0]!);
        const k = chain.join(' < ');
        callers.set(k, (callers.get(k) ?? 0) + ms);
        break;
      }
    });
  const app = new Map([...total].filter(([k]) => !REACT.test(k)));
  return {
    self: top(self, 30),
    total: top(total, 25),
    app: top(app, 60),
    callers: top(callers, 12),
  };
}

/** `--trace`: the drag under Chromium's tracing, the renderer main thread's events per step. */
async function traceDrag(browser: Browser, page: Page, step: (k: number) => Promise<unknown>) {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'blink.user_timing',
      // A layout or style recalculation forced by script carries the script's stack.
      'disabled-by-default-devtools.timeline.stack',
    ],
  });
  for (let k = 1; k <= 36; k++) await step(k);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: {
      name: string;
      ph: string;
      dur?: number;
      tid: number;
      pid: number;
      args?: {
        name?: string;
        beginData?: {
          stackTrace?: { functionName: string; url: string; lineNumber: number }[];
        };
      };
    }[];
  };
  const main = trace.traceEvents.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const count = new Map<string, number>();
  for (const e of trace.traceEvents)
    if (e.ph === 'X' && e.tid === main?.tid && e.pid === main.pid)
      count.set(e.name, (count.get(e.name) ?? 0) + 1 / 36);
  console.log(
    'Per step:',
    ['Layout', 'Paint', 'PrePaint', 'UpdateLayoutTree', 'HandlePostMessage', 'EventDispatch']
      .map((n) => `${n} ×${(count.get(n) ?? 0).toFixed(1)}`)
      .join(', '),
  );
  // Forced: a layout or style recalculation script asked for (it carries the script's stack).
  const forced = new Map<string, { n: number; ms: number }>();
  for (const e of trace.traceEvents) {
    if (e.ph !== 'X' || e.tid !== main?.tid || e.pid !== main.pid) continue;
    if (e.name !== 'Layout' && e.name !== 'UpdateLayoutTree') continue;
    const stack = e.args?.beginData?.stackTrace;
    if (!stack?.length) continue;
    const at = stack
      .slice(0, 3)
      .map((f) => `${f.functionName || '(anonymous)'}@${f.url.split('/').pop()}:${f.lineNumber}`)
      .join(' < ');
    const k = `${e.name} ${at}`;
    const f = forced.get(k) ?? { n: 0, ms: 0 };
    f.n += 1 / 36;
    f.ms += (e.dur ?? 0) / 1000 / 36;
    forced.set(k, f);
  }
  console.log('Forced layouts and style recalculations per step (by the script that asked):');
  console.table(
    [...forced]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 15)
      .map(([at, f]) => ({ at, perStep: f.n.toFixed(2), ms: f.ms.toFixed(2) })),
  );
  const dom = await page.evaluate(
    `[...document.querySelectorAll('#main *')].length + ' elements; svg: ' + document.querySelectorAll('#main svg *').length + '; side: ' + document.querySelectorAll('[data-testid=side] *').length + '; tables: ' + document.querySelectorAll('#main table *').length`,
  );
  console.log('DOM:', dom);
  const byName = new Map<string, number>();
  for (const e of trace.traceEvents)
    if (e.ph === 'X' && e.tid === main?.tid && e.pid === main.pid && e.dur)
      byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000 / 36);
  console.log('Renderer main thread, ms per step by trace event (nested events overlap):');
  console.table(
    [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([name, ms]) => ({ name, ms: Math.round(ms * 100) / 100 })),
  );
}

async function main() {
  const info = findModelInfo(modelId);
  if (!info?.dragParam) {
    console.error(`--model needs a model with a dragParam`);
    process.exit(2);
  }
  await withDragPage(info, throttle, async (d) => {
    const { browser, page, cdp, step } = d;
    if (process.argv.includes('--trace')) return await traceDrag(browser, page, step);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    for (let k = 1; k <= 36; k++) await step(k);
    const wall = Date.now() - t0;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const { self, total, app, callers } = summarise(profile);
    if (callersOf) {
      console.log(`Callers of ${callersOf}:`);
      console.table(callers);
      return;
    }
    console.log(`${modelId}: 36 steps in ${wall} ms (throttle ${throttle}×)`);
    console.log('Self time:');
    console.table(self);
    console.log('Total time:');
    console.table(total);
    console.log("Total time, the app's functions:");
    console.table(app);
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
