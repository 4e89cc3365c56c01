import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directorySearchModel, simulateDirectorySearch } from '../../src/models/directory-search';
import {
  buildDirectory,
  creationOrder,
  entriesPerPage,
  layoutPages,
  PROFILE,
  workloadWeights,
  type DirectoryPages,
} from '../../src/models/directory-search/directory';
import { LISTING } from '../../src/models/directory-search/listing';
import type { DirectorySearchParams } from '../../src/models/directory-search/params';
import type { ParamValues } from '../../src/models/types';
import {
  binaryDoublings,
  linearPages,
  searchCosts,
  traceBinary,
  traceLinear,
  type SearchCosts,
} from '../../src/models/directory-search/simulate';

const PAPER = directorySearchModel.paramsOf({ setup: 'vmsp-directory' });
/** The same scenario as the model's entry points take it (a link's values). */
const PAPER_VALUES: ParamValues = { ...PAPER };
const costs = searchCosts(PAPER);

describe('the listing and the directory’s shape', () => {
  it('instruction defaults are the lengths of the listing’s paths', () => {
    expect(costs).toEqual({
      pageCheck: 9,
      pageIn: 2 + 3, // TRANS (assumed: LRA and a branch) + LH, AR, LR
      entryCompare: 9,
      profileSkip: 5,
      binaryProbe: 13,
    });
    expect(LISTING.pageCheck).toEqual([
      ...LISTING.pageStep,
      ...LISTING.pageLow,
      ...LISTING.pageHigh,
    ]);
  });

  it('a 4,096-byte page of 24-byte entries holds 169, as the VM/370 logic manual says', () => {
    expect(entriesPerPage(4096, 24)).toBe(169);
    expect(entriesPerPage(4096, 32)).toBe(127);
    expect(entriesPerPage(512, 2048)).toBe(1);
  });

  it('BXLE doubles the index from one entry until it passes the last', () => {
    expect(binaryDoublings(1)).toBe(1);
    expect(binaryDoublings(127)).toBe(7);
    expect(binaryDoublings(128)).toBe(8);
    expect(binaryDoublings(169)).toBe(8);
  });

  it('pages: profiles first, DPLLOW/DPLHIGH the lowest and highest id of each page', () => {
    const pages = layoutPages([4, 0, 3, 1, 2], 2, 3);
    expect([...pages.entries]).toEqual([PROFILE, PROFILE, 4, 0, 3, 1, 2]);
    expect([...pages.pageStart]).toEqual([0, 3, 6, 7]);
    expect([...pages.low]).toEqual([4, 0, 2]);
    expect([...pages.high]).toEqual([4, 3, 2]);
    expect(pages.slotOf[2]).toBe(6);
  });

  it('the unsorted order: a permutation; 0 % added since the sort is sorted', () => {
    const order = creationOrder(500, 100, 7);
    expect([...order].sort((a, b) => a - b)).toEqual([...Array(500).keys()]);
    expect([...creationOrder(50, 0, 7)]).toEqual([...Array(50).keys()]);
    const partly = creationOrder(100, 30, 7);
    // The 70 kept in order come first, sorted.
    const kept = [...partly.slice(0, 70)];
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
  });

  it('workload shares sum to 1; Zipf from the front favours the first-created ids', () => {
    const order = creationOrder(100, 100, 3);
    for (const w of ['uniform', 'heavy-front', 'heavy-back', 'heavy-random'] as const) {
      const weights = workloadWeights(order, w, 1, 3);
      expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
    const front = workloadWeights(order, 'heavy-front', 1, 3);
    expect(front[order[0]!]).toBeGreaterThan(front[order[1]!]!);
    expect(front[order[0]!]! / front[order[99]!]!).toBeCloseTo(100, 9);
    const back = workloadWeights(order, 'heavy-back', 1, 3);
    expect(back[order[99]!]).toBeCloseTo(front[order[0]!]!, 12);
  });
});

/**
 * DMKUDR's linear scan, walked slot by slot along the listing: an independent reference for
 * the model's traceLinear (which adds up whole pages at once).
 */
function referenceLinear(pages: DirectoryPages, id: number, c: SearchCosts) {
  let instructions = LISTING.entry.length;
  let entriesCompared = 0;
  const count = pages.pageStart.length - 1;
  for (let p = 0; p < count; p++) {
    if (p > 0) instructions += LISTING.pageStep.length;
    instructions += LISTING.pageLow.length;
    if (id < pages.low[p]!) continue;
    instructions += LISTING.pageHigh.length;
    if (id > pages.high[p]!) continue;
    instructions += c.pageIn;
    for (let i = pages.pageStart[p]!; i < pages.pageStart[p + 1]!; i++) {
      if (pages.entries[i] === PROFILE) {
        instructions += LISTING.linearProfile.length;
        continue;
      }
      instructions += LISTING.linearCompare.length;
      entriesCompared += 1;
      if (pages.entries[i] === id) return { instructions, entriesCompared, found: true };
    }
    instructions += LISTING.linearPageEnd.length;
  }
  return { instructions, entriesCompared, found: false };
}

const shapes = fc.record({
  users: fc.integer({ min: 1, max: 400 }),
  profiles: fc.integer({ min: 0, max: 200 }),
  perPage: fc.integer({ min: 1, max: 200 }),
  addedSinceSortPct: fc.integer({ min: 0, max: 100 }),
  seed: fc.integer({ min: 0, max: 1000 }),
});

describe('the searches (property-based)', () => {
  it('traceLinear agrees with a slot-by-slot walk of the listing', () => {
    fc.assert(
      fc.property(shapes, ({ users, profiles, perPage, addedSinceSortPct, seed }) => {
        const order = creationOrder(users, addedSinceSortPct, seed);
        for (const pages of [
          layoutPages(order, profiles, perPage),
          layoutPages([...Array(users).keys()], profiles, perPage),
        ]) {
          const lp = linearPages(pages, costs);
          for (let id = 0; id < users; id++) {
            const t = traceLinear(lp, id, costs);
            const ref = referenceLinear(pages, id, costs);
            expect(t.found).toBe(true);
            expect(t.instructions).toBe(ref.instructions);
            expect(t.entriesCompared).toBe(ref.entriesCompared);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('binary search finds every id of a sorted directory, in at most one probe per doubling', () => {
    fc.assert(
      fc.property(shapes, ({ users, profiles, perPage }) => {
        const pages = layoutPages([...Array(users).keys()], profiles, perPage);
        for (let id = 0; id < users; id++) {
          const t = traceBinary(pages, id, costs);
          expect(t.found).toBe(true);
          expect(t.pagesIn).toBe(1);
          expect(t.entriesCompared).toBeLessThanOrEqual(binaryDoublings(perPage));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('with one id in creation order, sorting leaves every search as it was', () => {
    fc.assert(
      fc.property(shapes, ({ users, profiles, seed }) => {
        const r = simulateDirectorySearch({
          ...PAPER,
          users,
          profiles,
          seed,
          addedSinceSortPct: 0,
        });
        expect([...r.searches.sortedLinear.instructions]).toEqual([
          ...r.searches.unsortedLinear.instructions,
        ]);
        expect(r.sortedSavingUs).toBe(0);
        expect(r.searches.unsortedBinary.notFound).toBe(0);
      }),
      { numRuns: 30 },
    );
  });
});

describe('sorting can make a user slower', () => {
  it('a hand-built directory: the first-created id moves to the bottom of its page', () => {
    // Ids by rank: 0 = AAA, 1 = BBB, 2 = ZZZ. ZZZ was created first.
    const unsorted = layoutPages([2, 0, 1], 0, 169);
    const sorted = layoutPages([0, 1, 2], 0, 169);
    const zzz = 2;
    const before = traceLinear(linearPages(unsorted, costs), zzz, costs);
    const after = traceLinear(linearPages(sorted, costs), zzz, costs);
    // L, B; the first page's check (ICM, BZ, CLC, BL, CLC, BH); TRANS + LH, AR, LR; compares.
    expect(before.instructions).toBe(2 + 6 + 5 + 1 * 9);
    expect(after.instructions).toBe(2 + 6 + 5 + 3 * 9);
    expect(after.instructions).toBeGreaterThan(before.instructions);
    // Binary search is the same for every id of a 3-entry page: 2 doublings, probes at 2, 3.
    const binary = traceBinary(sorted, zzz, costs);
    expect(binary.instructions).toBe(2 + 6 + 5 + 4 + 2 + 13 + 12);
  });

  it('the paper’s preset: the first id created is slower after sorting, one of 86 such ids', () => {
    const r = simulateDirectorySearch(PAPER);
    const first = r.directory.creationOrder[0]!;
    expect(r.searches.unsortedLinear.entriesCompared[first]).toBe(1);
    expect(r.searches.sortedLinear.instructions[first]).toBeGreaterThan(
      r.searches.unsortedLinear.instructions[first]!,
    );
    expect(r.searches.sortedLinear.slowerThanUnsorted).toBe(86);
    // …while every id caught by page 1 gets faster.
    const { pagesIn } = r.searches.unsortedLinear;
    for (let id = 0; id < r.directory.users; id++)
      if (pagesIn[id]! > 1)
        expect(r.searches.sortedLinear.instructions[id]).toBeLessThan(
          r.searches.unsortedLinear.instructions[id]!,
        );
  });

  it('with the first-created ids searched most, sorting makes the average worse', () => {
    const r = simulateDirectorySearch(
      directorySearchModel.paramsOf(
        directorySearchModel.presets.find((p) => p.id === 'vmsp-directory-heavy-front')!.params,
      ),
    );
    expect(r.sortedSavingUs).toBeLessThan(0);
    expect(r.binarySavingUs).toBeGreaterThan(0);
  });
});

describe('the model', () => {
  it('binary search of the unsorted directory misses most ids', () => {
    const r = simulateDirectorySearch(PAPER);
    expect(r.searches.unsortedBinary.notFound).toBeGreaterThan(PAPER.users / 2);
    for (const key of ['unsortedLinear', 'sortedLinear', 'sortedBinary'] as const)
      expect(r.searches[key].notFound).toBe(0);
  });

  it('is deterministic for a seed, and the seed matters', () => {
    const a = directorySearchModel.tables(PAPER_VALUES);
    const b = directorySearchModel.tables({ ...PAPER_VALUES });
    expect(a).toEqual(b);
    expect(directorySearchModel.charts(PAPER_VALUES)).toEqual(
      directorySearchModel.charts(PAPER_VALUES),
    );
    const other = directorySearchModel.charts({ ...PAPER_VALUES, seed: 2 });
    expect(other[0]).not.toEqual(directorySearchModel.charts(PAPER_VALUES)[0]);
  });

  it('changing the number of users changes the table', () => {
    const saving = (users: number) =>
      directorySearchModel.tables({ ...PAPER_VALUES, users })[0]!.rows[0]!.values[
        'saving_us_per_search'
      ];
    expect(saving(150)).not.toBe(saving(188));
    // Within one page a uniform workload gains nothing from sorting.
    expect(saving(150)).toBeCloseTo(0, 9);
  });

  it('more profile entries slow the linear scan of page 1, not the binary search', () => {
    const none = simulateDirectorySearch(PAPER);
    const some = simulateDirectorySearch({ ...PAPER, users: 100, profiles: 20 });
    const base = simulateDirectorySearch({ ...PAPER, users: 100 });
    expect(some.searches.sortedLinear.avgInstructions).toBeCloseTo(
      base.searches.sortedLinear.avgInstructions + 20 * 5,
      9,
    );
    expect(some.searches.sortedBinary.notFound).toBe(0);
    expect(none.searches.sortedBinary.notFound).toBe(0);
  });

  it('the per-user chart follows the unsorted directory’s order, with page markers', () => {
    const [perUser] = directorySearchModel.charts(PAPER_VALUES);
    if (perUser?.kind !== 'line') throw new Error('expected a line chart');
    expect(perUser.series.map((s) => s.name)).toEqual([
      'Unsorted directory',
      'Sorted directory',
      'Binary search',
    ]);
    expect(perUser.series[0]!.points).toHaveLength(PAPER.users);
    expect(perUser.series[1]!.dots).toBe(true);
    expect(perUser.markers).toEqual([{ x: 170, label: 'page 2' }]);
    const big = directorySearchModel.charts({ ...PAPER_VALUES, users: 3000 })[0];
    if (big?.kind !== 'line') throw new Error('expected a line chart');
    expect(big.series[0]!.points.length).toBeLessThanOrEqual(600);
  });

  it('the directory follows the parameters', () => {
    const params: DirectorySearchParams = { ...PAPER, users: 500, profiles: 10, entryBytes: 32 };
    const dir = buildDirectory(params);
    expect(dir.perPage).toBe(127);
    expect(dir.sorted.pageStart.length - 1).toBe(Math.ceil(510 / 127));
  });
});
