import type { ModelTable } from '../types';
import { cholesky, propagate } from '../uncertainty';
import { DIRECTORY_UNCERTAINTY } from './constants';
import { savingCpuSecondsPerDay, savingPerDayUs, searchesPerDay } from './day';
import type { DirectorySearchParams } from './params';
import { FEW_IDS, usersPerPage } from './directory';
import { SEARCHES, searchSavingsUs, type DirectorySearchResult } from './simulate';

const FACTOR = cholesky(DIRECTORY_UNCERTAINTY.covariance);

/**
 * 95 % intervals of the two savings per search: the directory size and the time per
 * instruction moved along their covariance (constants.ts), plus the creation order's spread.
 * A size moved off a whole number is read as the nearest whole directory.
 */
function savingIntervals(p: DirectorySearchParams) {
  return propagate(
    p,
    DIRECTORY_UNCERTAINTY,
    {
      evaluate: (q) => {
        const s = searchSavingsUs({ ...q, users: Math.max(1, Math.round(q.users)) });
        return { sorted: s.sortedSavingUs, binary: s.binarySavingUs };
      },
      minOf: (k) => (k === 'users' ? 1 : 1e-4),
      // A saving can be negative (sorting makes some directories slower): no floor at 0.
      floor: -Infinity,
    },
    FACTOR,
  ).intervals;
}

const SOURCE = '004_5e3b76fe7de6a2e6.txt';

/** Row labels are the paper's own names for the two changes it measured. */
export const SAVING_ROWS = { sorted: 'Sorted directory', binary: 'Binary search' } as const;

export const SEARCH_TABLE_ID = 'vmsp-directory-search';

const count = (x: number) => x.toLocaleString('en-US');

/** Ids whose unsorted search brings in a page before their own: caught by its low/high. */
function caughtIds(r: DirectorySearchResult): number {
  const { pagesIn, found } = r.searches.unsortedLinear;
  let caught = 0;
  for (let id = 0; id < pagesIn.length; id++) if (found[id] && pagesIn[id]! > 1) caught += 1;
  return caught;
}

/**
 * The named threshold (./directory.ts, FEW_IDS): pages before the last of the unsorted
 * directory that hold only a handful of user ids, the rest profiles. Where one is, a profile
 * more or less moves the saving steeply; the note says so.
 */
function fewIdsNote(r: DirectorySearchResult): string | null {
  const counts = usersPerPage(r.directory.unsorted);
  const few: string[] = [];
  for (let p = 0; p < counts.length - 1; p++) {
    const k = counts[p]!;
    if (k >= 1 && k <= FEW_IDS)
      few.push(`page ${p + 1} holds only ${k} user ${k === 1 ? 'id' : 'ids'}`);
  }
  if (few.length === 0) return null;
  return (
    `Threshold: ${few.join(', ')} (the rest profiles). A page’s low/high span its few ids, so whether it catches the ids behind it is a lottery of where those few fall in the alphabet: ` +
    `on average (k − 1) ÷ (k + 1) of them for k ids, none once the page holds only profiles. Near this page boundary a profile entry more or less moves the sorted saving steeply.`
  );
}

const us1 = (x: number) => x.toFixed(1);

/**
 * The paper's two results: the average search time saved against the unsorted directory,
 * per search (from the mechanism) and per production day (the paper's arithmetic).
 */
export function savingTable(p: DirectorySearchParams, r: DirectorySearchResult): ModelTable {
  const perDayUs = (us: number) => savingPerDayUs(us, p.searchesPerMinute, p.dayHours);
  const cpuS = (us: number) => savingCpuSecondsPerDay(us, p.searchesPerMinute, p.dayHours);
  const iv = savingIntervals(p);
  const row = (label: string, savingUs: number, interval: [number, number] | undefined) => ({
    label,
    values: {
      saving_us_per_search: savingUs,
      saving_us_per_day: perDayUs(savingUs),
      saving_cpu_s_per_day: cpuS(savingUs),
    },
    ...(interval && interval[1] > interval[0]
      ? {
          intervals: {
            saving_us_per_search: interval,
            saving_us_per_day: [perDayUs(interval[0]), perDayUs(interval[1])] as [number, number],
            saving_cpu_s_per_day: [cpuS(interval[0]), cpuS(interval[1])] as [number, number],
          },
        }
      : {}),
  });
  const perDay = searchesPerDay(p.searchesPerMinute, p.dayHours);
  const dir = r.directory;
  const profiles = dir.profiles > 0 ? ` and ${count(dir.profiles)} profile entries` : '';
  const sorted = r.orders.searches.sortedLinear;
  const threshold = fewIdsNote(r);
  return {
    id: p.setup,
    title: `CPU time saved in DMKUDR against the unsorted directory (${p.dayHours}-hour day)`,
    source: `${SOURCE}, “Unsorted directory versus sorted directory” and “Binary search modification”`,
    columns: [
      { key: 'saving_us_per_search', label: 'Saving per search', unit: 'µs' },
      { key: 'saving_us_per_day', label: 'Saving per day', unit: 'µs' },
      { key: 'saving_cpu_s_per_day', label: 'CPU saved per day', unit: 's' },
    ],
    chartColumns: ['saving_us_per_search'],
    rows: [
      row(SAVING_ROWS.sorted, r.sortedSavingUs, iv['sorted']),
      row(SAVING_ROWS.binary, r.binarySavingUs, iv['binary']),
    ],
    intervalLevel: DIRECTORY_UNCERTAINTY.level,
    notes: [
      'Model values read “value (lo–hi)”: a 95 % prediction interval. The directory’s size was fitted to the sorted saving (187 ± 4 ids) while the time per instruction is only “comparable to” the 125 ns clock tick (read as 0.125 ± 0.025 µs); the two trade off along that one cell, and the binary search’s saving, which the fit never saw, moves with the time per instruction. The unknown creation order adds one order’s spread (seeds 1–20) about the mean over orders.',
      `Per day = saving per search × ${count(perDay)} searches (${p.searchesPerMinute}/min × 60 × ${p.dayHours} h).`,
      `Directory: ${count(dir.users)} user ids${profiles} in ${count(r.pages)} ${r.pages === 1 ? 'page' : 'pages'} of ${count(r.perPage)} entries. ` +
        `Unsorted (this link’s creation order, seed ${r.orders.seeds[0]}), ${count(caughtIds(r))} ids are caught by an earlier page’s low/high and scan it in vain; ` +
        `sorted, ${us1(sorted.slowerThanUnsorted)} ids on average are slower than before (they moved down their page).`,
      `The paper does not give the order the ids were created in, which decides where each falls: every figure is the mean over ${r.orders.seeds.length} creation orders (this link’s seed and ${r.orders.seeds.length - 1} drawn from it). Across them the sorted saving ranges ${us1(r.orders.sortedRangeUs[0])}–${us1(r.orders.sortedRangeUs[1])} µs, the binary ${us1(r.orders.binaryRangeUs[0])}–${us1(r.orders.binaryRangeUs[1])} µs.`,
      ...(threshold ? [threshold] : []),
    ],
  };
}

/** What the paper's Figures 2–5 showed per user id, averaged: one row per order and search. */
export function searchTable(r: DirectorySearchResult): ModelTable {
  const unsortedBinary = r.orders.searches.unsortedBinary;
  return {
    id: SEARCH_TABLE_ID,
    title: 'DMKUDR search time by directory order and search method',
    source: `${SOURCE}, Figures 2–5 (not in the text) and the DMKUDR listings`,
    columns: [
      { key: 'avg_us', label: 'Average search', unit: 'µs' },
      { key: 'max_us', label: 'Slowest id', unit: 'µs' },
      { key: 'entries', label: 'Entries compared', unit: '' },
      { key: 'pages_in', label: 'Pages brought in', unit: '' },
      { key: 'slower_ids', label: 'Ids slower than unsorted', unit: '' },
      { key: 'not_found', label: 'Ids not found', unit: '' },
    ],
    rows: SEARCHES.map((s) => {
      const x = r.orders.searches[s.key];
      return {
        label: s.label,
        values: {
          avg_us: x.avgUs,
          max_us: x.maxUs,
          entries: x.avgEntriesCompared,
          pages_in: x.avgPagesIn,
          slower_ids: x.slowerThanUnsorted,
          not_found: x.notFound,
        },
      };
    }),
    notes: [
      `Averages are weighted by the workload, over the ids found (the paper timed successful searches), and every figure is the mean over ${r.orders.seeds.length} creation orders.`,
      `Binary search in an unsorted directory cannot find ${us1(unsortedBinary.notFound)} of ${count(r.directory.users)} ids on average — ` +
        'why the paper’s shop sorts the directory before putting it on-line (“not many users would be able to log-on”).',
    ],
  };
}
