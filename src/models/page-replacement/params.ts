import type { ParamSpec, ParamsOf } from '../types';
import { DEFAULTS } from './constants';
import { POLICIES } from './policies/names';
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

/** The pattern's knobs are read only for a generated string, not a classic one. */
const GENERATED = { key: 'refsPreset', oneOf: ['generated'] };

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
    options: EXPERIMENTS,
    default: 'replacement-loop-cliff',
  },
  {
    key: 'refsPreset',
    kind: 'enum',
    label: 'Reference string',
    group: 'Reference string',
    options: REFS_PRESETS,
    default: 'generated',
  },
  {
    key: 'refs',
    kind: 'list',
    label: 'Explicit reference string',
    unit: '',
    group: 'Reference string',
    itemMin: 0,
    itemMax: 1_000_000,
    maxItems: 200_000,
    default: '',
  },
  {
    key: 'pattern',
    shownWhen: GENERATED,
    kind: 'enum',
    label: 'Pattern',
    group: 'Reference string',
    options: PATTERN_OPTIONS,
    default: 'loop',
  },
  {
    key: 'refCount',
    shownWhen: GENERATED,
    kind: 'number',
    label: 'References',
    unit: 'refs',
    group: 'Reference string',
    min: 1,
    max: 200_000,
    step: 1,
    integer: true,
    default: 10_000,
    scale: 'log',
  },
  {
    key: 'distinctItems',
    shownWhen: GENERATED,
    kind: 'number',
    label: 'Items (N)',
    unit: 'items',
    group: 'Reference string',
    min: 1,
    max: 100_000,
    step: 1,
    integer: true,
    default: 100,
    scale: 'log',
  },
  {
    key: 'itemBytes',
    shownWhen: GENERATED,
    kind: 'number',
    label: 'Item size',
    unit: 'B',
    group: 'Reference string',
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
    min: 512,
    max: 65_536,
    step: 512,
    integer: true,
    default: 4096,
    scale: 'pow2',
  },
  {
    key: 'hotItems',
    shownWhen: { key: 'pattern', oneOf: ['hotscan'] },
    kind: 'number',
    label: 'Hot set',
    unit: 'items',
    group: 'Reference string',
    min: 1,
    max: 100_000,
    step: 1,
    integer: true,
    default: 20,
    scale: 'log',
  },
  {
    key: 'hotPct',
    shownWhen: { key: 'pattern', oneOf: ['hotscan'] },
    kind: 'number',
    label: 'References to the hot set',
    unit: '%',
    group: 'Reference string',
    min: 0,
    max: 100,
    step: 1,
    integer: false,
    default: 80,
  },
  {
    key: 'zipfExponent',
    shownWhen: { key: 'pattern', oneOf: ['zipf'] },
    kind: 'number',
    label: 'Zipf exponent s',
    unit: '',
    group: 'Reference string',
    min: 0,
    max: 3,
    step: 0.01,
    integer: false,
    default: 1,
  },
  {
    key: 'seed',
    seed: true,
    kind: 'number',
    label: 'Random seed',
    unit: '',
    group: 'Reference string',
    min: 0,
    max: 2_147_483_647,
    step: 1,
    integer: true,
    default: 1,
  },
  {
    key: 'memoryKB',
    kind: 'number',
    label: 'Memory',
    unit: 'KB',
    group: 'Memory',
    min: 0.5,
    max: 262_144,
    step: 0.5,
    integer: false,
    default: 360,
    scale: 'log',
  },
  {
    key: 'tracePolicy',
    // Only a string short enough is traced: a classic one, or a generated one of ≤ 64.
    shownWhen: [
      {
        key: 'refsPreset',
        oneOf: REFS_PRESETS.map((r) => r.value).filter((v) => v !== 'generated'),
      },
      { key: 'refCount', atMost: TRACE_MAX_REFS },
    ],
    kind: 'enum',
    label: 'Policy to trace',
    group: 'Memory',
    options: POLICIES.map((p) => ({ value: p, label: p })),
    default: 'LRU',
  },
  {
    key: 'discPositionMs',
    kind: 'number',
    label: 'Disc positioning per miss',
    unit: 'ms',
    group: 'Cost',
    min: 0,
    max: 100,
    step: 0.01,
    integer: false,
    scale: 'log',
    default: DEFAULTS.discPositionMs,
  },
  {
    key: 'discTransferMsPerKB',
    kind: 'number',
    label: 'Disc transfer',
    unit: 'ms/KB',
    group: 'Cost',
    min: 0,
    max: 10,
    step: 0.0001,
    integer: false,
    scale: 'log',
    default: DEFAULTS.discTransferMsPerKB,
  },
  {
    key: 'cpuPerRefUs',
    kind: 'number',
    label: 'CPU per reference',
    unit: 'µs',
    group: 'Cost',
    min: 0.1,
    max: 10_000,
    step: 0.1,
    integer: false,
    default: DEFAULTS.cpuPerRefUs,
    scale: 'log',
  },
] as const satisfies readonly ParamSpec[];

/** The typed parameters, derived from the declarations above (declared once). */
export type PageReplacementParams = ParamsOf<typeof PAGE_REPLACEMENT_PARAMS>;

/**
 * Page frames in the scenario's memory: memory ÷ page size, rounded down. A memory smaller than
 * one page has none: no page stays resident, so every page reference misses (the page is read,
 * used and dropped) — never a frame bigger than the memory, which would hand it bytes it has not.
 */
export function framesOf(p: Pick<PageReplacementParams, 'memoryKB' | 'pageBytes'>): number {
  return Math.floor((p.memoryKB * 1024) / p.pageBytes);
}

/** Bytes the frames hold: frames × page size (at most the memory). */
export function frameBytesOf(p: Pick<PageReplacementParams, 'memoryKB' | 'pageBytes'>): number {
  return framesOf(p) * p.pageBytes;
}

/** What one miss costs: positioning once, then the page's bytes at the disc's transfer rate. */
export function missMsOf(
  p: Pick<PageReplacementParams, 'discPositionMs' | 'discTransferMsPerKB' | 'pageBytes'>,
): number {
  return p.discPositionMs + (p.discTransferMsPerKB * p.pageBytes) / 1024;
}
