import {
  buildDirectory,
  creationOrderSeeds,
  CREATION_ORDERS,
  MAX_CREATION_ORDERS,
  ORDER_SE_FLOOR_INSTRUCTIONS,
  pageCount,
  preciseEnough,
  type Directory,
} from './directory';
import type { DirectorySearchParams } from './params';
import {
  SEARCHES,
  linearPages,
  searchCosts,
  traceBinary,
  traceLinear,
  type DirectoryOrder,
  type LinearPages,
  type SearchKey,
  type SearchTrace,
} from './search';

/**
 * DMKUDR finding a user id, instruction by instruction along the paper's listings.
 *
 * The directory is a list of pages; DPLIST holds each page's lowest and highest user id.
 * The search walks the pages in order and compares the id with each page's low and high;
 * a page whose range holds the id is brought in (TRANS) and searched:
 *   - linear (the original DMKUDR): entry after entry from the top of the page, stepping
 *     over profile entries, until the id matches or the page ends — then on to the next page;
 *   - binary (the paper's modification): start at the smallest power of two (in entries)
 *     beyond the page's last entry and halve it, probing base + half: past the end or lower
 *     than the probe, stay; higher (or a profile entry), move the base up. When the half
 *     drops below one entry, the id is not in this page: on to the next.
 * In an unsorted directory every page's low/high spans most of the alphabet, so an id is
 * “caught” by every earlier page: each is brought in and scanned to its end in vain. Sorting
 * confines the id to one page, but also moves it within that page — further down for some
 * ids, which then take longer than before. Binary search on an unsorted page can miss an id
 * that is there.
 *
 * Costs are instructions (`params`, defaults from ./listing.ts) × µs per instruction.
 *
 * Which ids share a page with which depends on the creation order, which the paper does not
 * give (the seed). One order decides, near a page boundary, whether a page's few ids span the
 * alphabet: the headline figures are therefore means over CREATION_ORDERS orders (the link's
 * seed and seeds drawn from it, ./directory.ts), with their range; the per-id arrays are the
 * link's own directory.
 */

export * from './search';

export interface SearchResult {
  key: SearchKey;
  label: string;
  /** Per id, by alphabetical rank: the search's instructions, compares and pages brought in. */
  instructions: Float64Array;
  entriesCompared: Float64Array;
  pagesIn: Float64Array;
  found: Uint8Array;
  /** Averages weighted by the workload, over the ids found (the paper timed successful searches). */
  avgUs: number;
  avgInstructions: number;
  avgEntriesCompared: number;
  avgPagesIn: number;
  /** The slowest id found. */
  maxUs: number;
  /** Ids this search cannot find (binary search in an unsorted directory). */
  notFound: number;
  /** Ids this search finds more slowly than the unsorted directory's linear search does. */
  slowerThanUnsorted: number;
}

/** A search's figures that are averaged over creation orders. */
export type SearchSummary = Pick<
  SearchResult,
  | 'avgUs'
  | 'avgInstructions'
  | 'avgEntriesCompared'
  | 'avgPagesIn'
  | 'maxUs'
  | 'notFound'
  | 'slowerThanUnsorted'
>;

const SUMMARY_KEYS = [
  'avgUs',
  'avgInstructions',
  'avgEntriesCompared',
  'avgPagesIn',
  'maxUs',
  'notFound',
  'slowerThanUnsorted',
] as const satisfies readonly (keyof SearchSummary)[];

/** The means over creation orders, and the savings' range across them. */
export interface OrderAverages {
  seeds: number[];
  searches: Record<SearchKey, SearchSummary>;
  sortedRangeUs: [number, number];
  binaryRangeUs: [number, number];
}

export interface DirectorySearchResult {
  /** The link's own directory (its seed); `searches` are its per-id results. */
  directory: Directory;
  /** User entries per page. */
  perPage: number;
  pages: number;
  usPerInstruction: number;
  searches: Record<SearchKey, SearchResult>;
  /** Every search's averages, as means over the creation orders. */
  orders: OrderAverages;
  /** Average search time saved against the unsorted directory's linear search (µs), mean over orders. */
  sortedSavingUs: number;
  binarySavingUs: number;
}

function runSearch(
  key: SearchKey,
  label: string,
  dir: Directory,
  trace: (id: number) => SearchTrace,
  usPerInstruction: number,
): SearchResult {
  const users = dir.users;
  const instructions = new Float64Array(users);
  const entriesCompared = new Float64Array(users);
  const pagesIn = new Float64Array(users);
  const found = new Uint8Array(users);
  let w = 0;
  let sumInstr = 0;
  let sumEntries = 0;
  let sumPages = 0;
  let maxInstr = 0;
  let notFound = 0;
  for (let id = 0; id < users; id++) {
    const t = trace(id);
    instructions[id] = t.instructions;
    entriesCompared[id] = t.entriesCompared;
    pagesIn[id] = t.pagesIn;
    found[id] = t.found ? 1 : 0;
    if (!t.found) {
      notFound += 1;
      continue;
    }
    const weight = dir.weights[id]!;
    w += weight;
    sumInstr += weight * t.instructions;
    sumEntries += weight * t.entriesCompared;
    sumPages += weight * t.pagesIn;
    if (t.instructions > maxInstr) maxInstr = t.instructions;
  }
  const avg = (x: number) => (w > 0 ? x / w : NaN);
  return {
    key,
    label,
    instructions,
    entriesCompared,
    pagesIn,
    found,
    avgUs: avg(sumInstr) * usPerInstruction,
    avgInstructions: avg(sumInstr),
    avgEntriesCompared: avg(sumEntries),
    avgPagesIn: avg(sumPages),
    maxUs: maxInstr * usPerInstruction,
    notFound,
    slowerThanUnsorted: 0,
  };
}

/** The searches `keys`, each for every user id of the directory. */
function runSearches(
  params: DirectorySearchParams,
  dir: Directory,
  keys: readonly SearchKey[],
): Partial<Record<SearchKey, SearchResult>> {
  const costs = searchCosts(params);
  const linear: Partial<Record<DirectoryOrder, LinearPages>> = {};
  const out: Partial<Record<SearchKey, SearchResult>> = {};
  for (const s of SEARCHES) {
    if (!keys.includes(s.key)) continue;
    let trace: (id: number) => SearchTrace;
    if (s.algorithm === 'linear') {
      const lp = (linear[s.order] ??= linearPages(dir[s.order], costs));
      trace = (id) => traceLinear(lp, id, costs);
    } else {
      const pages = dir[s.order];
      trace = (id) => traceBinary(pages, id, costs);
    }
    out[s.key] = runSearch(s.key, s.label, dir, trace, params.usPerInstruction);
  }
  return out;
}

/** Every search of one directory (one creation order), with who got slower than unsorted. */
function searchOneOrder(params: DirectorySearchParams) {
  const dir = buildDirectory(params);
  const searches = runSearches(
    params,
    dir,
    SEARCHES.map((s) => s.key),
  ) as Record<SearchKey, SearchResult>;
  const base = searches.unsortedLinear.instructions;
  for (const s of SEARCHES) {
    const r = searches[s.key];
    let slower = 0;
    for (let id = 0; id < dir.users; id++)
      if (r.found[id] && r.instructions[id]! > base[id]!) slower += 1;
    r.slowerThanUnsorted = slower;
  }
  return { dir, searches };
}

/**
 * Runs creation orders (the link's seed first, then seeds drawn from it) in batches of
 * CREATION_ORDERS until both savings' means are precise enough (./directory.ts) or
 * MAX_CREATION_ORDERS have run. Deterministic: the same link runs the same orders.
 */
function overOrders<R>(
  params: DirectorySearchParams,
  run: (seed: number, i: number) => R,
  savings: (r: R) => [number, number],
): { seeds: number[]; runs: R[] } {
  const all = creationOrderSeeds(params.seed, MAX_CREATION_ORDERS);
  const floor = ORDER_SE_FLOOR_INSTRUCTIONS * params.usPerInstruction;
  const runs: R[] = [];
  const sorted: number[] = [];
  const binary: number[] = [];
  for (const s of all) {
    const r = run(s, runs.length);
    runs.push(r);
    const [a, b] = savings(r);
    sorted.push(a);
    binary.push(b);
    if (
      runs.length % CREATION_ORDERS === 0 &&
      preciseEnough(sorted, floor) &&
      preciseEnough(binary, floor)
    )
      break;
  }
  return { seeds: all.slice(0, runs.length), runs };
}

const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
const range = (xs: readonly number[]): [number, number] => [Math.min(...xs), Math.max(...xs)];

/**
 * Every user id searched for in every directory order with both searches: the link's own
 * directory, and the means over the creation orders.
 */
export function simulateDirectorySearch(params: DirectorySearchParams): DirectorySearchResult {
  const saving = (r: ReturnType<typeof searchOneOrder>, key: SearchKey) =>
    r.searches.unsortedLinear.avgUs - r.searches[key].avgUs;
  const { seeds, runs } = overOrders(
    params,
    (seed, i) => (i === 0 ? searchOneOrder(params) : searchOneOrder({ ...params, seed })),
    (r) => [saving(r, 'sortedLinear'), saving(r, 'sortedBinary')],
  );
  const { dir, searches } = runs[0]!;
  const summaries = {} as Record<SearchKey, SearchSummary>;
  for (const s of SEARCHES) {
    const summary = {} as SearchSummary;
    for (const k of SUMMARY_KEYS) summary[k] = mean(runs.map((r) => r.searches[s.key][k]));
    summaries[s.key] = summary;
  }
  const sorted = runs.map((r) => saving(r, 'sortedLinear'));
  const binary = runs.map((r) => saving(r, 'sortedBinary'));
  return {
    directory: dir,
    perPage: dir.perPage,
    pages: pageCount(dir.sorted),
    usPerInstruction: params.usPerInstruction,
    searches,
    orders: {
      seeds,
      searches: summaries,
      sortedRangeUs: range(sorted),
      binaryRangeUs: range(binary),
    },
    sortedSavingUs: mean(sorted),
    binarySavingUs: mean(binary),
  };
}

export interface Savings {
  sortedSavingUs: number;
  binarySavingUs: number;
}

/** The two savings of one creation order (the seed's): skips the unsorted binary search. */
export function searchSavingsOneOrder(params: DirectorySearchParams): Savings {
  const s = runSearches(params, buildDirectory(params), [
    'unsortedLinear',
    'sortedLinear',
    'sortedBinary',
  ]);
  const unsorted = s.unsortedLinear!.avgUs;
  return {
    sortedSavingUs: unsorted - s.sortedLinear!.avgUs,
    binarySavingUs: unsorted - s.sortedBinary!.avgUs,
  };
}

/** Only the two savings (for sweeps and intervals), as means over the creation orders. */
export function searchSavingsUs(params: DirectorySearchParams): Savings {
  const { runs } = overOrders(
    params,
    (seed) => searchSavingsOneOrder({ ...params, seed }),
    (r) => [r.sortedSavingUs, r.binarySavingUs],
  );
  return {
    sortedSavingUs: mean(runs.map((r) => r.sortedSavingUs)),
    binarySavingUs: mean(runs.map((r) => r.binarySavingUs)),
  };
}
