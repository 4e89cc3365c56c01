/**
 * One path for a step (issue 31): a model page's session (src/state/modelSession.ts) with a
 * stand-in channel and host, so that what it sends, what it shows and when it writes the link
 * are counted, not timed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioTables } from '../../src/compare/types';
import type {
  ChartData,
  ChartOptions,
  LineChartData,
  ParamValues,
  TablesOptions,
} from '../../src/models/types';
import { findModelInfo } from '../../src/models/registry';
import * as codec from '../../src/scenario';
import {
  BUSY_MS,
  IDLE_MS,
  mergeIntervals,
  ModelSession,
  type SessionHost,
  type StepAnswer,
  type StepChannel,
} from '../../src/state/modelSession';
import { packRecords, PACK_MIN } from '../../src/compare/packRecords';
import { unpackRecords } from '../../src/state/unpackRecords';
import { scenarioHash } from '../../src/state/scenarioLink';
import { warmScenarios } from '../../src/state/warmScenarios';
import type { Outcome } from '../../src/state/workerClient';

vi.mock('../../src/scenario', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/scenario')>();
  return { ...actual, parsePermalink: vi.fn(actual.parsePermalink) };
});

const model = findModelInfo('file-access')!;
const KEY = model.dragParam!;

interface Pending<T> {
  params: ParamValues;
  resolve: (o: Outcome<T>) => void;
  options?: ChartOptions;
}

/** Answers only when the test says; every request is kept, in order. */
class StandInChannel implements StepChannel {
  tablesAsked: Pending<StepAnswer>[] = [];
  chartsAsked: Pending<ChartData[]>[] = [];
  intervalsAsked: Pending<ScenarioTables>[] = [];
  warmAsked: ParamValues[][] = [];
  /** The charts' and intervals' requests, in the order they came. */
  asked: ('charts' | 'intervals')[] = [];
  tables(_m: string, params: ParamValues, _o: TablesOptions) {
    return new Promise<Outcome<StepAnswer>>((resolve) =>
      this.tablesAsked.push({ params, resolve }),
    );
  }
  charts(_m: string, params: ParamValues, signal: AbortSignal, options?: ChartOptions) {
    return new Promise<Outcome<ChartData[]>>((resolve) => {
      this.asked.push('charts');
      this.chartsAsked.push({ params, resolve, ...(options ? { options } : {}) });
      signal.addEventListener('abort', () => resolve({ kind: 'superseded', id: 0 }));
    });
  }
  intervals(_m: string, params: ParamValues) {
    this.asked.push('intervals');
    return new Promise<Outcome<ScenarioTables>>((resolve) =>
      this.intervalsAsked.push({ params, resolve }),
    );
  }
  warm(_m: string, scenarios: ParamValues[]) {
    this.warmAsked.push(scenarios);
    return Promise.resolve(scenarios.length);
  }
  dispose() {}
}

/** Tables whose one cell is the dragged knob's value: which scenario they are is readable. */
function tablesFor(params: ParamValues, later = false): ScenarioTables {
  return {
    model: model.id,
    modelVersion: model.version,
    tables: [
      {
        id: 't',
        title: 'T',
        source: '',
        columns: [],
        rows: [
          {
            label: 'r',
            model: { v: Number(params[KEY]) },
            paper: null,
            errorPct: {},
            prediction: false,
          },
        ],
        summary: null,
        modelOnly: true,
        notes: [],
      },
    ],
    ...(later ? { intervalsLater: true as const } : {}),
  };
}

const answer = (p: Pending<StepAnswer>, id = 1, later = false) =>
  p.resolve({ kind: 'ok', id, value: { tables: tablesFor(p.params, later), workerMs: 1 } });

const flush = () => new Promise((r) => setTimeout(r, 0));

/** Answers the newest tables request (the step's own). */
const answerTables = (id = 1) => answer(channel.tablesAsked.at(-1)!, id);

let channel: StandInChannel;
let host: SessionHost & { written: { hash: string; replace: boolean }[]; hash: string };
let events: EventTarget;
let session: ModelSession;

beforeEach(() => {
  channel = new StandInChannel();
  events = new EventTarget();
  host = {
    hash: '',
    written: [],
    currentHash: () => host.hash,
    navigate(hash, { replace }) {
      host.written.push({ hash, replace });
      host.hash = hash;
    },
    events,
  };
  const start = codec.defaultScenario(model);
  host.hash = scenarioHash(start);
  let t = 0;
  session = new ModelSession(model, start, channel, host, () => (t += 10));
  session.attach();
  vi.mocked(codec.parsePermalink).mockClear();
});

afterEach(() => {
  session.dispose();
  vi.useRealTimers();
});

/** A pointer drag of n steps on the dragged knob, values 11, 12, …. */
function drag(n: number, release = true) {
  events.dispatchEvent(new Event('pointerdown'));
  for (let k = 1; k <= n; k++) session.setParam(KEY, 10 + k, { replace: true });
  if (release) events.dispatchEvent(new Event('pointerup'));
}

describe('a model page session', () => {
  it('a drag of N steps sends at most N tables requests, reads the link 0 times, writes it once at the end', () => {
    const before = channel.tablesAsked.length;
    drag(12, false);
    expect(channel.tablesAsked.length - before).toBeLessThanOrEqual(12);
    expect(channel.tablesAsked.length - before).toBeGreaterThan(0);
    // Mid-drag: the scenario in memory has moved, the link has not.
    expect(session.current().params[KEY]).toBe(22);
    expect(host.written).toHaveLength(0);
    events.dispatchEvent(new Event('pointerup'));
    expect(host.written).toHaveLength(1);
    expect(host.written[0]!.hash).toContain(`${KEY}=22`);
    expect(codec.parsePermalink).not.toHaveBeenCalled();
  });

  it('a change event during a pointer drag does not end it; the release does', () => {
    events.dispatchEvent(new Event('pointerdown'));
    session.setParam(KEY, 61, { replace: true });
    events.dispatchEvent(new Event('change'));
    session.setParam(KEY, 62, { replace: true });
    expect(host.written).toHaveLength(0);
    events.dispatchEvent(new Event('pointerup'));
    expect(host.written).toHaveLength(1);
    expect(host.hash).toContain(`${KEY}=62`);
  });

  it('keyboard steps write the link at each keyup, joined into one history entry', () => {
    for (let k = 1; k <= 3; k++) {
      session.setParam(KEY, 30 + k, { replace: true });
      events.dispatchEvent(new Event('keyup'));
    }
    expect(host.written.map((w) => w.replace)).toEqual([false, true, true]);
    expect(host.hash).toContain(`${KEY}=33`);
    expect(codec.parsePermalink).not.toHaveBeenCalled();
  });

  it('steps with no pointer and no key end their gesture after a short idle', () => {
    vi.useFakeTimers();
    session.setParam(KEY, 40, { replace: true });
    session.setParam(KEY, 41, { replace: true });
    expect(host.written).toHaveLength(0);
    vi.advanceTimersByTime(IDLE_MS);
    expect(host.written).toHaveLength(1);
    expect(host.hash).toContain(`${KEY}=41`);
  });

  it('a step whose table did not change keeps the table on screen, the same object (#31)', async () => {
    session.setParam(KEY, 11, { replace: true });
    answerTables();
    await flush();
    const shown = session.getSnapshot().results.tables!.value.tables[0]!;
    // The next step's answer has the same table (a knob that does not move it).
    session.setParam(KEY, 12, { replace: true });
    channel.tablesAsked.at(-1)!.resolve({
      kind: 'ok',
      id: 2,
      value: { tables: tablesFor({ [KEY]: 11 }), workerMs: 1 },
    });
    await flush();
    const results = session.getSnapshot().results;
    expect(results.status).toBe('ready');
    expect(results.tables!.value.tables[0]).toBe(shown);
    // A changed table is the answer's own.
    session.setParam(KEY, 13, { replace: true });
    answerTables(3);
    await flush();
    const after = session.getSnapshot().results.tables!.value.tables[0]!;
    expect(after).not.toBe(shown);
    expect(after.rows[0]!.model.v).toBe(13);
  });

  it('a newer step’s tables are never replaced by an older step’s', async () => {
    drag(3);
    const asked = channel.tablesAsked;
    const newest = asked.at(-1)!;
    const older = asked.at(-2)!;
    answer(newest, 4);
    await flush();
    expect(session.getSnapshot().results.tables?.value.tables[0]!.rows[0]!.model.v).toBe(13);
    answer(older, 3);
    await flush();
    expect(session.getSnapshot().results.tables?.value.tables[0]!.rows[0]!.model.v).toBe(13);
    expect(session.getSnapshot().results.status).toBe('ready');
  });

  it('charts follow the drag: asked once the step’s tables are answered, one job at a time', async () => {
    answerTables();
    await flush();
    const first = channel.chartsAsked.length;
    expect(first).toBe(1);
    channel.chartsAsked[0]!.resolve({ kind: 'ok', id: 1, value: [] });
    await flush();
    drag(3, false);
    // Nothing before the step's tables: the charts' worker leaves the core to theirs.
    expect(channel.chartsAsked.length).toBe(first);
    answerTables();
    await flush();
    expect(channel.chartsAsked.length).toBe(first + 1);
    expect(channel.chartsAsked.at(-1)!.params[KEY]).toBe(13);
    // Two more steps while that job runs: the newest waits behind it, as one.
    session.setParam(KEY, 14, { replace: true });
    session.setParam(KEY, 15, { replace: true });
    answerTables();
    await flush();
    expect(channel.chartsAsked.length).toBe(first + 1);
    channel.chartsAsked.at(-1)!.resolve({ kind: 'ok', id: 2, value: [] });
    await flush();
    expect(channel.chartsAsked.length).toBe(first + 2);
    expect(channel.chartsAsked.at(-1)!.params[KEY]).toBe(15);
    channel.chartsAsked.at(-1)!.resolve({ kind: 'ok', id: 3, value: [] });
    await flush();
    expect(session.getSnapshot().results.chartsUpdating).toBe(false);
    events.dispatchEvent(new Event('pointerup'));
    await flush();
    // Charts with no preview in them are the full charts: nothing more is asked.
    expect(channel.chartsAsked.length).toBe(first + 2);
  });

  it('charts answered while a step’s tables are computing are drawn after those tables', async () => {
    answerTables();
    await flush();
    channel.chartsAsked.at(-1)!.resolve({ kind: 'ok', id: 1, value: [] });
    await flush();
    drag(1, false);
    answerTables();
    await flush();
    const chart = channel.chartsAsked.at(-1)!;
    expect(chart.params[KEY]).toBe(11);
    const chartHash = scenarioHash({ ...session.current(), params: chart.params });
    const shown: string[] = [];
    session.subscribe(() => {
      const r = session.getSnapshot().results;
      const v = r.tables?.value.tables[0]!.rows[0]!.model.v;
      shown.push(`tables ${v} charts ${r.charts?.hash === chartHash ? 11 : '-'}`);
    });
    // The next step's tables are being computed when the charts come: they wait.
    session.setParam(KEY, 12, { replace: true });
    chart.resolve({ kind: 'ok', id: 2, value: [] });
    await flush();
    expect(shown).toEqual([]);
    answerTables();
    await flush();
    await flush();
    // The tables first, the held charts after them, in a change of their own.
    expect(shown).toEqual(['tables 12 charts -', 'tables 12 charts 11']);
  });

  it('a step re-renders only its knobs until its tables are there', async () => {
    vi.useFakeTimers();
    answerTables();
    await vi.advanceTimersByTimeAsync(0);
    let page = 0;
    let knobs = 0;
    session.subscribe(() => page++);
    session.subscribeLive(() => knobs++);
    const before = session.getSnapshot();
    session.setParam(KEY, 70, { replace: true });
    expect(knobs).toBe(1);
    expect(session.getLive().params[KEY]).toBe(70);
    expect(page).toBe(0);
    expect(session.getSnapshot()).toBe(before);
    answerTables();
    await vi.advanceTimersByTimeAsync(0);
    expect(page).toBe(1);
    expect(session.getSnapshot().scenario.params[KEY]).toBe(70);
    expect(session.getSnapshot().results.status).toBe('ready');
    // Tables that take BUSY_MS: the page says it is computing.
    session.setParam(KEY, 71, { replace: true });
    await vi.advanceTimersByTimeAsync(BUSY_MS);
    expect(page).toBe(2);
    expect(session.getSnapshot().results.status).toBe('loading');
  });

  it('during a gesture the charts are a drag preview; its end asks the full charts once', async () => {
    const previewChart = (x: number): LineChartData => ({
      kind: 'line',
      id: 's',
      title: '',
      xLabel: '',
      xUnit: '',
      yLabel: '',
      yUnit: '',
      xScale: 'linear',
      series: [{ name: 'a', points: [{ x, y: 1 }] }],
      preview: true,
    });
    answerTables();
    await flush();
    channel.chartsAsked.at(-1)!.resolve({ kind: 'ok', id: 1, value: [] });
    await flush();
    const first = channel.chartsAsked.length;
    drag(1, false);
    answerTables();
    await flush();
    const asked = channel.chartsAsked.at(-1)!;
    expect(channel.chartsAsked.length).toBe(first + 1);
    expect(asked.options).toEqual({ preview: true });
    session.setParam(KEY, 13, { replace: true });
    answerTables();
    await flush();
    asked.resolve({ kind: 'ok', id: 2, value: [previewChart(11)] });
    await flush();
    // The newest step's preview, still in the gesture.
    expect(channel.chartsAsked.at(-1)!.params[KEY]).toBe(13);
    expect(channel.chartsAsked.at(-1)!.options).toEqual({ preview: true });
    channel.chartsAsked.at(-1)!.resolve({ kind: 'ok', id: 3, value: [previewChart(13)] });
    await flush();
    const during = channel.chartsAsked.length;
    // The preview of the scenario counts as its charts (the chart follows the drag).
    expect(session.getSnapshot().results.chartsUpdating).toBe(false);
    events.dispatchEvent(new Event('pointerup'));
    await flush();
    expect(channel.chartsAsked.length).toBe(during + 1);
    const full = channel.chartsAsked.at(-1)!;
    expect(full.params[KEY]).toBe(13);
    expect(full.options ?? {}).toEqual({});
    full.resolve({ kind: 'ok', id: 4, value: [] });
    await flush();
    expect(session.getSnapshot().results.charts?.value).toEqual([]);
    // A late preview of the same step never covers its full charts.
    events.dispatchEvent(new Event('keyup'));
    await flush();
    expect(channel.chartsAsked.length).toBe(during + 1);
  });

  it('once its first full charts are shown, the tables worker warms the model, once (#31)', async () => {
    answerTables();
    await flush();
    expect(channel.warmAsked).toHaveLength(0);
    channel.chartsAsked.at(-1)!.resolve({ kind: 'ok', id: 1, value: [] });
    await flush();
    expect(channel.warmAsked).toEqual([warmScenarios(model, codec.defaultScenario(model).params)]);
    drag(2);
    answerTables();
    await flush();
    channel.chartsAsked.at(-1)!.resolve({ kind: 'ok', id: 2, value: [] });
    await flush();
    expect(channel.warmAsked).toHaveLength(1);
  });

  it('no warm-up while a gesture is under way: it waits for the gesture’s full charts', async () => {
    answerTables();
    await flush();
    const first = channel.chartsAsked.at(-1)!;
    drag(1, false);
    answerTables();
    await flush();
    first.resolve({ kind: 'ok', id: 1, value: [] });
    await flush();
    // The start's full charts came during the drag: not yet.
    expect(channel.warmAsked).toHaveLength(0);
    const preview = channel.chartsAsked.at(-1)!;
    expect(preview.options).toEqual({ preview: true });
    preview.resolve({ kind: 'ok', id: 2, value: [] });
    await flush();
    expect(channel.warmAsked).toHaveLength(0);
    // A drag preview with no chart marked `preview` is the step's full charts: the release
    // warms at once, from the scenario in hand.
    events.dispatchEvent(new Event('pointerup'));
    await flush();
    expect(channel.warmAsked).toEqual([warmScenarios(model, session.current().params)]);
  });

  it('when the gesture ends, charts of an earlier step still computing make way for the last step’s', async () => {
    const own = new ModelSession(model, codec.defaultScenario(model), channel, host, () => 0);
    own.attach();
    answerTables();
    await flush();
    const first = channel.chartsAsked.length;
    events.dispatchEvent(new Event('pointerdown'));
    for (let k = 1; k <= 4; k++) {
      own.setParam(KEY, 50 + k, { replace: true });
      answerTables();
      await flush();
    }
    // Still the first job; the step waiting behind it is the newest.
    expect(channel.chartsAsked.length).toBe(first);
    events.dispatchEvent(new Event('pointerup'));
    await flush();
    expect(channel.chartsAsked.length).toBe(first + 1);
    expect(channel.chartsAsked.at(-1)!.params[KEY]).toBe(54);
    own.dispose();
  });

  it('a link changed from outside (back, a pasted link) loads its scenario', () => {
    const other = codec.presetScenario(model, model.presets[1]!.id);
    const asked = channel.tablesAsked.length;
    session.fromLink(other);
    expect(session.getSnapshot().scenario).toEqual(other);
    expect(channel.tablesAsked.length).toBe(asked + 1);
    expect(host.written).toHaveLength(0);
  });

  it('the echo of its own link is not a change from outside', () => {
    drag(2);
    const asked = channel.tablesAsked.length;
    session.fromLink({ ...session.getSnapshot().scenario });
    expect(channel.tablesAsked.length).toBe(asked);
    // Mid-gesture, the route's older reading does not pull the scenario back.
    events.dispatchEvent(new Event('pointerdown'));
    session.setParam(KEY, 99, { replace: true });
    session.fromLink({
      ...session.getSnapshot().scenario,
      params: { ...session.getSnapshot().scenario.params, [KEY]: 12 },
    });
    expect(session.current().params[KEY]).toBe(99);
  });

  it('deferred intervals are asked when the gesture ends and change only the intervals', async () => {
    drag(2, false);
    answer(channel.tablesAsked.at(-1)!, 9, true);
    await flush();
    expect(channel.intervalsAsked).toHaveLength(0);
    expect(session.getSnapshot().results.intervalsPending).toBe(true);
    events.dispatchEvent(new Event('pointerup'));
    expect(channel.intervalsAsked).toHaveLength(1);
    const full = tablesFor({ [KEY]: 12 });
    full.tables[0]!.rows[0]!.intervals = { v: [1, 2] };
    // A different value in the full answer: the value on screen must not move.
    full.tables[0]!.rows[0]!.model = { v: 12.5 };
    channel.intervalsAsked[0]!.resolve({ kind: 'ok', id: 1, value: full });
    await flush();
    const row = session.getSnapshot().results.tables!.value.tables[0]!.rows[0]!;
    expect(row.intervals).toEqual({ v: [1, 2] });
    expect(row.model.v).toBe(12);
    expect(session.getSnapshot().results.intervalsPending).toBe(false);
  });

  it('when the gesture ends, its last drag preview is asked before the deferred intervals', async () => {
    answerTables();
    await flush();
    channel.chartsAsked.at(-1)!.resolve({ kind: 'ok', id: 1, value: [] });
    await flush();
    drag(1, false);
    answerTables(2);
    await flush();
    // Step 11's preview runs; step 12 waits behind it.
    const running = channel.chartsAsked.at(-1)!;
    expect(running.params[KEY]).toBe(11);
    session.setParam(KEY, 12, { replace: true });
    answer(channel.tablesAsked.at(-1)!, 3, true);
    await flush();
    const asked = channel.asked.length;
    events.dispatchEvent(new Event('pointerup'));
    await flush();
    // Step 11's preview makes way; the intervals (hundreds of ms on the same pool) go after the
    // last step's preview (tens).
    expect(channel.asked.slice(asked)).toEqual(['charts', 'intervals']);
    expect(channel.chartsAsked.at(-1)!.params[KEY]).toBe(12);
    expect(channel.chartsAsked.at(-1)!.options).toEqual({ preview: true });
    expect(channel.intervalsAsked[0]!.params[KEY]).toBe(12);
  });
});

describe('mergeIntervals', () => {
  it('takes intervals and coverage from the full tables, every value from the shown ones', () => {
    const values = tablesFor({ [KEY]: 5 }, true);
    const full = tablesFor({ [KEY]: 6 });
    full.tables[0]!.rows[0]!.intervals = { v: [4, 8] };
    full.tables[0]!.coverage = { inside: 1, cells: 1 };
    const merged = mergeIntervals(values, full);
    expect(merged.intervalsLater).toBeUndefined();
    expect(merged.tables[0]!.rows[0]!.model.v).toBe(5);
    expect(merged.tables[0]!.rows[0]!.intervals).toEqual({ v: [4, 8] });
    expect(merged.tables[0]!.coverage).toEqual({ inside: 1, cells: 1 });
  });
});

describe('packRecords', () => {
  it('packs long numeric series into transferable buffers and rebuilds them exactly', () => {
    const points = Array.from({ length: PACK_MIN + 5 }, (_, i) => ({
      x: i,
      y: i === 3 ? -0 : i / 7,
    }));
    const chart = {
      id: 'c',
      series: [{ name: 's', points, short: [{ x: 1, y: 2 }] }],
      markers: [],
    };
    const { value, transfer } = packRecords(chart);
    expect(transfer).toHaveLength(1);
    expect(Array.isArray((value as typeof chart).series[0]!.points)).toBe(false);
    const back = unpackRecords<typeof chart>(structuredClone(value, { transfer }));
    expect(back).toEqual(chart);
    expect(Object.is(back.series[0]!.points[3]!.y, -0)).toBe(true);
  });

  it('leaves records with a missing or non-numeric field as they are', () => {
    const mixed = Array.from({ length: PACK_MIN }, (_, i) => (i === 5 ? { x: i } : { x: i, y: 1 }));
    const labelled = Array.from({ length: PACK_MIN }, (_, i) => ({ x: i, label: 'a' }));
    expect(packRecords([mixed, labelled]).transfer).toHaveLength(0);
  });
});
