// One search, instruction by instruction: linear or binary through a directory's pages
// (the mechanism is described in ./simulate.ts, which runs every id through these).
import { pageCount, PROFILE, type DirectoryPages } from './directory';
import { LISTING } from './listing';
import type { DirectorySearchParams } from './params';

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
