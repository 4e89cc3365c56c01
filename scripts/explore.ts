/**
 * explore — evaluate a Latency Lab permalink from the command line.
 *
 *   npm run --silent explore -- '<permalink>' [--format json|csv|md]
 *   npm run --silent explore -- - [--format …] < link.txt   (the link on stdin: a 100,000-
 *     reference link can exceed what one command-line argument may hold, 128 KB on Linux)
 *   npm run --silent explore -- --list
 *   npm run --silent explore -- --help
 *
 * The permalink is the app's link (a full URL, or from `/#/` or `#/`). The scenario is read
 * with the same codec as the app (src/scenario), then `evaluateTables` puts the model's
 * tables beside the paper's. Any problem with the link (or the command line) is an error:
 * exit code 2 and one line on stderr; nothing on stdout. Unexpected failures: exit code 1.
 * A link made by an older version of a model is no error: it is migrated, as the app does,
 * and the notice goes to stderr while the results go to stdout (exit code 0).
 *
 * A run has a time budget (`--timeout SECONDS`, default 60): the model runs in a worker thread
 * (scripts/lib/explore-worker.ts), stopped when the budget runs out (exit code 2, one line).
 * Before it starts, a model that can estimate its work (`ModelDefinition.work`) does: a link
 * whose estimate is already over the budget is refused at once, with the same kind of line.
 */
import { evaluateTables } from '../src/compare/compare';
import { CSV_HEADER, csvField, csvText, readable, toCsv } from '../src/compare/csv';
import { resultsDocument, resultsJson, type ResultsDocument } from '../src/compare/results';
import { MapError, regimeMap, type MapRequest, type RegimeMap } from '../src/compare/regimeMap';
import { MODEL_INFOS, loadModel } from '../src/models/registry';
import type { ModelInfo } from '../src/models/types';
import {
  formatAllowed,
  formatParamValue,
  parsePermalink,
  presetScenario,
  serializeScenario,
  showText,
  VERSION_KEY,
  type Problem,
} from '../src/scenario';
import { Worker } from 'node:worker_threads';
import type { ModelDefinition, ParamValues, WorkEstimate } from '../src/models/types';
import { isDirectRun } from './lib/direct-run';
import { machineRun } from './lib/machine-option';
import { toMarkdown } from './lib/markdown';
import { sensitivityMarkdown } from './lib/sensitivity-md';
import { sensitivity } from '../src/compare/sensitivity';

export const FORMATS = ['json', 'csv', 'md'] as const;
export type Format = (typeof FORMATS)[number];

export interface RunResult {
  stdout: string;
  /** At most one line (plus its newline): the error when exitCode ≠ 0, else a notice or nothing. */
  stderr: string;
  exitCode: number;
}

/** A mistake in the link or on the command line: exit code 2, one line. */
class UsageError extends Error {}

const USAGE =
  "usage: explore '<permalink>'|- [--format json|csv|md] [--sensitivity] [--map x=<param>,y=<param>[,…]] [--timeout <seconds>] [--progress|--quiet] | --list | --help (quote the link: it contains &; - reads it from stdin)";

/** A run's time budget when `--timeout` is not given, in seconds. */
export const DEFAULT_TIMEOUT_S = 60;
/** The largest `--timeout`: a day. */
export const MAX_TIMEOUT_S = 86_400;

function paramHelp(model: ModelInfo): string[] {
  return model.params.map((spec) => {
    const allowed = formatAllowed(spec);
    const dflt = formatParamValue(spec, spec.default);
    return `    ${spec.key.padEnd(26)} ${spec.label}: ${allowed} (default ${dflt})`;
  });
}

/** The help text, built from the models' parameter declarations. */
export function helpText(): string {
  const lines = [
    'explore — evaluate a Latency Lab permalink and print the model beside the paper.',
    '',
    'Usage:',
    "  npm run --silent explore -- '<permalink>' [--format json|csv|md] [--progress|--quiet]",
    '  npm run --silent explore -- - [--format …] < link.txt   the link read from stdin',
    "  npm run --silent explore -- '<permalink>' --map x=<param>,y=<param>[,n=12][,table=<id>][,column=<key>]",
    '      [,row=<label>][,compare=<option param>[:<a>|<b>…]][,better=lower|higher]',
    '      [,tie=<per cent, default 1>][,seeds=<1–10, default 3>][,optimum=include|exclude]',
    '                                         a regime map: the headline quantity over two knobs,',
    '                                         or which row (or option) wins in each cell; options',
    '                                         within tie % of the best, or within the spread over',
    '                                         the seeds (a seeded model), are a tie; rows optimal by',
    '                                         definition (OPT) compete only with optimum=include',
    "  npm run --silent explore -- '<permalink>' --sensitivity [--format json|md]",
    "                                         also which parameters each table's headline cells",
    '                                         depend on most: elasticities d ln(y)/d ln(p) by central',
    '                                         differences (±5 %), json field `sensitivity`, md section',
    '  npm run --silent explore -- --list     every preset (one per paper table) with its link',
    '  npm run --silent explore -- --help',
    '',
    'The permalink is the address the app shows, whole or from /#/ or #/, e.g.',
    "  '#/file-access?table=mpe-catalog-resident&records=7040'",
    'Parameters it leaves out come from the preset its table names, then from the defaults.',
    'How the page is shown (view=projector|embed, controls=…) changes nothing here; a compare',
    "link's scenario A (compare=1&a.<key>=…) is checked and left out: the output is B's.",
    '',
    'Formats: json (default; full precision), csv (one line per cell), md (a table per paper table).',
    'Exit codes: 0 ok; 2 bad link or arguments (one line on stderr); 1 unexpected failure.',
    'A link made by an older model version is migrated and run (exit 0), the notice on stderr.',
    'Progress: a run that passes a second says how far it is on stderr, when stderr is a',
    'terminal; --progress always (from the start), --quiet never. stdout is the same either way.',
    `Time budget: --timeout <seconds> (default ${DEFAULT_TIMEOUT_S}, at most ${MAX_TIMEOUT_S}). A run still going then`,
    'is stopped (exit 2, one line). A link whose work, estimated before it runs, is over the budget',
    'even on a fast machine is refused at once (exit 2, one line saying how much to allow).',
    '',
    'Models and parameters:',
  ];
  for (const model of MODEL_INFOS) {
    lines.push(`  ${model.id} (version ${model.version}) — ${model.title}`);
    lines.push(...paramHelp(model));
  }
  return `${lines.join('\n')}\n`;
}

interface Args {
  help: boolean;
  list: boolean;
  /** `--map x=…,y=…`: a regime map instead of the tables. */
  map: MapRequest | null;
  format: Format | null;
  link: string | null;
  /** `--sensitivity`: add each table's elasticities (src/compare/sensitivity.ts). */
  sensitivity: boolean;
  /** auto: on a terminal, once a run passes a second; always (--progress); never (--quiet). */
  progress: 'auto' | 'always' | 'never';
  /** `--timeout`: the run's time budget in seconds (null: `DEFAULT_TIMEOUT_S`). */
  timeoutS: number | null;
}

function isFormat(s: string): s is Format {
  return (FORMATS as readonly string[]).includes(s);
}

function setFormat(args: Args, value: string | undefined): void {
  if (value === undefined || value === '') {
    throw new UsageError(`--format needs a value: json, csv or md — ${USAGE}`);
  }
  if (!isFormat(value)) {
    throw new UsageError(`--format: '${showText(value)}' is not a format — use json, csv or md.`);
  }
  if (args.format !== null) throw new UsageError('--format is given twice.');
  args.format = value;
}

function setTimeoutS(args: Args, value: string | undefined): void {
  if (value === undefined || value === '') {
    throw new UsageError(`--timeout needs a number of seconds, e.g. --timeout 300 — ${USAGE}`);
  }
  const s = /^\d{1,6}(\.\d{1,3})?$/.test(value) ? Number(value) : NaN;
  if (!(s > 0 && s <= MAX_TIMEOUT_S)) {
    throw new UsageError(
      `--timeout: '${showText(value)}' is not a number of seconds from 0.001 to ${MAX_TIMEOUT_S} — e.g. --timeout 300.`,
    );
  }
  if (args.timeoutS !== null) throw new UsageError('--timeout is given twice.');
  args.timeoutS = s;
}

export function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    help: false,
    list: false,
    map: null,
    format: null,
    link: null,
    progress: 'auto',
    sensitivity: false,
    timeoutS: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg === '--list') args.list = true;
    else if (arg === '--progress') args.progress = 'always';
    else if (arg === '--sensitivity') args.sensitivity = true;
    else if (arg === '--quiet' || arg === '-q') args.progress = 'never';
    else if (arg === '--format' || arg === '-f') setFormat(args, argv[++i]);
    else if (arg === '--map') args.map = parseMap(argv[++i]);
    else if (arg.startsWith('--map=')) args.map = parseMap(arg.slice('--map='.length));
    else if (arg.startsWith('--format=')) setFormat(args, arg.slice('--format='.length));
    else if (arg === '--timeout') setTimeoutS(args, argv[++i]);
    else if (arg.startsWith('--timeout=')) setTimeoutS(args, arg.slice('--timeout='.length));
    else if (arg.startsWith('-') && arg.length > 1) {
      throw new UsageError(`unknown option '${showText(arg)}' — ${USAGE}`);
    } else if (args.link !== null) {
      throw new UsageError(
        `one permalink at a time (got a second: '${showText(arg)}') — quote the link, it contains &.`,
      );
    } else args.link = arg;
  }
  if (args.help) return args;
  if (args.sensitivity && (args.list || args.map || args.format === 'csv'))
    throw new UsageError(
      '--sensitivity goes with a permalink, in json or md (not csv, --map or --list).',
    );
  if (args.list) {
    if (args.link !== null) throw new UsageError('--list takes no permalink.');
    if (args.format !== null && args.format !== 'json') {
      throw new UsageError('--list prints JSON only; drop --format.');
    }
  } else if (args.link === null || args.link.trim() === '') {
    throw new UsageError(`missing permalink — ${USAGE}`);
  }
  return args;
}

const MAP_KEYS = [
  'x',
  'y',
  'n',
  'table',
  'column',
  'row',
  'compare',
  'better',
  'tie',
  'seeds',
  'optimum',
] as const;

/** `x=a,y=b,n=12,compare=transport:SM|RPC,…` → a map request; a bad one is a usage error. */
export function parseMap(text: string | undefined): MapRequest {
  if (!text)
    throw new UsageError('--map needs x=<param>,y=<param> — e.g. --map x=doctFactor,y=iterations');
  const fields = new Map<string, string>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!(MAP_KEYS as readonly string[]).includes(key))
      throw new UsageError(
        `--map: '${showText(key)}' is not a map field — use ${MAP_KEYS.join(', ')}.`,
      );
    if (fields.has(key)) throw new UsageError(`--map: ${key} is given twice.`);
    fields.set(key, eq < 0 ? '' : part.slice(eq + 1));
  }
  const x = fields.get('x');
  const y = fields.get('y');
  if (!x || !y) throw new UsageError('--map needs both x=<param> and y=<param>.');
  const req: MapRequest = { x, y };
  const n = fields.get('n');
  if (n !== undefined) {
    if (!/^\d{1,3}$/.test(n))
      throw new UsageError(`--map: n must be a whole number, not '${showText(n)}'.`);
    req.n = Number(n);
  }
  for (const key of ['table', 'column', 'row'] as const) {
    const v = fields.get(key);
    if (v !== undefined) req[key] = v;
  }
  const compare = fields.get('compare');
  if (compare !== undefined) {
    const [param, only] = compare.split(':');
    req.compare = param ?? '';
    if (only) req.only = only.split('|');
  }
  const better = fields.get('better');
  if (better !== undefined) {
    if (better !== 'lower' && better !== 'higher')
      throw new UsageError(`--map: better must be lower or higher, not '${showText(better)}'.`);
    req.better = better;
  }
  const tie = fields.get('tie');
  if (tie !== undefined) {
    if (!/^\d{1,2}(\.\d+)?$/.test(tie))
      throw new UsageError(`--map: tie must be a per cent from 0 to 50, not '${showText(tie)}'.`);
    req.tiePct = Number(tie);
  }
  const seeds = fields.get('seeds');
  if (seeds !== undefined) {
    if (!/^\d{1,2}$/.test(seeds))
      throw new UsageError(`--map: seeds must be a whole number, not '${showText(seeds)}'.`);
    req.seeds = Number(seeds);
  }
  const optimum = fields.get('optimum');
  if (optimum !== undefined) {
    if (optimum !== 'include' && optimum !== 'exclude')
      throw new UsageError(
        `--map: optimum must be include or exclude, not '${showText(optimum)}'.`,
      );
    req.includeOptimum = optimum === 'include';
  }
  return req;
}

/** A regime map with the link it was computed for. */
export interface MapOutput {
  permalink: string;
  model: string;
  modelVersion: number;
  map: RegimeMap;
}

/** Reads the link and computes its regime map (src/compare/regimeMap.ts). */
export async function exploreMap(
  link: string,
  req: MapRequest,
  progress?: ProgressSink,
): Promise<MapOutput> {
  const { scenario, model } = await readLink(link);
  try {
    return {
      permalink: serializeScenario(scenario),
      model: model.id,
      modelVersion: model.version,
      map: regimeMap(
        model,
        scenario.params,
        req,
        progress ? mapProgress(model.id, progress) : undefined,
      ),
    };
  } catch (e) {
    if (e instanceof MapError) throw new UsageError(`--map: ${e.message}`);
    throw e;
  }
}

function mapProgress(modelId: string, sink: ProgressSink) {
  const started = performance.now();
  return (done: number, total: number) => {
    if (done % 12 === 0 && performance.now() - started >= sink.afterMs)
      sink.write(`explore: ${modelId}: ${done} of ${total} map cells computed\n`);
  };
}

/** A map as CSV (one line per cell and option) or Markdown (the winner, or the value, per cell). */
export function mapText(out: MapOutput, format: 'csv' | 'md'): string {
  const m = out.map;
  if (format === 'csv') {
    const lines = [
      ['y_param', 'y', 'x_param', 'x', 'option', `${m.column}_${m.unit}`, 'best', 'tied'].join(','),
    ];
    m.cells.forEach((row, j) =>
      row.forEach((cell, i) =>
        cell.values.forEach((v, k) =>
          lines.push(
            [
              m.y.param,
              String(m.y.values[j]),
              m.x.param,
              String(m.x.values[i]),
              csvField(m.options[k] ?? ''),
              v === null ? '' : String(v),
              cell.best === m.options[k] ? '1' : '0',
              cell.tied?.includes(m.options[k] ?? '') ? '1' : '0',
            ].join(','),
          ),
        ),
      ),
    );
    return `${lines.join('\n')}\n`;
  }
  const single = m.options.length === 1;
  const fmt = (v: number) =>
    Number.isInteger(v) && Math.abs(v) < 1e9 ? String(v) : String(+v.toPrecision(4));
  const head = `| ${m.y.param} \\ ${m.x.param} | ${m.x.values.map(fmt).join(' | ')} |`;
  const rule = `| --- | ${m.x.values.map(() => '---').join(' | ')} |`;
  const rows = m.cells.map(
    (row, j) =>
      `| ${fmt(m.y.values[j]!)} | ${row.map((c) => (single ? (c.values[0] === null ? '—' : fmt(c.values[0]!)) : (c.best ?? (c.tied ? 'tie' : '—')))).join(' | ')} |`,
  );
  const what = single
    ? `${m.columnLabel} (${m.unit}) of ${m.options[0]}`
    : `which wins on ${m.columnLabel} (${m.unit}, ${m.better} is better)`;
  return `## ${out.model}: ${m.table} — ${what}\n\n${single ? '' : `${mapLegend(m)}\n\n`}${[head, rule, ...rows].join('\n')}\n`;
}

/** What "tie" means on this map, what was left out, and how many cells each side has. */
export function mapLegend(m: RegimeMap): string {
  const counts = m.options.map((o) => m.cells.flat().filter((c) => c.best === o).length);
  const ties = m.cells.flat().filter((c) => c.tied).length;
  const noise =
    m.seeds.length > 1
      ? ` or within the run-to-run spread over seeds ${m.seeds.join(', ')} (each cell is their mean)`
      : '';
  const wins = m.options.map((o, k) => `${o} wins ${counts[k]} cells`).join(', ');
  const left = m.excluded.length
    ? ` ${m.excluded.join(', ')} (optimal by definition) is left out of the contest; optimum=include lets it compete.`
    : '';
  return `tie = within ${m.tiePct} %${noise}. ${wins}, tie ${ties}.${left}`;
}

export interface ListEntry {
  id: string;
  title: string;
  permalink: string;
}

/** Every preset of every model (one per paper table), with its canonical link. */
export function listPresets(): ListEntry[] {
  return MODEL_INFOS.flatMap((model) =>
    model.presets.map((preset) => ({
      id: preset.id,
      title: preset.title,
      permalink: serializeScenario(presetScenario(model, preset.id)),
    })),
  );
}

/** The results document, shared with the page's "Copy results (JSON)" (src/compare/results.ts). */
export type ExploreOutput = ResultsDocument;

/** One line for the first problem; the count of the others. */
function problemLine(problems: readonly Problem[]): string {
  const first = problems[0]?.message ?? 'this link could not be read.';
  return problems.length > 1 ? `${first} (+${problems.length - 1} more)` : first;
}

/** Where progress lines go, and how long a run must have taken before they start. */
export interface ProgressSink {
  write: (line: string) => void;
  afterMs: number;
}

/** A run's progress as one stderr line per step, once it has run `afterMs` (the CLI's 1 s). */
function progressLines(modelId: string, sink: ProgressSink) {
  const started = performance.now();
  return (done: number, total: number) => {
    if (performance.now() - started >= sink.afterMs)
      sink.write(`explore: ${modelId}: ${done} of ${total} rows computed\n`);
  };
}

/**
 * The link's problems that are errors, and the older-version notice that is not: a link made
 * by an older version of the model is migrated and shown, with that notice (as the page does).
 */
function linkProblems(link: string) {
  const { scenario, problems, linkVersion } = parsePermalink(link);
  const isNotice = (p: Problem) => linkVersion !== undefined && p.param === VERSION_KEY;
  return {
    scenario,
    errors: problems.filter((p) => !isNotice(p)),
    notice: problems.find(isNotice)?.message ?? null,
  };
}

/** The link read (any problem but an older version's notice is an error) and its model loaded. */
async function readLink(link: string) {
  const { scenario, errors } = linkProblems(link);
  if (errors.length > 0) throw new UsageError(problemLine(errors));
  if (!scenario) {
    const known = MODEL_INFOS.map((m) => m.id).join(', ');
    throw new UsageError(
      `'${showText(link)}' is not a model link — expected /#/<model>?<param>=<value>&…; known models: ${known}.`,
    );
  }
  const model = await loadModel(scenario.modelId);
  if (!model) throw new UsageError(`unknown model '${showText(scenario.modelId)}'.`);
  return { scenario, model };
}

/** Reads the link (any problem is an error) and evaluates it. */
export async function explore(link: string, progress?: ProgressSink): Promise<ExploreOutput> {
  const { scenario, model } = await readLink(link);
  return resultsDocument(
    serializeScenario(scenario),
    scenario.params,
    evaluateTables(
      model,
      scenario.params,
      progress ? { onProgress: progressLines(model.id, progress) } : {},
    ),
  );
}

/** The results and, per table, which parameters its headline cells depend on most. */
async function exploreSensitivity(link: string, progress?: ProgressSink) {
  const doc = await explore(link, progress);
  const { scenario, model } = await readLink(link);
  return { doc, tables: sensitivity(model, scenario.params) };
}

// ---------------------------------------------------------------- readable numbers, csv

// The CSV writer and the rounding it shares with md live in src/compare/csv.ts: the page's
// "Download CSV" uses the same function. Re-exported for the CLI's callers and tests.
export { CSV_HEADER, csvField, csvText, readable, toCsv };
export { toMarkdown } from './lib/markdown';

function firstLine(text: string): string {
  return text.split(/\r?\n/)[0] ?? '';
}

/** All of stdin as text (for the link given as `-`). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** What the worker thread computes for one run: the link and what to print of it. */
export interface Job {
  link: string;
  format: Format;
  map: MapRequest | null;
  sensitivity: boolean;
  /** Progress lines start once the run has taken this long (null: none). */
  progressAfterMs: number | null;
}

function errorResult(err: unknown): RunResult {
  if (err instanceof UsageError) {
    return { stdout: '', stderr: `${firstLine(err.message)}\n`, exitCode: 2 };
  }
  let message = 'unknown error';
  try {
    message = firstLine(err instanceof Error ? err.message : String(err));
  } catch {
    // keep 'unknown error'
  }
  return { stdout: '', stderr: `explore: unexpected error: ${message}\n`, exitCode: 1 };
}

/**
 * One run, in this thread: the link evaluated and printed (the worker thread calls this; so
 * may a test). Any error is the result's: exit code 2 for a mistake in the link, else 1.
 */
export async function compute(
  job: Job,
  write: ((line: string) => void) | null = null,
): Promise<RunResult> {
  try {
    const { link, format } = job;
    const sink =
      write && job.progressAfterMs !== null ? { write, afterMs: job.progressAfterMs } : undefined;
    const notice = linkProblems(link).notice;
    const noted = (stdout: string): RunResult => ({
      stdout,
      stderr: notice ? `explore: note: ${notice}\n` : '',
      exitCode: 0,
    });
    if (job.map) {
      const out = await exploreMap(link, job.map, sink);
      return noted(format === 'json' ? `${JSON.stringify(out, null, 2)}\n` : mapText(out, format));
    }
    if (job.sensitivity) {
      const { doc, tables } = await exploreSensitivity(link, sink);
      return noted(
        format === 'md'
          ? `${toMarkdown(doc)}\n${sensitivityMarkdown(tables)}`
          : `${JSON.stringify({ ...doc, sensitivity: tables }, null, 2)}\n`,
      );
    }
    const out = await explore(link, sink);
    return noted(
      format === 'csv' ? toCsv(out) : format === 'md' ? toMarkdown(out) : resultsJson(out),
    );
  } catch (err) {
    return errorResult(err);
  }
}

/**
 * The work a job will do, estimated before it runs (null: the model has no estimate, or a
 * regime map, whose cells move the knobs, which only its budget bounds).
 */
export function jobEstimate(
  model: ModelDefinition,
  params: ParamValues,
  job: Pick<Job, 'map' | 'sensitivity'>,
): WorkEstimate | null {
  if (job.map) return null;
  const full = model.work(params);
  if (!full || !job.sensitivity) return full;
  // --sensitivity: the tables, then theirs without intervals at ±5 % of each numeric knob.
  const one = model.work(params, { intervals: false });
  if (!one) return full;
  const knobs = model.params.filter((p) => p.kind === 'number' && p.key !== model.presetParam);
  const times = 1 + 2 * knobs.length;
  return {
    steps: full.steps + times * one.steps,
    what: `${full.what}, then the tables ${times} times more for the sensitivities`,
    seconds: full.seconds + times * one.seconds,
  };
}

/** Seconds for a person: "0.4 s", "67 s", "1,340 s". */
function seconds(s: number): string {
  return s < 10 ? `${+s.toPrecision(2)} s` : `${Math.round(s).toLocaleString('en-US')} s`;
}

/** A budget worth suggesting: ten times `s` (an estimate's lower bound), rounded up, in range. */
function suggestedTimeout(s: number): number {
  const want = Math.max(DEFAULT_TIMEOUT_S * 2, s * 10);
  const step = 10 ** Math.floor(Math.log10(want));
  return Math.min(MAX_TIMEOUT_S, Math.ceil(want / step) * step);
}

/** The line that refuses a link whose estimate is over the budget. */
export function overBudgetLine(model: string, est: WorkEstimate, timeoutS: number): string {
  return (
    `explore: ${model}: this link needs at least ${seconds(est.seconds)} even on a fast machine ` +
    `(${est.what}), over the ${seconds(timeoutS)} time budget; it was not started — allow more ` +
    `with --timeout ${suggestedTimeout(est.seconds)} (it may take several times the estimate), or choose smaller values.`
  );
}

/** The line for a run stopped when its budget ran out. */
export function timedOutLine(model: string, timeoutS: number): string {
  return (
    `explore: ${model}: the run used up its ${seconds(timeoutS)} time budget and was stopped ` +
    `before it finished — allow more with --timeout ${suggestedTimeout(timeoutS * 0.4)}.`
  );
}

// ---------------------------------------------------------------- the worker thread

interface Idle {
  worker: Worker;
}
/** Workers kept between runs (one is enough: a test's next run starts without loading again). */
const idle: Idle[] = [];
const WORKER_BOOT = new URL('./lib/ts-worker.mjs', import.meta.url);
const WORKER_ENTRY = new URL('./lib/explore-worker.ts', import.meta.url).href;

type FromWorker = { progress: string } | { result: RunResult };

function startWorker(): Worker {
  const worker = new Worker(WORKER_BOOT, { workerData: { entry: WORKER_ENTRY } });
  // A kept worker never holds the process open; a run in progress is held by its timer.
  worker.unref();
  return worker;
}

/** Ends the kept workers (a test that wants its next run to start a fresh thread). */
export async function closeWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map(({ worker }) => worker.terminate()));
}

/**
 * Runs a job in a worker thread and waits at most `timeoutS`: a model that runs synchronously
 * cannot be interrupted in its own thread, but its thread can be terminated.
 */
export function runInWorker(
  job: Job,
  timeoutS: number,
  modelId: string,
  write: ((line: string) => void) | null,
): Promise<RunResult> {
  const worker = idle.pop()?.worker ?? startWorker();
  return new Promise<RunResult>((resolve) => {
    let settled = false;
    const finish = (result: RunResult, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keep && idle.length === 0) idle.push({ worker });
      else void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () =>
        finish({ stdout: '', stderr: `${timedOutLine(modelId, timeoutS)}\n`, exitCode: 2 }, false),
      timeoutS * 1000,
    );
    const onMessage = (msg: FromWorker) => {
      if ('progress' in msg) write?.(msg.progress);
      else finish(msg.result, true);
    };
    const onError = (err: Error) => finish(errorResult(err), false);
    const onExit = (code: number) =>
      finish(errorResult(new Error(`the model's worker thread exited (code ${code})`)), false);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
  });
}

/**
 * The whole CLI as a function of its arguments (tests call this without spawning). A link of
 * `-` is read from `stdin` (by default the process's).
 */
export async function run(
  argv: readonly string[],
  stdin: () => Promise<string> = readStdin,
  /** Where progress goes (the process's stderr when run directly), and whether it is a terminal. */
  stderr: { write: (line: string) => void; isTTY: boolean } | null = null,
): Promise<RunResult> {
  if (argv.includes('--machine')) return machineRun(argv);
  try {
    const args = parseArgs(argv);
    if (args.help) return { stdout: helpText(), stderr: '', exitCode: 0 };
    if (args.list) {
      return { stdout: `${JSON.stringify(listPresets(), null, 2)}\n`, stderr: '', exitCode: 0 };
    }
    const link = args.link === '-' ? (await stdin()).trim() : (args.link ?? '');
    if (link === '') throw new UsageError(`missing permalink (stdin was empty) — ${USAGE}`);
    const showProgress =
      stderr !== null && (args.progress === 'always' || (args.progress === 'auto' && stderr.isTTY));
    const job: Job = {
      link,
      format: args.format ?? 'json',
      map: args.map,
      sensitivity: args.sensitivity,
      progressAfterMs: showProgress ? (args.progress === 'always' ? 0 : 1000) : null,
    };
    // The link's mistakes first, here (fast); then the estimate; then the run, in its thread.
    const { scenario, model } = await readLink(link);
    const timeoutS = args.timeoutS ?? DEFAULT_TIMEOUT_S;
    const estimate = jobEstimate(model, scenario.params, job);
    if (estimate && estimate.seconds > timeoutS) {
      throw new UsageError(overBudgetLine(model.id, estimate, timeoutS));
    }
    return await runInWorker(job, timeoutS, model.id, stderr?.write ?? null);
  } catch (err) {
    return errorResult(err);
  }
}

if (isDirectRun(import.meta.url)) {
  // A closed pipe (`explore … | head`) is not an error worth a stack trace.
  process.stdout.on('error', () => undefined);
  const result = await run(process.argv.slice(2), readStdin, {
    write: (line) => process.stderr.write(line),
    isTTY: process.stderr.isTTY === true,
  });
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.stderr) process.stderr.write(result.stderr);
  // exitCode, not exit(): lets stdout drain when it is a pipe.
  process.exitCode = result.exitCode;
}
