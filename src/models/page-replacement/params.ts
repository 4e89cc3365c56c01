import type { ParamSpec } from '../types';
import { DEFAULTS } from './constants';
import { POLICIES, type Policy } from './simulate';
import type { ClassicString, Pattern } from './refs';

/** Longest string whose step-by-step trace is computed (a teacher steps through it by hand). */
export const TRACE_MAX_REFS = 64;
/** Most frames a trace shows as columns. */
export const TRACE_MAX_FRAMES = 16;

export const REFS_PRESETS = [
  { value: 'generated', label: 'Generated (pattern below)' },
  { value: 'belady', label: 'Belady’s anomaly: 1,2,3,4,1,2,5,1,2,3,4,5' },
  { value: 'silberschatz', label: 'Textbook: 7,0,1,2,0,3,0,4,2,3,0,3,2,1,2,0,1,7,0,1' },
  { value: 'ostep', label: 'OSTEP ch. 22: 0,1,2,0,1,3,0,3,1,2,1' },
] as const satisfies readonly { value: 'generated' | ClassicString; label: string }[];

export const PATTERN_OPTIONS = [
  { value: 'sequential', label: 'Sequential scan (nothing reused)' },
  { value: 'loop', label: 'Loop over N items' },
  { value: 'uniform', label: 'Uniform random over N items' },
  { value: 'hotscan', label: 'Hot set + a scan through the rest' },
  { value: 'zipf', label: 'Zipf (popularity ∝ 1/rankˢ)' },
] as const satisfies readonly { value: Pattern; label: string }[];

/** Named experiments (the model's presets); choosing one loads its string and memory size. */
export const EXPERIMENTS = [
  { value: 'replacement-loop-cliff', label: 'Loop over 100 pages in 90 frames (the cliff)' },
  { value: 'replacement-belady', label: 'Belady’s anomaly string, 3 frames' },
  { value: 'replacement-textbook', label: 'Textbook string, 3 frames' },
  { value: 'replacement-hot-scan', label: 'Hot set + scan' },
  { value: 'replacement-zipf', label: 'Zipf over 5,000 records of 512 B' },
] as const;

export interface PageReplacementParams {
  experiment: (typeof EXPERIMENTS)[number]['value'];
  refsPreset: (typeof REFS_PRESETS)[number]['value'];
  /** Explicit page numbers, canonical `3,1,4,1,5`; `''` = use the classic or generated string. */
  refs: string;
  pattern: Pattern;
  refCount: number;
  distinctItems: number;
  itemBytes: number;
  pageBytes: number;
  hotItems: number;
  hotPct: number;
  zipfExponent: number;
  seed: number;
  frames: number;
  tracePolicy: Policy;
  discReadMs: number;
  cpuPerRefUs: number;
}

/**
 * Every parameter of the page-replacement model. A string is given explicitly (`refs=3,1,4`,
 * like OSTEP's `paging-policy.py -a`), or chosen among the classic ones, or generated from the
 * pattern parameters and the seed.
 */
export const PAGE_REPLACEMENT_PARAMS = [
  {
    key: 'experiment',
    kind: 'enum',
    label: 'Experiment',
    group: 'Experiment',
    doc: 'A named setup; choosing one loads its reference string and memory size. Change anything after that freely.',
    options: EXPERIMENTS,
    default: 'replacement-loop-cliff',
  },
  {
    key: 'refsPreset',
    kind: 'enum',
    label: 'Reference string',
    group: 'Reference string',
    doc: 'A classic string from the literature (page numbers), or one generated from the pattern below.',
    options: REFS_PRESETS,
    default: 'generated',
  },
  {
    key: 'refs',
    kind: 'list',
    label: 'Explicit reference string',
    unit: '',
    group: 'Reference string',
    doc: 'Page numbers separated by commas, as in OSTEP’s paging-policy.py -a. When given, it replaces the string chosen above; leave it empty to use that one.',
    itemMin: 0,
    itemMax: 1_000_000,
    maxItems: 256,
    default: '',
  },
  {
    key: 'pattern',
    kind: 'enum',
    label: 'Pattern',
    group: 'Reference string',
    doc: 'How a generated string picks the next item. Ignored for the classic strings.',
    options: PATTERN_OPTIONS,
    default: 'loop',
  },
  {
    key: 'refCount',
    kind: 'number',
    label: 'References',
    unit: 'refs',
    group: 'Reference string',
    doc: 'Length of the generated string. Strings of 64 or fewer also get a step-by-step trace. (Runs of up to ten million references: the Long runs panel below the charts.)',
    min: 1,
    max: 200_000,
    step: 1,
    integer: true,
    default: 10_000,
    scale: 'log',
  },
  {
    key: 'distinctItems',
    kind: 'number',
    label: 'Items (N)',
    unit: 'items',
    group: 'Reference string',
    doc: 'How many different records the loop, uniform, hot-set and Zipf patterns use.',
    min: 1,
    max: 100_000,
    step: 1,
    integer: true,
    default: 100,
    scale: 'log',
  },
  {
    key: 'itemBytes',
    kind: 'number',
    label: 'Item size',
    unit: 'B',
    group: 'Reference string',
    doc: 'Bytes per record; item i is at address i × size. Smaller items share pages.',
    min: 1,
    max: 65_536,
    step: 1,
    integer: true,
    default: 4096,
    scale: 'log',
  },
  {
    key: 'pageBytes',
    kind: 'number',
    label: 'Page size',
    unit: 'B',
    group: 'Memory',
    doc: 'Addresses become page numbers by dividing by this. Bigger pages: fewer distinct pages, and more memory per frame.',
    min: 512,
    max: 65_536,
    step: 512,
    integer: true,
    default: 4096,
    scale: 'log',
  },
  {
    key: 'hotItems',
    kind: 'number',
    label: 'Hot set',
    unit: 'items',
    group: 'Reference string',
    doc: 'Hot-set pattern: the first this many items are the hot set.',
    min: 1,
    max: 100_000,
    step: 1,
    integer: true,
    default: 20,
    scale: 'log',
  },
  {
    key: 'hotPct',
    kind: 'number',
    label: 'References to the hot set',
    unit: '%',
    group: 'Reference string',
    doc: 'Hot-set pattern: share of references that go to the hot set; the rest continue the scan.',
    min: 0,
    max: 100,
    step: 1,
    integer: false,
    default: 80,
  },
  {
    key: 'zipfExponent',
    kind: 'number',
    label: 'Zipf exponent s',
    unit: '',
    group: 'Reference string',
    doc: 'Zipf pattern: skew. 0 is uniform; 1 is the classic Zipf; higher concentrates on fewer items.',
    min: 0,
    max: 3,
    step: 0.01,
    integer: false,
    default: 1,
  },
  {
    key: 'seed',
    kind: 'number',
    label: 'Random seed',
    unit: '',
    group: 'Reference string',
    doc: 'Seeds the generated string and RAND’s choice of victim. Same seed, same numbers.',
    min: 0,
    max: 2_147_483_647,
    step: 1,
    integer: true,
    default: 1,
  },
  {
    key: 'frames',
    kind: 'number',
    label: 'Memory',
    unit: 'frames',
    group: 'Memory',
    doc: 'Page frames of physical memory (memory size = frames × page size).',
    min: 1,
    max: 4096,
    step: 1,
    integer: true,
    default: 90,
    scale: 'log',
  },
  {
    key: 'tracePolicy',
    kind: 'enum',
    label: 'Policy to trace',
    group: 'Memory',
    doc: 'Which policy the step-by-step trace follows (short strings only).',
    options: POLICIES.map((p) => ({ value: p, label: p })),
    default: 'LRU',
  },
  {
    key: 'discReadMs',
    kind: 'number',
    label: 'Disc read per miss',
    unit: 'ms',
    group: 'Cost',
    doc: 'Time to bring a missing page in from disc. Default: the disc latency fitted in the file-access model (MPE/iX, one-page reads).',
    min: 0,
    max: 100,
    step: 0.01,
    integer: false,
    default: DEFAULTS.discReadMs,
  },
  {
    key: 'cpuPerRefUs',
    kind: 'number',
    label: 'CPU per reference',
    unit: 'µs',
    group: 'Cost',
    doc: 'Work the program does per reference when the page is present.',
    min: 0,
    max: 10_000,
    step: 0.1,
    integer: false,
    default: DEFAULTS.cpuPerRefUs,
    scale: 'linear',
  },
] as const satisfies readonly ParamSpec[];
