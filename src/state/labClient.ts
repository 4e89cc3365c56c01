/**
 * The model workers. The main thread never runs a model: it only asks.
 *
 * Instances of workers/lab.worker.ts, each created on first use and each a newest-wins
 * channel (src/state/workerClient.ts): `tables` is fast and asked on every slider step;
 * `charts` runs sweeps that take much longer, on a pool of workers (src/state/workerPool.ts);
 * `trace` serves the page-replacement trace panel; `pinned` computes a compare link's scenario A
 * (its tables on a worker of their own, its charts on the pool as a job of their own), so that
 * A and B never supersede each other.
 * Separate workers keep a slow sweep (or a panel) from holding up the next table.
 */
import type {
  ChartData,
  ChartOptions,
  LineChartData,
  ParamValues,
  TablesOptions,
} from '../models/types';
import { joinChartSlices } from '../models/define';
import type { ScenarioTables } from '../compare/types';
import type { TableSensitivity } from '../compare/sensitivity';
import type { LabApi } from '../../workers/lab.worker';
import { LatestOnly, toError, WorkerClient, type Outcome } from './workerClient';
import type { StepAnswer, StepChannel } from './modelSession';
import { unpackRecords } from './unpackRecords';
import { LatestJob, poolSize, WorkerPool } from './workerPool';
import { makeGate, setGate } from './answerGate';
import type { GateMessage } from '../../workers/answerGate';

export type { Outcome } from './workerClient';

/**
 * How long the page-replacement trace panel waits for the scenario to hold still before it
 * asks again (its own worker; the model page's charts follow the drag, src/state/modelSession.ts).
 */
export const CHARTS_QUIET_MS = 150;

export type LabChannel = 'tables' | 'charts' | 'trace' | 'pinned' | 'lesson';
/**
 * The tables' channels: the page's scenario, the trace panel's, a pinned scenario A, and a
 * lesson step's revealed answers (its own worker, started at the first reveal).
 */
export type TablesChannelName = 'tables' | 'trace' | 'pinned' | 'lesson';

/** Silence after which a model run counts as hung: its worker is stopped and restarted. */
export const LAB_TIMEOUT_MS: Record<LabChannel, number> = {
  tables: 15_000,
  charts: 60_000,
  trace: 15_000,
  pinned: 15_000,
  lesson: 15_000,
};

/**
 * A knob for the browser tests only (tests/e2e/faults.test.ts), never part of a permalink:
 * `localStorage['latency-lab:worker-timeout-ms']`, when set to a number, replaces every lab
 * channel's timeout, clamped to [WORKER_TIMEOUT_KNOB_RANGE_MS], so that a hung worker is
 * detected in a second or two instead of 15 s. It is read at each call, so a test can lower
 * it for a hang and raise it again for the retry. Without it, or with a value that is not a number, `LAB_TIMEOUT_MS`.
 */
export const WORKER_TIMEOUT_KNOB = 'latency-lab:worker-timeout-ms';
export const WORKER_TIMEOUT_KNOB_RANGE_MS = [1_000, 120_000] as const;

export function timeoutFor(channel: LabChannel): number {
  let raw: string | null = null;
  try {
    raw = globalThis.localStorage?.getItem(WORKER_TIMEOUT_KNOB) ?? null;
  } catch {
    // Storage can be disabled (privacy settings); the defaults apply.
  }
  const ms = raw === null || raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(ms)) return LAB_TIMEOUT_MS[channel];
  const [lo, hi] = WORKER_TIMEOUT_KNOB_RANGE_MS;
  return Math.min(hi, Math.max(lo, ms));
}

export function labWorker(name: string): Worker {
  return new Worker(new URL('../../workers/lab.worker.ts', import.meta.url), {
    type: 'module',
    name,
  });
}

function labClient(channel: LabChannel): WorkerClient<LabApi> {
  return new WorkerClient<LabApi>(() => labWorker(`lab-${channel}`), {
    name: channel,
    timeoutMs: () => timeoutFor(channel),
  });
}

type IntervalsChannel = LatestJob<LabApi, [string, ParamValues], ScenarioTables | null>;

let intervals: IntervalsChannel | null = null;
let sweeps: LatestJob<LabApi, [string, ParamValues, string], LineChartData | null> | null = null;

/** What the page asks on every step: the values first (`TablesOptions`). */
export { VALUES_FIRST } from './modelSession';

let sweepPool: WorkerPool<LabApi> | null = null;
/**
 * A cancelled part (a stale drag step's chart, an interval superseded) may finish this long
 * before its worker is stopped: a part runs in one go and cannot stop half-way, and a worker
 * stopped and started again is cold (its chunks loaded again, its code not yet optimised, the
 * models' memoised runs gone): hyperthreads' charts then cost ×3.4 CPU (440 against 128 ms
 * for a drag preview), more than any part left to finish.
 */
export const CHARTS_CANCEL_GRACE_MS = 300;

/**
 * The pool the charts' sweeps (and a table's deferred intervals) run on, sized to the machine.
 * Every pool worker is named `lab-charts` (tests/e2e/faults.test.ts injects faults by name).
 */
function pool(): WorkerPool<LabApi> {
  sweepPool ??= new WorkerPool<LabApi>(chartsWorker, poolSize(), {
    name: 'charts',
    timeoutMs: () => timeoutFor('charts'),
    cancelGraceMs: CHARTS_CANCEL_GRACE_MS,
  });
  return sweepPool;
}
/** Closed while a model page's tables request is in flight (./answerGate.ts). */
const answerGate = makeGate();

/** A charts worker, handed the answer gate in its first message. */
function chartsWorker(): Worker {
  const worker = labWorker('lab-charts');
  if (answerGate) worker.postMessage({ labAnswerGate: answerGate.buffer } satisfies GateMessage);
  return worker;
}

/** The model pages' tables worker (`lab-tables`): kept from page to page, started once. */
let pageTables: WorkerClient<LabApi> | null = null;
/** The tables' workers, one per channel name, each started at its first use and kept. */
const tablesClients: Partial<Record<TablesChannelName, WorkerClient<LabApi>>> = {};

/** A tables channel its owner holds (a panel, a lesson step, a reveal), and ends. */
export interface TablesChannel {
  /** Latest-only: a request still waiting when a newer one comes resolves `superseded`. */
  tables(
    modelId: string,
    params: ParamValues,
    options?: TablesOptions,
  ): Promise<Outcome<ScenarioTables>>;
  /** Ended: answers still to come resolve `superseded`. */
  dispose(): void;
}

/**
 * The one way to ask for the model's tables beside the paper's outside a model page's own step
 * (src/state/modelSession.ts): each owner (the trace panel, a lesson step, a class reveal,
 * compare's pinned scenario A) makes its own channel, latest-only, on the worker of its name
 * (`trace`, `lesson`, `pinned`; `tables` shares the model pages' worker), and disposes of it
 * when it goes. No request path is kept at module level but the workers themselves.
 */
export function labTablesChannel(name: TablesChannelName): TablesChannel {
  const client =
    name === 'tables'
      ? (pageTables ??= labClient('tables'))
      : (tablesClients[name] ??= labClient(name));
  const latest = new LatestOnly(client, (api, id: string, p: ParamValues, o: TablesOptions) =>
    api.tables(id, p, o),
  );
  // Answers to requests made before the last dispose are dropped (a channel may be used again
  // after it, as a session re-attached is).
  let generation = 0;
  return {
    tables: (modelId, params, options = {}) => {
      const asked = generation;
      return latest
        .request(modelId, params, options)
        .then((o): Outcome<ScenarioTables> =>
          asked === generation ? o : { kind: 'superseded', id: o.id },
        );
    },
    dispose: () => {
      generation++;
    },
  };
}

/**
 * One request on a channel of its own (a class reveal: each reveal asks once): the tables
 * whole, intervals included.
 */
export async function requestTablesOnce(
  modelId: string,
  params: ParamValues,
  name: TablesChannelName = 'tables',
): Promise<Outcome<ScenarioTables>> {
  const channel = labTablesChannel(name);
  try {
    return await channel.tables(modelId, params, {});
  } finally {
    channel.dispose();
  }
}

/**
 * A model page's channel (src/state/modelSession.ts): its own latest-only channel to the
 * tables worker (`lab-tables`, one for every page in turn, so a new page does not start a
 * worker again), the charts on the pool (one job at a time, never cancelled by the next
 * step: the session keeps only the newest waiting, and cancels a slow stale job when the
 * gesture ends), and the deferred intervals on the pool. Leaving the page cancels its charts.
 */
export function labStepChannel(): StepChannel {
  const tables = (pageTables ??= labClient('tables'));
  const steps = new LatestOnly(tables, (api, id: string, p: ParamValues, o: TablesOptions) =>
    api.step(id, p, o),
  );
  let closing = new AbortController();
  return {
    // The tables first (issue 31): while a step's tables compute, the pool starts no chart
    // part, so that on two cores the tables' worker and the page are not short of one.
    tables: (modelId, params, options) => {
      const charts = pool();
      const release = charts.hold();
      setGate(answerGate, true);
      return steps.request(modelId, params, options).finally(() => {
        release();
        // The gate opens with the last hold: the charts' answers come after the tables'.
        if (!charts.held) setGate(answerGate, false);
      });
    },
    charts: (modelId, params, cancel, options) =>
      requestCharts(modelId, params, AbortSignal.any([closing.signal, cancel]), options),
    intervals: (modelId, params, signal) => requestIntervals(modelId, params, signal),
    // Never timed out: it stops by itself between two scenarios when a step comes.
    warm: (modelId, scenarios) =>
      tables.call((api) => api.warm(modelId, scenarios), { timeoutMs: Infinity }).catch(() => 0),
    dispose: () => {
      closing.abort();
      closing = new AbortController();
    },
  };
}

/**
 * Compare's pinned scenario A (src/state/useScenarioResults.ts): its tables whole (intervals
 * included) on the `pinned` worker, its charts as a job of their own on the pool.
 */
export function labPinnedChannel(): StepChannel {
  let closing = new AbortController();
  const pinned = labTablesChannel('pinned');
  return {
    tables: (modelId, params) =>
      pinned
        .tables(modelId, params)
        .then((o): Outcome<StepAnswer> =>
          o.kind === 'ok' ? { ...o, value: { tables: o.value, workerMs: NaN } } : o,
        ),
    charts: (modelId, params, cancel) =>
      requestCharts(modelId, params, AbortSignal.any([closing.signal, cancel])),
    intervals: (modelId, params, signal) => requestIntervals(modelId, params, signal),
    dispose: () => {
      closing.abort();
      closing = new AbortController();
      pinned.dispose();
    },
  };
}

/**
 * The charts, on a pool of workers sized to the machine (src/state/workerPool.ts): a model that
 * splits its charts into parts (`chartParts`) has them computed at once and put back in order;
 * long series cross as transferable buffers. `signal` cancels; the tables' worker is never used.
 */
export function requestCharts(
  modelId: string,
  params: ParamValues,
  signal?: AbortSignal,
  options: ChartOptions = {},
): Promise<Outcome<ChartData[]>> {
  return pool()
    .run(async (api, part) => {
      const { total, charts } = await api.chartPartPacked(modelId, params, part, options);
      return { total, value: unpackRecords<ChartData[]>(charts) };
    }, signal)
    .then(
      (parts): Outcome<ChartData[]> => ({
        kind: 'ok',
        id: 0,
        value: joinChartSlices(parts.flat()),
      }),
      (e: unknown): Outcome<ChartData[]> =>
        signal?.aborted
          ? { kind: 'superseded', id: 0 }
          : { kind: 'error', id: 0, error: toError(e) },
    );
}

/**
 * A table's deferred prediction intervals (`ScenarioTables.intervalsLater`): the full tables,
 * asked once the scenario holds still, on the sweep pool, so that they never delay the next
 * values. A newer request, or `signal`, cancels the one before.
 */
export function requestIntervals(
  modelId: string,
  params: ParamValues,
  signal?: AbortSignal,
): Promise<Outcome<ScenarioTables>> {
  // One part: the full tables (a second pool worker, if any, answers nothing).
  intervals ??= new LatestJob(pool(), async (api, part, id, p) =>
    part === 0 ? { total: 1, value: await api.tables(id, p) } : { total: 1, value: null },
  );
  return intervals.request([modelId, params], signal).then((o): Outcome<ScenarioTables> => {
    if (o.kind !== 'ok') return o;
    const full = o.value[0];
    return full
      ? { ...o, value: full }
      : { kind: 'error', id: o.id, error: new Error('No tables.') };
  });
}

/**
 * The explore strip's sweep of one knob (src/compare/knobSweep.ts), on the sweep pool: a newer
 * request, or `signal`, cancels the one before. The tables' worker is never used.
 */
export function requestKnobSweep(
  modelId: string,
  params: ParamValues,
  key: string,
  signal?: AbortSignal,
): Promise<Outcome<LineChartData | null>> {
  // One part: the sweep (a second pool worker, if any, answers nothing).
  sweeps ??= new LatestJob(pool(), async (api, part, id, p, k) =>
    part === 0 ? { total: 1, value: await api.knobSweep(id, p, k) } : { total: 1, value: null },
  );
  return sweeps
    .request([modelId, params, key], signal)
    .then((o): Outcome<LineChartData | null> =>
      o.kind === 'ok' ? { ...o, value: o.value[0] ?? null } : o,
    );
}

let sensitivities: LatestJob<LabApi, [string, ParamValues], TableSensitivity[]> | null = null;

/**
 * Which parameters each table's headline cells depend on most (src/compare/sensitivity.ts: two
 * runs of the tables per numeric knob), on the sweep pool: a newer request, or `signal`,
 * cancels the one before. Asked only while its panel is open.
 */
export function requestSensitivity(
  modelId: string,
  params: ParamValues,
  signal?: AbortSignal,
): Promise<Outcome<TableSensitivity[]>> {
  // One part: the whole computation (a second pool worker, if any, answers nothing).
  sensitivities ??= new LatestJob(pool(), async (api, part, id, p) =>
    part === 0 ? { total: 1, value: await api.sensitivity(id, p) } : { total: 1, value: [] },
  );
  return sensitivities
    .request([modelId, params], signal)
    .then((o): Outcome<TableSensitivity[]> =>
      o.kind === 'ok' ? { ...o, value: o.value[0] ?? [] } : o,
    );
}
