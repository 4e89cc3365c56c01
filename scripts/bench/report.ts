/**
 * The bench's report: the tables it prints and the flat JSON of `--json`, from the figures
 * scripts/bench.ts measured. Nothing here measures anything.
 */
import { quantile } from '../../src/models/stats';
import type { ModelBenchResult } from '../bench-model';
import type { StepParts } from './ui-timing';
import type { Figure } from '../lib/figure';

export type { Figure };

export const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** One frame at 60 Hz: the target for control input → table on screen, p95, every model. */
export const TARGETS = {
  p95Ms: 16.7,
  /** The same with Chromium's CPU throttled 4× (CDP `Emulation.setCPUThrottlingRate`). */
  throttledP95Ms: 50,
  /** Charts of the drag's last scenario on screen after the drag stops. */
  chartsCatchUpMs: 100,
  longTasks: 0,
  initialJsKbGz: 120,
};

export interface JsChunk {
  file: string;
  bytes: number;
  gzipBytes: number;
}
export interface JsSizes {
  initial: JsChunk[];
  workers: JsChunk[];
  lazy: JsChunk[];
}

/** One drag of one control: each step's latency and its parts, and the long tasks. */
export interface Drag {
  model: string;
  param: string;
  latencies: number[];
  parts: StepParts[];
  longTasks: number[];
  /** After the drag stopped, until the charts were the last scenario's (ms). */
  chartsCatchUpMs?: number;
}

/** The median of each part of the steps (ms), over the steps where it was measured. */
function medianParts(parts: StepParts[]): StepParts {
  const med = (k: keyof StepParts) => {
    const xs = parts.map((p) => p[k]).filter(Number.isFinite);
    return xs.length ? round(quantile(xs, 0.5), 2) : NaN;
  };
  return {
    inputMs: med('inputMs'),
    workerMs: med('workerMs'),
    messageMs: med('messageMs'),
    renderMs: med('renderMs'),
    paintMs: med('paintMs'),
  };
}

/**
 * The tail's parts: the mean of each part (ms) over the slowest tenth of the steps (at least
 * one), to say which part makes the p95.
 */
function tailParts(d: Drag): StepParts {
  const cut = quantile(d.latencies, 0.9);
  const slow = d.parts.filter((_, i) => d.latencies[i]! >= cut);
  const mean = (k: keyof StepParts) => {
    const xs = slow.map((p) => p[k]).filter(Number.isFinite);
    return xs.length ? round(xs.reduce((a, x) => a + x, 0) / xs.length, 2) : NaN;
  };
  return {
    inputMs: mean('inputMs'),
    workerMs: mean('workerMs'),
    messageMs: mean('messageMs'),
    renderMs: mean('renderMs'),
    paintMs: mean('paintMs'),
  };
}

/** A drag as one row: steps, median and p95, long tasks, and the median of each part. */
export function uiRow(d: Drag) {
  return {
    model: d.model,
    param: d.param,
    steps: d.latencies.length,
    medianMs: round(quantile(d.latencies, 0.5)),
    p95Ms: round(quantile(d.latencies, 0.95)),
    longTasks: d.longTasks.length,
    chartsCatchUpMs: round(d.chartsCatchUpMs ?? NaN),
    ...medianParts(d.parts),
    /** The slowest tenth's parts, means: input / worker / message / render. */
    tail: (({ inputMs, workerMs, messageMs, renderMs }) =>
      [inputMs, workerMs, messageMs, renderMs].map((x) => x.toFixed(1)).join(' / '))(tailParts(d)),
  };
}
export type UiRow = ReturnType<typeof uiRow>;

export interface Headline {
  sliderToTableMedianMs: number;
  sliderToTableP95Ms: number;
  sliderToTableMaxMs: number;
  chartsCatchUpAfterDragMs: number;
  longTasksDuringDrag: number;
  initialJsKbGz: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
}

/** (i) Model runs in Node. */
export function printModelRuns(models: ModelBenchResult[]): void {
  console.table(
    models.map((m) => ({
      model: m.name,
      'runs/s': round(m.runsPerSecond, 2),
      'ms/run': round(m.msPerRun, 2),
    })),
  );
}

/** (ii–iv) The drag's headline figures against their targets, every model's drag, the chunks. */
export function printBrowserFigures(
  figures: Headline,
  longTasks: number[],
  rows: UiRow[],
  sizes: JsSizes,
): void {
  console.table([
    { figure: 'slider → table, median (ms)', measured: figures.sliderToTableMedianMs, target: '' },
    {
      figure: 'slider → table, p95 (ms)',
      measured: figures.sliderToTableP95Ms,
      target: `≤ ${TARGETS.p95Ms}`,
    },
    { figure: 'slider → table, max (ms)', measured: figures.sliderToTableMaxMs, target: '' },
    {
      figure: 'charts catch up after the drag (ms)',
      measured: figures.chartsCatchUpAfterDragMs,
      target: `≤ ${TARGETS.chartsCatchUpMs}`,
    },
    {
      figure: 'main-thread long tasks during drag',
      measured: `${longTasks.length}${longTasks.length ? ` (${longTasks.join(', ')} ms)` : ''}`,
      target: `${TARGETS.longTasks}`,
    },
    {
      figure: 'initial JS, gzipped (KB)',
      measured: figures.initialJsKbGz,
      target: `≤ ${TARGETS.initialJsKbGz}`,
    },
  ]);

  console.log(
    `Control input → table, each model's default scenario (target p95 ≤ ${TARGETS.p95Ms} ms)`,
  );
  console.table(rows);

  console.log('(iv) JS chunks (KB)');
  console.table(
    [
      ...sizes.initial.map((c) => ({ kind: 'initial', ...c })),
      ...sizes.workers.map((c) => ({ kind: 'worker', ...c })),
      ...sizes.lazy.map((c) => ({ kind: 'lazy', ...c })),
    ].map((c) => ({
      kind: c.kind,
      file: c.file,
      KB: round(c.bytes / 1024),
      'KB gz': round(c.gzipBytes / 1024),
    })),
  );
}

/** (v) Every other bench module's figures. */
export function printOtherFigures(others: (Figure & { module: string })[]): void {
  if (others.length === 0) {
    console.log('  (none)');
    return;
  }
  console.table(
    others.map((f) => ({
      module: f.module,
      figure: f.name,
      value: Number.isFinite(f.value) ? round(f.value, 2) : '—',
      unit: f.unit,
      note: f.note ?? '',
    })),
  );
}

/** `--json`: every figure as `{ name, value, unit }`, one array. */
export function flatFigures(
  models: ModelBenchResult[],
  rows: UiRow[],
  figures: Headline,
  others: (Figure & { module: string })[],
  throttled: UiRow[] = [],
): { name: string; value: number; unit: string }[] {
  return [
    ...models.map((m) => ({
      name: `runs-per-s:${m.name}`,
      value: m.runsPerSecond,
      unit: 'runs/s',
    })),
    ...rows.flatMap((r) => [
      { name: `ui-median-ms:${r.model}`, value: r.medianMs, unit: 'ms' },
      { name: `ui-p95-ms:${r.model}`, value: r.p95Ms, unit: 'ms' },
      { name: `ui-long-tasks:${r.model}`, value: r.longTasks, unit: 'tasks' },
      { name: `ui-input-ms:${r.model}`, value: r.inputMs, unit: 'ms' },
      { name: `ui-worker-ms:${r.model}`, value: r.workerMs, unit: 'ms' },
      { name: `ui-message-ms:${r.model}`, value: r.messageMs, unit: 'ms' },
      { name: `ui-render-ms:${r.model}`, value: r.renderMs, unit: 'ms' },
      { name: `ui-paint-ms:${r.model}`, value: r.paintMs, unit: 'ms' },
      { name: `ui-charts-catch-up-ms:${r.model}`, value: r.chartsCatchUpMs, unit: 'ms' },
      ...['input', 'worker', 'message', 'render'].map((part, i) => ({
        name: `ui-tail-${part}-ms:${r.model}`,
        value: Number(r.tail.split(' / ')[i]),
        unit: 'ms',
      })),
    ]),
    ...throttled.flatMap((r) => [
      { name: `ui-throttled-p95-ms:${r.model}`, value: r.p95Ms, unit: 'ms' },
      { name: `ui-throttled-long-tasks:${r.model}`, value: r.longTasks, unit: 'tasks' },
    ]),
    { name: 'charts-catch-up-ms', value: figures.chartsCatchUpAfterDragMs, unit: 'ms' },
    { name: 'initial-js-gz', value: figures.initialJsKbGz, unit: 'KB' },
    { name: 'first-contentful-paint', value: figures.firstContentfulPaintMs, unit: 'ms' },
    { name: 'largest-contentful-paint', value: figures.largestContentfulPaintMs, unit: 'ms' },
    ...others.map((f) => ({
      name: `${f.module.replace(/\.ts$/, '')}:${f.name}`,
      value: f.value,
      unit: f.unit,
    })),
  ];
}
