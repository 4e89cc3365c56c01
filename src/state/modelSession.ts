/**
 * One path for a step (issue 31): a model page's own session. It holds the page's scenario in
 * memory and owns the page's worker channel (src/state/labClient.ts `labStepChannel`: its own
 * latest-only channel to the tables worker, its chart jobs on the pool), so a
 * control's step goes straight from the input event to the worker:
 *
 *   setParam → the scenario in memory → ONE tables request (latest-only: a newer step replaces
 *   one still waiting) → only the knobs re-render (`getLive()`) → the tables' answer → the
 *   page re-renders from `getSnapshot()`, and the charts' request goes to the chart pool
 *   (latest-only, never cancelled mid-drag, so the charts follow the drag at their own pace).
 *
 * The table comes first (issue 31): a step renders nothing but its knobs until its tables
 * arrive (a page status of "loading" only once they have taken `BUSY_MS`); the charts are asked
 * once the step's tables are answered, so that their worker never competes with the tables'
 * for a core; and charts answered while a step's tables are being computed wait for them, then
 * come in a task of their own, so that drawing them never holds up the tables' answer.
 *
 * During a gesture the charts are asked as a drag preview (`ChartOptions.preview`: a model may
 * answer cheaper charts, marked `preview`, its caption stating the resolution); when the gesture
 * ends, a stale chart job still running is cancelled (between its parts), and once the last
 * step's preview is on screen its full charts are asked and replace it.
 *
 * Nothing reads the link during a gesture. The link (location.hash, one history entry per
 * gesture, for undo) is written when the gesture ends: pointerup, keyup, `change`, or
 * `IDLE_MS` after the last step with no pointer held. A link that changes from outside (back,
 * forward, a pasted link, undo) arrives as the route's scenario (`fromLink`) and is loaded.
 *
 * Prediction intervals a model defers (`ScenarioTables.intervalsLater`) are asked once the
 * gesture has ended, on the pool, and merged into the tables on screen: only the interval
 * fields change (`mergeIntervals`), never a value.
 */
import type { ScenarioTables } from '../compare/types';
import type {
  ChartData,
  ChartOptions,
  ModelInfo,
  ParamValue,
  ParamValues,
  TablesOptions,
} from '../models/types';
import { presetScenario, type Scenario } from '../scenario';
import type { Outcome } from './workerClient';
import { keepUnchanged } from './keepUnchanged';
import { scenarioHash } from './scenarioLink';

/** A result and the scenario (as its hash) it was computed for. */
export interface Computed<T> {
  hash: string;
  modelId: string;
  value: T;
}

export interface ScenarioResults {
  /** The tables on screen; while computing they may belong to an earlier scenario of the same model. */
  tables: Computed<ScenarioTables> | null;
  charts: Computed<ChartData[]> | null;
  /** loading: the tables on screen are not (yet) those of `scenario`. */
  status: 'loading' | 'ready' | 'error';
  error: Error | null;
  /** True while the charts on screen are not those of `scenario`. */
  chartsUpdating: boolean;
  /** The tables on screen are this scenario's values; their prediction intervals are coming. */
  intervalsPending: boolean;
  /** The intervals could not be computed (the values stay). */
  intervalsError: Error | null;
  chartsError: Error | null;
  retry: () => void;
}

/** What a tables answer carries besides the tables: the worker's own time, for the bench. */
export interface StepAnswer {
  tables: ScenarioTables;
  /** Milliseconds the model and the comparison took in the worker. */
  workerMs: number;
}

/** The worker side of a session (labStepChannel in ./labClient.ts; a stand-in in tests). */
export interface StepChannel {
  /** Latest-only: a request still waiting when a newer one comes resolves `superseded`. */
  tables(
    modelId: string,
    params: ParamValues,
    options: TablesOptions,
  ): Promise<Outcome<StepAnswer>>;
  /**
   * One job at a time (the session keeps the newest step waiting behind it); `signal`
   * cancels (a stale slow job when the gesture ends): it then resolves `superseded`.
   */
  charts(
    modelId: string,
    params: ParamValues,
    signal: AbortSignal,
    options?: ChartOptions,
  ): Promise<Outcome<ChartData[]>>;
  /** The full tables (with intervals); `signal` cancels. */
  intervals(
    modelId: string,
    params: ParamValues,
    signal: AbortSignal,
  ): Promise<Outcome<ScenarioTables>>;
  /**
   * Computes these scenarios' tables unseen, so that the model's code is compiled before the
   * first drag (./warmScenarios.ts); stops when a step comes. Resolves with how many it did.
   */
  warm?(modelId: string, scenarios: ParamValues[]): Promise<number>;
  dispose(): void;
}

/** Where the session writes the link and hears gestures end (the window; a stand-in in tests). */
export interface SessionHost {
  /** location.hash now. */
  currentHash(): string;
  /** Writes the link: a new history entry, or `replace` the current one. */
  navigate(hash: string, how: { replace: boolean }): void;
  /** pointerdown, pointerup, pointercancel, keyup and change arrive here. */
  events: EventTarget | null;
}

/** With no pointer held, a step with no other step for this long ends its gesture. */
export const IDLE_MS = 250;
/** Changes to one parameter closer together than this are one undo step. */
export const GESTURE_MS = 1000;
/**
 * A step whose tables take longer than this shows the page as loading ("Computing…"); a quicker
 * one re-renders only its knobs until its tables are there.
 */
export const BUSY_MS = 100;
/** What the page asks on every step: the values first (`TablesOptions`). */
export const VALUES_FIRST: TablesOptions = { intervals: false };

/**
 * Performance marks for `npm run bench` (scripts/bench/ui-timing.ts): on only when the page
 * was opened with `globalThis.__latencyLabMarks = true` (an init script), so that they cost
 * nothing otherwise.
 */
const MARKS =
  typeof performance !== 'undefined' &&
  typeof performance.mark === 'function' &&
  (globalThis as { __latencyLabMarks?: unknown }).__latencyLabMarks === true;

export function mark(name: string, detail: Record<string, unknown>): void {
  if (MARKS) performance.mark(name, { detail });
}

/**
 * The tables `values` (asked without intervals) with the intervals of `full` (the same
 * scenario asked with them): only the interval fields and the coverage come from `full`;
 * every value, error and note stays as it was on screen, so nothing but the intervals moves.
 */
export function mergeIntervals(values: ScenarioTables, full: ScenarioTables): ScenarioTables {
  const tables = values.tables.map((t) => {
    const f = full.tables.find((x) => x.id === t.id);
    if (!f) return t;
    const rows = t.rows.map((r, i) => {
      const fr = f.rows[i]?.label === r.label ? f.rows[i] : f.rows.find((x) => x.label === r.label);
      if (!fr) return r;
      return {
        ...r,
        ...(fr.intervals ? { intervals: fr.intervals } : {}),
        ...(fr.intervalParts ? { intervalParts: fr.intervalParts } : {}),
        ...(fr.confidence ? { confidence: fr.confidence } : {}),
      };
    });
    return {
      ...t,
      rows,
      ...(f.coverage ? { coverage: f.coverage } : {}),
      ...(f.intervalLevel !== undefined ? { intervalLevel: f.intervalLevel } : {}),
    };
  });
  const { intervalsLater: _, ...rest } = values;
  return { ...rest, tables };
}

type Failure = { hash: string; error: Error } | null;

export interface SessionSnapshot {
  /** The page's scenario: ahead of the link during a gesture. */
  scenario: Scenario;
  /** Its hash (scenarioHash without a mode), as the results carry it. */
  hash: string;
  results: ScenarioResults;
}

/** What the session needs from the page, read at each use (it changes with the link's mode). */
export interface SessionLinks {
  /** The hash to write for a scenario on this page (its mode, a lesson step's link). */
  hashOf: (scenario: Scenario) => string;
}

export class ModelSession {
  private scenario: Scenario;
  private hash: string;
  /** Steps asked so far; each tables and charts answer says which step it answers. */
  private seq = 0;
  private tables: (Computed<ScenarioTables> & { seq: number }) | null = null;
  /** `preview`: a drag preview (some chart marked `preview`), replaced once the gesture ends. */
  private charts: (Computed<ChartData[]> & { seq: number; preview: boolean }) | null = null;
  private tablesError: Failure = null;
  private chartsError: Failure = null;
  private intervalsError: Failure = null;
  private intervalsAsked: { hash: string; controller: AbortController } | null = null;
  /** The charts: one in flight at most; the newest step waiting behind it. */
  private chartsInFlight: { seq: number; controller: AbortController } | null = null;
  private chartsWanted: {
    seq: number;
    scenario: Scenario;
    hash: string;
    preview: boolean;
  } | null = null;
  /** A step not yet in the link: written when its gesture ends. */
  private unwritten: { key: string } | null = null;
  /** The last link this session wrote (its echo from the route is not an outside change). */
  private written: { key: string; at: number; hash: string; scenarioHash: string } | null = null;
  /** The route's scenario hash last seen (`fromLink`). */
  private linkSeen: string;
  private pointerHeld = false;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** A quiet step's: shows the page as loading if its tables take `BUSY_MS`. */
  private busyTimer: ReturnType<typeof setTimeout> | null = null;
  /** The newest step whose tables have been answered (or failed). */
  private settledSeq = 0;
  /** Charts answered while a step's tables were computing: shown after them. */
  private heldCharts: (Computed<ChartData[]> & { seq: number; preview: boolean }) | null = null;
  private heldTimer: ReturnType<typeof setTimeout> | null = null;
  /** Deferred intervals, asked once the last step's drag preview is sent (`askIntervalsSoon`). */
  private intervalsAfterPreview = false;
  /** Whether the tables worker has been asked to warm the model (`warmSoon`). */
  private warmAsked = false;
  private readonly listeners = new Set<() => void>();
  /** The knobs': told of every step, before its tables are there. */
  private readonly liveListeners = new Set<() => void>();
  private snapshot: SessionSnapshot | null = null;
  private links: SessionLinks = { hashOf: (s) => scenarioHash(s) };
  private attached: (() => void) | null = null;
  /** Counted for tests: requests sent to each channel. */
  readonly sent = { tables: 0, charts: 0, intervals: 0, links: 0 };

  constructor(
    private readonly model: ModelInfo,
    scenario: Scenario,
    private readonly channel: StepChannel,
    private readonly host: SessionHost,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.scenario = scenario;
    this.hash = scenarioHash(scenario);
    this.linkSeen = this.hash;
  }

  // ——— React's external store ———

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => {
    this.snapshot ??= this.makeSnapshot();
    return this.snapshot;
  };

  /**
   * The scenario in hand, for the knobs: ahead of `getSnapshot().scenario` from a step until
   * its tables are there (the page shows the scenario of the tables on screen meanwhile).
   */
  subscribeLive = (listener: () => void): (() => void) => {
    this.liveListeners.add(listener);
    return () => this.liveListeners.delete(listener);
  };

  getLive = (): Scenario => this.scenario;

  private changed(): void {
    this.clearBusy();
    this.snapshot = null;
    for (const l of [...this.listeners]) l();
    this.changedLive();
  }

  /** A step the page need not show before its tables: only the knobs re-render. */
  private changedLive(): void {
    for (const l of [...this.liveListeners]) l();
  }

  private clearBusy(): void {
    if (this.busyTimer !== null) clearTimeout(this.busyTimer);
    this.busyTimer = null;
  }

  /** Starts listening for gestures' ends and asks for the first results. */
  attach(): void {
    if (this.attached) return;
    const target = this.host.events;
    const down = () => (this.pointerHeld = true);
    const up = () => {
      this.pointerHeld = false;
      this.endGesture();
    };
    const end = () => this.endGesture();
    // Chromium fires `change` on a range input as a pointer drag moves it: only the pointer's
    // release ends that gesture.
    const changed = () => {
      if (!this.pointerHeld) this.endGesture();
    };
    target?.addEventListener('pointerdown', down, true);
    target?.addEventListener('pointerup', up, true);
    target?.addEventListener('pointercancel', up, true);
    target?.addEventListener('keyup', end, true);
    target?.addEventListener('change', changed, true);
    this.attached = () => {
      target?.removeEventListener('pointerdown', down, true);
      target?.removeEventListener('pointerup', up, true);
      target?.removeEventListener('pointercancel', up, true);
      target?.removeEventListener('keyup', end, true);
      target?.removeEventListener('change', changed, true);
    };
    if (!this.tables || this.tables.hash !== this.hash) this.ask();
  }

  /** Stops listening and cancels its charts (a page left; a new session starts with the next). */
  dispose(): void {
    this.attached?.();
    this.attached = null;
    this.clearIdle();
    this.clearBusy();
    if (this.heldTimer !== null) clearTimeout(this.heldTimer);
    this.heldTimer = null;
    this.heldCharts = null;
    this.intervalsAsked?.controller.abort();
    this.intervalsAsked = null;
    this.channel.dispose();
    this.chartsInFlight?.controller.abort();
    this.chartsInFlight = null;
  }

  setLinks(links: SessionLinks): void {
    this.links = links;
  }

  // ——— Steps ———

  /**
   * One parameter changed. `replace: true` (a slider, a number typed) is a step of a gesture:
   * the link is written when the gesture ends, and joins the previous entry when that was the
   * same parameter within GESTURE_MS. `replace: false` writes a new history entry at once.
   */
  setParam = (key: string, value: ParamValue, { replace }: { replace: boolean }): void => {
    // Choosing another paper table loads that table's experiment, as its doc says.
    if (key === this.model.presetParam && this.model.presets.some((p) => p.id === value)) {
      this.unwritten = null;
      this.clearIdle();
      this.load(presetScenario(this.model, String(value)));
      this.writeLink('', false);
      return;
    }
    const next = { ...this.scenario, params: { ...this.scenario.params, [key]: value } };
    // A step of a gesture asks the charts' drag preview; the full charts follow its end.
    this.load(next, key, replace);
    if (!replace) {
      this.unwritten = null;
      this.clearIdle();
      this.writeLink(key, false);
      return;
    }
    this.unwritten = { key };
    this.clearIdle();
    if (!this.pointerHeld) this.idleTimer = setTimeout(() => this.endGesture(), IDLE_MS);
  };

  /** Writes the link of a gesture's last step (nothing when there is none). */
  endGesture = (): void => {
    this.clearIdle();
    const pending = this.unwritten;
    if (!pending) return;
    this.unwritten = null;
    this.writeLink(pending.key, true);
    // Charts of an earlier step still computing make way for the last step's: a job in parts
    // (file-access's sweeps) stops after the part under way; a part that does not end within
    // the pool's grace (labClient.ts CHARTS_CANCEL_GRACE_MS) has its worker stopped.
    const charts = this.chartsInFlight;
    if (charts && charts.seq !== this.seq) {
      charts.controller.abort();
      this.chartsInFlight = null;
    }
    // The last step's preview, then (or at once, if it is on screen) its full charts.
    this.pumpCharts();
    // The values were shown during the gesture; a deferred interval is asked now.
    this.askIntervalsSoon();
    // Full charts shown during the gesture (a model with no drag preview) did not warm it.
    if (this.charts?.preview === false) this.warmSoon();
  };

  /** The scenario the link (route) holds: loaded when it came from outside this session. */
  fromLink(scenario: Scenario): void {
    const hash = scenarioHash(scenario);
    if (hash === this.linkSeen) return;
    this.linkSeen = hash;
    // The echo of this session's own write, or the scenario already in memory.
    if (hash === this.written?.scenarioHash || hash === this.hash) return;
    this.unwritten = null;
    this.clearIdle();
    this.written = null;
    this.load(scenario);
    this.askIntervals();
  }

  /** Before undo, redo or another deliberate step: the gesture under way goes into the link. */
  flush(): void {
    this.endGesture();
  }

  /** Forgets the gesture joining (the next step starts a new history entry). */
  newEntry(): void {
    this.written = null;
  }

  retry = (): void => {
    this.tablesError = null;
    this.chartsError = null;
    this.intervalsError = null;
    this.tables = this.tables && { ...this.tables, hash: '' };
    this.charts = this.charts && { ...this.charts, hash: '', seq: -1 };
    this.ask();
    this.changed();
  };

  current(): Scenario {
    return this.scenario;
  }

  private clearIdle(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private writeLink(key: string, join: boolean): void {
    const hash = this.links.hashOf(this.scenario);
    const at = this.now();
    const last = this.written;
    const replace =
      join &&
      last !== null &&
      key !== '' &&
      last.key === key &&
      last.hash === this.host.currentHash() &&
      at - last.at < GESTURE_MS;
    this.written = { key, at, hash, scenarioHash: this.hash };
    this.linkSeen = this.hash;
    this.sent.links++;
    this.host.navigate(hash, { replace });
  }

  /** `quiet`: a step of a gesture, shown by its knobs until its tables are there. */
  private load(scenario: Scenario, key = '', quiet = false): void {
    this.scenario = scenario;
    this.hash = scenarioHash(scenario);
    this.intervalsAsked?.controller.abort();
    this.intervalsAsked = null;
    this.intervalsAfterPreview = false;
    mark('ll:input', { hash: this.hash, key });
    this.ask(quiet);
    if (!quiet) return this.changed();
    this.changedLive();
    if (this.busyTimer === null)
      this.busyTimer = setTimeout(() => {
        this.busyTimer = null;
        if (this.tables?.hash !== this.hash) this.changed();
      }, BUSY_MS);
  }

  /** Within a gesture: a step not yet in the link, or a pointer held. */
  private inGesture(): boolean {
    return this.unwritten !== null || this.pointerHeld;
  }

  /**
   * One step: the tables; the charts (`preview`: their drag preview) are wanted, and asked once
   * the tables are answered.
   */
  private ask(preview = false): void {
    const seq = ++this.seq;
    const { scenario, hash } = this;
    const { modelId, params } = scenario;
    this.sent.tables++;
    mark('ll:sent', { hash, seq });
    this.chartsWanted = { seq, scenario, hash, preview };
    void this.channel.tables(modelId, params, VALUES_FIRST).then((outcome) => {
      if (outcome.kind === 'superseded') return;
      this.settledSeq = Math.max(this.settledSeq, seq);
      if (outcome.kind === 'error') {
        if (seq === this.seq) {
          this.tablesError = { hash, error: outcome.error };
          this.changed();
        }
        this.afterTables();
        return;
      }
      // Never an older step over a newer one on screen.
      if (this.tables && this.tables.seq > seq) return this.afterTables();
      mark('ll:answer', { hash, seq, workerMs: outcome.value.workerMs });
      const answer = outcome.value.tables;
      // A table that did not change keeps its object: it is not drawn again.
      const value = { ...answer, tables: keepUnchanged(this.tables?.value.tables, answer.tables) };
      this.tables = { hash, modelId, value, seq };
      if (this.tablesError?.hash === hash) this.tablesError = null;
      this.changed();
      // The charts' and the intervals' requests after the tables are committed: React draws
      // them in a microtask queued by `changed()`, which runs before this one (issue #31).
      queueMicrotask(() => {
        if (!this.unwritten) this.askIntervalsSoon();
        this.afterTables();
      });
    });
  }

  /**
   * Once the page's first full charts are on screen, with no gesture under way, the tables
   * worker warms the model's code (./warmScenarios.ts): a student's first drag then steps as
   * fast as the later ones. Once per session; `ll:warmed` tells the bench it is done.
   */
  private warmSoon(): void {
    if (this.warmAsked || !this.channel.warm || this.inGesture()) return;
    this.warmAsked = true;
    const { modelId, params } = this.scenario;
    const warm = this.channel.warm.bind(this.channel);
    // Its code (and the sliders' scales) in a chunk of its own: not in the initial bundle.
    void import('./warmScenarios')
      .then(({ warmScenarios }) => warm(modelId, warmScenarios(this.model, params)))
      .then((scenarios) => mark('ll:warmed', { modelId, scenarios }))
      .catch(() => undefined);
  }

  /** Whether a step's tables are being computed (the newest step's not yet answered). */
  private tablesComputing(): boolean {
    return this.settledSeq < this.seq;
  }

  /**
   * A step's tables answered: the charts wanted are asked, and charts held back while the
   * tables were computing are shown in a task of their own (after the tables are drawn).
   */
  private afterTables(): void {
    this.pumpCharts();
    if (!this.heldCharts || this.heldTimer !== null) return;
    this.heldTimer = setTimeout(() => {
      this.heldTimer = null;
      const held = this.heldCharts;
      this.heldCharts = null;
      if (held) this.showCharts(held);
    }, 0);
  }

  /** Charts answered: on screen, unless they are older than those there. */
  private showCharts(next: Computed<ChartData[]> & { seq: number; preview: boolean }): void {
    const now = this.charts;
    // Never an older step over a newer one, nor a preview over the same step's full charts.
    if (now !== null && (now.seq > next.seq || (now.seq === next.seq && !now.preview))) return;
    this.charts = next;
    if (this.chartsError) this.chartsError = null;
    mark('ll:charts', { hash: next.hash, seq: next.seq });
    if (!next.preview) this.warmSoon();
    this.changed();
    // The full charts, once the gesture's last preview is on screen.
    this.pumpCharts();
  }

  /**
   * Starts the charts wanted, one job at a time: the newest step's (its preview during a
   * gesture), or, once the gesture is over and its preview is on screen, the full charts.
   */
  private pumpCharts(): void {
    // The tables first: the charts' worker does not compete with theirs for a core.
    if (this.chartsInFlight || this.tablesComputing()) return;
    const shown = this.charts;
    const want =
      this.chartsWanted ??
      (shown?.preview && shown.seq === this.seq && !this.inGesture()
        ? { seq: this.seq, scenario: this.scenario, hash: this.hash, preview: false }
        : null);
    if (!want) return;
    this.chartsWanted = null;
    // Already on screen (a preview will do for a preview).
    if (shown?.seq === want.seq && (want.preview || !shown.preview)) return this.intervalsNow();
    const { seq, hash, scenario, preview } = want;
    const flight = { seq, controller: new AbortController() };
    this.chartsInFlight = flight;
    this.sent.charts++;
    if (seq === this.seq) this.intervalsNow();
    const options: ChartOptions = preview ? { preview: true } : {};
    void this.channel
      .charts(scenario.modelId, scenario.params, flight.controller.signal, options)
      .then((outcome) => {
        if (flight.controller.signal.aborted) return;
        this.chartsInFlight = null;
        if (outcome.kind === 'ok') {
          const isPreview = outcome.value.some((c) => c.kind === 'line' && c.preview === true);
          const next = {
            hash,
            modelId: scenario.modelId,
            // A chart that did not change keeps its object: it is not drawn again.
            value: keepUnchanged(this.charts?.value, outcome.value),
            seq,
            preview: isPreview,
          };
          // Drawn after the tables being computed, never in their way.
          if (!this.tablesComputing()) return this.showCharts(next);
          if (!this.heldCharts || this.heldCharts.seq <= seq) this.heldCharts = next;
        } else if (outcome.kind === 'error' && seq === this.seq) {
          this.chartsError = { hash, error: outcome.error };
          this.changed();
        }
        this.pumpCharts();
      });
  }

  /**
   * The deferred intervals, once the gesture is over: after the last step's drag preview if
   * it is still to be sent (a few tens of ms on the same pool, where the intervals take
   * hundreds: the charts then follow the drag's end at once), else now. Never behind full
   * charts: those are asked after the preview is on screen, behind the intervals.
   */
  private askIntervalsSoon(): void {
    const want = this.chartsWanted;
    if (want?.seq === this.seq && want.preview) this.intervalsAfterPreview = true;
    else this.askIntervals();
  }

  /** The intervals deferred behind the last step's preview, now that it is sent (or shown). */
  private intervalsNow(): void {
    if (!this.intervalsAfterPreview) return;
    this.intervalsAfterPreview = false;
    this.askIntervals();
  }

  /** The deferred intervals of the tables on screen, once they are the scenario's own. */
  private askIntervals(): void {
    const shown = this.tables;
    if (!shown || shown.hash !== this.hash || shown.value.intervalsLater !== true) return;
    if (this.intervalsAsked?.hash === this.hash) return;
    const controller = new AbortController();
    const hash = this.hash;
    this.intervalsAsked = { hash, controller };
    this.sent.intervals++;
    const { modelId, params } = this.scenario;
    void this.channel.intervals(modelId, params, controller.signal).then((outcome) => {
      if (controller.signal.aborted || outcome.kind === 'superseded') return;
      const now = this.tables;
      if (!now || now.hash !== hash) return;
      if (outcome.kind === 'ok')
        this.tables = { ...now, value: mergeIntervals(now.value, outcome.value) };
      else this.intervalsError = { hash, error: outcome.error };
      this.changed();
    });
    this.changed();
  }

  private makeSnapshot(): SessionSnapshot {
    const { hash, model } = this;
    const tables = this.tables && {
      hash: this.tables.hash,
      modelId: model.id,
      value: this.tables.value,
    };
    const charts = this.charts && {
      hash: this.charts.hash,
      modelId: model.id,
      value: this.charts.value,
    };
    const error = this.tablesError?.hash === hash ? this.tablesError.error : null;
    const chartsError = this.chartsError?.hash === hash ? this.chartsError.error : null;
    const intervalsError = this.intervalsError?.hash === hash ? this.intervalsError.error : null;
    const needIntervals = tables?.hash === hash && tables.value.intervalsLater === true;
    return {
      scenario: this.scenario,
      hash,
      results: {
        tables,
        charts,
        status: error ? 'error' : tables?.hash === hash ? 'ready' : 'loading',
        error,
        chartsUpdating: charts?.hash !== hash && !chartsError,
        intervalsPending: needIntervals && !intervalsError,
        intervalsError,
        chartsError,
        retry: this.retry,
      },
    };
  }
}
