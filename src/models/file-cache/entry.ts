import type { Measured, ModelDeclarations } from '../types';
import { fileCacheInfo } from './info';

/** The same platform's measured 8-way value: "more CPUs change nothing from 8 on". */
function eightWay(m: Measured, table: string, row: string, column: string) {
  const platform = /^(\S+) 64-way$/.exec(row)?.[1];
  const value = platform ? m(table, `${platform} 8-way`, column) : null;
  return value === null
    ? null
    : { value, rule: `the measured ${platform} 8-way value (64-way = 8-way)` };
}

/** What shared code reads of this model (src/models/registry.ts adds its loader). */
export const fileCacheEntry: ModelDeclarations = {
  info: fileCacheInfo,
  regime: { y: 'workingSetPages', table: 'ufc-stealback', column: 'ws_hit_rate_pct' },
  baselines: {
    table: (m, table, row, column) =>
      table.startsWith('ufc-') ? eightWay(m, table, row, column) : null,
    fold(m, _heldOut, { label }, key) {
      const [table, ...rest] = label.split(' ');
      return eightWay(m, table!, rest.join(' '), key);
    },
  },
};
