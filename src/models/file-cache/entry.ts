import type { BaselineRule, ModelDeclarations } from '../types';
import { fileCacheInfo } from './info';

/** The same platform's measured 8-way value: "more CPUs change nothing from 8 on". */
function eightWay(table: string, row: string, column: string): BaselineRule | null {
  const platform = /^(\S+) 64-way$/.exec(row)?.[1];
  return platform
    ? {
        from: [{ table, row: `${platform} 8-way`, column }],
        rule: `the measured ${platform} 8-way value (64-way = 8-way)`,
      }
    : null;
}

/** What shared code reads of this model (src/models/registry.ts adds its loader). */
export const fileCacheEntry: ModelDeclarations = {
  info: fileCacheInfo,
  regime: { y: 'workingSetPages', table: 'ufc-stealback', column: 'ws_hit_rate_pct' },
  baselines: {
    table: (table, row, column) => (table.startsWith('ufc-') ? eightWay(table, row, column) : null),
    fold(_heldOut, { label }, key) {
      const [table, ...rest] = label.split(' ');
      return eightWay(table!, rest.join(' '), key);
    },
  },
};
