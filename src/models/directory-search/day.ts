/**
 * The paper's extrapolation from one search to a production day, exactly as it does it:
 * “Propagating this savings to an average 20-hour day … based on the average searches per
 * minute”: 18 µs × 12.82 searches/min × 60 min × 20 h = 276,912 µs, about 0.276 CPU seconds.
 */

export const MINUTES_PER_HOUR = 60;
export const US_PER_S = 1_000_000;

/** DMKUDR searches in one production day: 12.82/min × 60 × 20 h = 15,384. */
export function searchesPerDay(searchesPerMinute: number, dayHours: number): number {
  return searchesPerMinute * MINUTES_PER_HOUR * dayHours;
}

/** A saving per search (µs) over a production day, in µs of CPU. */
export function savingPerDayUs(
  savingUsPerSearch: number,
  searchesPerMinute: number,
  dayHours: number,
): number {
  return savingUsPerSearch * searchesPerDay(searchesPerMinute, dayHours);
}

/** The same in CPU seconds. */
export function savingCpuSecondsPerDay(
  savingUsPerSearch: number,
  searchesPerMinute: number,
  dayHours: number,
): number {
  return savingPerDayUs(savingUsPerSearch, searchesPerMinute, dayHours) / US_PER_S;
}
