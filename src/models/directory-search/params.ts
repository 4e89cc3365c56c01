import type { ParamSpec } from '../types';
import { ASSUMED } from './constants';
import { LISTING } from './listing';

/** The setups this model has presets for; the `setup` parameter picks which one is compared. */
export const DIRECTORY_SETUPS = [
  { value: 'vmsp-directory', label: 'The paper’s shop: VM/SP HPO 5 on a 3083-J32' },
  {
    value: 'vmsp-directory-heavy-front',
    label: 'Same shop, the first-created ids searched most — prediction',
  },
  { value: 'vmsp-directory-large-shop', label: 'A larger shop, 1,000 user ids — prediction' },
] as const;

export type DirectorySetupId = (typeof DIRECTORY_SETUPS)[number]['value'];

export const WORKLOADS = [
  { value: 'uniform', label: 'Uniform: every user id as often' },
  { value: 'heavy-front', label: 'Zipf, first-created ids searched most' },
  { value: 'heavy-back', label: 'Zipf, last-created ids searched most' },
  { value: 'heavy-random', label: 'Zipf, heavy ids anywhere (seeded)' },
] as const;

export type Workload = (typeof WORKLOADS)[number]['value'];

/** “The average for all testing was 12.82 searches/minute.” */
export const PAPER_SEARCHES_PER_MINUTE = 12.82;

/**
 * Every parameter of the directory-search model, declared once: units, ranges, defaults and
 * docs. Instruction counts default to the paths of the paper's DMKUDR listing (./listing.ts).
 */
export const DIRECTORY_SEARCH_PARAMS = [
  {
    key: 'setup',
    kind: 'enum',
    label: 'Setup',
    group: 'Experiment',
    doc: 'Which shop the rows stand for. The paper’s shop is compared with its figures; the others are predictions. Choosing one loads its setup.',
    options: DIRECTORY_SETUPS,
    default: 'vmsp-directory',
  },
  {
    key: 'users',
    kind: 'number',
    label: 'User ids in the directory',
    unit: 'ids',
    group: 'Directory',
    doc: `Directory entries DMKUDR can find: people and service machines. The paper’s shop had “about 100–150 VM users”, and its directory spanned more than one page; ${ASSUMED.users.value} is ${ASSUMED.users.why}.`,
    min: 1,
    max: 3000,
    step: 1,
    integer: true,
    default: ASSUMED.users.value,
    scale: 'log',
  },
  {
    key: 'profiles',
    kind: 'number',
    label: 'Profile entries',
    unit: 'entries',
    group: 'Directory',
    doc: `PROFILE entries (UDIRPRF) at the front of the directory. The search steps over them: 5 instructions each in the linear scan; the binary search treats one as lower than any user id. ${ASSUMED.profiles.value}: ${ASSUMED.profiles.why}.`,
    min: 0,
    max: 1000,
    step: 1,
    integer: true,
    default: ASSUMED.profiles.value,
  },
  {
    key: 'entryBytes',
    kind: 'number',
    label: 'Directory entry (UDIRBLOK)',
    unit: 'B',
    group: 'Directory',
    doc: 'Bytes per user entry, a whole number of doublewords (UDIRSIZE×8). 24 B in the VM/370 data areas: 170 blocks per 4,096-byte page, the first a header, so 169 entries.',
    min: 8,
    max: 128,
    step: 8,
    integer: true,
    default: 24,
  },
  {
    key: 'pageBytes',
    kind: 'number',
    label: 'Directory page',
    unit: 'B',
    group: 'Directory',
    doc: 'The directory is read in pages of this size (4,096 B). Each page’s first block is a header; DPLLOW and DPLHIGH hold the lowest and highest user id in the page.',
    min: 2048,
    max: 65_536,
    step: 512,
    integer: true,
    default: 4096,
  },
  {
    key: 'addedSinceSortPct',
    kind: 'number',
    label: 'Added since the last sort',
    unit: '%',
    group: 'Directory',
    doc: 'Order of the unsorted directory: this share of the ids was appended in creation order (random ids) after the rest were last in sorted order. 100 % = never sorted, the paper’s “before”.',
    min: 0,
    max: 100,
    step: 1,
    integer: false,
    default: 100,
  },
  {
    key: 'seed',
    kind: 'number',
    label: 'Random seed',
    unit: '',
    group: 'Directory',
    doc: 'Seeds the creation order of the ids and, for “heavy ids anywhere”, which ids are heavy. Same seed, same numbers.',
    min: 0,
    max: 2_147_483_647,
    step: 1,
    integer: true,
    default: 1,
  },
  {
    key: 'workload',
    kind: 'enum',
    label: 'Which ids are searched',
    group: 'Workload',
    doc: 'How often each user id is looked up. The paper: the average “really depends on where the frequently-searched-for user-ids are in the page”.',
    options: WORKLOADS,
    default: 'uniform',
  },
  {
    key: 'zipfExponent',
    kind: 'number',
    label: 'Zipf exponent',
    unit: '',
    group: 'Workload',
    doc: 'For the Zipf workloads: the k-th heaviest id is searched in proportion to 1/k^s. 0 is uniform; 1 is classic Zipf.',
    min: 0,
    max: 3,
    step: 0.05,
    integer: false,
    default: 1,
  },
  {
    key: 'searchesPerMinute',
    kind: 'number',
    label: 'DMKUDR searches',
    unit: '/min',
    group: 'Workload',
    doc: 'Successful searches per minute: 12.82 on average over the paper’s tests.',
    min: 0,
    max: 100_000,
    step: 0.01,
    integer: false,
    default: PAPER_SEARCHES_PER_MINUTE,
    scale: 'log',
  },
  {
    key: 'dayHours',
    kind: 'number',
    label: 'Production day',
    unit: 'h',
    group: 'Workload',
    doc: 'Hours per production day the saving is extrapolated over (the paper’s shop: 20).',
    min: 0,
    max: 24,
    step: 0.5,
    integer: false,
    default: 20,
  },
  {
    key: 'usPerInstruction',
    kind: 'number',
    label: 'Time per instruction',
    unit: 'µs',
    group: 'CPU',
    doc: 'The 3083-J32’s TOD clock ticks every 125 ns, “comparable to the instruction-execution rate of the CPU model”: 0.125 µs per instruction.',
    min: 0.0001,
    max: 10,
    step: 0.0001,
    integer: false,
    default: 0.125,
    scale: 'log',
  },
  {
    key: 'pageCheckInstructions',
    kind: 'number',
    label: 'Page check',
    unit: 'instructions',
    group: 'Instructions (from the listing)',
    doc: `Per page whose low/high ids are compared: ${LISTING.pageCheck.join(', ')}. The first page skips the step (3 fewer); a page rejected on its low id skips the second compare (2 fewer).`,
    min: 0,
    max: 1000,
    step: 1,
    integer: true,
    default: LISTING.pageCheck.length,
  },
  {
    key: 'pageInInstructions',
    kind: 'number',
    label: 'Page brought in',
    unit: 'instructions',
    group: 'Instructions (from the listing)',
    doc: `Per page that passes the check: the TRANS macro (${ASSUMED.transInstructions.value} assumed: ${ASSUMED.transInstructions.why}) then ${LISTING.pageInLinear.join(', ')}. The paper found paging time “minimal and constant”.`,
    min: 0,
    max: 100_000,
    step: 1,
    integer: true,
    default: ASSUMED.transInstructions.value + LISTING.pageInLinear.length,
  },
  {
    key: 'entryCompareInstructions',
    kind: 'number',
    label: 'Entry compared (linear)',
    unit: 'instructions',
    group: 'Instructions (from the listing)',
    doc: `Per user entry the linear scan compares: ${LISTING.linearCompare.join(', ')}.`,
    min: 0,
    max: 1000,
    step: 1,
    integer: true,
    default: LISTING.linearCompare.length,
  },
  {
    key: 'profileSkipInstructions',
    kind: 'number',
    label: 'Profile entry skipped (linear)',
    unit: 'instructions',
    group: 'Instructions (from the listing)',
    doc: `Per profile entry the linear scan steps over: ${LISTING.linearProfile.join(', ')}.`,
    min: 0,
    max: 1000,
    step: 1,
    integer: true,
    default: LISTING.linearProfile.length,
  },
  {
    key: 'binaryProbeInstructions',
    kind: 'number',
    label: 'Entry probed (binary)',
    unit: 'instructions',
    group: 'Instructions (from the listing)',
    doc: `Per user entry the binary search compares: ${LISTING.binaryProbe.join(', ')}. A match leaves at BE (1 fewer); going to the lower half adds SR, B (2 more).`,
    min: 0,
    max: 1000,
    step: 1,
    integer: true,
    default: LISTING.binaryProbe.length,
  },
] as const satisfies readonly ParamSpec[];

export interface DirectorySearchParams {
  setup: DirectorySetupId;
  users: number;
  profiles: number;
  entryBytes: number;
  pageBytes: number;
  addedSinceSortPct: number;
  seed: number;
  workload: Workload;
  zipfExponent: number;
  searchesPerMinute: number;
  dayHours: number;
  usPerInstruction: number;
  pageCheckInstructions: number;
  pageInInstructions: number;
  entryCompareInstructions: number;
  profileSkipInstructions: number;
  binaryProbeInstructions: number;
}
