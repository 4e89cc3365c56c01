import { Suspense, useState } from 'react';
import type { ModelInfo } from '../../models/types';
import type { LinkMode, Scenario } from '../../scenario';
import { absoluteLink } from '../../state/scenarioLink';
import { setView, type useScenarioActions } from '../../state/scenarioActions';
import type { useScenarioResults } from '../../state/useScenarioResults';
import { CopyLink } from '../CopyLink';
import { EmbedPanel, ResultsJson } from './lazyParts';

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
  return (
    <div className="tool-group" role="group" aria-label="Parameter changes">
      <button
        type="button"
        onClick={actions.undo}
        disabled={!actions.canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        title="Undo the last parameter change (Ctrl+Z, ⌘Z)"
        data-testid="undo"
      >
        Undo
      </button>
      <button
        type="button"
        onClick={actions.redo}
        disabled={!actions.canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        title="Redo (Shift+Ctrl+Z, ⇧⌘Z)"
        data-testid="redo"
      >
        Redo
      </button>
      <button type="button" onClick={actions.reset} disabled={!changed} data-testid="reset">
        {inStep ? 'Back to this step’s values' : 'Reset to the paper’s values'}
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
          Projector mode
        </button>
        {!embedded && (
          <div className="tool-group" role="group" aria-label="Compare">
            {pinnedParams ? (
              <>
                <button type="button" onClick={swap} data-testid="swap">
                  Swap A and B
                </button>
                <button type="button" onClick={unpin} data-testid="unpin">
                  Stop comparing
                </button>
              </>
            ) : (
              <button
                type="button"
                onClick={pin}
                data-testid="pin"
                title="Keep this scenario as A; the controls then change B"
              >
                Pin as A to compare
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
            Embed…
          </button>
        )}
      </div>
      {embedOpen && !embedded && (
        <div id="embed-panel">
          <Suspense fallback={<p className="status-line">Loading…</p>}>
            <EmbedPanel scenario={scenario} mode={mode} title={model.title} results={results} />
          </Suspense>
        </div>
      )}
    </>
  );
}
