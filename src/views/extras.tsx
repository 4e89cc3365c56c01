import { lazy, memo, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { scenarioHash } from '../state/scenarioLink';
import { ErrorBoundary } from './ErrorBoundary';
import type { ExtraPanelProps } from './extraPanel';

type Panel = LazyExoticComponent<ComponentType<ExtraPanelProps>>;

/**
 * Model-specific panels shown under a model's results (a live measurement in the visitor's
 * browser, a step-by-step trace, …), in order. Each is loaded lazily, so the initial bundle
 * carries none of them, and each has its own error boundary: a panel that throws while
 * rendering shows a short message in its place, and the results and the other panels stay.
 * Register one line per model: `'model-id': [lazy(() => import('./model-id/Panel'))]`.
 * A panel receives `ExtraPanelProps` (./extraPanel.ts): the model and the current (validated)
 * scenario; it must not run the model on the main thread.
 */
const EXTRAS: Record<string, { name: string; panel: Panel }[]> = {
  'page-replacement': [
    { name: 'the trace file', panel: lazy(() => import('./page-replacement/TraceFilePanel')) },
    { name: 'the step-by-step trace', panel: lazy(() => import('./page-replacement/TracePanel')) },
    { name: 'the long runs', panel: lazy(() => import('./page-replacement/LongRunPanel')) },
    {
      name: 'the live memory measurement',
      panel: lazy(() => import('./page-replacement/MemoryLivePanel')),
    },
  ],
  'cross-boundary': [
    { name: 'the live measurement', panel: lazy(() => import('./cross-boundary/LivePanel')) },
  ],
  'directory-search': [
    { name: 'the live measurement', panel: lazy(() => import('./directory-search/LivePanel')) },
  ],
  hyperthreads: [
    { name: 'the live measurement', panel: lazy(() => import('./hyperthreads/LivePanel')) },
  ],
};

/** Memoized: the panels re-render when the (deferred) scenario does, not with every table. */
export const ModelExtras = memo(function ModelExtras(props: ExtraPanelProps) {
  const panels = EXTRAS[props.model.id];
  if (!panels) return null;
  const hash = scenarioHash(props.scenario);
  return (
    <>
      {panels.map(({ name, panel: Panel }) => (
        <ErrorBoundary key={name} resetKey={hash} part={name}>
          <Suspense fallback={<p aria-busy="true">Loading…</p>}>
            <Panel {...props} />
          </Suspense>
        </ErrorBoundary>
      ))}
    </>
  );
});
