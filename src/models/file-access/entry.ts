import type { ModelDeclarations } from '../types';
import { fileAccessBaselines } from './baseline';
import { fileAccessInfo } from './info';

/** What shared code reads of this model (src/models/registry.ts adds its loader). */
export const fileAccessEntry: ModelDeclarations = {
  info: fileAccessInfo,
  regime: { y: 'recordBytes', table: 'first', column: 'elapsed_ms' },
  baselines: fileAccessBaselines,
  foldGoal: 'one table out of four',
};
