import { lazy } from 'react';
import type { ModelPanel } from '../../../views/extraPanel';

/** This model's own panels under its results, in order (registered by ../extras.tsx). */
export const PANELS: ModelPanel[] = [
  { name: 'the trace file', id: 'traceFile', panel: lazy(() => import('./TraceFilePanel')) },
  { name: 'the step-by-step trace', id: 'trace', panel: lazy(() => import('./TracePanel')) },
  { name: 'the long runs', id: 'longRuns', panel: lazy(() => import('./LongRunPanel')) },
  {
    name: 'the live memory measurement',
    id: 'memory',
    panel: lazy(() => import('./MemoryLivePanel')),
  },
];
