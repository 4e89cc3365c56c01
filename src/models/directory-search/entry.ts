import type { ModelDeclarations } from '../types';
import { directorySearchInfo } from './info';

/** What shared code reads of this model (src/models/registry.ts adds its loader). */
export const directorySearchEntry: ModelDeclarations = {
  info: directorySearchInfo,
  regime: { y: 'profiles', table: 'vmsp-directory-search', column: 'avg_us' },
  baselines: {
    fold: (_heldOut, _cell, column) => ({
      from: [{ table: 'vmsp-directory', row: 'Sorted directory', column }],
      rule: 'binary search saves what sorting saves: the measured sorted saving',
    }),
  },
};
