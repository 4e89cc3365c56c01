import {
  buildDirectory,
  pageCount,
  PROFILE,
  type Directory,
  type DirectoryPages,
} from './directory';
import { LISTING } from './listing';
import type { DirectorySearchParams } from './params';

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
 */

export type DirectoryOrder = 'unsorted' | 'sorted';
export type SearchAlgorithm = 'linear' | 'binary';

export const SEARCHES = [
  {
    key: 'unsortedLinear',
    order: 'unsorted',
    algorithm: 'linear',
    label: 'Unsorted, linear',
  },
  {
    key: 'sortedLinear',
    order: 'sorted',
    algorithm: 'linear',
    label: 'Sorted, linear',
  },
  {
    key: 'sortedBinary',
    order: 'sorted',
    algorithm: 'binary',
    label: 'Sorted, binary',
  },
  {
    key: 'unsortedBinary',
    order: 'unsorted',
    algorithm: 'binary',
    label: 'Unsorted, binary',
  },
] as const satisfies readonly {
  key: string;
  order: DirectoryOrder;
  algorithm: SearchAlgorithm;
  label: string;
}[];

export type SearchKey = (typeof SEARCHES)[number]['key'];

/** One search for one id: what it did and what it cost. */
export interface SearchTrace {
  instructions: number;
  /** Pages that passed the check and were brought in (TRANS). */
  pagesIn: number;
  /** User entries whose id was compared: scanned (linear) or probed (binary). */
  entriesCompared: number;
  found: boolean;
}

/** The instruction costs a search is charged, from the parameters and the listing. */
export interface SearchCosts {
  pageCheck: number;
  pageIn: number;
  entryCompare: number;
  profileSkip: number;
  binaryProbe: number;
}

export function searchCosts(p: DirectorySearchParams): SearchCosts {
  return {
    pageCheck: p.pageCheckInstructions,
    pageIn: p.pageInInstructions,
    entryCompare: p.entryCompareInstructions,
    profileSkip: p.profileSkipInstructions,
    binaryProbe: p.binaryProbeInstructions,
  };
}

/**
 * Lengths of the listing's paths that are charged as listed, looked up once. A literal (not
 * built in a loop) so its fields stay fast to read: the searches run per id, per page.
 */
const K = {
  binaryDoubling: LISTING.binaryDoubling.length,
  binaryExhausted: LISTING.binaryExhausted.length,
  binaryLower: LISTING.binaryLower.length,
  binaryPastEnd: LISTING.binaryPastEnd.length,
  binaryProfile: LISTING.binaryProfile.length,
  endOfList: LISTING.endOfList.length,
  entry: LISTING.entry.length,
  linearPageEnd: LISTING.linearPageEnd.length,
  pageHigh: LISTING.pageHigh.length,
  pageInBinary: LISTING.pageInBinary.length,
  pageInLinear: LISTING.pageInLinear.length,
  pageStep: LISTING.pageStep.length,
};

/**
 * Instructions to compare the id with page `page`'s low and high ids: the first page is
 * reached without a step, and an id below DPLLOW is never compared with DPLHIGH.
 */
function checkCost(costs: SearchCosts, page: number, rejectedOnLow: boolean): number {
  const step = page === 0 ? K.pageStep : 0;
  const high = rejectedOnLow ? K.pageHigh : 0;
  return Math.max(0, costs.pageCheck - step - high);
}

/** `BXLE R6,R6,*` from one entry: doublings until the index passes the last entry. */
export function binaryDoublings(entriesInPage: number): number {
  let index = 1;
  let k = 0;
  do {
    index *= 2;
    k += 1;
  } while (index <= entriesInPage);
  return k;
}

/** Per-page figures the linear search needs, computed once per directory order. */
export interface LinearPages {
  pages: DirectoryPages;
  /** profilesBefore[i] = profile entries in entries[0 … i−1]. */
  profilesBefore: Int32Array;
  /** Instructions to scan page p to its end without a match (after TRANS). */
  fullScan: Float64Array;
  usersIn: Int32Array;
}

export function linearPages(pages: DirectoryPages, costs: SearchCosts): LinearPages {
  const total = pages.entries.length;
  const profilesBefore = new Int32Array(total + 1);
  for (let i = 0; i < total; i++)
    profilesBefore[i + 1] = profilesBefore[i]! + (pages.entries[i] === PROFILE ? 1 : 0);
  const count = pageCount(pages);
  const fullScan = new Float64Array(count);
  const usersIn = new Int32Array(count);
  for (let p = 0; p < count; p++) {
    const start = pages.pageStart[p]!;
    const end = pages.pageStart[p + 1]!;
    const profiles = profilesBefore[end]! - profilesBefore[start]!;
    const users = end - start - profiles;
    usersIn[p] = users;
    fullScan[p] = profiles * costs.profileSkip + users * costs.entryCompare + K.linearPageEnd;
  }
  return { pages, profilesBefore, fullScan, usersIn };
}

/** The original DMKUDR: pages in order, each page in range scanned from its top. */
export function traceLinear(lp: LinearPages, id: number, costs: SearchCosts): SearchTrace {
  const { pages, profilesBefore, fullScan, usersIn } = lp;
  const { pageStart, low, high } = pages;
  const slot = pages.slotOf[id]!;
  let instructions = K.entry;
  let pagesIn = 0;
  let entriesCompared = 0;
  const count = pageCount(pages);
  for (let p = 0; p < count; p++) {
    const belowLow = id < low[p]!;
    instructions += checkCost(costs, p, belowLow);
    if (belowLow || id > high[p]!) continue;
    instructions += costs.pageIn;
    pagesIn += 1;
    const start = pageStart[p]!;
    if (slot >= start && slot < pageStart[p + 1]!) {
      // The entries above the id's slot, then the id's own compare.
      const profiles = profilesBefore[slot]! - profilesBefore[start]!;
      const users = slot - start - profiles;
      instructions += profiles * costs.profileSkip + (users + 1) * costs.entryCompare;
      entriesCompared += users + 1;
      return { instructions, pagesIn, entriesCompared, found: true };
    }
    // Caught: the id is within this page's low/high but not in it; scanned to the end in vain.
    instructions += fullScan[p]!;
    entriesCompared += usersIn[p]!;
  }
  instructions += K.endOfList;
  return { instructions, pagesIn, entriesCompared, found: false };
}

/** The paper's modification: pages in order, a power-of-two descent in each page in range. */
export function traceBinary(pages: DirectoryPages, id: number, costs: SearchCosts): SearchTrace {
  // Locals rather than fields of the trace: this runs for every id in every page in range.
  let instructions = K.entry;
  let pagesIn = 0;
  let entriesCompared = 0;
  const setup = Math.max(0, costs.pageIn + K.pageInBinary - K.pageInLinear);
  const { entries, pageStart, low, high } = pages;
  const count = pageCount(pages);
  for (let p = 0; p < count; p++) {
    const belowLow = id < low[p]!;
    instructions += checkCost(costs, p, belowLow);
    if (belowLow || id > high[p]!) continue;
    const start = pageStart[p]!;
    const inPage = pageStart[p + 1]! - start;
    const k = binaryDoublings(inPage);
    instructions += setup + k * K.binaryDoubling;
    pagesIn += 1;
    // Slots 1 … inPage hold the page's entries (slot 0 is the header block).
    let half = 1 << k;
    let base = 0;
    for (;;) {
      half >>= 1;
      if (half < 1) {
        instructions += K.binaryExhausted;
        break;
      }
      const probe = base + half;
      if (probe > inPage) {
        instructions += K.binaryPastEnd;
        continue;
      }
      const entry = entries[start + probe - 1]!;
      if (entry === PROFILE) {
        instructions += K.binaryProfile;
        base = probe;
        continue;
      }
      entriesCompared += 1;
      if (entry === id) {
        instructions += Math.max(0, costs.binaryProbe - 1);
        return { instructions, pagesIn, entriesCompared, found: true };
      }
      if (id > entry) {
        instructions += costs.binaryProbe;
        base = probe;
      } else {
        instructions += costs.binaryProbe + K.binaryLower;
      }
    }
  }
  instructions += K.endOfList;
  return { instructions, pagesIn, entriesCompared, found: false };
}

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

export interface DirectorySearchResult {
  directory: Directory;
  /** User entries per page. */
  perPage: number;
  pages: number;
  usPerInstruction: number;
  searches: Record<SearchKey, SearchResult>;
  /** Average search time saved against the unsorted directory's linear search (µs). */
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

/** Every user id searched for in every directory order with both searches. */
export function simulateDirectorySearch(params: DirectorySearchParams): DirectorySearchResult {
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
  return {
    directory: dir,
    perPage: dir.perPage,
    pages: pageCount(dir.sorted),
    usPerInstruction: params.usPerInstruction,
    searches,
    sortedSavingUs: searches.unsortedLinear.avgUs - searches.sortedLinear.avgUs,
    binarySavingUs: searches.unsortedLinear.avgUs - searches.sortedBinary.avgUs,
  };
}

/** Only the two savings (for sweeps): skips the slow binary search of the unsorted directory. */
export function searchSavingsUs(params: DirectorySearchParams): {
  sortedSavingUs: number;
  binarySavingUs: number;
} {
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
