/**
 * The live measurement: it runs, returns positive numbers, can be cancelled and finds what
 * the model's directory holds. Never the timings themselves: they are this machine's.
 */
import { describe, expect, it } from 'vitest';
import { directorySearchLiveApi } from '../../src/models/directory-search/workers/directory-search-live.worker';
import { directorySearchModel } from '../../src/models/directory-search';
import { buildDirectory } from '../../src/models/directory-search/directory';
import {
  binarySearch,
  generateUserIds,
  idWords,
  linearSearch,
  liveDirectory,
  timeDirectorySearches,
} from '../../src/models/directory-search/live';

const PAPER = directorySearchModel.paramsOf({ setup: 'vmsp-directory' });
const QUICK = { rounds: 2, minBatchMs: 2, targets: 256 };

describe('live directory search', () => {
  it('user ids: distinct, 8 characters, sorted, the same for a seed', () => {
    const ids = generateUserIds(500, 4);
    expect(new Set(ids).size).toBe(500);
    expect(ids.every((id) => id.length === 8 && /^[A-Z][A-Z0-9]* *$/.test(id))).toBe(true);
    expect(ids).toEqual([...ids].sort());
    expect(generateUserIds(500, 4)).toEqual(ids);
  });

  it('both searches find every id where the model put it, in a directory with profiles', () => {
    const params = { ...PAPER, users: 700, profiles: 30 };
    const dir = buildDirectory(params);
    const w = generateUserIds(params.users, params.seed).map(idWords);
    const unsorted = liveDirectory(dir.unsorted, w);
    const sorted = liveDirectory(dir.sorted, w);
    for (let rank = 0; rank < params.users; rank++) {
      const [hi, lo] = w[rank]!;
      expect(linearSearch(unsorted, hi, lo)).toBe(dir.unsorted.slotOf[rank]);
      expect(linearSearch(sorted, hi, lo)).toBe(dir.sorted.slotOf[rank]);
      expect(binarySearch(sorted, hi, lo)).toBe(dir.sorted.slotOf[rank]);
    }
    expect(linearSearch(sorted, 0, 0)).toBe(-1);
  });

  it('runs and returns positive numbers beside the model’s', async () => {
    const progress: number[] = [];
    const r = await timeDirectorySearches(PAPER, {
      ...QUICK,
      onProgress: (p) => {
        progress.push(p.done / p.total);
      },
    });
    expect(r.cancelled).toBe(false);
    expect(r.rows.map((x) => x.key)).toEqual(['unsortedLinear', 'sortedLinear', 'sortedBinary']);
    for (const row of r.rows) {
      expect(Number.isFinite(row.nsPerSearch) && row.nsPerSearch > 0).toBe(true);
      expect(row.searches).toBeGreaterThan(0);
      expect(row.batch).toBeGreaterThan(0);
      expect(row.modelUs).toBeGreaterThan(0);
    }
    expect(r.timerResolutionUs).toBeGreaterThan(0);
    expect(r.elapsedMs).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('times even the fastest search above a coarse clock’s tick', async () => {
    // A browser without cross-origin isolation reads the clock in 100 µs steps; the binary
    // search's batch must still span several of them, never read as 0 ns per search.
    const coarse = () => Math.floor(performance.now() / 0.1) * 0.1;
    const r = await timeDirectorySearches(PAPER, { ...QUICK, minBatchMs: 1, clock: coarse });
    for (const row of r.rows) expect(row.nsPerSearch).toBeGreaterThan(0);
    const [linear, , binary] = r.rows;
    expect(binary!.batch).toBeGreaterThan(linear!.batch);
  });

  it('does not take one slow first batch (compiling, a pause) for a long enough one', async () => {
    // The clock jumps 5 ms once, inside the first batch timed (its reads: the run's start, then
    // the batch's start and end): that batch looks long enough, but the searches are not; with
    // a 100 µs tick a batch that short reads 0 ns per search.
    let reads = 0;
    const clock = () => Math.floor(performance.now() / 0.1) * 0.1 + (++reads >= 3 ? 5 : 0);
    const r = await timeDirectorySearches(PAPER, { ...QUICK, minBatchMs: 1, clock });
    for (const row of r.rows) expect(row.nsPerSearch).toBeGreaterThan(0);
    expect(r.rows[0]!.batch).toBeGreaterThan(64);
  });

  it('stops when onProgress says so', async () => {
    let calls = 0;
    const r = await timeDirectorySearches(PAPER, { ...QUICK, onProgress: () => ++calls < 2 });
    expect(r.cancelled).toBe(true);
    expect(calls).toBe(2);
    expect(r.rows[0]!.nsPerSearch).toBeGreaterThan(0);
    expect(r.rows[2]!.nsPerSearch).toBeNaN();
  });

  it('the worker’s api runs in Node (expose is guarded)', async () => {
    const r = await directorySearchLiveApi.run(
      { setup: 'vmsp-directory', users: 50 },
      undefined,
      QUICK,
    );
    expect(r.rows.every((x) => x.nsPerSearch > 0)).toBe(true);
  });
});
