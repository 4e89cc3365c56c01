/** The CLI's arguments and its help text (built from the models' declarations). */
import { MODEL_INFOS } from '../../src/models/registry';
import type { ModelInfo } from '../../src/models/types';
import { formatAllowed, formatParamValue, showText } from '../../src/scenario';
import type { MapRequest } from '../../src/compare/regimeMap';
import { UsageError } from './errors';
import { parseMap } from './map';

export const FORMATS = ['json', 'csv', 'md'] as const;
export type Format = (typeof FORMATS)[number];

export const USAGE =
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

export interface Args {
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
