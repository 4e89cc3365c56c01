/**
 * Contracts shared by every model, the worker, the permalink codec, the CLI and the views.
 * Models are pure TypeScript: no DOM, no React, and never the papers' measured values.
 */

/** A condition on another knob's value (ParamSpec.shownWhen). */
export interface ShownWhen {
  key: string;
  oneOf?: readonly string[];
  above?: number;
  atMost?: number;
}

interface ParamBase {
  /** Key in the permalink and the CLI, e.g. `discLatencyMs`. Units live in the name. */
  key: string;
  /** Visible label, without the unit (the unit is shown beside it). */
  label: string;
  /** Heading under which the control is shown (e.g. "File", "Disc", "CPU costs"). */
  group: string;
  /**
   * The values of the model's `presetParam` (paper tables) with which the control is shown;
   * always when absent. For a knob no output of the other tables reads (every shown knob
   * changes something: tests/unit/invariants-*.test.ts).
   */
  shownFor?: readonly string[];
  /**
   * Shown only while another knob says this one is read: that knob's value is one of `oneOf`,
   * or above `above`, or at most `atMost` (a Zipf skew only with a Zipf workload, a profile's
   * cost only with profiles). A list: while any of its conditions holds (a trace's policy for
   * a classic string, or a generated one short enough to trace).
   */
  shownWhen?: ShownWhen | readonly ShownWhen[];
  /**
   * The paper tables (ids) whose experiment this workload or machine knob is part of; `[]`
   * for a knob of the model's own outputs only (your configuration). Moved off its preset, it
   * turns those tables' errors into differences from the paper's run (src/compare/experiment.ts).
   * Absent: every paper table's. Fitted and assumed constants are the model, never the experiment.
   */
  experimentOf?: readonly string[];
}

export interface NumberParamSpec extends ParamBase {
  kind: 'number';
  /** Unit shown to people: 'ms', 'µs', 'B', 'records', 'pages', '%', … ('' for a pure count). */
  unit: string;
  min: number;
  max: number;
  /** Slider step; also the precision a permalink keeps. */
  step: number;
  integer: boolean;
  default: number;
  /**
   * Slider scale: log for quantities that span decades; pow2 for sizes that real machines
   * only have in powers of two (a page): the slider steps through those, and any other value
   * can only be typed (the page labels it hypothetical).
   */
  scale?: 'linear' | 'log' | 'pow2';
  /**
   * A random seed: it names a run, it is not a quantity. The page offers it as a number and a
   * "New random run" button, never a slider; the explore strip, the regime maps and the
   * CLI's sensitivity sweep leave it out. The link keeps it, so a run is reproduced exactly.
   */
  seed?: true;
  /**
   * Values the paper used, marked on the slider; a drag that passes near one stops on it, so
   * the paper's points are reachable by pointer on any scale.
   */
  marks?: readonly { value: number; label: string }[];
}

export interface EnumParamSpec extends ParamBase {
  kind: 'enum';
  options: readonly { value: string; label: string }[];
  default: string;
}

/**
 * A list of whole numbers, written `3,1,4,1,5` in a link (e.g. a page-reference string).
 * The value is that canonical text; `''` means an empty list.
 */
export interface ListParamSpec extends ParamBase {
  kind: 'list';
  /** Unit of one item, shown in messages ('' for a plain count or id). */
  unit: string;
  itemMin: number;
  itemMax: number;
  maxItems: number;
  default: string;
}

export type ParamSpec = NumberParamSpec | EnumParamSpec | ListParamSpec;

/**
 * Each parameter's doc, by key: one or two sentences, what it means physically and where its
 * default came from. A model's `docs.ts`, apart from its declarations: the controls load it
 * (the registry's `loadParamDocs`), the permalink codec and the first page never do.
 */
export type ParamDocs<P extends readonly ParamSpec[] = readonly ParamSpec[]> = {
  readonly [K in P[number]['key']]: string;
};
export type ParamValue = number | string;
export type ParamValues = Record<string, ParamValue>;

export interface ColumnSpec {
  key: string;
  label: string;
  unit: string;
}

/** One row the model computes; row labels are the paper's own so they can be joined. */
export interface ModelRow {
  label: string;
  /**
   * A short name for the run, for a table short of room (projector mode): "RPC IPF+DOCT" for
   * "RPC - IPF client, PA / DOCT server". The paper's `label` stays the key and the full name.
   */
  short?: string;
  values: Record<string, number>;
  /**
   * Out of sample: the fit behind this row never saw the paper's values for it (a leave-out
   * prediction). Compared with the paper like any row, badged as a prediction, and kept out of
   * the table's in-sample error summary.
   */
  predicted?: boolean;
  /**
   * A bound by definition, not a contender (page replacement's OPT, which knows the future):
   * a regime map leaves it out of "which wins" unless asked to include it.
   */
  optimum?: boolean;
  /**
   * Prediction interval per column key, `[lo, hi]` in the column's unit, from the fit's
   * uncertainty (fitted-parameter covariance, parameters pinned by a stated fact with their
   * range, and the calibration residuals). Absent where the model gives none.
   */
  intervals?: Record<string, [lo: number, hi: number]>;
  /**
   * What each interval is made of (uncertainty.ts): standard deviations of the parameter,
   * scatter, between-experiment and model-form parts, on the log scale for a positive output.
   */
  intervalParts?: Record<string, IntervalParts>;
  /** Confidence interval of the model's value per column: the parameter part alone. */
  confidence?: Record<string, [lo: number, hi: number]>;
}

/**
 * An interval's parts, each a standard deviation on the interval's scale: of ln(output) for
 * `log` (a positive quantity), in the output's unit for `additive` (one that can be negative).
 * The prediction interval's half-widths are k·√(sum of the parts squared), with
 * `parameterLow` below the value and `parameterHigh` above it; `parameter` is the larger.
 */
export interface IntervalParts {
  scale: 'log' | 'additive';
  /** The fitted constants' covariance pushed through the mechanism. */
  parameter: number;
  parameterLow: number;
  parameterHigh: number;
  /** The calibration cells' scatter around the mechanism. */
  scatter: number;
  /** A new measurement on another day, file or run (the model's `betweenRelSd`). */
  between: number;
  /** The spread between readings of the paper the mechanism could take. */
  modelForm: number;
}

/** A table as the model computes it: no paper values here (see src/compare). */
export interface ModelTable {
  id: string;
  title: string;
  /** Paper file and section, e.g. `000_525c0b5ef756a1ce.txt §1.3`. */
  source: string;
  columns: ColumnSpec[];
  rows: ModelRow[];
  /** Short explanations shown under the table (mechanism notes, known misses). */
  notes?: string[];
  /**
   * Column keys the model-vs-paper chart shows first, in a panel of their own; the other
   * columns follow in panels of one unit and size (src/charts/chartData.ts `barPanels`).
   */
  chartColumns?: string[];
  /** Probability the rows' `intervals` are meant to cover (e.g. 0.95); set when any row has one. */
  intervalLevel?: number;
}

export interface LinePoint {
  x: number;
  y: number;
}

export interface PaperPointRef {
  x: number;
  table: string;
  row: string;
  column: string;
  /** Shown on hover and in the chart's description, e.g. "8640, hyperthreads ON". */
  label: string;
  /**
   * Drawn at `scale` × the paper's value, for a cell that is a ratio placed on a curve of
   * another quantity (file-cache: a v3 ÷ v2 ratio times the model's v2 throughput). 1 if absent.
   */
  scale?: number;
  /** Filled from the paper by the worker (src/compare); absent while unresolved or withheld. */
  y?: number;
}

export interface LineChartData {
  kind: 'line';
  id: string;
  title: string;
  xLabel: string;
  xUnit: string;
  yLabel: string;
  yUnit: string;
  xScale: 'linear' | 'log';
  /** x takes whole numbers only (cores, jobs): the axis ticks whole numbers, never 1.5 cores. */
  xInteger?: boolean;
  /** Log y for quantities spanning decades (time vs iterations); linear when absent. */
  yScale?: 'linear' | 'log';
  /** `dots`: points only, no line (for values that jump about along x, e.g. one per user id). */
  series: {
    name: string;
    points: LinePoint[];
    dashed?: boolean;
    dots?: boolean;
    /** Prediction interval along the series, drawn as a light area behind its line. */
    band?: { x: number; lo: number; hi: number }[];
    /**
     * Drawn in the colour of the series of this name (default: its own name). Compare mode
     * gives A's and B's copies of one series the original's, so they pair by colour.
     */
    styleOf?: string;
    /** Drawn lighter (compare mode's pinned scenario A), beside an unfaded copy. */
    faded?: boolean;
  }[];
  /** Vertical markers, e.g. the current parameter value. */
  markers?: { x: number; label: string }[];
  /**
   * The paper's measurements to overlay, by reference: models never see measured values, so
   * they name the cell (table, row label, column) and the worker fills `y` from the paper.
   */
  paperPoints?: PaperPointRef[];
  caption?: string;
  /**
   * A drag preview (`ChartOptions.preview`): computed at the lower resolution its caption
   * states; the full chart replaces it when the gesture ends.
   */
  preview?: boolean;
}

export type TimelineSegmentKind = 'cpu' | 'stall' | 'disc' | 'fault';

export interface TimelineChartData {
  kind: 'timeline';
  id: string;
  title: string;
  /** Unit of the segments' start and end, and of the time axis. */
  unit: 'ms' | 'µs';
  lanes: { name: string; segments: { start: number; end: number; kind: TimelineSegmentKind }[] }[];
  /** Legend words for segment kinds where the defaults (CPU work, stall for the disc, …) don't fit. */
  kindLabels?: Partial<Record<TimelineSegmentKind, string>>;
  caption?: string;
}

/** Horizontal bars, each split into named parts (e.g. a call's cost: caller, crossing, callee). */
export interface StackedBarChartData {
  kind: 'stacked-bar';
  id: string;
  title: string;
  valueLabel: string;
  unit: string;
  bars: { label: string; parts: { name: string; value: number }[] }[];
  caption?: string;
}

export type ChartData = LineChartData | TimelineChartData | StackedBarChartData;

export interface Preset {
  /** The paper table this preset regenerates, e.g. `mpe-sl-seq`. */
  id: string;
  title: string;
  /** Values that differ from the model's defaults; the rest are defaults. */
  params: ParamValues;
}

/** The value type of one declared parameter: a number, one of an enum's option values, or a list's text. */
export type ValueOf<S extends ParamSpec> = S extends { kind: 'number' }
  ? number
  : S extends { kind: 'enum'; options: readonly { value: infer V }[] }
    ? V
    : S extends { kind: 'list' }
      ? string
      : never;

/**
 * A model's typed parameters, derived from its declaration array (declared once, `as const
 * satisfies readonly ParamSpec[]`): `ParamsOf<typeof FILE_ACCESS_PARAMS>` has one property per
 * declared key, typed by its kind. No hand-written interface repeats the declarations.
 */
export type ParamsOf<P extends readonly ParamSpec[]> = {
  [S in P[number] as S['key']]: ValueOf<S>;
};

/**
 * What the main thread knows of a model: its declarations (parameters, presets, words).
 * Kept apart from the mechanism (`ModelDefinition`) so the initial bundle carries no model
 * code: the main thread never runs a model, the worker does.
 */
export interface ModelInfo<P extends readonly ParamSpec[] = readonly ParamSpec[]> {
  id: string;
  /** Bumped when the mechanism or fitted constants change; written into every permalink as `v`. */
  version: number;
  title: string;
  /** Seed file of the paper, e.g. `000_525c0b5ef756a1ce.txt`. */
  paper: string;
  summary: string;
  params: P;
  presets: readonly Preset[];
  /**
   * Key of an enum parameter whose value names a preset (file-access: `table`). A link that
   * omits parameters gets them from that preset, then from the declared defaults.
   */
  presetParam?: string;
  /**
   * The heading each parameter group (ParamSpec `group`) is shown under. A group not listed
   * goes under Workload if it holds the preset selector, else under Machine.
   */
  sections?: Readonly<Record<string, ParamSectionId>>;
  /**
   * Old links keep working: `migrations[from]` turns a link's raw parameters of version `from`
   * into those of `from + 1` (rename keys, convert units, drop what no longer exists). Missing
   * steps are the identity. Add one whenever the parameters change meaning and `version` is
   * bumped.
   */
  migrations?: Readonly<Record<number, Migration>>;
  /**
   * The knob a student drags first (a numeric parameter's key): `npm run bench` times a drag
   * of it on the model's default scenario.
   */
  dragParam?: P[number]['key'];
}

/**
 * What is run (workload), what it runs on (machine), or the constants the model was fitted
 * with or assumes (fitted: collapsed at first, since changing one changes the model).
 */
export type ParamSectionId = 'workload' | 'machine' | 'fitted';

/** A link's text values after percent-decoding (first occurrence of a key). */
export type RawParams = ReadonlyMap<string, string>;

/** Turns the raw params of version `from` into those of version `from + 1`. */
export type Migration = (params: RawParams) => Map<string, string>;

/** How tables are asked for (`{}`: everything, as the CLI and the tests ask). */
export interface TablesOptions {
  /**
   * false: the values now, prediction intervals only where already known, for a model whose
   * intervals cost many runs (`deferrableIntervals`); the page asks again with intervals once
   * the scenario holds still. The values are the same either way.
   */
  intervals?: boolean;
  /**
   * Told after each unit of work (a row, a run) of a model whose tables can take seconds
   * (the CLI shows it on stderr). Not every model reports; none must depend on it.
   */
  onProgress?: (done: number, total: number) => void;
}

/**
 * What a scenario's tables will cost, counted from its parameters before anything runs (the
 * CLI refuses a link whose estimate is over its time budget, instead of starting it).
 */
export interface WorkEstimate {
  /** The model's elementary steps (e.g. pages visited) over every run the tables make. */
  steps: number;
  /** The steps in words, for a person: "21 runs a row × 5 rows of 128,000,000 pages". */
  what: string;
  /**
   * The steps at a fast machine's rate, which the model states with how it was measured: a
   * lower bound of the time, so a refusal is certain on any machine and any load.
   */
  seconds: number;
}

/**
 * How charts are asked for. `preview`: during a gesture, a model may answer a cheaper chart
 * (fewer runs per point, no intervals), marked `preview` and saying so in its caption; the page
 * asks the full charts when the gesture ends (src/state/modelSession.ts).
 */
export interface ChartOptions {
  preview?: boolean;
}

/** A model's mechanism: what runs in the worker, the CLI and the tests, on typed parameters. */
export interface Mechanism<P extends readonly ParamSpec[]> {
  /** Fast: the tables for one scenario (runs on every slider step). */
  tables(params: ParamsOf<P>, options?: TablesOptions): ModelTable[];
  /** True when `tables` honours `{ intervals: false }` (it then skips most of its work). */
  deferrableIntervals?: boolean;
  /** Slower: sweeps and timelines (may be dropped when a newer scenario arrives). */
  charts(params: ParamsOf<P>): ChartData[];
  /**
   * Optional: the same charts as independent parts, in order (`charts` is their
   * concatenation, with slices of one chart joined by `joinChartSlices`), so that a pool of
   * workers computes them at once and a cancel takes effect between parts
   * (src/state/workerPool.ts).
   */
  chartParts?: readonly ((params: ParamsOf<P>, options?: ChartOptions) => ChartData[])[];
  /**
   * Optional, for a model whose tables can run for minutes in range (file-access): their cost,
   * estimated from the parameters alone (see `WorkEstimate`).
   */
  work?(params: ParamsOf<P>, options?: TablesOptions): WorkEstimate;
}

/** A model with its mechanism, as the registry holds it (see ./define.ts). */
export interface ModelDefinition<
  P extends readonly ParamSpec[] = readonly ParamSpec[],
> extends ModelInfo<P> {
  /**
   * Typed parameters from validated values; anything missing comes from the declared
   * defaults, so tests and scripts may pass a partial set. Validation is the codec's job.
   */
  paramsOf(values: ParamValues): ParamsOf<P>;
  tables(values: ParamValues, options?: TablesOptions): ModelTable[];
  /** See `Mechanism.deferrableIntervals`. */
  deferrableIntervals: boolean;
  charts(values: ParamValues): ChartData[];
  /** How many parts `chartPart` splits the charts into (1 for a model without `chartParts`). */
  chartPartCount: number;
  /**
   * Part `i` of the charts (`[]` for i ≥ chartPartCount); the parts concatenated and joined
   * (`joinChartSlices`) are `charts`.
   */
  chartPart(values: ParamValues, i: number, options?: ChartOptions): ChartData[];
  /** The tables' estimated cost (`Mechanism.work`); null for a model that declares none. */
  work(values: ParamValues, options?: TablesOptions): WorkEstimate | null;
}

/**
 * Where a model's regime map starts (src/views/explore/regimeDefaults.ts): the knob up the
 * second axis (the first is `dragParam`), the cell coloured, and the choice the paper is about
 * where it has one — mapped file against the file system, shared memory against RPC, …
 */
export interface RegimeStart {
  y: string;
  /** A table id, or `first`: the scenario's first table (file-access names it by preset). */
  table: string;
  column: string;
  /** An enum parameter whose options compete, and which of them (all when absent). */
  compare?: string;
  only?: readonly string[];
}

/** A cell of a paper table, by reference: its id, the paper's row label and column key. */
export interface CellRef {
  table: string;
  row: string;
  column: string;
}

/**
 * A naive baseline as data: the paper cells it is read from and the rule, never their values
 * (src/compare/baselines.ts reads those). Its value: each source the paper gives, times
 * `scale.to / size` when scaled by a stated physical size; the first of them, or their
 * geometric mean.
 */
export interface BaselineRule {
  from: readonly (CellRef & { size?: number })[];
  /** The stated size the sources are scaled to (each source's `size` is in the same unit). */
  scale?: { quantity: string; unit: string; to: number };
  combine?: 'first' | 'geometric-mean';
  /** A value the paper states, not measures (a service time given in a row's label), instead. */
  stated?: number;
  /** The rule in words, e.g. "SL measured × file size 16,454,400 / 23,005,952 B". */
  rule: string;
}

/**
 * What a reader could predict without the mechanism, from the papers' measured values and
 * stated sizes alone, named as cells (src/compare/baselines.ts scores the model's skill over it).
 */
export interface ModelBaselines {
  /** A predicted cell of a paper table the model computes (null where none applies). */
  table?(table: string, row: string, column: string): BaselineRule | null;
  /**
   * A held-out cell of a leave-out fold (`heldOut`: the fold in words): its label, its column as
   * the scoreboard names it, and the paper's column key.
   */
  fold?(heldOut: string, cell: { label: string; column: string }, key: string): BaselineRule | null;
}

/**
 * A model's registry entry without its loader (the model's `entry.ts`): everything shared code
 * reads of a model on the main thread: its declarations, where its regime map starts, its
 * naive baselines.
 */
export interface ModelDeclarations {
  info: ModelInfo;
  regime?: RegimeStart;
  baselines?: ModelBaselines;
  /** Its leave-out folds summed up against the predictions page's goal (compare/tableFolds.ts): those whose `heldOut` holds this. */
  foldGoal?: string;
}

/**
 * The refit's prediction of a held-out cell of a leave-out fold, with its interval (a fit's
 * folds return these; scripts/leave-out.ts joins them with the published cells they predict).
 */
export interface HeldOutPrediction {
  label: string;
  column: string;
  model: number;
  lo: number;
  hi: number;
}

/** A fold's prediction, `of` the published cell it predicts (scripts/leave-out.ts joins them). */
export interface FoldPrediction extends HeldOutPrediction {
  of: CellRef;
}

/** A published table as a model's tools/ fit it (a paper's `PaperTable` is one). */
export interface PublishedTable {
  id: string;
  rows: { label: string; values: Record<string, number | null> }[];
}

/** The published tables by id, handed to a model's tools/ by the shared scripts and tests. */
export type PublishedTables = (id: string) => PublishedTable | undefined;

/** A leave-out fold as a model's tools/folds.ts gives it: each prediction names its cell, `of`. */
export interface HeldOutFold {
  /** Model id (src/models/registry.ts). */
  model: string;
  /** What was left out of the fit, in words. */
  heldOut: string;
  /** Probability the intervals are meant to cover. */
  level: number;
  /** Unit of the cells' values. */
  unit: string;
  cells: FoldPrediction[];
  /** What the fold shows, in a sentence. */
  note: string;
  /** The between-experiment term the fold's intervals carry, estimated from its fit (sd of ln). */
  betweenSd?: number;
}
