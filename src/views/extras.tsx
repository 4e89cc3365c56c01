import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { ExtraPanelProps } from './extraPanel';

/**
 * Model-specific panels shown under a model's results (a live measurement in the visitor's
 * browser, a step-by-step trace, …). Each is loaded lazily, so the initial bundle carries
 * none of them. Register one line per model: `'model-id': lazy(() => import('./model-id/Panel'))`
 * (import `lazy` from react when adding the first).
 * A panel receives `ExtraPanelProps` (./extraPanel.ts): the model and the current (validated)
 * scenario; it must not run the model on the main thread.
 */
const EXTRAS: Record<string, LazyExoticComponent<ComponentType<ExtraPanelProps>>> = {
  'page-replacement': lazy(() => import('./page-replacement/Panels')),
  'cross-boundary': lazy(() => import('./cross-boundary/LivePanel')),
  'directory-search': lazy(() => import('./directory-search/LivePanel')),
  hyperthreads: lazy(() => import('./hyperthreads/LivePanel')),
};

export function ModelExtras(props: ExtraPanelProps) {
  const Panel = EXTRAS[props.model.id];
  if (!Panel) return null;
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      <Panel {...props} />
    </Suspense>
  );
}
