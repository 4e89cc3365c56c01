/**
 * `npm run bench` (after `vite build`): figures, never pass/fail. Prints a table with the
 * targets beside the figures and writes bench-results/bench.json.
 * `npm run bench -- --json` prints only one JSON array of `{ name, value, unit }` on stdout
 * (the tables go to stderr); `-- --ui` measures only in the browser (ii–iv);
 * `-- --model <id>` drags only that model's slider (the headline drag when it is the first
 * model's), quiet and throttled (`-- --no-throttle`: quiet only, for A/B runs).
 *
 *  (i)   model runs per second in Node (scripts/bench-model.ts);
 *  (ii)  in headless Chromium against `vite preview` of dist/: time from a slider input on
 *        "Prefetch distance" to the table showing that scenario (`data-rendered-hash` of
 *        [data-testid=results] equal to the new location hash), one step at a time;
 *  (iii) main-thread long tasks (> 50 ms) during that drag;
 *  (iv)  initial JS (gzipped) referenced by dist/index.html; worker chunks listed apart;
 *  (v)   every other figure: each `scripts/bench-*.ts` (other than bench-model) and each
 *        model's `src/models/<id>/tools/bench*.ts` (found by its registry id) exports `bench…()` functions returning `{ name, value, unit, note? }[]`, and
 *        `benchBrowser…(page, baseUrl)` functions that measure in headless Chromium;
 *  (vi)  class server load (scripts/bench-class.ts): 300 students answering one step against
 *        the class server on 127.0.0.1, watched by a teacher's event stream.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { quantile } from '../src/models/stats';
import { MODEL_INFOS, findModelInfo } from '../src/models/registry';
import { defaultScenario, presetScenario, serializeScenario } from '../src/scenario';
import { launchChromium, ROOT, startPreview } from './lib/browser';
import { classServerLoad } from './bench-class';
import { benchModels } from './bench-model';
import {
  flatFigures,
  printBrowserFigures,
  printModelRuns,
  printOtherFigures,
  round,
  TARGETS,
  uiRow,
  type Headline,
} from './bench/report';
import { modelFigures } from './bench/modules';
import { jsSizes } from './bench/sizes';
import { valueToPosition } from '../src/scenario/sliderScale';
import { lastTablesMs, WORKER_TIMING_INIT, type StepParts } from './bench/ui-timing';

const JSON_ONLY = process.argv.includes('--json');
/** Chromium's CPU throttling for the second pass of the drags (a school Chromebook). */
const THROTTLE = 4;
/** `--ui`: only the browser figures (ii–iv), for iterating on the interaction. */
const UI_ONLY = process.argv.includes('--ui');
/** `--no-throttle`: no second pass with the CPU throttled (for A/B runs of the quiet figures). */
const NO_THROTTLE = process.argv.includes('--no-throttle');
/** `--model <id>`: only that model's drags (ii–iii), for iterating on one model. */
const MODEL_ONLY = ((): string | null => {
  const i = process.argv.indexOf('--model');
  if (i < 0) return null;
  const id = process.argv[i + 1];
  if (!id || !findModelInfo(id)) {
    console.error(`--model needs a model id: ${MODEL_INFOS.map((m) => m.id).join(', ')}`);
    process.exit(2);
  }
  return id;
})();
if (JSON_ONLY) {
  // stdout carries the JSON array alone; everything said on the way goes to stderr.
  console.log = (...a: unknown[]) => console.error(...a);
  console.table = (data: unknown) => console.error(JSON.stringify(data));
}

/** The headline drag: the first model's `dragParam` on its first preset (file-access's prefetch). */
const HEADLINE = MODEL_INFOS[0]!;
const HEADLINE_SLIDER = HEADLINE.dragParam ?? HEADLINE.params[0]!.key;
/** A drag across the slider's useful range: 40 distinct values, 1 … ~4,000 records. */
const DRAG_VALUES = [...new Set(Array.from({ length: 60 }, (_, i) => Math.round(1.2 ** i)))].slice(
  0,
  40,
);

/**
 * Each model's default scenario and the slider its info names as `dragParam`, dragged (≥ 30
 * steps, from the slider's current position towards the far end). The first model's is the
 * headline drag (below).
 */
const UI_DRAGS: { model: string; param: string }[] = MODEL_INFOS.flatMap((m) =>
  m !== HEADLINE && m.dragParam && (MODEL_ONLY === null || MODEL_ONLY === m.id)
    ? [{ model: m.id, param: m.dragParam }]
    : [],
);
/** How long a page may take to settle (its tables and charts) before a drag: a loaded machine's. */
const SETTLE_MS = 180_000;
/** Whether the headline drag (the first model's) is measured. */
const WITH_HEADLINE = MODEL_ONLY === null || MODEL_ONLY === HEADLINE.id;

interface StepTiming {
  /** Input event → tables committed for the new scenario. */
  ms: number;
  /** Its parts (scripts/bench/ui-timing.ts); NaN where the page did not post (no new hash). */
  parts: StepParts;
  /** The scenario the step asked for (its hash); '' when the input changed nothing. */
  target: string;
}

/**
 * In the page: set the slider, dispatch `input`, resolve when the table shows the new
 * scenario; then read when the request was posted, answered, and the next frame came.
 *
 * The scenario a step asks for is the model page's session's (src/state/modelSession.ts
 * marks `ll:input` with its hash when the bench turns marks on): the link is written only when
 * the gesture ends. The parts come from the session's marks (`ll:sent`, `ll:answer` with the
 * worker's own time, `ll:commit`); without marks (an older build), from the Worker wrapper.
 */
async function step(page: Page, sliderSelector: string, value: number): Promise<StepTiming> {
  const t = await page.evaluate(
    ({ selector, value }) =>
      new Promise<{
        ms: number;
        post: number;
        hear: number;
        workerMs: number;
        paint: number;
        target: string;
      }>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>(selector);
        const results = document.querySelector('[data-testid=results]');
        if (!input || !results) return reject(new Error('slider or results not found'));
        const log = (globalThis as unknown as { __labTiming?: { post: number[]; hear: number[] } })
          .__labTiming ?? { post: [], hear: [] };
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const marked = (name: string, after: number, hash?: string) =>
          performance
            .getEntriesByName(name, 'mark')
            .filter(
              (m) =>
                m.startTime >= after &&
                (hash === undefined || (m as PerformanceMark).detail?.hash === hash),
            ) as PerformanceMark[];
        const hashBefore = location.hash;
        const t0 = performance.now();
        let target = '';
        const finish = () => {
          const t1 = performance.now();
          const sent = marked('ll:sent', t0, target)[0];
          const answer = marked('ll:answer', t0, target).at(-1);
          const post = sent ? sent.startTime : (log.post.find((x) => x >= t0) ?? NaN);
          const hear = answer
            ? answer.startTime
            : (log.hear.filter((x) => x >= post && x <= t1).at(-1) ?? NaN);
          const workerMs = answer ? Number(answer.detail?.workerMs) : NaN;
          log.post.length = 0;
          log.hear.length = 0;
          performance.clearMarks();
          requestAnimationFrame(() =>
            setTimeout(() =>
              resolve({
                ms: t1 - t0,
                post: post - t0,
                hear: hear - t0,
                workerMs,
                paint: performance.now() - t0,
                target,
              }),
            ),
          );
        };
        setValue.call(input, String(value));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const mark = marked('ll:input', t0).at(-1);
        target = mark
          ? String(mark.detail?.hash)
          : location.hash !== hashBefore
            ? location.hash
            : '';
        if (target === '') {
          // The input changed nothing (a log slider rounds to the same value).
          resolve({ ms: NaN, post: NaN, hear: NaN, workerMs: NaN, paint: NaN, target });
          return;
        }
        const done = () => results.getAttribute('data-rendered-hash') === target;
        if (done()) return finish();
        const timer = setTimeout(() => reject(new Error(`no render for ${target}`)), 30_000);
        new MutationObserver((_, observer) => {
          if (!done()) return;
          observer.disconnect();
          clearTimeout(timer);
          finish();
        }).observe(results, { attributes: true, attributeFilter: ['data-rendered-hash'] });
      }),
    { selector: sliderSelector, value },
  );
  const workerMs = Number.isFinite(t.workerMs)
    ? t.workerMs
    : Number.isFinite(t.post)
      ? await lastTablesMs(page)
      : NaN;
  return {
    ms: t.ms,
    target: t.target,
    parts: {
      inputMs: t.post,
      workerMs,
      messageMs: t.hear - t.post - workerMs,
      renderMs: t.ms - t.hear,
      paintMs: t.paint - t.ms,
    },
  };
}

/**
 * The slider let go: the `change` event a range input fires at the end of a drag (keyboard
 * or pointer), which ends the page's gesture (src/state/modelSession.ts).
 */
async function release(page: Page, selector: string): Promise<void> {
  await page.$eval(selector, (el) => el.dispatchEvent(new Event('change', { bubbles: true })));
}

/**
 * Once a drag has stopped, how long until the charts on screen are those of the tables on
 * screen (the drag's last scenario).
 */
async function chartsCatchUp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        const tick = () => {
          const r = document.querySelector('[data-testid=results]');
          const tables = r?.getAttribute('data-rendered-hash');
          if (tables && r?.getAttribute('data-rendered-charts-hash') === tables)
            resolve(performance.now() - t0);
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
}

const settledOnScreen = () => {
  const r = document.querySelector('[data-testid=results]');
  return (
    r?.getAttribute('data-rendered-hash') === location.hash &&
    r.getAttribute('data-rendered-charts-hash') === location.hash
  );
};

/**
 * Control input → table for every other model's default scenario: ≥ 30 slider positions from
 * the current one towards the far end; a position that does not change the value (log sliders
 * round) is not counted.
 */
async function uiDrags(page: Page, baseUrl: string, withFileAccess = false) {
  const out: {
    model: string;
    param: string;
    latencies: number[];
    parts: StepParts[];
    longTasks: number[];
    chartsCatchUpMs: number;
  }[] = [];
  const drags =
    withFileAccess && WITH_HEADLINE
      ? [{ model: HEADLINE.id, param: HEADLINE_SLIDER }, ...UI_DRAGS]
      : UI_DRAGS;
  for (const drag of drags) {
    const info = findModelInfo(drag.model);
    if (!info) throw new Error(`unknown model ${drag.model}`);
    const link = serializeScenario(defaultScenario(info));
    await page.goto(baseUrl + link.slice(link.indexOf('#')));
    await page.waitForFunction(settledOnScreen, undefined, { timeout: SETTLE_MS });
    const selector = `input[type=range][data-param="${drag.param}"]`;
    // The controls may come a moment after the tables (a lazy part): wait for the slider.
    await page
      .locator(selector)
      .first()
      .waitFor({ timeout: SETTLE_MS })
      .catch(() => undefined);
    // A student reads the page before dragging: the drag starts once the page has warmed its
    // model's code (src/state/warmScenarios.ts), as it has after a second on a real page.
    await page
      .waitForFunction(
        (id) =>
          performance
            .getEntriesByName('ll:warmed', 'mark')
            .some((m) => (m as PerformanceMark).detail?.modelId === id),
        drag.model,
        { timeout: SETTLE_MS },
      )
      .catch(() => console.log(`${drag.model}: the page did not say it was warmed; dragged cold`));
    if ((await page.locator(selector).count()) === 0) {
      console.log(`${drag.model}: no slider for ${drag.param} on its default page; not dragged`);
      continue;
    }
    const { min, max, now } = await page.$eval(selector, (el) => {
      const i = el as HTMLInputElement;
      return { min: Number(i.min), max: Number(i.max), now: Number(i.value) };
    });
    const far = max - now >= now - min ? max : min;
    const positions = Array.from({ length: 36 }, (_, k) => now + ((far - now) * (k + 1)) / 36);
    await watchLongTasks(page);
    const latencies: number[] = [];
    const parts: StepParts[] = [];
    for (const pos of positions) {
      const t = await step(page, selector, pos);
      if (t.target === '') continue;
      latencies.push(t.ms);
      parts.push(t.parts);
    }
    await release(page, selector);
    const longTasks = await longTasksSince(page);
    const chartsCatchUpMs = await chartsCatchUp(page);
    out.push({ ...drag, latencies, parts, longTasks, chartsCatchUpMs });
  }
  return out;
}

/**
 * Long tasks from now on. A model's link differs from the last only in its hash, so the
 * window stays: the previous drag's observer is stopped and its tasks forgotten, or each
 * task would be counted once per observer.
 */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __longTasks: PerformanceEntry[];
      __dragStart: number;
      __longTaskObserver?: PerformanceObserver;
    };
    w.__longTaskObserver?.disconnect();
    w.__longTasks = [];
    w.__dragStart = performance.now();
    w.__longTaskObserver = new PerformanceObserver((list) =>
      w.__longTasks.push(...list.getEntries()),
    );
    w.__longTaskObserver.observe({ type: 'longtask', buffered: true });
  });
}

async function longTasksSince(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __longTasks: PerformanceEntry[]; __dragStart: number };
    return w.__longTasks
      .filter((e) => e.startTime >= w.__dragStart && e.duration > 50)
      .map((e) => Math.round(e.duration));
  });
}

/** First contentful paint and largest contentful paint of a cold load of the home page. */
async function paintFigures(page: Page, baseUrl: string) {
  await page.goto(baseUrl);
  await page.waitForSelector('main');
  return page.evaluate(
    () =>
      new Promise<{ fcpMs: number; lcpMs: number }>((resolve) => {
        const fcp =
          performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')
            ?.startTime ?? NaN;
        let lcp = NaN;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ fcpMs: fcp, lcpMs: lcp }), 500);
      }),
  );
}

async function browserFigures() {
  const server = await startPreview();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // tsx compiles with keepNames: functions passed to page.evaluate call its `__name` helper.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.addInitScript({ content: WORKER_TIMING_INIT });
    // The app's step marks (src/state/modelSession.ts), off unless asked for.
    await page.addInitScript({ content: 'globalThis.__latencyLabMarks = true;' });
    const paint = await paintFigures(page, server.url);
    const sl = serializeScenario(presetScenario(HEADLINE, HEADLINE.presets[0]!.id));
    // `--model` another model's: the headline page is not opened (its charts are the slowest).
    if (WITH_HEADLINE) {
      await page.goto(server.url + sl.slice(sl.indexOf('#')));
      await page.waitForFunction(settledOnScreen, undefined, { timeout: SETTLE_MS });
    }
    const selector = `input[type=range][data-param="${HEADLINE_SLIDER}"]`;

    await watchLongTasks(page);
    const latencies: number[] = [];
    const parts: StepParts[] = [];
    // The slider is log-scaled: each distance is set at its own position on the track.
    const distance = HEADLINE.params.find((p) => p.key === HEADLINE_SLIDER);
    for (const v of WITH_HEADLINE ? DRAG_VALUES : []) {
      const at = distance?.kind === 'number' ? valueToPosition(v, distance) : v;
      const t = await step(page, selector, at);
      if (t.target === '') continue;
      latencies.push(t.ms);
      parts.push(t.parts);
    }

    // How long the charts (the slower worker) take to catch up once the drag stops.
    if (WITH_HEADLINE) await release(page, selector);
    const chartsCatchUpMs = WITH_HEADLINE ? await chartsCatchUp(page) : NaN;

    const longTasks = await longTasksSince(page);
    const others = await uiDrags(page, server.url);
    // A school Chromebook: the page's main thread 4× slower (CDP; the workers are not slowed).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const throttled = NO_THROTTLE ? [] : await uiDrags(page, server.url, true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { latencies, parts, longTasks, chartsCatchUpMs, others, throttled, paint };
  } finally {
    await browser.close();
    await server.close();
  }
}

async function main() {
  console.log('Latency Lab bench — figures, not pass/fail.');
  // The machine's load beside the figures: a busy machine's figures are not a quiet one's.
  const loadAtStart = loadavg().map((x) => round(x, 2));
  console.log(`Load average at the start (1, 5, 15 min): ${loadAtStart.join(', ')}\n`);

  console.log('(i) Model runs in Node');
  const models = UI_ONLY ? [] : await benchModels();
  printModelRuns(models);

  console.log(`(ii–iii) Slider → table in headless Chromium (${DRAG_VALUES.length} steps)`);
  const {
    latencies,
    parts,
    longTasks,
    chartsCatchUpMs,
    others: drags,
    throttled,
    paint,
  } = await browserFigures();
  const sizes = jsSizes();
  const initialGz = sizes.initial.reduce((a, c) => a + c.gzipBytes, 0);
  const figures: Headline = {
    sliderToTableMedianMs: round(quantile(latencies, 0.5)),
    sliderToTableP95Ms: round(quantile(latencies, 0.95)),
    sliderToTableMaxMs: round(Math.max(...latencies)),
    chartsCatchUpAfterDragMs: round(chartsCatchUpMs),
    longTasksDuringDrag: longTasks.length,
    initialJsKbGz: round(initialGz / 1024),
    firstContentfulPaintMs: round(paint.fcpMs),
    largestContentfulPaintMs: round(paint.lcpMs),
  };
  const uiRows = [
    {
      model: HEADLINE.id,
      param: HEADLINE_SLIDER,
      latencies,
      parts,
      longTasks,
      chartsCatchUpMs,
    },
    ...drags,
  ].map(uiRow);
  printBrowserFigures(figures, longTasks, uiRows, sizes);
  const throttledRows = throttled.map(uiRow);
  console.log(
    `The same drags with the page's CPU throttled ${THROTTLE}× (target p95 ≤ ${TARGETS.throttledP95Ms} ms)`,
  );
  console.table(throttledRows);

  console.log('(v) Other models');
  const others = UI_ONLY ? [] : await modelFigures();
  printOtherFigures(others);

  console.log('(vi) Class server load');
  const classLoad = UI_ONLY
    ? []
    : (
        await classServerLoad().catch((e: unknown) => [
          { name: `class server load failed: ${String(e).split('\n')[0]}`, value: NaN, unit: '' },
        ])
      ).map((f) => ({ module: 'bench-class.ts', ...f }));
  printOtherFigures(classLoad);

  const loadAtEnd = loadavg().map((x) => round(x, 2));
  console.log(`Load average at the end (1, 5, 15 min): ${loadAtEnd.join(', ')}`);
  mkdirSync(`${ROOT}bench-results`, { recursive: true });
  const out = {
    date: new Date().toISOString(),
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    node: process.version,
    targets: TARGETS,
    figures,
    models,
    ui: uiRows,
    uiThrottled: { rate: THROTTLE, rows: throttledRows },
    slider: {
      param: HEADLINE_SLIDER,
      values: DRAG_VALUES,
      latenciesMs: latencies.map((x) => round(x, 2)),
    },
    longTasksMs: longTasks,
    otherModels: others,
    classServer: classLoad,
    js: sizes,
  };
  writeFileSync(`${ROOT}bench-results/bench.json`, `${JSON.stringify(out, null, 2)}\n`);
  console.log('Written: bench-results/bench.json');

  if (JSON_ONLY)
    process.stdout.write(
      `${JSON.stringify(flatFigures(models, uiRows, figures, [...others, ...classLoad], throttledRows))}\n`,
    );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
