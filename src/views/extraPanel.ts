import type { ComponentType, LazyExoticComponent } from 'react';
import type { ModelInfo } from '../models/types';
import type { Scenario } from '../scenario';

/**
 * What a model-specific panel (registered in ./extras.tsx) receives: the model and the current
 * (validated) scenario. A panel must not run the model on the main thread.
 * In its own file so that the panels, which extras.tsx loads, need not import extras.tsx.
 */
export interface ExtraPanelProps {
  model: ModelInfo;
  scenario: Scenario;
}

/** One panel of a model's own: its name (in an error message) and its lazy component. */
export interface ModelPanel {
  name: string;
  panel: LazyExoticComponent<ComponentType<ExtraPanelProps>>;
}
