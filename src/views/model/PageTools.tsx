import { Suspense, useState } from 'react';
import type { ModelInfo } from '../../models/types';
import type { LinkMode, Scenario } from '../../scenario';
import { absoluteLink } from '../../state/scenarioLink';
import { setView, type useScenarioActions } from '../../state/scenarioActions';
import type { useScenarioResults } from '../../state/useScenarioResults';
import { CopyLink } from '../CopyLink';
import { EmbedPanel, ResultsJson } from './lazyParts';
import { useT } from '../../i18n/LangContext';

interface Props {
  model: ModelInfo;
  scenario: Scenario;
  mode: LinkMode;
  results: ReturnType<typeof useScenarioResults>;
  actions: ReturnType<typeof useScenarioActions>;
  /** Whether any parameter differs from the preset's (or the step's): reset has work. */
  changed: boolean;
  inStep: boolean;
  embedded: boolean;
}

/** Undo, redo and reset (to the paper's values, or a lesson step's). */
function ChangeButtons({
  actions,
  changed,
  inStep,
}: Pick<Props, 'actions' | 'changed' | 'inStep'>) {
  const t = useT();
  return (
    <div className="tool-group" role="group" aria-label={t('model.changes')}>
      <button
        type="button"
        onClick={actions.undo}
        disabled={!actions.canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        title={t('model.undoTitle')}
        data-testid="undo"
      >
        {t('model.undo')}
      </button>
      <button
        type="button"
        onClick={actions.redo}
        disabled={!actions.canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        title={t('model.redoTitle')}
        data-testid="redo"
      >
        {t('model.redo')}
      </button>
      <button type="button" onClick={actions.reset} disabled={!changed} data-testid="reset">
        {inStep ? t('model.resetStep') : t('model.reset')}
      </button>
    </div>
  );
}

/**
 * The model page's tools: copy link, the results document, undo / redo / reset, projector
 * mode, compare (pin, swap, stop) and the embed snippet builder. A lesson step (`embedded`)
 * has no compare or embed, and its reset goes back to the step's values.
 */
export function PageTools({
  model,
  scenario,
  mode,
  results,
  actions,
  embedded,
  ...changes
}: Props) {
  const t = useT();
  const [embedOpen, setEmbedOpen] = useState(false);
  const { pin, unpin, swap } = actions;
  const projector = mode.view === 'projector';
  const pinnedParams = mode.pinned;
  return (
    <>
      <div className="page-tools" data-testid="page-tools">
        <CopyLink link={absoluteLink(scenario, mode)} />
        <Suspense fallback={null}>
          <ResultsJson scenario={scenario} results={results} />
        </Suspense>
        <ChangeButtons actions={actions} {...changes} />
        <button
          type="button"
          className="projector-toggle"
          aria-pressed={projector}
          onClick={() => setView(location.hash, projector ? undefined : 'projector')}
          data-testid="projector-toggle"
        >
          {t('model.projector')}
        </button>
        {!embedded && (
          <div className="tool-group" role="group" aria-label={t('model.compare')}>
            {pinnedParams ? (
              <>
                <button type="button" onClick={swap} data-testid="swap">
                  {t('model.swap')}
                </button>
                <button type="button" onClick={unpin} data-testid="unpin">
                  {t('model.unpin')}
                </button>
              </>
            ) : (
              <button type="button" onClick={pin} data-testid="pin" title={t('model.pinTitle')}>
                {t('model.pin')}
              </button>
            )}
          </div>
        )}
        {!embedded && (
          <button
            type="button"
            aria-expanded={embedOpen}
            aria-controls="embed-panel"
            onClick={() => setEmbedOpen((o) => !o)}
            data-testid="embed-toggle"
          >
            {t('model.embed')}
          </button>
        )}
      </div>
      {embedOpen && !embedded && (
        <div id="embed-panel">
          <Suspense fallback={<p className="status-line">{t('common.loading')}</p>}>
            <EmbedPanel
              scenario={scenario}
              mode={mode}
              title={t.data(`model.${model.id}`, model.title)}
              results={results}
            />
          </Suspense>
        </div>
      )}
    </>
  );
}
