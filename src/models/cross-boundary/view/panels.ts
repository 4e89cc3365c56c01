import { lazy } from 'react';
import type { ModelPanel } from '../../../views/extraPanel';

/** This model's own panels under its results, in order (registered by ../extras.tsx). */
export const PANELS: ModelPanel[] = [
  { name: 'the live measurement', id: 'live', panel: lazy(() => import('./LivePanel')) },
];
