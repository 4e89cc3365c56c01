import type { ModelDeclarations } from '../types';
import { hyperthreadsInfo } from './info';

/** What shared code reads of this model (src/models/registry.ts adds its loader). */
export const hyperthreadsEntry: ModelDeclarations = {
  info: hyperthreadsInfo,
  regime: { y: 'cyclesBetweenMisses', table: 'hyperthreads-scenario', column: 'makespan_s' },
  baselines: {
    fold(_heldOut, { label }, column) {
      const row = label.replace('Single core with CoThreads', 'Single core, time-sliced');
      return {
        from: [{ table: 'vms-sample-runs', row, column }],
        rule: `cothreads change nothing (ON = OFF): the measured ${row}`,
      };
    },
  },
};
