import type { ModelDeclarations } from '../types';
import { crossBoundaryInfo } from './info';

/** doct-ipc's columns as the scoreboard names them: the paper's key and the call count. */
const DOCT_CALLS: Record<string, [key: string, calls: number]> = {
  '10K': ['s_10k', 1e4],
  '100K': ['s_100k', 1e5],
  '1M': ['s_1m', 1e6],
};

/** What shared code reads of this model (src/models/registry.ts adds its loader). */
export const crossBoundaryEntry: ModelDeclarations = {
  info: crossBoundaryInfo,
  regime: {
    y: 'iterations',
    table: 'cross-boundary-config',
    column: 'total_s',
    compare: 'transport',
    only: ['SM', 'RPC'],
  },
  baselines: {
    fold(_heldOut, { label, column }) {
      const held = DOCT_CALLS[column];
      if (!held) return null;
      // The other columns scaled by call count, averaged on the log scale.
      const others = Object.entries(DOCT_CALLS).filter(([name]) => name !== column);
      return {
        from: others.map(([, [k, n]]) => ({ table: 'doct-ipc', row: label, column: k, size: n })),
        scale: { quantity: 'calls', unit: '', to: held[1] },
        combine: 'geometric-mean',
        rule: `the ${others.map(([n]) => n).join(' and ')} columns scaled by call count (geometric mean)`,
      };
    },
  },
};
