import { lazy, memo, Suspense, type ComponentType, type NamedExoticComponent } from 'react';
import { scenarioHash } from '../state/scenarioLink';
import { ErrorBoundary } from './ErrorBoundary';
import type { ExtraPanelProps, ModelPanel } from './extraPanel';
import { useT } from '../i18n/LangContext';
import type { MessageId } from '../i18n/catalog';

/**
 * Model-specific panels shown under a model's results (a live measurement in the visitor's
 * browser, a step-by-step trace, …), in order: `PANELS` of `models/<model-id>/view/panels.ts`,
 * found in the model's own folder, so nothing here names a model (tests/unit/extras.test.ts
 * checks every such folder is a model). Each panel
 * is lazy, so the initial bundle carries none, and has its own error boundary: a panel that
 * throws while rendering shows a short message in its place, and the results and the other
 * panels stay. A panel receives `ExtraPanelProps` (./extraPanel.ts): the model and the
 * current (validated) scenario; it must not run the model on the main thread.
 */
const FILES = import.meta.glob<{ PANELS: ModelPanel[] }>('../models/*/view/panels.ts', {
  eager: true,
});

/** Each model's panels by model id, from `../models/<model-id>/view/panels.ts` files. */
export function panelsByModel(
  files: Readonly<Record<string, { PANELS: ModelPanel[] }>>,
): Readonly<Record<string, readonly ModelPanel[]>> {
  return Object.fromEntries(
    Object.entries(files).map(([path, file]) => [path.split('/').at(-3)!, file.PANELS]),
  );
}

export const EXTRAS = panelsByModel(FILES);

/**
 * The panels component for a map of `../models/<model-id>/view/panels.ts` modules: the app
 * passes its glob, a test its fixture's module under the same key, so both take this path.
 * Memoized: the panels re-render when the (deferred) scenario does, not with every table.
 */
export function extrasFor(
  files: Readonly<Record<string, { PANELS: ModelPanel[] }>>,
): NamedExoticComponent<ExtrasProps> {
  const byModel = panelsByModel(files);
  return memo(function ModelExtras({ together = false, ...props }: ExtrasProps) {
    const t = useT();
    const panels = byModel[props.model.id];
    if (!panels) return null;
    const hash = scenarioHash(props.scenario);
    return (
      <>
        {panels.map(({ name, id, panel: Panel }) => {
          const panel = <WithPaperTables {...props} Panel={Panel} />;
          return (
            <ErrorBoundary
              key={name}
              resetKey={hash}
              // English is the panel's own name (its messages may not be loaded when it failed).
              part={id && t.lang !== 'en' ? t(`panel.part.${id}` as MessageId) : name}
            >
              {together ? (
                panel
              ) : (
                <Suspense fallback={<p aria-busy="true">{t('common.loading')}</p>}>
                  {panel}
                </Suspense>
              )}
            </ErrorBoundary>
          );
        })}
      </>
    );
  });
}

type ExtrasProps = Omit<ExtraPanelProps, 'paperTable'> & {
  /**
   * The panels' code loads up to the caller's Suspense boundary, not each behind a "Loading…"
   * of its own: the model page shows them, and what is under them, at once.
   */
  together?: boolean;
};

export const ModelExtras = extrasFor(FILES);

/** A panel with the papers' tables handed in; they load with the first panel, not up front. */
const WithPaperTables = lazy(async () => {
  const { findPaperTable } = await import('../papers');
  return {
    default: function WithPaperTables({
      Panel,
      ...props
    }: Omit<ExtraPanelProps, 'paperTable'> & { Panel: ComponentType<ExtraPanelProps> }) {
      return <Panel {...props} paperTable={findPaperTable} />;
    },
  };
});
