import type { ColumnSpec } from '../models/types';

/**
 * Whether a column is a percentage (a hit rate, an improvement, a change in %): two of them are
 * compared by their difference in percentage points, never as a percent of a percent (11.6 %
 * against 4 % is +7.6 pp, not +188.9 %). Its own module, so compare mode (./pinned.ts) and the
 * page can use it without the paper tables ./compare.ts brings.
 */
export const isPercentColumn = (c: Pick<ColumnSpec, 'unit'>): boolean => c.unit === '%';

/** The unit a column's errors and differences are in: pp for a percentage, else % of the paper. */
export const errorUnitOf = (c: Pick<ColumnSpec, 'unit'>): '%' | 'pp' =>
  isPercentColumn(c) ? 'pp' : '%';
