/**
 * `npm run bench` (after `vite build`): figures, never pass/fail. Prints a table with the
 * targets beside the figures and writes bench-results/bench.json.
 * `npm run bench -- --json` prints only one JSON array of `{ name, value, unit }` on stdout
 * (the tables go to stderr); `-- --ui` measures only in the browser (ii–iv).
 *
 *  (i)   model runs per second in Node (scripts/bench-model.ts);
 *  (ii)  in headless Chromium against `vite preview` of dist/: time from a slider input on
 *        "Prefetch distance" to the table showing that scenario (`data-rendered-hash` of
 *        [data-testid=results] equal to the new location hash), one step at a time;
 *  (iii) main-thread long tasks (> 50 ms) during that drag;
 *  (iv)  initial JS (gzipped) referenced by dist/index.html; worker chunks listed apart;
 *  (v)   every other model's figures: each `scripts/bench-<model>.ts` (other than bench-model)
 *        exports `bench…()` functions returning `{ name, value, unit, note? }[]`, and
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
/** `--ui`: only the browser figures (ii–iv), for iterating on the interaction. */
const UI_ONLY = process.argv.includes('--ui');
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
  m !== HEADLINE && m.dragParam ? [{ model: m.id, param: m.dragParam }] : [],
);

interface StepTiming {
  /** Input event → tables committed for the new hash. */
  ms: number;
  /** Its parts (scripts/bench/ui-timing.ts); NaN where the page did not post (no new hash). */
  parts: StepParts;
}

/**
 * In the page: set the slider, dispatch `input`, resolve when the table shows the new hash;
 * then read when the request was posted, answered, and the next frame came.
 */
async function step(page: Page, sliderSelector: string, value: number): Promise<StepTiming> {
  const t = await page.evaluate(
    ({ selector, value }) =>
      new Promise<{ ms: number; post: number; hear: number; paint: number }>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>(selector);
        const results = document.querySelector('[data-testid=results]');
        if (!input || !results) return reject(new Error('slider or results not found'));
        const log = (globalThis as unknown as { __labTiming?: { post: number[]; hear: number[] } })
          .__labTiming ?? { post: [], hear: [] };
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const t0 = performance.now();
        const finish = () => {
          const t1 = performance.now();
          const post = log.post.find((x) => x >= t0) ?? NaN;
          const hear = log.hear.filter((x) => x >= post && x <= t1).at(-1) ?? NaN;
          log.post.length = 0;
          log.hear.length = 0;
          requestAnimationFrame(() =>
            setTimeout(() =>
              resolve({
                ms: t1 - t0,
                post: post - t0,
                hear: hear - t0,
                paint: performance.now() - t0,
              }),
            ),
          );
        };
        setValue.call(input, String(value));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const target = location.hash;
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
  const workerMs = Number.isFinite(t.post) ? await lastTablesMs(page) : NaN;
  return {
    ms: t.ms,
    parts: {
      inputMs: t.post,
      workerMs,
      messageMs: t.hear - t.post - workerMs,
      renderMs: t.ms - t.hear,
      paintMs: t.paint - t.ms,
    },
  };
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
async function uiDrags(page: Page, baseUrl: string) {
  const out: {
    model: string;
    param: string;
    latencies: number[];
    parts: StepParts[];
    longTasks: number[];
  }[] = [];
  for (const drag of UI_DRAGS) {
    const info = findModelInfo(drag.model);
    if (!info) throw new Error(`unknown model ${drag.model}`);
    const link = serializeScenario(defaultScenario(info));
    await page.goto(baseUrl + link.slice(link.indexOf('#')));
    await page.waitForFunction(settledOnScreen, undefined, { timeout: 60_000 });
    const selector = `input[type=range][data-param="${drag.param}"]`;
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
      const before = await page.evaluate(() => location.hash);
      const t = await step(page, selector, pos);
      if ((await page.evaluate(() => location.hash)) === before) continue;
      latencies.push(t.ms);
      parts.push(t.parts);
    }
    out.push({ ...drag, latencies, parts, longTasks: await longTasksSince(page) });
  }
  return out;
}

async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: PerformanceEntry[]; __dragStart: number };
    w.__longTasks ??= [];
    w.__dragStart = performance.now();
    new PerformanceObserver((list) => w.__longTasks.push(...list.getEntries())).observe({
      type: 'longtask',
      buffered: true,
    });
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
    const paint = await paintFigures(page, server.url);
    const sl = serializeScenario(presetScenario(HEADLINE, HEADLINE.presets[0]!.id));
    await page.goto(server.url + sl.slice(sl.indexOf('#')));
    await page.waitForFunction(settledOnScreen);
    const selector = `input[type=range][data-param="${HEADLINE_SLIDER}"]`;

    await watchLongTasks(page);
    const latencies: number[] = [];
    const parts: StepParts[] = [];
    // The slider is log-scaled: each distance is set at its own position on the track.
    const distance = HEADLINE.params.find((p) => p.key === HEADLINE_SLIDER);
    for (const v of DRAG_VALUES) {
      const at = distance?.kind === 'number' ? valueToPosition(v, distance) : v;
      const t = await step(page, selector, at);
      latencies.push(t.ms);
      parts.push(t.parts);
    }

    // How long the charts (the slower worker) take to catch up once the drag stops.
    const chartsCatchUpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const t0 = performance.now();
          const tick = () => {
            const r = document.querySelector('[data-testid=results]');
            if (r?.getAttribute('data-rendered-charts-hash') === location.hash)
              resolve(performance.now() - t0);
            else requestAnimationFrame(tick);
          };
          tick();
        }),
    );

    const longTasks = await longTasksSince(page);
    const others = await uiDrags(page, server.url);
    return { latencies, parts, longTasks, chartsCatchUpMs, others, paint };
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
  const models = UI_ONLY ? [] : benchModels();
  printModelRuns(models);

  console.log(`(ii–iii) Slider → table in headless Chromium (${DRAG_VALUES.length} steps)`);
  const {
    latencies,
    parts,
    longTasks,
    chartsCatchUpMs,
    others: drags,
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
    { model: HEADLINE.id, param: HEADLINE_SLIDER, latencies, parts, longTasks },
    ...drags,
  ].map(uiRow);
  printBrowserFigures(figures, longTasks, uiRows, sizes);

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
      `${JSON.stringify(flatFigures(models, uiRows, figures, [...others, ...classLoad]))}\n`,
    );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
