import { mulberry32, shuffleInPlace } from '../random';
import type { DirectorySearchParams, Workload } from './params';

/** Marks a profile entry in a page's slots (user entries hold the id's alphabetical rank). */
export const PROFILE = -1;

/**
 * User entries per directory page: the page holds ⌊page ÷ entry⌋ blocks and the first is a
 * header (its UDIRDISP points at the page's last block), so 4,096 ÷ 24 gives 170 − 1 = 169 —
 * the “169 blocks per record” of the VM/370 logic manual. At least one.
 */
export function entriesPerPage(pageBytes: number, entryBytes: number): number {
  return Math.max(1, Math.floor(pageBytes / entryBytes) - 1);
}

/**
 * One order of the directory, cut into pages. Ids are their alphabetical ranks (0 … users−1),
 * so comparing ranks is comparing user ids; profile entries are PROFILE.
 */
export interface DirectoryPages {
  /** Every entry, page after page: profiles first (they head the source), then the user ids. */
  entries: Int32Array;
  /** Page p holds entries[pageStart[p] … pageStart[p+1]−1]; length pages + 1. */
  pageStart: Int32Array;
  /** DPLLOW / DPLHIGH: lowest and highest user id (rank) in each page; a page of profiles only has low > high. */
  low: Int32Array;
  high: Int32Array;
  /** Index into `entries` of each user id, by rank. */
  slotOf: Int32Array;
}

export function pageCount(pages: DirectoryPages): number {
  return pages.pageStart.length - 1;
}

/** Lays out `profiles` profile entries and then the user ids in `order` (ranks), `perPage` to a page. */
export function layoutPages(
  order: ArrayLike<number>,
  profiles: number,
  perPage: number,
): DirectoryPages {
  const total = profiles + order.length;
  const entries = new Int32Array(total);
  entries.fill(PROFILE, 0, profiles);
  for (let i = 0; i < order.length; i++) entries[profiles + i] = order[i]!;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const pageStart = new Int32Array(pages + 1);
  const low = new Int32Array(pages);
  const high = new Int32Array(pages);
  const slotOf = new Int32Array(order.length);
  for (let p = 0; p < pages; p++) {
    const start = p * perPage;
    const end = Math.min(total, start + perPage);
    pageStart[p] = start;
    let lo = Number.MAX_SAFE_INTEGER;
    let hi = -1;
    for (let i = start; i < end; i++) {
      const id = entries[i]!;
      if (id === PROFILE) continue;
      slotOf[id] = i;
      if (id < lo) lo = id;
      if (id > hi) hi = id;
    }
    low[p] = lo === Number.MAX_SAFE_INTEGER ? 0x7fffffff : lo;
    high[p] = hi;
  }
  pageStart[pages] = total;
  return { entries, pageStart, low, high, slotOf };
}

/** User ids (not profiles) in each page. */
export function usersPerPage(pages: DirectoryPages): Int32Array {
  const count = pageCount(pages);
  const out = new Int32Array(count);
  for (let p = 0; p < count; p++)
    for (let i = pages.pageStart[p]!; i < pages.pageStart[p + 1]!; i++)
      if (pages.entries[i] !== PROFILE) out[p] = out[p]! + 1;
  return out;
}

/**
 * A page before the last with this few user ids (the rest profiles) is the model's named
 * threshold: its low/high span only those few ids, so how many later ids it catches depends on
 * where they fall in the alphabet, and falls to none as the page fills with profiles. With k
 * random ids a page catches (k − 1) ÷ (k + 1) of the others on average, and one creation
 * order's share scatters about that by √(2(k − 1) ÷ (k + 2)) ÷ (k − 1) relative — over 10 % at
 * 12 ids or fewer, where even the mean over 8 orders still moves by several per cent.
 */
export const FEW_IDS = 12;

/**
 * Creation orders the outputs are averaged over at least: the link's seed and seeds derived
 * from it. More are added, `CREATION_ORDERS` at a time up to `MAX_CREATION_ORDERS`, until
 * each saving's standard error over them is within `ORDER_SE_REL` of its mean (or
 * `ORDER_SE_FLOOR_INSTRUCTIONS`): near the few-ids threshold one order's sorted saving scatters by
 * ±18 µs about 84 µs (`profiles=164`), and the mean of 8 still moved 68.8 → 91.5 µs with the
 * seed alone (issue 33). Far from it 8 orders already meet the target, and nothing changes.
 */
export const CREATION_ORDERS = 8;
export const MAX_CREATION_ORDERS = 64;
/** The standard error of a saving's mean over orders that ends the averaging (relative). */
export const ORDER_SE_REL = 0.03;
/**
 * …or this many instructions' worth (× µs per instruction), for a saving near zero: in
 * instructions, so that the orders run do not depend on the time per instruction and a
 * saving stays exactly proportional to it.
 */
export const ORDER_SE_FLOOR_INSTRUCTIONS = 4;

/** Whether the mean of these savings (one per creation order) is known well enough. */
export function preciseEnough(xs: readonly number[], floor: number): boolean {
  const n = xs.length;
  if (n < 2) return false;
  const mean = xs.reduce((a, x) => a + x, 0) / n;
  const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  return Math.sqrt(variance / n) <= Math.max(floor, ORDER_SE_REL * Math.abs(mean));
}

/** A stream apart from the directory's and the workload's, for the derived seeds. */
const ORDER_STREAM = 0x85ebca6b;

/**
 * The seeds of the creation orders averaged over: the link's own first (its directory is the
 * one the per-id chart draws and the live panel times), then `n − 1` drawn from it, so the same
 * link gives the same numbers.
 */
export function creationOrderSeeds(seed: number, n = CREATION_ORDERS): number[] {
  const rand = mulberry32(seed ^ ORDER_STREAM);
  const out = [seed];
  while (out.length < n) out.push(Math.floor(rand() * 2_147_483_647));
  return out;
}

/** The shape of one directory: its id order before and after sorting, and who is searched. */
export interface Directory {
  users: number;
  profiles: number;
  perPage: number;
  /** creationOrder[k] = rank of the k-th id in the unsorted directory. */
  creationOrder: Int32Array;
  /** creationIndex[rank] = position of that id in the unsorted directory (0-based). */
  creationIndex: Int32Array;
  unsorted: DirectoryPages;
  sorted: DirectoryPages;
  /** Share of the searches that look for each id, by rank; sums to 1. */
  weights: Float64Array;
}

/** A second, independent stream for the workload, so changing it leaves the directory as it was. */
const WORKLOAD_STREAM = 0x9e3779b9;

/**
 * The unsorted directory's order: the ids not added since the last sort stay in sorted
 * order; the rest (a seeded random choice) follow in a seeded random creation order.
 * At 100 % this is a random permutation: ids unrelated to when they were created.
 */
export function creationOrder(users: number, addedSinceSortPct: number, seed: number): Int32Array {
  const rand = mulberry32(seed);
  const appended = Math.round((users * addedSinceSortPct) / 100);
  const ranks = new Int32Array(users);
  for (let i = 0; i < users; i++) ranks[i] = i;
  shuffleInPlace(ranks, rand);
  const late = ranks.subarray(0, appended);
  const kept = ranks.slice(appended).sort();
  const order = new Int32Array(users);
  order.set(kept, 0);
  order.set(late, kept.length);
  return order;
}

/** Search shares by position in the unsorted directory (creation order), then by rank. */
export function workloadWeights(
  order: Int32Array,
  workload: Workload,
  zipfExponent: number,
  seed: number,
): Float64Array {
  const n = order.length;
  const heaviness = new Int32Array(n); // heaviness[k] = 0 for the heaviest position k
  for (let k = 0; k < n; k++) heaviness[k] = workload === 'heavy-back' ? n - 1 - k : k;
  if (workload === 'heavy-random') shuffleInPlace(heaviness, mulberry32(seed ^ WORKLOAD_STREAM));
  const weights = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    const w = workload === 'uniform' ? 1 : 1 / Math.pow(heaviness[k]! + 1, zipfExponent);
    weights[order[k]!] = w;
    sum += w;
  }
  for (let i = 0; i < n; i++) weights[i] = weights[i]! / sum;
  return weights;
}

export function buildDirectory(p: DirectorySearchParams): Directory {
  const perPage = entriesPerPage(p.pageBytes, p.entryBytes);
  const order = creationOrder(p.users, p.addedSinceSortPct, p.seed);
  const creationIndex = new Int32Array(p.users);
  for (let k = 0; k < p.users; k++) creationIndex[order[k]!] = k;
  const alphabetical = new Int32Array(p.users);
  for (let i = 0; i < p.users; i++) alphabetical[i] = i;
  return {
    users: p.users,
    profiles: p.profiles,
    perPage,
    creationOrder: order,
    creationIndex,
    unsorted: layoutPages(order, p.profiles, perPage),
    sorted: layoutPages(alphabetical, p.profiles, perPage),
    weights: workloadWeights(order, p.workload, p.zipfExponent, p.seed),
  };
}
