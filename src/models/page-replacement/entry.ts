import type { ModelDeclarations } from '../types';
import { pageReplacementInfo } from './info';

/** What shared code reads of this model (src/models/registry.ts adds its loader). */
export const pageReplacementEntry: ModelDeclarations = {
  info: pageReplacementInfo,
  regime: { y: 'distinctItems', table: 'replacement', column: 'hit_rate_pct' },
};
