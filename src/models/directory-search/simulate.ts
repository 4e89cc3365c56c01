import { buildDirectory, pageCount, type Directory } from './directory';
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
